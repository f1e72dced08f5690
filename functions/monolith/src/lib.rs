//! Every Worktop router in one process: the local server (`cargo run --release`), and a valid
//! single-Lambda deployment too.

use axum::Router;
use shared::AppState;

/// All routers merged. Each module adds its router here as it is built.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(identity::router())
        .merge(crm::router())
        .merge(platform::router())
        .merge(v1::router())
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
