//! CRM: pipelines with ordered lead and deal stages, labels, sources, leads, deals, their activity
//! (tasks, calls, e-mails, discussions, files) and contacts. Every `crm` row of the catalogue is
//! served by [`routes`]; `functions/v1` serves contacts and deals from this library too.

pub mod activity;
pub mod board;
pub mod contacts;
pub mod deals;
pub mod files;
pub mod labels;
pub mod leads;
pub mod links;
pub mod parent_routes;
pub mod pipelines;
pub mod seed;
pub mod widgets;

use shared::auth::Module::Crm;
use shared::module::ModuleDef;
use shared::resource::refs::Cascade;
use shared::resource::Deleted;
use shared::routes::{Build, Crud, Op, Routes};

use activity::{Call, Discussion, Email, OfDeal, OfLead, Task};
use contacts::{CONTACT_CREATED, CONTACT_DELETED, CONTACT_UPDATED};
use deals::Deal;
use deals::DealBoard;
use deals::{DEAL_CREATED, DEAL_DELETED, DEAL_STAGE_CHANGED, DEAL_STATUS_CHANGED, DEAL_UPDATED};
use labels::{Label, Source};
use leads::Lead;
use leads::LeadBoard;
use leads::{LEAD_CONVERTED, LEAD_CREATED, LEAD_DELETED, LEAD_STAGE_CHANGED, LEAD_UPDATED};
use parent_routes::{parent_routes, ParentPaths};
use pipelines::{Pipeline, Stage};

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "crm",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        LEAD_CREATED,
        LEAD_UPDATED,
        LEAD_DELETED,
        LEAD_STAGE_CHANGED,
        LEAD_CONVERTED,
        DEAL_CREATED,
        DEAL_UPDATED,
        DEAL_DELETED,
        DEAL_STAGE_CHANGED,
        DEAL_STATUS_CHANGED,
        CONTACT_CREATED,
        CONTACT_UPDATED,
        CONTACT_DELETED,
    ],
    seeder: Some(&seed::CrmSeeder),
    cascades: &[
        Cascade::of::<Stage<LeadBoard>>(),
        Cascade::of::<Stage<DealBoard>>(),
        Cascade::of::<Label>(),
        Cascade::of::<Task>(),
        Cascade::of::<Call>(),
        Cascade::of::<Email>(),
        Cascade::of::<Discussion>(),
        Cascade::of::<files::CrmFile>(),
    ],
    ledger: None,
};

/// Every CRM route, one row each: generic resources first, then each non-uniform route with its
/// handler (odd RPC-style paths are marked `quirk`; docs/api-conventions.md, "Known quirks").
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("CRM")
        // Pipelines, stages, labels, sources
        .resource::<Pipeline>(
            Crud::new()
                .list("/api/pipelines")
                .show("/api/pipelines/{id}")
                .create("/api/pipeline/create")
                .update("/api/pipeline/update/{id}")
                .delete("/api/pipeline/delete/{id}")
                .batch_create("/api/pipeline/batch/create")
                .batch_update("/api/pipeline/batch/update")
                .batch_delete("/api/pipeline/batch/delete")
                .import("/api/pipeline/import")
                .export("/api/pipeline/export"),
        )
        .resource::<Stage<LeadBoard>>(
            Crud::new()
                .list("/api/lead-stages")
                .show("/api/lead-stages/{id}")
                .create("/api/lead-stage/create")
                .update("/api/lead-stage/update/{id}")
                .delete("/api/lead-stage/delete/{id}")
                .batch_create("/api/lead-stage/batch/create")
                .batch_update("/api/lead-stage/batch/update")
                .batch_delete("/api/lead-stage/batch/delete")
                .import("/api/lead-stage/import")
                .export("/api/lead-stage/export"),
        )
        .resource::<Stage<DealBoard>>(
            Crud::new()
                .list("/api/deal-stages")
                .show("/api/deal-stages/{id}")
                .create("/api/deal-stage/create")
                .update("/api/deal-stage/update/{id}")
                .delete("/api/deal-stage/delete/{id}")
                .batch_create("/api/deal-stage/batch/create")
                .batch_update("/api/deal-stage/batch/update")
                .batch_delete("/api/deal-stage/batch/delete")
                .import("/api/deal-stage/import")
                .export("/api/deal-stage/export"),
        )
        .resource::<Label>(
            Crud::new()
                .list("/api/labels")
                .show("/api/labels/{id}")
                .create("/api/label/create")
                .update("/api/label/update/{id}")
                .delete("/api/label/delete/{id}")
                .batch_create("/api/label/batch/create")
                .batch_update("/api/label/batch/update")
                .batch_delete("/api/label/batch/delete")
                .import("/api/label/import")
                .export("/api/label/export"),
        )
        .resource::<Source>(
            Crud::new()
                .list("/api/sources")
                .show("/api/sources/{id}")
                .create("/api/source/create")
                .update("/api/source/update/{id}")
                .delete("/api/source/delete/{id}")
                .batch_create("/api/source/batch/create")
                .batch_update("/api/source/batch/update")
                .batch_delete("/api/source/batch/delete")
                .import("/api/source/import")
                .export("/api/source/export"),
        )
        // Leads
        .resource::<Lead>(
            Crud::new()
                .list("/api/leads")
                .create("/api/lead/create")
                .show("/api/lead/show/{id}")
                .update("/api/lead/update/{id}")
                .delete("/api/lead/delete/{id}")
                .batch_create("/api/lead/batch/create")
                .batch_update("/api/lead/batch/update")
                .batch_delete("/api/lead/batch/delete")
                .import("/api/lead/import")
                .export("/api/lead/export"),
        )
        .row(
            Op::post("/api/lead/convert-to-deal/{id}", deals::convert_lead)
                .names::<leads::Lead>("id")
                .write(Crm)
                .optional_body::<deals::ConvertIn>()
                .created::<deals::Converted>()
                .summary("Convert a lead into a deal, once"),
        )
        .merge(parent_routes::<B, OfLead>(ParentPaths {
            set_labels: "/api/lead/add-label/{id}",
            add_products: "/api/lead/assign-products/{lead_id}",
            remove_product: "/api/lead/{lead_id}/products/{product_id}",
            add_sources: "/api/lead-source/store/{lead_id}",
            remove_source: "/api/lead-source/{lead_id}/delete/{source_id}",
            add_users: "/api/lead-user/store/{lead_id}",
            remove_user: "/api/lead-user/{lead_id}/delete/{user_id}",
            clients: None,
            create_task: "/api/lead-task/create",
            update_task: "/api/lead-task/update/{id}",
            delete_task: "/api/lead-task/delete/{id}",
            log_call: "/api/lead-call/store",
            update_call: "/api/lead-call/update/{call_id}",
            delete_call: "/api/lead-call/delete/{call_id}",
            log_email: "/api/lead-email/store/{lead_id}",
            add_comment: "/api/lead-discussion/store/{lead_id}",
            upload_file: "/api/lead-file/store/{lead_id}",
            delete_file: "/api/lead-file/{lead_id}/delete/{file_id}",
            download_file: "/api/lead-file/{lead_id}/download/{file_id}",
            list_files: None,
        }))
        // Lead RPC-style routes and form helpers
        .row(
            Op::post("/api/lead/home", board::home)
                .read(Crm)
                .optional_body::<board::PipelineRef>()
                .ok::<board::Home>()
                .quirk()
                .summary("Dashboard: counts and amounts per stage, recent activity"),
        )
        .row(
            Op::post("/api/lead/leadboard", board::leadboard)
                .read(Crm)
                .optional_body::<board::PipelineRef>()
                .ok::<board::Leadboard>()
                .quirk()
                .summary("A pipeline's lead board"),
        )
        .row(
            Op::post("/api/lead/lead-details", board::lead_details)
                .read(Crm)
                .body::<board::LeadRef>()
                .ok::<board::LeadDetails>()
                .answers(&[404])
                .quirk()
                .summary("A lead with its activity"),
        )
        .row(
            Op::post("/api/lead/lead-create-update", board::lead_create_update)
                .write(Crm)
                .upsert_body::<leads::LeadIn, leads::LeadPatch>()
                .ok_or_created::<Lead>()
                .answers(&[404, 409])
                .quirk()
                .summary("Create a lead, or update it when `id` is given"),
        )
        .row(
            Op::post("/api/lead/lead-delete", board::lead_delete)
                .write(Crm)
                .body::<board::LeadRef>()
                .ok::<Deleted>()
                .answers(&[404, 409])
                .quirk()
                .summary("Delete a lead named in the body"),
        )
        .row(
            Op::post("/api/lead/lead-stage-update", board::lead_stage_update)
                .write(Crm)
                .body::<board::LeadMove>()
                .ok::<Lead>()
                .answers(&[404, 409])
                .quirk()
                .summary("Move a lead to a stage and position"),
        )
        .row(
            Op::post("/api/lead/lead-stage-create-update", board::lead_stage_create_update)
                .write(Crm)
                .upsert_body::<pipelines::StageIn, pipelines::StagePatch>()
                .ok_or_created::<Stage<LeadBoard>>()
                .answers(&[404, 409])
                .quirk()
                .summary("Create a lead stage, or update it when `id` is given"),
        )
        .row(
            Op::post("/api/lead/lead-stages", board::lead_stages)
                .read(Crm)
                .optional_body::<board::PipelineRef>()
                .ok::<board::PipelineStages>()
                .quirk()
                .summary("A pipeline's stages"),
        )
        .row(
            Op::post("/api/lead/pipeline-create-update", board::pipeline_create_update)
                .write(Crm)
                .upsert_body::<pipelines::PipelineIn, pipelines::PipelinePatch>()
                .ok_or_created::<Pipeline>()
                .answers(&[404, 409])
                .quirk()
                .summary("Create a pipeline, or update it when `id` is given"),
        )
        .row(
            Op::get("/api/lead/pipelines", board::pipelines_with_stages)
                .read(Crm)
                .ok::<board::Pipelines>()
                .quirk()
                .summary("Every pipeline with its stages"),
        )
        .row(
            Op::get("/api/lead/get-request-data", board::get_request_data)
                .read(Crm)
                .ok::<board::RequestData>()
                .quirk()
                .summary("The option lists the lead and deal forms need"),
        )
        .row(
            Op::get("/api/lead/get-users", board::get_users)
                .read(Crm)
                .ok::<board::Users>()
                .quirk()
                .summary("Users a lead can be assigned to"),
        )
        // Deals
        .resource::<Deal>(
            Crud::new()
                .list("/api/deals")
                .create("/api/deal/create")
                .show("/api/deal/show/{id}")
                .update("/api/deal/update/{id}")
                .delete("/api/deal/delete/{id}")
                .batch_create("/api/deal/batch/create")
                .batch_update("/api/deal/batch/update")
                .batch_delete("/api/deal/batch/delete")
                .import("/api/deal/import")
                .export("/api/deal/export"),
        )
        .merge(parent_routes::<B, OfDeal>(ParentPaths {
            set_labels: "/api/deal/add-label/{id}",
            add_products: "/api/deal/assign-products/{deal_id}",
            remove_product: "/api/deal/{deal_id}/products/{product_id}",
            add_sources: "/api/deal-source/store/{deal_id}",
            remove_source: "/api/deal-source/{deal_id}/delete/{source_id}",
            add_users: "/api/deal-user/store/{deal_id}",
            remove_user: "/api/deal-user/{deal_id}/delete/{user_id}",
            clients: Some([
                "/api/deal-client/store/{deal_id}",
                "/api/deal-client/{deal_id}/delete/{client_id}",
            ]),
            create_task: "/api/deal-task/create",
            update_task: "/api/deal-task/update/{id}",
            delete_task: "/api/deal-task/delete/{id}",
            log_call: "/api/deal-call/store",
            update_call: "/api/deal-call/update/{call_id}",
            delete_call: "/api/deal-call/delete/{call_id}",
            log_email: "/api/deal-email/store/{deal_id}",
            add_comment: "/api/deal-discussion/store/{deal_id}",
            upload_file: "/api/deal-file/store/{deal_id}",
            delete_file: "/api/deal-file/{deal_id}/delete/{file_id}",
            download_file: "/api/deal-file/{deal_id}/download/{file_id}",
            list_files: Some("/api/deal-file/{deal_id}/list"),
        }))
}
