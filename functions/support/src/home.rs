//! The desk's overview (`GET /api/support-ticket/home`) and its forms' option lists
//! (`GET /api/support-ticket/get-request-data`), each from counters and bounded queries: the same
//! cost whatever the number of tickets.

use identity::users::User;
use schemars::JsonSchema;
use serde::Serialize;
use shared::auth::Role;
use shared::domain::Choice;
use shared::handlers::Caller;
use shared::http::ApiError;
use shared::http::Json;
use shared::resource::index::{self, IndexValue, Tally, MAX_OPTIONS};
use shared::resource::Named;

use crate::categories::Category;
use crate::conversation::Reply;
use crate::knowledge::{Article, Faq};
use crate::tickets::{Ticket, TicketPriority, TicketStatus};

/// Tickets in each status.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ByStatus {
    pub open: u64,
    pub in_progress: u64,
    pub on_hold: u64,
    pub closed: u64,
}

/// Answer of `GET /api/support-ticket/home`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SupportHome {
    pub tickets: u64,
    pub by_status: ByStatus,
    /// Tickets not closed.
    pub not_closed: u64,
    /// The longest-waiting ticket that is not closed, if any.
    pub oldest_open: Option<Ticket>,
    /// Replies written today (UTC).
    pub replies_today: u64,
    pub faqs: u64,
    pub articles: u64,
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// `GET /api/support-ticket/home`.
pub async fn home(caller: Caller) -> Result<Json<SupportHome>, ApiError> {
    let cx = caller.cx();
    let status = |s: TicketStatus| Tally::count("status", IndexValue::text(s.as_str()));
    let today = shared::time::now_rfc3339();
    let today = today.get(..10).unwrap_or_default();
    let ticket_tallies = [
        Tally::all(),
        status(TicketStatus::Open),
        status(TicketStatus::InProgress),
        status(TicketStatus::OnHold),
        status(TicketStatus::Closed),
    ];
    let replies_today = [Tally::count("day", IndexValue::text(today))];
    let (everything, every) = ([Tally::all()], [Tally::all()]);
    let (tickets, replies, faqs, articles, oldest) = futures::try_join!(
        index::tallies::<Ticket>(cx, &ticket_tallies),
        index::tallies::<Reply>(cx, &replies_today),
        index::tallies::<Faq>(cx, &everything),
        index::tallies::<Article>(cx, &every),
        index::top::<Ticket>(cx, Some(("open", IndexValue::flag(true))), "id", false, 1),
    )?;
    let by_status = ByStatus {
        open: count(tickets[1]),
        in_progress: count(tickets[2]),
        on_hold: count(tickets[3]),
        closed: count(tickets[4]),
    };
    Ok(Json(SupportHome {
        tickets: count(tickets[0]),
        not_closed: by_status.open + by_status.in_progress + by_status.on_hold,
        by_status,
        oldest_open: oldest.into_iter().next(),
        replies_today: count(replies[0]),
        faqs: count(faqs[0]),
        articles: count(articles[0]),
    }))
}

/// Answer of `GET /api/support-ticket/get-request-data`: what the ticket forms offer (at most 500
/// of each record kind, by name).
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "SupportRequestData")]
pub struct RequestData {
    pub categories: Vec<Named>,
    /// Who a ticket can be assigned to: the workspace's owners, admins and staff.
    pub assignees: Vec<Named>,
    pub priorities: Vec<String>,
    pub statuses: Vec<String>,
}

fn strings<C: Choice>() -> Vec<String> {
    C::VALUES.iter().map(|s| s.to_string()).collect()
}

/// `GET /api/support-ticket/get-request-data`.
pub async fn request_data(caller: Caller) -> Result<Json<RequestData>, ApiError> {
    let cx = caller.cx();
    let team = |role: Role| {
        index::top::<User>(
            cx,
            Some(("role", IndexValue::text(role.as_str()))),
            "id",
            false,
            MAX_OPTIONS,
        )
    };
    let (categories, owners, admins, staff) = futures::try_join!(
        index::top::<Category>(cx, None, "name", false, MAX_OPTIONS),
        team(Role::Owner),
        team(Role::Admin),
        team(Role::Staff),
    )?;
    let mut assignees: Vec<Named> = owners
        .into_iter()
        .chain(admins)
        .chain(staff)
        .map(|u| Named { id: u.id, name: u.name })
        .collect();
    assignees.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
    assignees.truncate(MAX_OPTIONS);
    Ok(Json(RequestData {
        categories: categories
            .into_iter()
            .map(|c| Named {
                id: c.meta.id,
                name: c.name,
            })
            .collect(),
        assignees,
        priorities: strings::<TicketPriority>(),
        statuses: strings::<TicketStatus>(),
    }))
}
