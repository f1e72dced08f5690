//! The platform Lambda function: the routes of its module, inside AWS Lambda (or on `PORT` outside
//! it). It opens accounts, so it links every module's seeder, none of their routes.

/// Every module, as this function links them: its own routes, the others' seeders and books.
static MODULES: [shared::module::ModuleDef; modules::ALL.len()] =
    shared::module::serving_only("platform", modules::ALL);

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::run("platform", &MODULES).await
}
