//! Platform: the public plan catalogue, the OpenAPI document, the public lead-capture widget,
//! accounts (a live workspace and its seeded sandbox), the first start of an empty store, and
//! sandbox resets.

pub mod accounts;
pub mod badge;
pub mod billing;
pub mod branding;
pub mod cells;
pub mod dashboard;
pub mod docs_page;
pub mod embedded;
pub mod integrations;
pub mod openapi;
pub mod plans;
pub mod sandbox;
pub mod signup;
pub mod tenants;

use crm::widgets::{self, WidgetConfig, WidgetLeadIn, WidgetThanks, WIDGET_BODY_LIMIT};
use integrations::{SmsGateway, SocialPost, TodoSync};
use shared::auth::Module::{Platform, Users};
use shared::http::UPLOAD_BODY_LIMIT;
use shared::module::ModuleDef;
use shared::routes::{Build, Crud, Op, Routes};
use tenants::{SubTenant, WlPlan};

shared::route_table!(routes);

/// Sign-up, sub-tenants and sandbox resets open accounts, which every module's seeder fills.
pub const MODULE: ModuleDef = ModuleDef {
    opens_accounts: true,
    ..ModuleDef::routes("platform", served_routes, transfer_routes)
};

/// Every platform route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    billing::routes(Routes::new("Platform"))
        .row(
            Op::post("/api/signup", signup::signup)
                .public()
                .body::<signup::SignupIn>()
                .created::<signup::SignupOut>()
                .answers(&[429])
                .summary("Open an account: a workspace on a plan's trial, its owner and sandbox")
                .details("No approval: the answer is the owner's session and a sandbox (`wt_test_`) key, shown this once, so the first API call can follow at once. The owner's address gets a verification mail; live keys can be made once it is verified (`POST /api/verify-email`). At most ten sign-ups an hour from one client address (429)."),
        )
        .row(
            Op::get("/api/public/plans", plans::list_plans)
                .public()
                .query::<shared::resource::NoFilters>()
                .list::<plans::PlanOut>()
                .summary("The plans and the modules each includes"),
        )
        .row(
            Op::get("/api/public/plans/{plan}", plans::show_plan)
                .public()
                .ok::<plans::PlanOut>()
                .summary("A plan and the modules it includes"),
        )
        .row(
            Op::get("/api/openapi.json", openapi::serve)
                .public()
                .ok::<shared::openapi::JsonDocument>()
                .answers(&[401])
                .cached()
                .summary("This document; with a token, the workspace's own, its custom fields spelled out (designed)"),
        )
        .row(
            Op::get("/", dashboard::page)
                .public()
                .bytes()
                .summary("The dashboard: sign up, keys, the sandbox, webhooks, OAuth applications, users (designed)"),
        )
        .row(
            Op::get("/dashboard/{file}", dashboard::file)
                .public()
                .bytes()
                .summary("A script, style or image of the dashboard (designed)"),
        )
        .row(
            Op::get("/dashboard/pages/{file}", dashboard::page_script)
                .public()
                .bytes()
                .summary("The script of one page of the dashboard (designed)"),
        )
        .row(
            Op::get("/docs", docs_page::page)
                .public()
                .bytes()
                .summary("The API reference page (designed)"),
        )
        .row(
            Op::get("/docs/redoc.standalone.js", docs_page::redoc_bundle)
                .public()
                .bytes()
                .cached()
                .summary("The reference page's script: the vendored Redoc bundle, cached (designed)"),
        )
        .row(
            Op::get("/api/postman.json", openapi::serve_collection)
                .public()
                .ok::<shared::openapi::JsonDocument>()
                .cached()
                .summary("A Postman collection (v2.1) of every operation (designed)"),
        )
        .row(
            Op::get("/api/widget/{token}", widgets::show_widget)
                .public()
                .ok::<WidgetConfig>()
                .answers(&[421])
                .summary("A lead-capture widget's form configuration"),
        )
        .row(
            Op::post("/api/widget/lead", widgets::submit_lead)
                .public()
                .limit(WIDGET_BODY_LIMIT)
                .body::<WidgetLeadIn>()
                .created::<WidgetThanks>()
                .answers(&[404, 421, 429])
                .summary("Submit a lead through a widget (rate limited per IP and widget)"),
        )
        .row(
            // Resetting wipes what everyone in the account built in the sandbox: an administrator's
            // call. A sandbox key may make it (it acts on the sandbox only).
            Op::post("/api/v1/sandbox/reset", sandbox::reset_sandbox)
                .write(Users)
                // It touches only the sandbox, which stays writable.
                .open_while_read_only()
                .ok::<sandbox::SandboxReset>()
                .summary("Replace the sandbox with a freshly seeded one (designed)"),
        )
        .merge(white_label())
        .merge(integration_helpers())
        .row(
            Op::get("/api/badge/{token}", badge::render_badge)
                .public()
                .bytes()
                .answers(&[421])
                .cached()
                .summary("A workspace's partner badge: SVG, cached, with an ETag"),
        )
        .row(
            Op::get("/api/wl/badge", badge::show_badge)
                .read(Users)
                .live_only()
                .ok::<badge::BadgeOut>()
                .answers(&[404])
                .summary("The workspace's badge token and URL (designed)"),
        )
        .row(
            Op::post("/api/wl/badge", badge::create_badge)
                .write(Users)
                .live_only()
                .created::<badge::BadgeOut>()
                .answers(&[409])
                .summary("A new badge token; the previous one stops working (designed)"),
        )
        .row(
            Op::delete("/api/wl/badge", badge::revoke_badge)
                .write(Users)
                .live_only()
                .ok::<badge::BadgeRevoked>()
                .answers(&[404, 409])
                .summary("Revoke the workspace's badge (designed)"),
        )
}

/// The catalogue's integration helpers, each with a designed `POST` beside its `GET`.
fn integration_helpers<B: Build>() -> Routes<B> {
    Routes::new("Integrations")
        .row(
            Op::get("/api/social-post", integrations::show::<SocialPost>)
                .read(Users)
                .ok::<SocialPost>()
                .summary("The workspace's social network feed settings"),
        )
        .row(
            Op::post("/api/social-post", integrations::update::<SocialPost>)
                .write(Users)
                .body::<integrations::SocialPostIn>()
                .ok::<SocialPost>()
                .answers(&[409])
                .summary("Change the social network feed settings (designed)"),
        )
        .row(
            Op::get("/api/todo-sync", integrations::show::<TodoSync>)
                .read(Users)
                .ok::<TodoSync>()
                .summary("The workspace's to-do service sync settings"),
        )
        .row(
            Op::post("/api/todo-sync", integrations::update::<TodoSync>)
                .write(Users)
                .body::<integrations::TodoSyncIn>()
                .ok::<TodoSync>()
                .answers(&[409])
                .summary("Change the to-do service sync settings (designed)"),
        )
        .row(
            Op::get("/api/sms-gateway", integrations::show::<SmsGateway>)
                .read(Users)
                .ok::<SmsGateway>()
                .summary("The workspace's SMS gateway settings"),
        )
        .row(
            Op::post("/api/sms-gateway", integrations::update::<SmsGateway>)
                .write(Users)
                .body::<integrations::SmsGatewayIn>()
                .ok::<SmsGateway>()
                .answers(&[409])
                .summary("Change the SMS gateway settings (designed)"),
        )
}

/// White-label: sub-tenants, their plans, branding, domain and SMTP (designed routes, except the
/// catalogue's `GET /api/wl/plans`). Every row acts on the caller's live workspace as a platform.
fn white_label<B: Build>() -> Routes<B> {
    Routes::new("White-label")
        .internal("/internal/cells/{op}", cells::serve)
        .row(
            Op::post("/api/wl/tenants", tenants::create_tenant)
                .write(Platform)
                .live_only()
                .body::<tenants::SubTenantIn>()
                .created::<tenants::ProvisionedOut>()
                .creates::<SubTenant>()
                .example(
                    serde_json::json!({"name": "Northwind Traders", "owner_name": "Nora Diaz",
                    "owner_email": "owner-{{unique}}@example.com"}),
                )
                .answers(&[503])
                .summary("Provision a sub-tenant: its account, seeded sandbox and owner invitation (designed)"),
        )
        .resource::<SubTenant>(
            Crud::new()
                .list("/api/wl/tenants")
                .patch("/api/wl/tenants/{id}")
                .batch_update("/api/wl/tenants/batch/update")
                .export("/api/wl/tenants/export"),
        )
        .row(
            Op::get("/api/wl/tenants/{id}", tenants::show_tenant)
                .names::<tenants::SubTenant>("id")
                .read(Platform)
                .ok::<tenants::SubTenantDetail>()
                .answers(&[503])
                .summary("A sub-tenant with its usage (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/suspend", tenants::suspend_tenant)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .ok::<tenants::SubTenantOut>()
                .answers(&[503])
                .summary("Suspend a sub-tenant: its credentials answer 403 tenant_suspended (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/resume", tenants::resume_tenant)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .ok::<tenants::SubTenantOut>()
                .answers(&[503])
                .summary("Resume a suspended sub-tenant (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/plan", tenants::assign_plan)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .body::<tenants::AssignPlanIn>()
                .ok::<tenants::SubTenantOut>()
                .answers(&[503])
                .summary("Put a sub-tenant on one of the platform's plans (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/invitation", tenants::reissue_invitation)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .created::<tenants::InvitationOut>()
                .answers(&[503])
                .summary("A new owner invitation; the previous one stops working (designed)"),
        )
        .row(
            Op::post("/api/wl/invitations/accept", tenants::accept_invitation)
                .public()
                .body::<tenants::AcceptInvitationIn>()
                .ok::<tenants::AcceptedOut>()
                .answers(&[404, 409, 421])
                .summary("A sub-tenant owner sets their password with the invitation token (designed)"),
        )
        .row(
            Op::get("/api/wl/tenants/{id}/branding", branding::show_branding)
                .names::<tenants::SubTenant>("id")
                .read(Platform)
                .ok::<branding::BrandingOut>()
                .answers(&[409])
                .summary("A sub-tenant's branding (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/branding", branding::update_branding)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .body::<branding::BrandingIn>()
                .ok::<branding::BrandingOut>()
                .summary("Set a sub-tenant's brand name, colours and support address (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/branding/logo", branding::upload_logo)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .multipart(&["logo"], UPLOAD_BODY_LIMIT)
                .ok::<branding::BrandingOut>()
                .summary("Upload a sub-tenant's logo: PNG, JPEG, GIF or WebP, at most 1 MiB (designed)"),
        )
        .row(
            Op::get("/api/wl/tenants/{id}/branding/logo", branding::download_logo)
                .names::<tenants::SubTenant>("id")
                .read(Platform)
                .bytes()
                .answers(&[409])
                .summary("A sub-tenant's logo (designed)"),
        )
        .row(
            Op::get("/api/wl/tenants/{id}/domain", branding::show_domain)
                .names::<tenants::SubTenant>("id")
                .read(Platform)
                .ok::<branding::DomainOut>()
                .answers(&[409])
                .summary("A sub-tenant's custom domain and its verification record (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/domain", branding::set_domain)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .body::<branding::DomainIn>()
                .ok::<branding::DomainOut>()
                .summary("Set a sub-tenant's custom domain; answers the TXT record to publish (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/domain/verify", branding::verify_domain)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .ok::<branding::DomainOut>()
                .answers(&[422, 503])
                .summary("Check the domain's TXT record through DNS over HTTPS (designed)"),
        )
        .row(
            Op::get("/api/wl/tenants/{id}/smtp", branding::show_smtp)
                .names::<tenants::SubTenant>("id")
                .read(Platform)
                .ok::<branding::SmtpOut>()
                .answers(&[409])
                .summary("A sub-tenant's SMTP settings; the password shows only as password_set (designed)"),
        )
        .row(
            Op::post("/api/wl/tenants/{id}/smtp", branding::update_smtp)
                .names::<tenants::SubTenant>("id")
                .write(Platform)
                .live_only()
                .body::<branding::SmtpIn>()
                .ok::<branding::SmtpOut>()
                .summary("Set a sub-tenant's SMTP settings; the password is stored encrypted (designed)"),
        )
        .resource::<WlPlan>(
            Crud::new()
                .list("/api/wl/plans")
                .show("/api/wl/plans/{id}")
                .create("/api/wl/plans/create")
                .update("/api/wl/plans/update/{id}")
                .delete("/api/wl/plans/delete/{id}")
                .batch_create("/api/wl/plans/batch/create")
                .batch_update("/api/wl/plans/batch/update")
                .batch_delete("/api/wl/plans/batch/delete")
                .import("/api/wl/plans/import")
                .export("/api/wl/plans/export"),
        )
}
