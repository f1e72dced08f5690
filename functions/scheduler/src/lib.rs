//! Every scheduled job: the platform's own and each module's.

use std::time::Duration;

use shared::jobs::{platform_jobs, Job};
use shared::module::ModuleDef;

/// The modules whose jobs run here: the state's registry, so their work finds the books and
/// their cascades as it does in the HTTP functions. Described, not served: the scheduler
/// answers no request, so it links none of their handlers.
pub static MODULES: [ModuleDef; 2] = shared::module::serving_only("scheduler", [accounting::MODULE, hr::MODULE]);

pub fn jobs() -> Vec<Job> {
    let mut jobs = platform_jobs();
    jobs.push(Job {
        name: "mark_overdue_invoices",
        // As often as the cloud runs every job (template.yaml: `rate(5 minutes)`).
        every: Duration::from_secs(300),
        run: |state| Box::pin(accounting::sales_invoices::mark_overdue(state)),
    });
    jobs.push(Job {
        name: "advance_trials",
        // The cloud runs it every 5 minutes with the rest; locally a test's moved clock shows soon.
        every: Duration::from_secs(10),
        run: |state| Box::pin(identity::trial::advance(state, identity::trial::clock(state))),
    });
    jobs.push(Job {
        name: "close_open_attendance",
        every: Duration::from_secs(900),
        run: |state| Box::pin(hr::attendance::close_open(state)),
    });
    jobs
}
