//! Tickets: a customer's request with a readable number per workspace (`TKT-000042`), a subject,
//! category, priority and assignee, and a status `open → in_progress ↔ on_hold → closed` (one
//! spelling of each; the real product's `In Progress` / `On Hold` are accepted as input). A
//! closed ticket may be reopened (`closed → open`). Reaching `closed` emits `ticket.closed`.

use identity::users::User;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::{records, Module};
use shared::domain::{Email, Text};
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, IfMatch, ValidPath};
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::index::IndexValue;
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Assign, Cx, Deleted, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::StoreExt;

use crate::categories::{self, Category};

pub const TICKET_CREATED: EventType =
    EventType::new("ticket.created", "A support ticket was opened.").with_record::<Ticket>();
pub const TICKET_CLOSED: EventType =
    EventType::new("ticket.closed", "A support ticket's status became `closed`.").with_data::<Ticket>();

shared::choice! {
    /// Where a ticket stands: `open → in_progress ↔ on_hold → closed`, and `closed → open` again.
    pub enum TicketStatus {
        Open = "open" | "Open",
        InProgress = "in_progress" | "In Progress" | "InProgress",
        OnHold = "on_hold" | "On Hold" | "OnHold",
        Closed = "closed" | "Closed",
    }
}

shared::choice! {
    /// How soon a ticket needs an answer.
    pub enum TicketPriority {
        Low = "low" | "Low",
        Medium = "medium" | "Medium",
        High = "high" | "High",
        Urgent = "urgent" | "Urgent",
    }
}

impl TicketStatus {
    /// Whether a ticket may go from `self` to `to` (staying put is always allowed).
    pub fn can_become(self, to: TicketStatus) -> bool {
        use TicketStatus::*;
        self == to
            || matches!(
                (self, to),
                (Open, InProgress | Closed)
                    | (InProgress, OnHold | Closed)
                    | (OnHold, InProgress | Closed)
                    | (Closed, Open)
            )
    }
}

/// A support ticket.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Ticket {
    #[serde(flatten)]
    pub meta: Meta,
    /// Readable and unique in the workspace, from its `ticket` number series: `TKT-000042`,
    /// one unbroken sequence (see `GET /api/settings/number-series`).
    pub ticket_number: String,
    pub subject: String,
    pub description: Option<String>,
    /// Who asked: their name and e-mail (a workspace user's own when `user_id` is set).
    pub name: String,
    pub email: Email,
    /// The workspace user who asked (a client user, say), if one did.
    pub user_id: Option<u64>,
    pub category_id: Option<u64>,
    pub priority: TicketPriority,
    pub status: TicketStatus,
    /// The staff user working on it.
    pub assigned_to: Option<u64>,
    /// When staff first replied.
    pub first_response_at: Option<String>,
    /// When it was last closed (cleared when reopened).
    pub closed_at: Option<String>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// Body of `POST /api/support-ticket/ticket/store`: `name` and `email` are required unless
/// `user_id` names the workspace user who asks.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TicketIn {
    #[schemars(required)]
    pub subject: Option<Text<190>>,
    pub description: Option<Text<10000>>,
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub category_id: Option<u64>,
    /// Defaults to `medium`.
    pub priority: Option<TicketPriority>,
    /// A user of the workspace.
    #[schemars(transform = shared::http::schema::id)]
    pub assigned_to: Option<u64>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/support-ticket/ticket/update/{ticket_id}`: absent fields stay; `status`
/// moves it (409 `invalid_transition` when the move is not allowed); `null` clears `description`,
/// `category_id` or `assigned_to` (unassigns it).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct TicketPatch {
    pub subject: Option<Text<190>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<10000>>")]
    pub description: Option<Option<Text<10000>>>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub category_id: Option<Option<u64>>,
    pub priority: Option<TicketPriority>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub assigned_to: Option<Option<u64>>,
    pub status: Option<TicketStatus>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// `?status=`, `?priority=`, `?category_id=`, `?assigned_to=`, `?user_id=` and `?open=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct TicketFilters {
    pub status: Option<TicketStatus>,
    pub priority: Option<TicketPriority>,
    pub category_id: Option<u64>,
    pub assigned_to: Option<u64>,
    pub user_id: Option<u64>,
    /// `true`: every ticket not closed.
    pub open: Option<bool>,
}

impl Resource for Ticket {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"subject": "Cannot download my invoice", "description": "The PDF link answers an error.", "name": "Sam Carter", "email": "sam@example.com", "category_id": shared::resource::example::id_of::<crate::categories::Category>()}),
        )
    }
    const KIND: &'static str = "support_ticket";
    const NAME: &'static str = "Ticket";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("subject", |t| IndexValue::text(&t.subject))],
        filters: &[
            Filter::<Self>::one("status", |t| IndexValue::text(t.status.as_str())),
            Filter::<Self>::one("priority", |t| IndexValue::text(t.priority.as_str())),
            Filter::<Self>::one("category_id", |t| IndexValue::opt_id(t.category_id)),
            Filter::<Self>::one("assigned_to", |t| IndexValue::opt_id(t.assigned_to)),
            Filter::<Self>::one("user_id", |t| IndexValue::opt_id(t.user_id)),
            Filter::<Self>::one("open", |t| IndexValue::flag(t.status != TicketStatus::Closed)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Category as Resource>::KIND, |t| {
        t.category_id.into_iter().collect()
    })];
    const EVENTS: Events = Events {
        created: Some(TICKET_CREATED),
        updated: None,
        deleted: None,
    };
    type In = TicketIn;
    type Patch = TicketPatch;
    type Out = Ticket;
    type Filters = TicketFilters;
    const SERIES: Option<&'static Series> = Some(&numbering::TICKET);
    shared::meta_field!();
    shared::custom_fields!();

    fn set_number(&mut self, number: String) {
        self.ticket_number = number;
    }

    async fn build(cx: Cx<'_>, input: TicketIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.required_text("subject", input.subject);
        let description = errors.text("description", input.description);
        let name = errors.text("name", input.name);
        let email = errors.email("email", input.email);
        let asker = match input.user_id {
            Some(id) => {
                let user = cx.store().get_as::<User>(&records::user_key(cx.tenant(), id)).await?;
                if user.is_none() {
                    errors.add("user_id", format!("No user has id {id}."));
                }
                user
            }
            None => None,
        };
        let name = name.or_else(|| asker.as_ref().map(|u| u.name.clone()));
        let email = email.or_else(|| asker.as_ref().map(|u| u.email.clone()));
        if name.is_none() && !errors.contains("name") {
            errors.add(
                "name",
                "The name field is required unless user_id names the user who asks.",
            );
        }
        if email.is_none() && !errors.contains("email") {
            errors.add(
                "email",
                "The email field is required unless user_id names the user who asks.",
            );
        }
        let category_id = categories::check(cx, "category_id", input.category_id).await;
        let assigned_to = staff(cx, input.assigned_to).await;
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let (subject, name, email) = errors.finish((subject, name, email))?;
        let (category_id, assigned_to) = (category_id?, assigned_to?);
        // The number comes with the transaction that stores the ticket (`SERIES`).
        Ok(Self {
            meta: Meta::default(),
            ticket_number: String::new(),
            subject,
            description,
            name,
            email,
            user_id: input.user_id,
            category_id,
            priority: input.priority.unwrap_or(TicketPriority::Medium),
            status: TicketStatus::Open,
            assigned_to,
            first_response_at: None,
            closed_at: None,
            custom_fields: custom_fields.unwrap_or_default(),
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: TicketPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.text("subject", patch.subject);
        let description = patch.description.map(|d| errors.text("description", d));
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        // `Some(None)` (sent `null`) clears: nothing to check.
        let category_id = match patch.category_id {
            Some(id) => Some(categories::check(cx, "category_id", id).await?),
            None => None,
        };
        let assigned_to = match patch.assigned_to {
            Some(id) => Some(staff(cx, id).await?),
            None => None,
        };
        if let Some(status) = patch.status {
            self.move_to(status)?;
        }
        self.subject.assign(subject);
        self.description.assign(description);
        self.category_id.assign(category_id);
        self.priority.assign(patch.priority);
        self.assigned_to.assign(assigned_to);
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {} {} {}", self.ticket_number, self.subject, self.name, self.email)
    }

    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        if before.status != TicketStatus::Closed && after.status == TicketStatus::Closed {
            vec![Event::new(TICKET_CLOSED.name, serde_json::json!(after))]
        } else {
            Vec::new()
        }
    }
}

impl Ticket {
    /// Moves the ticket to `status` (409 `invalid_transition` naming the allowed moves).
    pub fn move_to(&mut self, status: TicketStatus) -> Result<(), ApiError> {
        if !self.status.can_become(status) {
            use TicketStatus::*;
            let allowed: Vec<&str> = [Open, InProgress, OnHold, Closed]
                .iter()
                .filter(|s| **s != self.status && self.status.can_become(**s))
                .map(|s| s.as_str())
                .collect();
            return Err(ApiError::invalid_transition(format!(
                "Ticket {} is {}: it can become {}, not {}.",
                self.ticket_number,
                self.status.as_str(),
                allowed.join(" or "),
                status.as_str()
            )));
        }
        if status == TicketStatus::Closed && self.status != TicketStatus::Closed {
            self.closed_at = Some(shared::time::now_rfc3339());
        } else if status != TicketStatus::Closed {
            self.closed_at = None;
        }
        self.status = status;
        Ok(())
    }
}

/// The user `id` (in field `assigned_to`) when one is named: one of the workspace's team.
async fn staff(cx: Cx<'_>, id: Option<u64>) -> Result<Option<u64>, ApiError> {
    match id {
        Some(id) => Ok(Some(
            records::check_team_user(cx.store(), cx.tenant(), "assigned_to", id).await?,
        )),
        None => Ok(None),
    }
}

/// `POST /api/support-ticket/ticket/delete/{ticket_id}`: the ticket with its replies, notes and
/// attachments; the attachments' bytes once that has committed ([`ops::remove_loaded`]).
pub async fn delete(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(if_match): IfMatch,
) -> Result<Json<Deleted>, ApiError> {
    let cx = caller.cx();
    let ticket = ops::load::<Ticket>(cx, id).await?;
    ops::check_version(&ticket, if_match)?;
    ops::remove_loaded(cx, ticket).await?;
    Ok(Json(Deleted {
        message: "Ticket deleted.".into(),
        id,
    }))
}
