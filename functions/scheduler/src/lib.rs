//! Every scheduled job. Modules add theirs here as they are built (the invoicing module's
//! overdue job joins with it).

use shared::jobs::{platform_jobs, Job};

pub fn jobs() -> Vec<Job> {
    platform_jobs()
}
