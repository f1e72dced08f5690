//! A ticket's conversation: replies (from staff, or from the customer: the workspace user who
//! asked, or a message from the ticket's e-mail address that an e-mail integration forwards),
//! files attached to replies (the bytes in the object store), and internal notes, which are kept
//! apart and never shown as replies. `GET /api/support-ticket/ticket/show/{ticket_id}` reads
//! them together.
//!
//! Staff's first reply to an `open` ticket moves it to `in_progress` and stamps
//! `first_response_at`, in the reply's own transaction. A closed ticket takes no reply (409
//! `invalid_transition`: reopen it first).

use axum::extract::multipart::MultipartRejection;
use axum::extract::Multipart;
use axum::http::StatusCode;
use axum::response::Response;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{read_upload, store_upload, ApiError, FieldErrors, FileInfo, StoredUpload, ValidJson, ValidPath};
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, CreatedUnder, Cx, Events, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource};

use crate::tickets::{Ticket, TicketStatus};

pub const TICKET_REPLIED: EventType =
    EventType::new("ticket.replied", "A reply was added to a support ticket.").with_record::<Reply>();

/// Most replies one ticket holds (its page shows them all).
pub const MAX_REPLIES: usize = 500;
/// Most internal notes on one ticket.
pub const MAX_NOTES: usize = 200;
/// Most files attached to one ticket's replies.
pub const MAX_ATTACHMENTS: usize = 50;

shared::choice! {
    /// Who wrote a reply.
    pub enum Sender {
        Staff = "staff",
        Customer = "customer",
    }
}

/// A reply on a ticket.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Reply {
    #[serde(flatten)]
    pub meta: Meta,
    pub ticket_id: u64,
    pub sender: Sender,
    /// The workspace user who wrote it (staff, or the customer when they are a user).
    pub user_id: Option<u64>,
    /// The customer's address, for a reply that came by e-mail.
    pub email: Option<String>,
    pub description: String,
}

/// Body of `POST /api/support-ticket/ticket/add-reply/{ticket_id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"description": "Thanks, the link works again."}))]
pub struct ReplyIn {
    #[schemars(required)]
    pub description: Option<Text<10000>>,
    /// Set when the reply is the customer's, received by e-mail: it must be the ticket's address.
    /// Without it the reply is the caller's (the customer's when the caller asked the ticket).
    #[schemars(transform = shared::http::schema::email)]
    pub from_email: Option<String>,
}

impl Resource for Reply {
    const KIND: &'static str = "support_reply";
    const NAME: &'static str = "Reply";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::<Self>::one("ticket_id", |r| IndexValue::id(r.ticket_id)),
            // Replies per day: the desk's "replies today".
            Filter::<Self>::one("day", |r| {
                IndexValue::text(r.meta.created_at.get(..10).unwrap_or_default())
            }),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Ticket as Resource>::KIND, "ticket_id", |r| {
        vec![r.ticket_id]
    })];
    const EVENTS: Events = Events {
        created: Some(TICKET_REPLIED),
        updated: None,
        deleted: None,
    };
    // Built by [`add_reply`], which reads the ticket it answers.
    type In = NoChange;
    type Patch = NoChange;
    type Out = Reply;
    type Filters = NoFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        String::new()
    }
}

/// `POST /api/support-ticket/ticket/add-reply/{ticket_id}` → 201 with the reply.
pub async fn add_reply(
    caller: Caller,
    ValidPath(ticket_id): ValidPath<u64>,
    ValidJson(input): ValidJson<ReplyIn>,
) -> Result<(StatusCode, Json<Reply>), ApiError> {
    Ok((StatusCode::CREATED, Json(reply(caller.cx(), ticket_id, input).await?)))
}

/// Stores `cx`'s reply (or the customer's, with `from_email`) on ticket `ticket_id`.
pub async fn reply(cx: Cx<'_>, ticket_id: u64, input: ReplyIn) -> Result<Reply, ApiError> {
    let ticket = ops::load::<Ticket>(cx, ticket_id).await?;
    let mut errors = FieldErrors::default();
    let description = errors.required_text("description", input.description);
    let from_email = errors.email("from_email", input.from_email);
    if let Some(email) = &from_email {
        if *email != ticket.email {
            errors.add(
                "from_email",
                format!(
                    "{} is not the address of ticket {} (its customer writes from {}).",
                    email.as_str(),
                    ticket.ticket_number,
                    ticket.email
                ),
            );
        }
    }
    let description = errors.finish(description)?;
    let (sender, user_id, email) = match from_email {
        Some(email) => (Sender::Customer, None, Some(email.as_str().to_owned())),
        None if ticket.user_id == Some(cx.user_id) => (Sender::Customer, Some(cx.user_id), None),
        None => (Sender::Staff, Some(cx.user_id), None),
    };
    let reply = Reply {
        meta: Meta::default(),
        ticket_id,
        sender,
        user_id,
        email,
        description,
    };
    // Two first replies at once both change the ticket: the one that loses reads it again (now
    // `in_progress`) and is stored alone.
    let mut ticket = ticket;
    for _ in 0..3 {
        match store_reply(cx, &ticket, reply.clone()).await {
            Err(ApiError::Conflict {
                code: "version_conflict" | "conflict",
                ..
            }) => {
                ticket = ops::load::<Ticket>(cx, ticket_id).await?;
            }
            done => return done,
        }
    }
    Err(ApiError::concurrent_change())
}

/// Stores `reply` on `ticket` as loaded: refused when it is closed or full; staff's first reply
/// to an open ticket moves it to `in_progress` in the same transaction.
async fn store_reply(cx: Cx<'_>, ticket: &Ticket, mut reply: Reply) -> Result<Reply, ApiError> {
    if ticket.status == TicketStatus::Closed {
        return Err(ApiError::invalid_transition(format!(
            "Ticket {} is closed: reopen it (status `open`) to reply.",
            ticket.ticket_number
        )));
    }
    index::ensure_room::<Reply>(cx, "ticket_id", IndexValue::id(ticket.meta.id), MAX_REPLIES, || {
        format!("A ticket holds at most {MAX_REPLIES} replies; open a new one.")
    })
    .await?;
    if reply.sender == Sender::Staff && ticket.status == TicketStatus::Open {
        reply.meta.id = ops::reserve_id::<Reply>(cx).await?;
        let writes = ops::prepare(cx, &mut reply)?;
        let mut answered = ticket.clone();
        answered.move_to(TicketStatus::InProgress)?;
        answered.first_response_at = Some(reply.meta.created_at.clone());
        ops::save(cx, ticket, answered, writes).await?;
        Ok(reply)
    } else {
        ops::insert_built(cx, reply, Vec::new()).await
    }
}

/// An internal note on a ticket: staff only, never a reply.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Note {
    #[serde(flatten)]
    pub meta: Meta,
    pub ticket_id: u64,
    pub note: String,
    /// Who wrote it.
    pub user_id: u64,
}

/// Body of `POST /api/support-ticket/ticket/note/store/{ticket_id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"note": "Customer is on the legacy plan; check the old invoice template."}))]
pub struct NoteIn {
    #[schemars(required)]
    pub note: Option<Text<5000>>,
}

impl Resource for Note {
    const KIND: &'static str = "support_note";
    const NAME: &'static str = "Note";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[Filter::<Self>::one("ticket_id", |n| IndexValue::id(n.ticket_id))],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Ticket as Resource>::KIND, "ticket_id", |n| {
        vec![n.ticket_id]
    })];
    const EVENTS: Events = Events::NONE;
    type In = NoChange;
    type Patch = NoChange;
    type Out = Note;
    type Filters = NoFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        String::new()
    }
}

/// Written on its ticket ([`add_note`]).
impl CreatedUnder for Note {
    type Parent = u64;
    type Body = NoteIn;

    async fn build_under(cx: Cx<'_>, ticket_id: u64, input: NoteIn) -> Result<Self, ApiError> {
        let note = FieldErrors::check_required(|e| e.required_text("note", input.note))?;
        index::ensure_room::<Self>(cx, "ticket_id", IndexValue::id(ticket_id), MAX_NOTES, || {
            format!("A ticket holds at most {MAX_NOTES} notes.")
        })
        .await?;
        Ok(Self {
            meta: Meta::default(),
            ticket_id,
            note,
            user_id: cx.user_id,
        })
    }
}

/// `POST /api/support-ticket/ticket/note/store/{ticket_id}` → 201 with the note.
pub async fn add_note(
    caller: Caller,
    ValidPath(ticket_id): ValidPath<u64>,
    ValidJson(input): ValidJson<NoteIn>,
) -> Result<(StatusCode, Json<Note>), ApiError> {
    let cx = caller.cx();
    ops::load::<Ticket>(cx, ticket_id).await?;
    Ok((
        StatusCode::CREATED,
        Json(ops::insert_under::<Note>(cx, ticket_id, input, Vec::new()).await?),
    ))
}

/// A file attached to a reply: the record here, the bytes in the object store.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Attachment {
    #[serde(flatten)]
    pub meta: Meta,
    pub ticket_id: u64,
    pub reply_id: u64,
    #[serde(flatten)]
    pub file: StoredUpload,
}

/// An attachment as the API shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct AttachmentOut {
    #[serde(flatten)]
    pub meta: Meta,
    pub ticket_id: u64,
    pub reply_id: u64,
    #[serde(flatten)]
    pub file: FileInfo,
}

impl From<Attachment> for AttachmentOut {
    fn from(a: Attachment) -> Self {
        let download_url = format!("/api/support-ticket/ticket/attachment/download/{}", a.meta.id);
        Self {
            meta: a.meta,
            ticket_id: a.ticket_id,
            reply_id: a.reply_id,
            file: a.file.info(download_url),
        }
    }
}

impl Resource for Attachment {
    const KIND: &'static str = "support_attachment";
    const NAME: &'static str = "Attachment";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[Filter::<Self>::one("ticket_id", |a| IndexValue::id(a.ticket_id))],
        sums: &[],
    };
    // Deleted with the ticket, the bytes once the delete has committed ([`Self::object_keys`]).
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Ticket as Resource>::KIND, "ticket_id", |a| {
        vec![a.ticket_id]
    })];
    const EVENTS: Events = Events::NONE;
    // Attachments arrive as uploads ([`attach`]), never as JSON bodies.
    type In = NoChange;
    type Patch = NoChange;
    type Out = AttachmentOut;
    type Filters = NoFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        self.file.file_name.clone()
    }

    fn object_keys(&self) -> Vec<&str> {
        vec![&self.file.object_key]
    }
}

/// Every attachment of ticket `ticket_id` (at most [`MAX_ATTACHMENTS`]), oldest first: one query.
pub async fn attachments_of(cx: Cx<'_>, ticket_id: u64) -> Result<Vec<Attachment>, ApiError> {
    index::top::<Attachment>(
        cx,
        Some(("ticket_id", IndexValue::id(ticket_id))),
        "id",
        false,
        MAX_ATTACHMENTS,
    )
    .await
}

/// `POST /api/support-ticket/ticket/reply/{reply_id}/attachment`: a `file` part, at most 5 MiB →
/// 201 with the attachment's record.
pub async fn attach(
    caller: Caller,
    ValidPath(reply_id): ValidPath<u64>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<AttachmentOut>), ApiError> {
    let cx = caller.cx();
    let reply = ops::load::<Reply>(cx, reply_id).await?;
    let upload = read_upload(multipart, &["file", "attachment"]).await?;
    index::ensure_room::<Attachment>(
        cx,
        "ticket_id",
        IndexValue::id(reply.ticket_id),
        MAX_ATTACHMENTS,
        || format!("A ticket holds at most {MAX_ATTACHMENTS} attachments; delete one first."),
    )
    .await?;
    let stored = store_upload(
        caller.state.store(),
        caller.state.files(),
        cx.tenant(),
        "support",
        upload,
    )
    .await?;
    let committed = stored.committed();
    let record = Attachment {
        meta: Meta::default(),
        ticket_id: reply.ticket_id,
        reply_id,
        file: stored,
    };
    let record = ops::insert_built(cx, record, committed).await?;
    Ok((StatusCode::CREATED, Json(record.into())))
}

/// `GET /api/support-ticket/ticket/attachment/download/{attachment_id}`: the file's bytes, or in
/// the cloud a redirect to a short-lived signed link.
pub async fn download(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Response, ApiError> {
    let cx = caller.cx();
    let attachment = ops::load::<Attachment>(cx, id).await?;
    let file = &attachment.file;
    shared::http::download(cx.files(), cx.tenant(), &file.object_key, &file.file_name, "Attachment").await
}

/// A reply with its attachments.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReplyDetail {
    #[serde(flatten)]
    pub reply: Reply,
    pub attachments: Vec<AttachmentOut>,
}

/// Answer of `GET /api/support-ticket/ticket/show/{ticket_id}`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TicketDetail {
    #[serde(flatten)]
    pub ticket: Ticket,
    /// The conversation, oldest first.
    pub replies: Vec<ReplyDetail>,
    /// Internal notes, oldest first: staff only, never part of the conversation.
    pub notes: Vec<Note>,
}

/// `GET /api/support-ticket/ticket/show/{ticket_id}`: the ticket, its replies with their files,
/// and its notes (four queries, whatever the workspace holds).
pub async fn show(caller: Caller, ValidPath(ticket_id): ValidPath<u64>) -> Result<Json<TicketDetail>, ApiError> {
    let cx = caller.cx();
    let on_ticket = || Some(("ticket_id", IndexValue::id(ticket_id)));
    let (ticket, replies, notes, attachments) = futures::try_join!(
        ops::load::<Ticket>(cx, ticket_id),
        index::top::<Reply>(cx, on_ticket(), "id", false, MAX_REPLIES),
        index::top::<Note>(cx, on_ticket(), "id", false, MAX_NOTES),
        attachments_of(cx, ticket_id),
    )?;
    let replies = replies
        .into_iter()
        .map(|reply| ReplyDetail {
            attachments: attachments
                .iter()
                .filter(|a| a.reply_id == reply.meta.id)
                .cloned()
                .map(Into::into)
                .collect(),
            reply,
        })
        .collect();
    Ok(Json(TicketDetail { ticket, replies, notes }))
}
