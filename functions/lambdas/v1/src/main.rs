//! The v1 Lambda function: the routes of its module, inside AWS Lambda (or on `PORT` outside it).

/// The modules this function links: its own routes, and accounting for its books (posted to, not served).
static MODULES: [shared::module::ModuleDef; 2] = shared::module::serving_only("v1", [v1::MODULE, accounting::MODULE]);

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("v1", &MODULES).await
}
