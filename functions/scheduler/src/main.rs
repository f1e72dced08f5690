//! The scheduler function: each EventBridge schedule event runs every job once (or those its
//! `jobs` names) and answers a report.

use lambda_runtime::{service_fn, LambdaEvent};
use serde_json::{json, Value};
use shared::config::Config;
use shared::AppState;

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let state = AppState::from_config(config, &scheduler::MODULES).await?;
    lambda_runtime::run(service_fn(|event: LambdaEvent<Value>| {
        let state = state.clone();
        async move {
            let named: Option<Vec<String>> = event
                .payload
                .get("jobs")
                .and_then(|j| serde_json::from_value(j.clone()).ok());
            let jobs: Vec<_> = scheduler::jobs()
                .into_iter()
                .filter(|job| named.as_ref().is_none_or(|names| names.iter().any(|n| n == job.name)))
                .collect();
            let reports = shared::jobs::run_all(&state, &jobs).await;
            let failed = reports.iter().filter(|(_, r)| r.is_err()).count();
            let report: Vec<Value> = reports
                .into_iter()
                .map(|(name, outcome)| match outcome {
                    Ok(report) => json!({"job": name, "ok": true, "report": report}),
                    Err(error) => json!({"job": name, "ok": false, "error": error}),
                })
                .collect();
            if failed > 0 {
                // A failed invocation shows in the function's error metrics and alarms.
                return Err(lambda_runtime::Error::from(format!(
                    "{failed} job(s) failed: {report:?}"
                )));
            }
            Ok::<Value, lambda_runtime::Error>(json!({"jobs": report}))
        }
    }))
    .await
}
