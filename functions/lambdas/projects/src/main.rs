//! The projects Lambda function: the routes of its module, inside AWS Lambda (or on `PORT` outside it).

/// The modules this function links: its own routes.
static MODULES: [shared::module::ModuleDef; 1] = shared::module::serving_only("projects", [projects::MODULE]);

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("projects", &MODULES).await
}
