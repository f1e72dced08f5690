//! The routes a lead and a deal both have (labels, linked records, activities, files), made by one
//! builder at each parent's paths: the catalogue spells every one of them differently, and the rows
//! are otherwise the same.

use schemars::JsonSchema;
use shared::auth::records::USER;
use shared::auth::Module::Crm;
use shared::http::UPLOAD_BODY_LIMIT;
use shared::resource::{Deleted, Resource};
use shared::routes::{Build, Op, Routes};

use crate::activity::{
    self, Call, CallFields, CallIn, CallPatch, Discussion, DiscussionFields, DiscussionIn, Email, EmailFields, EmailIn,
    Parent, Task, TaskFields, TaskIn, TaskPatch,
};
use crate::files::{self, CrmFile, CrmFileOut};
use crate::labels::Source;
use crate::links::{self, Clients, LinkAddIn, LinkIn, Linked, Products, Sources, Users};
use inventory::products::Product;

/// Where one parent's shared routes are.
pub struct ParentPaths {
    pub set_labels: &'static str,
    pub add_products: &'static str,
    pub remove_product: &'static str,
    pub add_sources: &'static str,
    pub remove_source: &'static str,
    pub add_users: &'static str,
    pub remove_user: &'static str,
    /// Adding and removing clients: a deal's (a lead has none).
    pub clients: Option<[&'static str; 2]>,
    pub create_task: &'static str,
    pub update_task: &'static str,
    pub delete_task: &'static str,
    pub log_call: &'static str,
    pub update_call: &'static str,
    pub delete_call: &'static str,
    pub log_email: &'static str,
    pub add_comment: &'static str,
    pub upload_file: &'static str,
    pub delete_file: &'static str,
    pub download_file: &'static str,
    /// A deal's file list (a lead's files come with its details).
    pub list_files: Option<&'static str>,
}

/// `P`'s shared routes at `paths`, in the catalogue's order.
pub fn parent_routes<B: Build, P: Parent>(paths: ParentPaths) -> Routes<B>
where
    P::Record: Linked + JsonSchema,
{
    let name = <P::Record as Resource>::NAME.to_lowercase();
    let id = P::FIELD;
    let mut routes = Routes::new("CRM")
        .row(
            Op::post(paths.set_labels, links::replace::<P::Record, links::Labels>)
                .names::<P::Record>("id")
                .write(Crm)
                .body::<LinkIn>()
                .ok::<P::Record>()
                .summary(format!("Set a {name}'s labels")),
        )
        .row(
            Op::post(paths.add_products, links::add::<P::Record, Products>)
                .names::<P::Record>(id)
                .write(Crm)
                .body::<LinkAddIn>()
                .ok::<P::Record>()
                .summary(format!("Add products to a {name}")),
        )
        .row(
            Op::delete(paths.remove_product, links::remove::<P::Record, Products>)
                .names::<P::Record>(id)
                .names::<Product>("product_id")
                .write(Crm)
                .ok::<P::Record>()
                .summary(format!("Remove a product from a {name}")),
        )
        .row(
            Op::post(paths.add_sources, links::add::<P::Record, Sources>)
                .names::<P::Record>(id)
                .write(Crm)
                .body::<LinkAddIn>()
                .ok::<P::Record>()
                .summary(format!("Add sources to a {name}")),
        )
        .row(
            Op::delete(paths.remove_source, links::remove::<P::Record, Sources>)
                .names::<P::Record>(id)
                .names::<Source>("source_id")
                .write(Crm)
                .ok::<P::Record>()
                .summary(format!("Remove a source from a {name}")),
        )
        .row(
            Op::post(paths.add_users, links::add::<P::Record, Users>)
                .names::<P::Record>(id)
                .write(Crm)
                .body::<LinkAddIn>()
                .ok::<P::Record>()
                .summary(format!("Assign users to a {name}")),
        )
        .row(
            Op::delete(paths.remove_user, links::remove::<P::Record, Users>)
                .names::<P::Record>(id)
                .names_kind("user_id", USER)
                .write(Crm)
                .ok::<P::Record>()
                .summary(format!("Remove an assigned user from a {name}")),
        );
    if let Some([add, remove]) = paths.clients {
        routes = routes
            .row(
                Op::post(add, links::add::<P::Record, Clients>)
                    .names::<P::Record>(id)
                    .write(Crm)
                    .body::<LinkAddIn>()
                    .ok::<P::Record>()
                    .summary(format!("Add clients to a {name}")),
            )
            .row(
                Op::delete(remove, links::remove::<P::Record, Clients>)
                    .names::<P::Record>(id)
                    .names_kind("client_id", USER)
                    .write(Crm)
                    .ok::<P::Record>()
                    .summary(format!("Remove a client from a {name}")),
            );
    }
    let routes = routes
        .row(
            Op::post(paths.create_task, activity::create_from_body::<TaskFields, P>)
                .write(Crm)
                .body::<P::ActivityIn<TaskIn>>()
                .created::<Task>()
                .summary(format!("Create a task on a {name}")),
        )
        .row(
            Op::post(paths.update_task, activity::update::<Task, P>)
                .names::<Task>("id")
                .write(Crm)
                .body::<TaskPatch>()
                .ok::<Task>()
                .summary(format!("Update a task on a {name}")),
        )
        .row(
            Op::delete(paths.delete_task, activity::delete::<Task, P>)
                .names::<Task>("id")
                .write(Crm)
                .ok::<Deleted>()
                .summary(format!("Delete a task from a {name}")),
        )
        .row(
            Op::post(paths.log_call, activity::create_from_body::<CallFields, P>)
                .write(Crm)
                .body::<P::ActivityIn<CallIn>>()
                .created::<Call>()
                .summary(format!("Log a call on a {name}")),
        )
        .row(
            Op::post(paths.update_call, activity::update::<Call, P>)
                .names::<Call>("call_id")
                .write(Crm)
                .body::<CallPatch>()
                .ok::<Call>()
                .summary(format!("Update a call on a {name}")),
        )
        .row(
            Op::delete(paths.delete_call, activity::delete::<Call, P>)
                .names::<Call>("call_id")
                .write(Crm)
                .ok::<Deleted>()
                .summary(format!("Delete a call from a {name}")),
        )
        .row(
            Op::post(paths.log_email, activity::create_at::<EmailFields, P>)
                .names::<P::Record>(id)
                .write(Crm)
                .body::<EmailIn>()
                .created::<Email>()
                .summary(format!("Log an e-mail on a {name}")),
        )
        .row(
            Op::post(paths.add_comment, activity::create_at::<DiscussionFields, P>)
                .names::<P::Record>(id)
                .write(Crm)
                .body::<DiscussionIn>()
                .created::<Discussion>()
                .summary(format!("Add a comment to a {name}'s discussion")),
        )
        .row(
            Op::post(paths.upload_file, files::upload_file::<P>)
                .names::<P::Record>(id)
                .write(Crm)
                .multipart(&["file"], UPLOAD_BODY_LIMIT)
                .created::<CrmFileOut>()
                .summary(format!("Upload a file to a {name}")),
        )
        .row(
            Op::delete(paths.delete_file, files::delete_file::<P>)
                .names::<P::Record>(id)
                .names::<CrmFile>("file_id")
                .write(Crm)
                .ok::<Deleted>()
                .summary(format!("Delete a file from a {name}")),
        )
        .row(
            Op::get(paths.download_file, files::download_file::<P>)
                .names::<P::Record>(id)
                .names::<CrmFile>("file_id")
                .read(Crm)
                .download()
                .summary(format!(
                    "Download a {name}'s file (in the cloud: a redirect to a signed link)"
                )),
        );
    match paths.list_files {
        Some(path) => routes.row(
            Op::get(path, files::list_files::<P>)
                .names::<P::Record>(id)
                .read(Crm)
                .ok::<Vec<CrmFileOut>>()
                .summary(format!("A {name}'s files, oldest first, each with its download route")),
        ),
        None => routes,
    }
}
