#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run(crm::router()).await
}
