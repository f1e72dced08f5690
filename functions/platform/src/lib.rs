//! Platform: the public plan catalogue, the OpenAPI document, the public lead-capture widget,
//! accounts (a live workspace and its seeded sandbox), the first start of an empty store, and
//! sandbox resets.

pub mod accounts;
pub mod openapi;
pub mod plans;
pub mod sandbox;

use crm::widgets::{self, WidgetConfig, WidgetLeadIn, WidgetThanks, WIDGET_BODY_LIMIT};
use shared::auth::Module::Users;
use shared::module::ModuleDef;
use shared::routes::{Op, Routes};

pub const MODULE: ModuleDef = ModuleDef::routes("platform", routes);

/// Every platform route, one row each.
pub fn routes() -> Routes {
    Routes::new("Platform")
        .row(
            Op::get("/api/public/plans", plans::list_plans)
                .public()
                .query::<shared::resource::NoFilters>()
                .list::<plans::PlanOut>()
                .summary("The plans and the modules each includes"),
        )
        .row(
            Op::get("/api/openapi.json", openapi::serve)
                .public()
                .summary("This document (designed)"),
        )
        .row(
            Op::get("/api/widget/{token}", widgets::show_widget)
                .public()
                .ok::<WidgetConfig>()
                .summary("A lead-capture widget's form configuration"),
        )
        .row(
            Op::post("/api/widget/lead", widgets::submit_lead)
                .public()
                .limit(WIDGET_BODY_LIMIT)
                .body::<WidgetLeadIn>()
                .created::<WidgetThanks>()
                .answers(&[404, 429])
                .summary("Submit a lead through a widget (rate limited per IP and widget)"),
        )
        .row(
            // Resetting wipes what everyone in the account built in the sandbox: an administrator's
            // call. A sandbox key may make it (it acts on the sandbox only).
            Op::post("/api/v1/sandbox/reset", sandbox::reset_sandbox)
                .write(Users)
                .summary("Replace the sandbox with a freshly seeded one (designed)"),
        )
}
