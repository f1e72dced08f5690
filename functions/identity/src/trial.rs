//! Sign-up's free trial, moved on by the scheduler.
//!
//! A workspace opened by sign-up gets `trial_ends_at` (the plan's `trial_days` ahead) and two
//! entries in the cross-tenant due index: three days before the end (`trial.will_end`, with a
//! mail to the owner) and at the end (`trial.ended`: the workspace turns read-only, with a mail).
//! [`advance`] reads the entries due by one query, whatever the number of workspaces, and each
//! entry goes in the transaction that does its work, so a notice is sent once however often or
//! wherever the job runs. A workspace that subscribed meanwhile only loses its entries.

use serde::Serialize;
use serde_json::json;
use shared::auth::records::{user_key, workspace_key, ReadOnly, ReadOnlyCode};
use shared::events::{Event, EventType};
use shared::mail::{self, Letter};
use shared::plans::Plan;
use shared::resource::ops::outbox_write;
use shared::store::{
    id_sort_key, Condition, GlobalIndex, Item, Key, Partition, Query, SortKeyRange, StoreError, StoreExt, TenantId,
    Write,
};
use shared::time::{now_unix, rfc3339_to_unix, unix_to_rfc3339};
use shared::AppState;

use crate::users::User;
use crate::workspace::Workspace;

/// The data of the trial events.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct TrialNotice {
    pub workspace_id: u64,
    /// The plan on trial (a plan id of `GET /api/public/plans`).
    pub plan: String,
    /// RFC 3339.
    pub trial_ends_at: String,
}

pub const TRIAL_WILL_END: EventType = EventType::new(
    "trial.will_end",
    "The workspace's trial ends in three days and it has no subscription yet.",
)
.with_data::<TrialNotice>();
pub const TRIAL_ENDED: EventType = EventType::new(
    "trial.ended",
    "The workspace's trial ended without a subscription: it is read-only until it subscribes.",
)
.with_data::<TrialNotice>();

/// How long before the end the owner is told.
const NOTICE_BEFORE_SECS: i64 = 3 * 86_400;
/// Entries one run takes at most; the next run takes the rest.
const BATCH: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    WillEnd,
    Ended,
}

impl Stage {
    fn as_str(self) -> &'static str {
        match self {
            Self::WillEnd => "will_end",
            Self::Ended => "ended",
        }
    }
}

fn due_partition() -> Partition {
    Partition::global(GlobalIndex::Due, "trial")
}

/// An entry sorts by when it is due (RFC 3339 in UTC sorts as time does), then stage and tenant.
fn due_entry(due: i64, stage: Stage, tenant: TenantId) -> Result<Write, StoreError> {
    let key = Key::new(
        due_partition(),
        format!("{}#{}#{}", unix_to_rfc3339(due), stage.as_str(), id_sort_key(tenant.0)),
    );
    let item = Item::from_value(key, &json!({"tenant": tenant.0, "stage": stage.as_str()}))?;
    Ok(Write::put(item, Condition::Always))
}

/// Starts `plan`'s trial on a workspace being opened at `now`: sets its end and returns the
/// writes of its two due entries, for the transaction that opens it.
pub fn start(workspace: &mut Workspace, plan: &Plan, now: i64) -> Result<Vec<Write>, StoreError> {
    let ends = now + i64::from(plan.trial_days) * 86_400;
    workspace.trial_ends_at = Some(unix_to_rfc3339(ends));
    Ok(vec![
        due_entry(ends - NOTICE_BEFORE_SECS, Stage::WillEnd, workspace.id)?,
        due_entry(ends, Stage::Ended, workspace.id)?,
    ])
}

/// The trial clock: now, moved ahead by the seconds in `CLOCK_OFFSET_FILE` when it is set.
pub fn clock(state: &AppState) -> i64 {
    let offset = state
        .config()
        .clock_offset_file
        .as_ref()
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|text| text.trim().parse::<i64>().ok())
        .unwrap_or(0);
    now_unix() + offset
}

/// Does the work of every entry due by `now`: the notices, and the end of each trial that ended
/// without a subscription. Returns a report line.
pub async fn advance(state: &AppState, now: i64) -> anyhow::Result<String> {
    let (mut notices, mut ended, mut dropped) = (0, 0, 0);
    loop {
        let mut query = Query::partition(due_partition());
        // Every entry due by `now` sorts before "<now>#…" ends; "~" sorts after every stage name.
        query.range = SortKeyRange::Between("0".into(), format!("{}~", unix_to_rfc3339(now)));
        query.limit = BATCH;
        let due = state.store().query(query).await?.items;
        let taken = due.len();
        for entry in due {
            match take(state, entry).await {
                Ok(Taken::Notice) => notices += 1,
                Ok(Taken::Ended) => ended += 1,
                Ok(Taken::Dropped) => dropped += 1,
                // Another runner took it, or the workspace changed under this one: the entry is
                // still there when it failed, and the next run sees it again.
                Err(StoreError::ConditionFailed { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        if taken < BATCH {
            return Ok(format!(
                "{notices} trial notices sent, {ended} trials ended, {dropped} entries of subscribed or changed workspaces dropped"
            ));
        }
    }
}

enum Taken {
    Notice,
    Ended,
    Dropped,
}

/// One due entry, done in one transaction with its own deletion.
async fn take(state: &AppState, entry: Item) -> Result<Taken, StoreError> {
    let done = Write::delete(entry.key.clone(), Condition::Exists);
    let stage = match entry.data.get("stage").and_then(|s| s.as_str()) {
        Some("ended") => Stage::Ended,
        _ => Stage::WillEnd,
    };
    let tenant = TenantId(entry.data.get("tenant").and_then(|t| t.as_u64()).unwrap_or_default());
    let workspace: Option<Workspace> = state.store().get_as(&workspace_key(tenant)).await?;
    let Some(workspace) = workspace else {
        state.store().write(done).await?;
        return Ok(Taken::Dropped);
    };
    // The entry's due time names the end it was made for: a trial moved since is another's.
    let made_for = entry.key.sk.split('#').next().and_then(rfc3339_to_unix);
    let trial_end = workspace.trial_ends_at.as_deref().and_then(rfc3339_to_unix);
    let still_due = match (made_for, trial_end) {
        (Some(made_for), Some(end)) => match stage {
            Stage::WillEnd => made_for + NOTICE_BEFORE_SECS == end,
            Stage::Ended => made_for == end,
        },
        _ => false,
    };
    if !still_due || workspace.is_subscribed() || workspace.read_only.is_some() {
        state.store().write(done).await?;
        return Ok(Taken::Dropped);
    }
    let trial_ends_at = workspace.trial_ends_at.clone().unwrap_or_default();
    let owner: Option<User> = state.store().get_as(&user_key(tenant, workspace.owner_user_id)).await?;
    let mut writes = vec![done];
    let (event, subject, paragraph) = match stage {
        Stage::WillEnd => (
            TRIAL_WILL_END,
            "Your trial ends in three days",
            format!(
                "The trial of {} ends on {trial_ends_at}. Choose a plan to keep working as you do now; without one the workspace becomes read-only then (nothing is deleted, and exports keep working).",
                workspace.name
            ),
        ),
        Stage::Ended => (
            TRIAL_ENDED,
            "Your trial has ended",
            format!(
                "The trial of {} ended on {trial_ends_at}. The workspace is read-only until you choose a plan: reads, exports and API keys keep working, and nothing was deleted.",
                workspace.name
            ),
        ),
    };
    if stage == Stage::Ended {
        let mut read_only = workspace.clone();
        read_only.read_only = Some(ReadOnly {
            since: trial_ends_at.clone(),
            code: ReadOnlyCode::TrialEnded,
        });
        read_only.version = workspace.version + 1;
        writes.push(Write::put(
            Item::from_value(workspace_key(tenant), &read_only)?,
            Condition::Version(workspace.version),
        ));
    }
    let notice = TrialNotice {
        workspace_id: tenant.0,
        plan: workspace.plan.clone(),
        trial_ends_at,
    };
    writes.push(outbox_write(tenant, Event::new(event.name, json!(notice))));
    if let Some(owner) = owner {
        let billing = crate::email::dashboard_link(state, "billing");
        let hello = format!("Hello {},", owner.name);
        let letter = Letter {
            brand: &workspace.name,
            paragraphs: &[&hello, &paragraph],
            action: ("Choose a plan", &billing),
            footer: "You get this mail as the owner of the workspace.",
        };
        writes.push(mail::outbox_write(&letter.to(tenant, &owner.email, subject))?);
    }
    state.store().transact(writes).await?;
    Ok(match stage {
        Stage::WillEnd => Taken::Notice,
        Stage::Ended => Taken::Ended,
    })
}
