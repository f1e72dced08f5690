//! The local server: every router, the embedded store by default. On an empty store it creates the
//! first workspace and its owner and prints how to log in.

use shared::config::Config;
use shared::AppState;

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let port = config.port;
    let state = AppState::from_config(config, monolith::MODULES).await?;
    if let Some(first) = platform::accounts::ensure_first_workspace(&state).await? {
        // Printed, not logged: the generated password must not end up in log storage.
        println!("{}", monolith::login_instructions(port, &first));
    }
    // Webhooks: drains the outbox and delivers, from the store, so a restart loses nothing.
    shared::events::delivery::spawn_worker(state.clone());
    // Scheduled jobs (purging expired records, ...), as EventBridge runs them in the cloud.
    shared::jobs::spawn_scheduler(state.clone(), scheduler::jobs());
    println!("Worktop is listening on http://localhost:{port}");
    shared::runtime::serve(monolith::router(), state).await
}
