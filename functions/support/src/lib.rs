//! The support desk (issue 14): tickets with a readable number, their conversation (replies from
//! staff or the customer, files on replies, internal notes), support categories, FAQs and
//! knowledge-base articles, the desk's overview and its forms' option lists.

pub mod categories;
pub mod conversation;
pub mod home;
pub mod knowledge;
pub mod seed;
pub mod tickets;

use async_trait::async_trait;
use shared::auth::Module::Support;
use shared::http::UPLOAD_BODY_LIMIT;
use shared::module::ModuleDef;
use shared::resource::refs::Cascade;
use shared::resource::{Cx, Deleted};
use shared::routes::{Build, Crud, Op, Routes};
use shared::sandbox::Seeder;
use shared::store::TenantId;
use shared::AppState;

use categories::Category;
use knowledge::{Article, Faq};
use tickets::Ticket;

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "support",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        tickets::TICKET_CREATED,
        conversation::TICKET_REPLIED,
        tickets::TICKET_CLOSED,
    ],
    seeder: Some(&SupportSeeder),
    cascades: &[
        Cascade::of::<conversation::Reply>(),
        Cascade::of::<conversation::Note>(),
        Cascade::of::<conversation::Attachment>(),
    ],
    ledger: None,
};

/// Every support route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Support desk")
        .resource::<Ticket>(
            Crud::new()
                .list("/api/support-ticket/tickets")
                .show("/api/support-ticket/tickets/{id}")
                .create("/api/support-ticket/ticket/store")
                .update("/api/support-ticket/ticket/update/{ticket_id}")
                .batch_create("/api/support-ticket/ticket/batch/create")
                .batch_update("/api/support-ticket/ticket/batch/update")
                .import("/api/support-ticket/ticket/import")
                .export("/api/support-ticket/ticket/export"),
        )
        .row(
            Op::get("/api/support-ticket/ticket/show/{ticket_id}", conversation::show)
                .names::<tickets::Ticket>("ticket_id")
                .read(Support)
                .ok::<conversation::TicketDetail>()
                .answers(&[404])
                .summary("A ticket with its replies (and their files) and its internal notes"),
        )
        .row(
            Op::post("/api/support-ticket/ticket/delete/{ticket_id}", tickets::delete)
                .names::<tickets::Ticket>("ticket_id")
                .write(Support)
                .ok::<Deleted>()
                .answers(&[404, 409])
                .summary("Delete a ticket with its replies, notes and attachments"),
        )
        .row(
            Op::post(
                "/api/support-ticket/ticket/add-reply/{ticket_id}",
                conversation::add_reply,
            )
            .names::<tickets::Ticket>("ticket_id")
            .write(Support)
            .body::<conversation::ReplyIn>()
            .created::<conversation::Reply>()
            .answers(&[404, 409])
            .summary("Reply on a ticket (staff, or the customer's e-mail with `from_email`)"),
        )
        .row(
            Op::post(
                "/api/support-ticket/ticket/reply/{reply_id}/attachment",
                conversation::attach,
            )
            .names::<conversation::Reply>("reply_id")
            .write(Support)
            .multipart(&["file"], UPLOAD_BODY_LIMIT)
            .created::<conversation::AttachmentOut>()
            .answers(&[404])
            .summary("Attach a file to a reply"),
        )
        .row(
            Op::get(
                "/api/support-ticket/ticket/attachment/download/{attachment_id}",
                conversation::download,
            )
            .names::<conversation::Attachment>("attachment_id")
            .read(Support)
            .download()
            .summary("Download a reply's attached file (in the cloud: a redirect to a signed link)"),
        )
        .row(
            Op::post(
                "/api/support-ticket/ticket/note/store/{ticket_id}",
                conversation::add_note,
            )
            .names::<tickets::Ticket>("ticket_id")
            .write(Support)
            .body::<conversation::NoteIn>()
            .created::<conversation::Note>()
            .answers(&[404])
            .summary("Add an internal note to a ticket (never shown as a reply)"),
        )
        .row(
            Op::get("/api/support-ticket/home", home::home)
                .read(Support)
                .ok::<home::SupportHome>()
                .summary("The desk at a glance: tickets by status, the oldest open one, replies today"),
        )
        .row(
            Op::get("/api/support-ticket/get-request-data", home::request_data)
                .read(Support)
                .ok::<home::RequestData>()
                .summary("The ticket forms' options: categories, assignees, priorities, statuses"),
        )
        .resource::<Category>(
            Crud::new()
                .list("/api/support-ticket/categories")
                .show("/api/support-ticket/categories/{id}")
                .create("/api/support-ticket/category/create")
                .update("/api/support-ticket/category/update/{category_id}")
                .delete_by_post("/api/support-ticket/category/delete/{category_id}")
                .batch_create("/api/support-ticket/category/batch/create")
                .batch_update("/api/support-ticket/category/batch/update")
                .batch_delete("/api/support-ticket/category/batch/delete")
                .import("/api/support-ticket/category/import")
                .export("/api/support-ticket/category/export"),
        )
        .resource::<Faq>(
            Crud::new()
                .list("/api/support-ticket/faqs")
                .create("/api/support-ticket/faqs/store")
                .show("/api/support-ticket/faq/show/{faq_id}")
                .update("/api/support-ticket/faq/update/{faq_id}")
                .delete_by_post("/api/support-ticket/faq/delete/{faq_id}")
                .batch_create("/api/support-ticket/faq/batch/create")
                .batch_update("/api/support-ticket/faq/batch/update")
                .batch_delete("/api/support-ticket/faq/batch/delete")
                .import("/api/support-ticket/faq/import")
                .export("/api/support-ticket/faq/export"),
        )
        .resource::<Article>(
            Crud::new()
                .list("/api/support-ticket/knowledges")
                .create("/api/support-ticket/knowledge/store")
                .show("/api/support-ticket/knowledge/show/{knowledge_id}")
                .update("/api/support-ticket/knowledge/update/{knowledge_id}")
                .delete_by_post("/api/support-ticket/knowledge/delete/{knowledge_id}")
                .batch_create("/api/support-ticket/knowledge/batch/create")
                .batch_update("/api/support-ticket/knowledge/batch/update")
                .batch_delete("/api/support-ticket/knowledge/batch/delete")
                .import("/api/support-ticket/knowledge/import")
                .export("/api/support-ticket/knowledge/export"),
        )
}

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

/// A sandbox starts with a desk in use ([`seed`]); a live workspace with its default categories.
pub struct SupportSeeder;

#[async_trait]
impl Seeder for SupportSeeder {
    fn name(&self) -> &'static str {
        "support"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed::seed_desk(cx).await.map_err(|e| anyhow::anyhow!("{e:?}"))
    }

    async fn live_defaults(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed::default_categories(cx)
            .await
            .map(|_| ())
            .map_err(|e| anyhow::anyhow!("{e:?}"))
    }
}
