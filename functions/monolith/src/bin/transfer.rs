//! The transfer function: the import and export worker in the cloud. A schedule invokes it every
//! minute (one at a time); it works through the queued and unfinished jobs of every tenant
//! (`shared::resource::transfer::run_due`, the local worker's code) until none is left or its
//! time is nearly up. An import stopped by the timeout resumes from its checkpoint next time.

use std::time::{Duration, Instant};

use lambda_runtime::{service_fn, LambdaEvent};
use serde_json::{json, Value};
use shared::config::Config;
use shared::AppState;

/// Stops taking turns this long before the function's 15-minute timeout (a turn is 10 s).
const MARGIN: Duration = Duration::from_secs(60);

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let state = AppState::from_config(config, monolith::MODULES).await?;
    lambda_runtime::run(service_fn(|event: LambdaEvent<Value>| {
        let state = state.clone();
        async move {
            let left = event
                .context
                .deadline()
                .duration_since(std::time::SystemTime::now())
                .unwrap_or_default();
            let until = Instant::now() + left.saturating_sub(MARGIN);
            let mut turns = 0;
            while Instant::now() < until {
                let worked = shared::resource::transfer::run_due(&state).await?;
                if worked == 0 {
                    break;
                }
                turns += worked;
            }
            Ok::<Value, lambda_runtime::Error>(json!({"turns": turns}))
        }
    }))
    .await
}
