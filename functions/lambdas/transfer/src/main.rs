//! The transfer function: the import and export worker in the cloud. Each queued job's message
//! on the transfer queue invokes it for that job; a schedule invokes it every few minutes for
//! the jobs no worker is on (`shared::resource::transfer::handle_invocation`, on the local
//! worker's code). An import still running near the timeout queues itself again and goes on
//! from its checkpoint.

use std::time::{Duration, Instant};

use lambda_runtime::{service_fn, LambdaEvent};
use serde_json::Value;
use shared::config::Config;
use shared::AppState;

/// Every module, as this function links them: the import and export runners and the books, none
/// of the routes.
static MODULES: [shared::module::ModuleDef; modules::ALL.len()] = shared::module::transferring(modules::ALL);

/// Stops taking turns this long before the function's 15-minute timeout (a turn is 10 s).
const MARGIN: Duration = Duration::from_secs(60);

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let state = AppState::from_config(config, &MODULES).await?;
    lambda_runtime::run(service_fn(|event: LambdaEvent<Value>| {
        let state = state.clone();
        async move {
            let left = event
                .context
                .deadline()
                .duration_since(std::time::SystemTime::now())
                .unwrap_or_default();
            let until = Instant::now() + left.saturating_sub(MARGIN);
            Ok::<Value, lambda_runtime::Error>(
                shared::resource::transfer::handle_invocation(&state, &event.payload, until).await?,
            )
        }
    }))
    .await
}
