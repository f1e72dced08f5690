//! The benchmark's ceiling (`infra/bench.sh`, part 1): bare axum on the same runtime answering
//! every GET with the bytes of a file (a real page of 15 contacts the script saved), with no
//! authentication and no store, so each row of the benchmark can be read as a share of what
//! the machine allows for the same response.
//!
//!   PORT=8081 BODY_FILE=page.json cargo run --profile server --example bare_page

use axum::http::header::CONTENT_TYPE;
use axum::routing::get;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let port: u16 = std::env::var("PORT")?.parse()?;
    let body: &'static [u8] = std::fs::read(std::env::var("BODY_FILE")?)?.leak();
    let app = axum::Router::new().fallback(get(move || async move { ([(CONTENT_TYPE, "application/json")], body) }));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    axum::serve(listener, app).await?;
    Ok(())
}
