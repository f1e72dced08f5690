//! Scheduled jobs: a registry that modules add to, run by a timer in the local server and by the
//! `scheduler` function on an EventBridge schedule in the cloud.

use std::time::Duration;

use futures::future::BoxFuture;

use crate::AppState;

/// A job: its name, how often the local timer runs it, and the work (returning a short report).
pub struct Job {
    pub name: &'static str,
    pub every: Duration,
    pub run: for<'a> fn(&'a AppState) -> BoxFuture<'a, anyhow::Result<String>>,
}

/// The platform's own jobs; each module's join them in the `scheduler` crate.
pub fn platform_jobs() -> Vec<Job> {
    vec![
        Job {
            name: "purge_expired",
            every: Duration::from_secs(300),
            run: |state| Box::pin(purge_expired(state)),
        },
        Job {
            name: "recover_large_changes",
            every: Duration::from_secs(60),
            run: |state| {
                Box::pin(async move {
                    let recovered = state.store().recover(crate::store::large::RECOVER_AFTER_SECS).await?;
                    Ok(format!("{recovered} unfinished large changes finished or undone"))
                })
            },
        },
        Job {
            name: "sweep_orphan_uploads",
            every: Duration::from_secs(300),
            run: |state| {
                Box::pin(async move {
                    let swept =
                        crate::http::sweep_orphan_uploads(state.store(), state.files(), crate::time::now_unix_ms())
                            .await?;
                    Ok(format!("{swept} orphaned uploads deleted"))
                })
            },
        },
        Job {
            name: "build_custom_field_indexes",
            every: Duration::from_secs(5),
            run: |state| {
                Box::pin(crate::resource::custom::indexes::build_indexes(
                    state,
                    chrono::Utc::now(),
                ))
            },
        },
    ]
}

/// Deletes expired records: ended sessions, idempotency records past 24 h, failed-login counters,
/// delivery-log entries past their retention. (A no-op on DynamoDB, whose TTL does it.)
async fn purge_expired(state: &AppState) -> anyhow::Result<String> {
    const BATCH: usize = 1000;
    let mut total = 0;
    loop {
        let purged = state.store().purge_expired(BATCH).await?;
        total += purged;
        if purged < BATCH {
            return Ok(format!("{total} expired records deleted"));
        }
    }
}

/// Runs every job once, in order; one job's failure does not stop the others.
pub async fn run_all(state: &AppState, jobs: &[Job]) -> Vec<(&'static str, Result<String, String>)> {
    let mut reports = Vec::with_capacity(jobs.len());
    for job in jobs {
        let outcome = (job.run)(state).await.map_err(|e| format!("{e:#}"));
        match &outcome {
            Ok(report) => tracing::info!(job = job.name, report, "job ran"),
            Err(error) => tracing::error!(job = job.name, error, "job failed"),
        }
        reports.push((job.name, outcome));
    }
    reports
}

/// The local timer: runs each job at its interval, the first time shortly after start.
pub fn spawn_scheduler(state: AppState, jobs: Vec<Job>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let start = tokio::time::Instant::now() + Duration::from_secs(5);
        let mut next_run: Vec<tokio::time::Instant> = jobs.iter().map(|_| start).collect();
        loop {
            let now = tokio::time::Instant::now();
            for (job, next) in jobs.iter().zip(next_run.iter_mut()) {
                if *next <= now {
                    run_all(&state, std::slice::from_ref(job)).await;
                    *next = now + job.every;
                }
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    })
}
