//! The local server: every router, the embedded store by default. On an empty store it creates the
//! first workspace and its owner and prints how to log in.
//!
//! `monolith docs`, run at the repository's root, instead writes the generated files: the
//! documents in `docs/` (the OpenAPI document, the Postman collection, the route list, the MCP
//! tools, the webhook event catalogue) and the modules' description `shared/src/module/described.rs`.

use shared::config::Config;
use shared::AppState;

/// The local server answers many requests at once on every core; glibc's allocator made them
/// wait on its arena locks (a fifth of a page's CPU was in it, in a profile). Lambda binaries, one
/// request at a time, keep the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("docs") {
        return Ok(monolith::write_docs(std::path::Path::new("."))?);
    }
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let port = config.port;
    let state = AppState::from_config(config, &modules::ALL).await?;
    if let Some(first) = platform::accounts::ensure_first_workspace(&state).await? {
        // Printed, not logged: the generated password must not end up in log storage.
        println!("{}", monolith::login_instructions(port, &first));
    }
    // Webhooks: drains the outbox and delivers, from the store, so a restart loses nothing.
    shared::webhooks::delivery::spawn_worker(state.clone());
    // Mail (verification, password resets): sent from the mail outbox, by SMTP or to DATA_DIR/mail.
    shared::mail::spawn_worker(state.clone()).await?;
    // Imports and exports, in the background: queued jobs, and those a stopped server left.
    shared::resource::transfer::spawn_worker(state.clone());
    // Scheduled jobs (purging expired records, ...), as EventBridge runs them in the cloud.
    shared::jobs::spawn_scheduler(state.clone(), scheduler::jobs());
    println!("Worktop is listening on http://localhost:{port}");
    shared::runtime::serve(monolith::router(), state).await
}
