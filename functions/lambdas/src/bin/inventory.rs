//! The inventory Lambda function: the routes of its modules, inside AWS Lambda (or on `PORT` outside it).

/// Every module, as this function links them: its own routes, the others described.
static MODULES: [shared::module::ModuleDef; monolith::MODULES.len()] =
    shared::module::serving_only("inventory", monolith::MODULES);

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("inventory", &MODULES).await
}
