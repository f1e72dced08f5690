//! The sandbox's projects: three in different states (ongoing, on hold, finished) with the seeded
//! team as members and a client user, the default stages, tasks across the board (one overdue),
//! subtasks and comments, bugs, milestones (one reached on each of two projects) and logged time.
//! Everything goes through the operations the routes use, so counters, sums and events agree.
//! It reads identity's sandbox users (ids 1 to 7: owner, admin, two staff, two clients, vendor).

use chrono::{Days, NaiveDate};
use serde_json::{json, Value};
use shared::http::ApiError;
use shared::resource::parent::ParentRef;
use shared::resource::{ops, Cx, Meta};
use shared::sandbox::{body, insert, missing};

use crate::bugs::Bug;
use crate::bugs::BugComment;
use crate::milestones::Milestone;
use crate::projects::Project;
use crate::stages::{self, Bugs, Tasks};
use crate::tasks::{Subtask, Task, TaskComment};
use crate::timers::{TimerStatus, Tracker};

/// Identity's sandbox users.
const OWNER: u64 = 1;
const ADMIN: u64 = 2;
const LEO: u64 = 3;
const SAM: u64 = 4;
const JORDAN: u64 = 5;
const ANA: u64 = 6;

fn day(today: NaiveDate, offset: i64) -> String {
    let date = if offset >= 0 {
        today.checked_add_days(Days::new(offset.unsigned_abs()))
    } else {
        today.checked_sub_days(Days::new(offset.unsigned_abs()))
    };
    date.unwrap_or(today).format("%Y-%m-%d").to_string()
}

async fn task(cx: Cx<'_>, project: u64, input: Value) -> Result<Task, ApiError> {
    ops::insert_under::<Task>(cx, project, body(input)?, Vec::new()).await
}

/// Seeds the demo projects (after the default stages).
pub async fn seed_projects(cx: Cx<'_>, today: NaiveDate) -> Result<(), ApiError> {
    let task_stages = stages::board::<Tasks>(cx).await?;
    let bug_stages = stages::board::<Bugs>(cx).await?;
    let stage = |i: usize| {
        task_stages
            .get(i)
            .map(|s| s.meta.id)
            .ok_or_else(|| missing("task stage"))
    };
    let bug_stage = |i: usize| bug_stages.get(i).map(|s| s.meta.id).ok_or_else(|| missing("bug stage"));

    let website: Project = insert(cx, json!({"name": "Website relaunch", "description": "New site on the new brand, with a shop.", "budget": "12000.00", "start_date": day(today, -30), "end_date": day(today, 45), "members": [OWNER, LEO, SAM], "clients": [JORDAN]})).await?;
    let app: Project = insert(cx, json!({"name": "Mobile app", "budget": "30000.00", "start_date": day(today, -60), "end_date": day(today, 120), "members": [OWNER, ADMIN, LEO], "clients": [ANA]})).await?;
    let brand: Project = insert(cx, json!({"name": "Brand refresh", "budget": "8000.00", "start_date": day(today, -120), "end_date": day(today, -20), "members": [OWNER, SAM]})).await?;
    ops::update::<Project>(cx, app.meta.id, body(json!({"status": "on_hold"}))?, None).await?;
    ops::update::<Project>(cx, brand.meta.id, body(json!({"status": "finished"}))?, None).await?;

    let (w, a, b) = (website.meta.id, app.meta.id, brand.meta.id);
    let design = insert::<Milestone>(cx, json!({"project_id": w, "title": "Design signed off", "cost": "3000.00", "start_date": day(today, -30), "end_date": day(today, -5)})).await?;
    insert::<Milestone>(cx, json!({"project_id": w, "title": "Launch", "cost": "5000.00", "start_date": day(today, -5), "end_date": day(today, 45)})).await?;
    let delivery = insert::<Milestone>(
        cx,
        json!({"project_id": b, "title": "Guidelines delivered", "cost": "8000.00"}),
    )
    .await?;
    for reached in [design.meta.id, delivery.meta.id] {
        ops::update::<Milestone>(cx, reached, body(json!({"status": "complete"}))?, None).await?;
    }

    let sitemap = task(cx, w, json!({"title": "Draft the sitemap", "priority": "high", "assigned_to": [LEO], "stage_id": stage(3)?, "milestone_id": design.meta.id, "due_date": day(today, -10)})).await?;
    let pages = task(cx, w, json!({"title": "Build the page templates", "priority": "high", "assigned_to": [LEO, SAM], "stage_id": stage(1)?, "due_date": day(today, 10)})).await?;
    task(cx, w, json!({"title": "Write the product copy", "assigned_to": [SAM], "stage_id": stage(0)?, "due_date": day(today, -2)})).await?;
    task(
        cx,
        w,
        json!({"title": "Set up the shop", "priority": "low", "stage_id": stage(0)?, "due_date": day(today, 30)}),
    )
    .await?;
    task(
        cx,
        w,
        json!({"title": "Review accessibility", "assigned_to": [OWNER], "stage_id": stage(2)?}),
    )
    .await?;
    task(
        cx,
        a,
        json!({"title": "Prototype onboarding", "assigned_to": [LEO], "stage_id": stage(1)?}),
    )
    .await?;
    task(
        cx,
        a,
        json!({"title": "Choose push provider", "priority": "low", "assigned_to": [ADMIN]}),
    )
    .await?;
    task(
        cx,
        b,
        json!({"title": "Logo variants", "assigned_to": [SAM], "stage_id": stage(3)?}),
    )
    .await?;
    task(
        cx,
        b,
        json!({"title": "Colour palette", "assigned_to": [SAM], "stage_id": stage(3)?}),
    )
    .await?;

    for name in ["Header and footer", "Product page"] {
        let input = body(json!({"name": name, "user_id": LEO}))?;
        ops::insert_under::<Subtask>(cx, pages.meta.id, input, Vec::new()).await?;
    }
    let note = body(json!({"comment": "Templates follow the new grid."}))?;
    ops::insert_under::<TaskComment>(cx, ParentRef::only(pages.meta.id), note, Vec::new()).await?;

    let bug = |title: &str, stage: u64| {
        body::<crate::bugs::BugIn>(json!({"title": title, "stage_id": stage, "assigned_to": [OWNER]}))
    };
    let broken = ops::insert_under::<Bug>(
        cx,
        w,
        bug("Menu overlaps the logo on phones", bug_stage(0)?)?,
        Vec::new(),
    )
    .await?;
    ops::insert_under::<Bug>(cx, w, bug("Contact form sends twice", bug_stage(3)?)?, Vec::new()).await?;
    ops::insert_under::<Bug>(
        cx,
        a,
        bug("Crash on login with an expired token", bug_stage(1)?)?,
        Vec::new(),
    )
    .await?;
    let seen = body(json!({"comment": "Seen on iOS 18, Safari."}))?;
    ops::insert_under::<BugComment>(cx, ParentRef::only(broken.meta.id), seen, Vec::new()).await?;

    // Time already logged: stopped timers of the team on the website's tasks.
    for (user, task, hours_ago, hours) in [(LEO, &sitemap, 72, 3), (LEO, &pages, 48, 5), (SAM, &pages, 24, 2)] {
        let start = chrono::Utc::now() - chrono::Duration::hours(hours_ago);
        let stop = start + chrono::Duration::hours(hours);
        let timer = Tracker {
            meta: Meta::default(),
            user_id: user,
            task_id: task.meta.id,
            project_id: task.project_id,
            note: None,
            status: TimerStatus::Stopped,
            started_at: start.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            stopped_at: Some(stop.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            seconds: u64::try_from(hours * 3600).unwrap_or(0),
        };
        ops::insert_built(cx, timer, Vec::new()).await?;
    }
    Ok(())
}
