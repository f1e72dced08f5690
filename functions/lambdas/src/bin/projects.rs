//! The projects Lambda function: the routes of its modules, inside AWS Lambda (or on `PORT` outside it).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("projects", monolith::MODULES).await
}
