//! The v1 function: its router inside AWS Lambda (or on `PORT` outside it).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run(v1::router()).await
}
