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
pub mod pipelines;
pub mod seed;
pub mod widgets;

use shared::auth::Module::Crm;
use shared::http::UPLOAD_BODY_LIMIT;
use shared::module::ModuleDef;
use shared::resource::refs::Cascade;
use shared::resource::Deleted;
use shared::routes::{Build, Crud, Op, Routes};

use activity::{Call, CallFields, Discussion, DiscussionFields, Email, EmailFields, OfDeal, OfLead, Task, TaskFields};
use contacts::{CONTACT_CREATED, CONTACT_DELETED, CONTACT_UPDATED};
use deals::Deal;
use deals::DealBoard;
use deals::{DEAL_CREATED, DEAL_DELETED, DEAL_STAGE_CHANGED, DEAL_STATUS_CHANGED, DEAL_UPDATED};
use files::CrmFileOut;
use labels::{Label, Source};
use leads::Lead;
use leads::LeadBoard;
use leads::{LEAD_CONVERTED, LEAD_CREATED, LEAD_DELETED, LEAD_STAGE_CHANGED, LEAD_UPDATED};
use links::{Clients, LinkIn, Products, Sources, Users};
use pipelines::{Pipeline, Stage};

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "crm",
    routes: Some(served_routes),
    described: described_routes,
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
                .names("id", "crm_lead")
                .write(Crm)
                .optional_body::<deals::ConvertIn>()
                .created::<deals::Converted>()
                .summary("Convert a lead into a deal, once"),
        )
        .row(
            Op::post("/api/lead/add-label/{id}", links::replace::<Lead, links::Labels>)
                .names("id", "crm_lead")
                .write(Crm)
                .body::<LinkIn>()
                .ok::<Lead>()
                .summary("Set a lead's labels"),
        )
        .row(
            Op::post("/api/lead/assign-products/{lead_id}", links::add::<Lead, Products>)
                .names("lead_id", "crm_lead")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Lead>()
                .summary("Add products to a lead"),
        )
        .row(
            Op::delete(
                "/api/lead/{lead_id}/products/{product_id}",
                links::remove::<Lead, Products>,
            )
            .names("lead_id", "crm_lead")
            .names("product_id", "inv_product")
            .write(Crm)
            .ok::<Lead>()
            .summary("Remove a product from a lead"),
        )
        .row(
            Op::post("/api/lead-source/store/{lead_id}", links::add::<Lead, Sources>)
                .names("lead_id", "crm_lead")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Lead>()
                .summary("Add sources to a lead"),
        )
        .row(
            Op::delete(
                "/api/lead-source/{lead_id}/delete/{source_id}",
                links::remove::<Lead, Sources>,
            )
            .names("lead_id", "crm_lead")
            .names("source_id", "crm_source")
            .write(Crm)
            .ok::<Lead>()
            .summary("Remove a source from a lead"),
        )
        .row(
            Op::post("/api/lead-user/store/{lead_id}", links::add::<Lead, Users>)
                .names("lead_id", "crm_lead")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Lead>()
                .summary("Assign users to a lead"),
        )
        .row(
            Op::delete(
                "/api/lead-user/{lead_id}/delete/{user_id}",
                links::remove::<Lead, Users>,
            )
            .names("lead_id", "crm_lead")
            .names("user_id", "user")
            .write(Crm)
            .ok::<Lead>()
            .summary("Remove an assigned user from a lead"),
        )
        .row(
            Op::post(
                "/api/lead-task/create",
                activity::create_from_body::<TaskFields, OfLead>,
            )
            .write(Crm)
            .body::<activity::LeadActivityIn<activity::TaskIn>>()
            .created::<Task>()
            .summary("Create a task on a lead"),
        )
        .row(
            Op::post("/api/lead-task/update/{id}", activity::update::<Task, OfLead>)
                .names("id", "crm_task")
                .write(Crm)
                .body::<activity::TaskPatch>()
                .ok::<Task>()
                .summary("Update a task on a lead"),
        )
        .row(
            Op::delete("/api/lead-task/delete/{id}", activity::delete::<Task, OfLead>)
                .names("id", "crm_task")
                .write(Crm)
                .ok::<Deleted>()
                .summary("Delete a task from a lead"),
        )
        .row(
            Op::post("/api/lead-call/store", activity::create_from_body::<CallFields, OfLead>)
                .write(Crm)
                .body::<activity::LeadActivityIn<activity::CallIn>>()
                .created::<Call>()
                .summary("Log a call on a lead"),
        )
        .row(
            Op::post("/api/lead-call/update/{call_id}", activity::update::<Call, OfLead>)
                .names("call_id", "crm_call")
                .write(Crm)
                .body::<activity::CallPatch>()
                .ok::<Call>()
                .summary("Update a call on a lead"),
        )
        .row(
            Op::delete("/api/lead-call/delete/{call_id}", activity::delete::<Call, OfLead>)
                .names("call_id", "crm_call")
                .write(Crm)
                .ok::<Deleted>()
                .summary("Delete a call from a lead"),
        )
        .row(
            Op::post(
                "/api/lead-email/store/{lead_id}",
                activity::create_at::<EmailFields, OfLead>,
            )
            .names("lead_id", "crm_lead")
            .write(Crm)
            .body::<activity::EmailIn>()
            .created::<Email>()
            .summary("Log an e-mail on a lead"),
        )
        .row(
            Op::post(
                "/api/lead-discussion/store/{lead_id}",
                activity::create_at::<DiscussionFields, OfLead>,
            )
            .names("lead_id", "crm_lead")
            .write(Crm)
            .body::<activity::DiscussionIn>()
            .created::<Discussion>()
            .summary("Add a comment to a lead's discussion"),
        )
        .row(
            Op::post("/api/lead-file/store/{lead_id}", files::upload_file::<OfLead>)
                .names("lead_id", "crm_lead")
                .write(Crm)
                .multipart(&["file"], UPLOAD_BODY_LIMIT)
                .created::<CrmFileOut>()
                .summary("Upload a file to a lead"),
        )
        .row(
            Op::delete(
                "/api/lead-file/{lead_id}/delete/{file_id}",
                files::delete_file::<OfLead>,
            )
            .names("lead_id", "crm_lead")
            .names("file_id", "crm_file")
            .write(Crm)
            .ok::<Deleted>()
            .summary("Delete a file from a lead"),
        )
        .row(
            Op::get(
                "/api/lead-file/{lead_id}/download/{file_id}",
                files::download_file::<OfLead>,
            )
            .names("lead_id", "crm_lead")
            .names("file_id", "crm_file")
            .read(Crm)
            .download()
            .summary("Download a lead's file (in the cloud: a redirect to a signed link)"),
        )
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
        .row(
            Op::post("/api/deal/add-label/{id}", links::replace::<Deal, links::Labels>)
                .names("id", "crm_deal")
                .write(Crm)
                .body::<LinkIn>()
                .ok::<Deal>()
                .summary("Set a deal's labels"),
        )
        .row(
            Op::post("/api/deal/assign-products/{deal_id}", links::add::<Deal, Products>)
                .names("deal_id", "crm_deal")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Deal>()
                .summary("Add products to a deal"),
        )
        .row(
            Op::delete(
                "/api/deal/{deal_id}/products/{product_id}",
                links::remove::<Deal, Products>,
            )
            .names("deal_id", "crm_deal")
            .names("product_id", "inv_product")
            .write(Crm)
            .ok::<Deal>()
            .summary("Remove a product from a deal"),
        )
        .row(
            Op::post("/api/deal-source/store/{deal_id}", links::add::<Deal, Sources>)
                .names("deal_id", "crm_deal")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Deal>()
                .summary("Add sources to a deal"),
        )
        .row(
            Op::delete(
                "/api/deal-source/{deal_id}/delete/{source_id}",
                links::remove::<Deal, Sources>,
            )
            .names("deal_id", "crm_deal")
            .names("source_id", "crm_source")
            .write(Crm)
            .ok::<Deal>()
            .summary("Remove a source from a deal"),
        )
        .row(
            Op::post("/api/deal-user/store/{deal_id}", links::add::<Deal, Users>)
                .names("deal_id", "crm_deal")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Deal>()
                .summary("Assign users to a deal"),
        )
        .row(
            Op::delete(
                "/api/deal-user/{deal_id}/delete/{user_id}",
                links::remove::<Deal, Users>,
            )
            .names("deal_id", "crm_deal")
            .names("user_id", "user")
            .write(Crm)
            .ok::<Deal>()
            .summary("Remove an assigned user from a deal"),
        )
        .row(
            Op::post("/api/deal-client/store/{deal_id}", links::add::<Deal, Clients>)
                .names("deal_id", "crm_deal")
                .write(Crm)
                .body::<links::LinkAddIn>()
                .ok::<Deal>()
                .summary("Add clients to a deal"),
        )
        .row(
            Op::delete(
                "/api/deal-client/{deal_id}/delete/{client_id}",
                links::remove::<Deal, Clients>,
            )
            .names("deal_id", "crm_deal")
            .names("client_id", "user")
            .write(Crm)
            .ok::<Deal>()
            .summary("Remove a client from a deal"),
        )
        .row(
            Op::post(
                "/api/deal-task/create",
                activity::create_from_body::<TaskFields, OfDeal>,
            )
            .write(Crm)
            .body::<activity::DealActivityIn<activity::TaskIn>>()
            .created::<Task>()
            .summary("Create a task on a deal"),
        )
        .row(
            Op::post("/api/deal-task/update/{id}", activity::update::<Task, OfDeal>)
                .names("id", "crm_task")
                .write(Crm)
                .body::<activity::TaskPatch>()
                .ok::<Task>()
                .summary("Update a task on a deal"),
        )
        .row(
            Op::delete("/api/deal-task/delete/{id}", activity::delete::<Task, OfDeal>)
                .names("id", "crm_task")
                .write(Crm)
                .ok::<Deleted>()
                .summary("Delete a task from a deal"),
        )
        .row(
            Op::post("/api/deal-call/store", activity::create_from_body::<CallFields, OfDeal>)
                .write(Crm)
                .body::<activity::DealActivityIn<activity::CallIn>>()
                .created::<Call>()
                .summary("Log a call on a deal"),
        )
        .row(
            Op::post("/api/deal-call/update/{call_id}", activity::update::<Call, OfDeal>)
                .names("call_id", "crm_call")
                .write(Crm)
                .body::<activity::CallPatch>()
                .ok::<Call>()
                .summary("Update a call on a deal"),
        )
        .row(
            Op::delete("/api/deal-call/delete/{call_id}", activity::delete::<Call, OfDeal>)
                .names("call_id", "crm_call")
                .write(Crm)
                .ok::<Deleted>()
                .summary("Delete a call from a deal"),
        )
        .row(
            Op::post(
                "/api/deal-email/store/{deal_id}",
                activity::create_at::<EmailFields, OfDeal>,
            )
            .names("deal_id", "crm_deal")
            .write(Crm)
            .body::<activity::EmailIn>()
            .created::<Email>()
            .summary("Log an e-mail on a deal"),
        )
        .row(
            Op::post(
                "/api/deal-discussion/store/{deal_id}",
                activity::create_at::<DiscussionFields, OfDeal>,
            )
            .names("deal_id", "crm_deal")
            .write(Crm)
            .body::<activity::DiscussionIn>()
            .created::<Discussion>()
            .summary("Add a comment to a deal's discussion"),
        )
        .row(
            Op::post("/api/deal-file/store/{deal_id}", files::upload_file::<OfDeal>)
                .names("deal_id", "crm_deal")
                .write(Crm)
                .multipart(&["file"], UPLOAD_BODY_LIMIT)
                .created::<CrmFileOut>()
                .summary("Upload a file to a deal"),
        )
        .row(
            Op::delete(
                "/api/deal-file/{deal_id}/delete/{file_id}",
                files::delete_file::<OfDeal>,
            )
            .names("deal_id", "crm_deal")
            .names("file_id", "crm_file")
            .write(Crm)
            .ok::<Deleted>()
            .summary("Delete a file from a deal"),
        )
        .row(
            Op::get(
                "/api/deal-file/{deal_id}/download/{file_id}",
                files::download_file::<OfDeal>,
            )
            .names("deal_id", "crm_deal")
            .names("file_id", "crm_file")
            .read(Crm)
            .download()
            .summary("Download a deal's file (in the cloud: a redirect to a signed link)"),
        )
        .row(
            Op::get("/api/deal-file/{deal_id}/list", files::list_files::<OfDeal>)
                .names("deal_id", "crm_deal")
                .read(Crm)
                .ok::<Vec<CrmFileOut>>()
                .summary("A deal's files, oldest first, each with its download route"),
        )
}
