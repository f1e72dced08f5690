//! Every Worktop router in one process: the local server (`cargo run --profile server`), and a valid
//! single-Lambda deployment too.

use axum::Router;
use shared::module::ModuleDef;
use shared::AppState;

/// Every module of the deployment, the one place a module is registered. The local server, each
/// Lambda binary (`functions/lambdas/src/bin/`), the OpenAPI document, the webhook event catalogue, the seeders (in
/// this order) and the contract tests read it.
pub const MODULES: &[ModuleDef] = &[
    identity::MODULE,
    crm::MODULE,
    // The books before the modules that post to them: a sandbox's seeded POS sales need the chart.
    accounting::MODULE,
    inventory::MODULE,
    sales::MODULE,
    projects::MODULE,
    support::MODULE,
    hr::MODULE,
    v1::MODULE,
    platform::MODULE,
];

/// Every module's routes in one router: the local server.
pub fn router() -> Router<AppState> {
    shared::module::all_routes(MODULES).into_router()
}

/// The lines printed after a first start, telling a newcomer how to log in.
pub fn login_instructions(port: u16, first: &platform::accounts::FirstStart) -> String {
    let password = match &first.generated_password {
        Some(generated) => {
            format!("{generated}   (generated: shown this once; set ADMIN_PASSWORD to choose one)")
        }
        None => "the ADMIN_PASSWORD you set".to_string(),
    };
    format!(
        "\nWorktop created workspace {tenant} (sandbox: {sandbox}) with its owner.\n  email:    {email}\n  password: {password}\n\nLog in:\n  curl -s -X POST http://localhost:{port}/api/login \\\n    -H 'Content-Type: application/json' -H 'Accept: application/json' \\\n    -d '{{\"email\": \"{email}\", \"password\": \"<password>\"}}'\n",
        tenant = first.tenant,
        sandbox = first.sandbox,
        email = first.email,
    )
}

/// The collection as `docs/postman.json` holds it (pretty, with a final newline).
pub fn postman_file() -> String {
    shared::module::install(MODULES);
    let mut text = serde_json::to_string_pretty(&platform::openapi::collection_value()).unwrap_or_default();
    text.push('\n');
    text
}

/// Writes the generated documents into `dir` (`monolith docs`).
pub fn write_docs(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join("postman.json");
    std::fs::write(&path, postman_file())?;
    println!("wrote {}", path.display());
    Ok(())
}
