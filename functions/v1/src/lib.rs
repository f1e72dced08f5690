//! The versioned `/api/v1` slice: customers (served from the accounting library), contacts and
//! deals (the specification's 4.2 table, served from the CRM library), sales invoices and the
//! revenue report (from the accounting library), lead-capture widgets, and
//! webhook subscriptions with their delivery log.

pub mod deals;
pub mod invoices;
pub mod projects;
pub mod reports;
pub mod webhooks;

use accounting::parties::Customer;
use accounting::sales_invoices::{SalesInvoice, SalesInvoiceFilters};
use crm::contacts::Contact;
use crm::widgets::{self, Widget};
use shared::auth::Module::{Crm, Sales, Webhooks};
use shared::events::EventType;
use shared::handlers;
use shared::module::ModuleDef;
use shared::resource::index::Indexed;
use shared::routes::{Build, Crud, Op, Routes};
use shared::webhooks::delivery::Delivery;
use shared::webhooks::{Subscription, WebhookOut};

pub const WEBHOOK_TEST: EventType =
    EventType::new("webhook.test", "A test ping sent on request to one endpoint.").with_data::<webhooks::WebhookTest>();

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "v1",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[WEBHOOK_TEST],
    seeder: None,
    cascades: &[],
    ledger: None,
};

/// Every v1 route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("v1")
        // The versioned third-party slice: the accounting customers, same records and rules as
        // `/api/customers`.
        .resource::<Customer>(
            Crud::new()
                .list("/api/v1/customers")
                .create("/api/v1/customers")
                .upsert("/api/v1/customers/upsert")
                .show("/api/v1/customers/{id}")
                .put("/api/v1/customers/{id}").batch_create("/api/v1/customers/batch/create").batch_update("/api/v1/customers/batch/update").import("/api/v1/customers/import").export("/api/v1/customers/export"),
        )
        .row(
            Op::get("/api/v1/invoices", invoices::list)
                .read(Sales)
                .query::<SalesInvoiceFilters>()
                .sorts(&<SalesInvoice as Indexed>::LISTS.sort_names())
                .ok::<invoices::InvoiceList>()
                .summary("The sales invoices (`status=overdue` for the overdue ones), each with its customer, and the workspace's overdue total in `meta`"),
        )
        .resource::<SalesInvoice>(Crud::new().create("/api/v1/invoices"))
        .row(
            Op::get("/api/v1/invoices/{id}", invoices::show)
                .names::<SalesInvoice>("id")
                .read(Sales)
                .ok::<invoices::InvoiceWithCustomer>()
                .summary("Show a sales invoice with its customer's name and address"),
        )
        .row(
            Op::post("/api/v1/projects", projects::create_project)
                .write(shared::auth::Module::Projects)
                .body::<projects::V1ProjectIn>()
                .created::<::projects::projects::Project>()
                .summary("Create a project: `deadline` is its end date, `client_id` a client user, `members` user ids"),
        )
        .row(
            Op::get("/api/v1/reports/revenue", reports::revenue)
                .read(Sales)
                .params::<accounting::revenue::RevenueQuery>()
                .ok::<accounting::revenue::RevenueReport>()
                .summary("Recurring revenue (MRR, ARR), its growth and customer churn over the last complete month, quarter or year")
                .details(accounting::revenue::FORMULAS),
        )
        .resource::<Contact>(
            Crud::new()
                .list("/api/v1/contacts")
                .create("/api/v1/contacts")
                .upsert("/api/v1/contacts/upsert")
                .show("/api/v1/contacts/{id}")
                .patch("/api/v1/contacts/{id}")
                .delete("/api/v1/contacts/{id}").batch_create("/api/v1/contacts/batch/create").batch_update("/api/v1/contacts/batch/update").batch_delete("/api/v1/contacts/batch/delete").import("/api/v1/contacts/import").export("/api/v1/contacts/export"),
        )
        .row(
            Op::patch("/api/v1/deals/{id}", deals::update_deal).names::<crm::deals::Deal>("id")
                .write(Crm)
                .body::<deals::DealChange>()
                .ok::<deals::DealChanged>()
                .summary("Change a deal's stage (by name or id), amount or close date"),
        )
        // Designed: the lead-capture widgets the public `/api/widget/...` routes serve.
        .row(
            Op::post("/api/v1/widgets", widgets::create_widget)
                .write(Crm)
                .body::<widgets::WidgetIn>()
                .created::<Widget>()
                .creates::<Widget>()
                .example(serde_json::json!({"name": "Contact us", "title": "Talk to sales",
                    "button_text": "Send", "pipeline_id": shared::resource::example::id_of::<crm::pipelines::Pipeline>()}))
                .summary("Create a lead-capture widget and its public token"),
        )
        .resource::<Widget>(
            Crud::new()
                .list("/api/v1/widgets")
                .show("/api/v1/widgets/{id}")
                .patch("/api/v1/widgets/{id}")
                .delete("/api/v1/widgets/{id}").batch_update("/api/v1/widgets/batch/update").batch_delete("/api/v1/widgets/batch/delete").export("/api/v1/widgets/export"),
        )
        // Webhook subscriptions (designed)
        .row(
            Op::get("/api/v1/webhooks", handlers::list::<Subscription>)
                .read(Webhooks)
                .query::<shared::resource::NoFilters>()
                .sorts(&<Subscription as Indexed>::LISTS.sort_names())
                .list::<WebhookOut>()
                .summary("List webhooks"),
        )
        .row(
            Op::post("/api/v1/webhooks", webhooks::create_webhook)
                .write(Webhooks)
                .body::<webhooks::WebhookIn>()
                .created::<webhooks::WebhookCreated>()
                .answers(&[409])
                .summary("Create a webhook; its signing secret is shown once"),
        )
        .row(
            Op::get("/api/v1/webhooks/event-types", webhooks::list_event_types)
                .read(Webhooks)
                .query::<shared::resource::NoFilters>()
                .list::<webhooks::EventTypeInfo>()
                .summary("List event types"),
        )
        .row(
            Op::get("/api/v1/webhooks/{id}", handlers::show::<Subscription>).names_kind("id", shared::events::SUBSCRIPTION)
                .read(Webhooks)
                .ok::<WebhookOut>()
                .summary("Show a webhook"),
        )
        .row(
            Op::patch("/api/v1/webhooks/{id}", webhooks::update_webhook).names_kind("id", shared::events::SUBSCRIPTION)
                .write(Webhooks)
                .body::<webhooks::WebhookPatch>()
                .ok::<WebhookOut>()
                .summary("Update a webhook"),
        )
        .row(
            Op::delete("/api/v1/webhooks/{id}", handlers::delete::<Subscription>).names_kind("id", shared::events::SUBSCRIPTION)
                .write(Webhooks)
                .ok::<shared::resource::Deleted>()
                .summary("Delete a webhook"),
        )
        .row(
            Op::post("/api/v1/webhooks/{id}/rotate-secret", webhooks::rotate_secret).names_kind("id", shared::events::SUBSCRIPTION)
                .write(Webhooks)
                .ok::<webhooks::WebhookCreated>()
                .summary("Rotate a webhook's signing secret"),
        )
        .row(
            Op::post("/api/v1/webhooks/{id}/test", webhooks::send_test).names_kind("id", shared::events::SUBSCRIPTION)
                .write(Webhooks)
                .accepted::<webhooks::Queued>()
                .summary("Send a test event to a webhook"),
        )
        .row(
            Op::get("/api/v1/webhooks/{id}/deliveries", webhooks::list_deliveries).names_kind("id", shared::events::SUBSCRIPTION)
                .read(Webhooks)
                .query::<webhooks::DeliveryFilters>()
                .sorts(&<Delivery as Indexed>::LISTS.sort_names())
                .list::<Delivery>()
                .summary("List a webhook's deliveries"),
        )
        .row(
            Op::get("/api/v1/webhooks/deliveries/{id}", handlers::show_indexed::<Delivery>)
                .names::<Delivery>("id")
                .read(Webhooks)
                .ok::<Delivery>()
                .summary("Show a webhook delivery: its attempts and where it stands"),
        )
        .row(
            Op::post("/api/v1/webhooks/deliveries/{id}/retry", webhooks::retry_delivery).names_kind("id", shared::webhooks::delivery::DELIVERY)
                .write(Webhooks)
                .ok::<Delivery>()
                .summary("Retry a delivery"),
        )
}
