//! A new workspace's CRM defaults (the "Sales" pipeline with its stages, and common sources), and
//! the sandbox's realistic contacts, leads and deals.

use async_trait::async_trait;
use serde_json::json;
use shared::http::{parse_value, ApiError};
use shared::resource::{ops, Cx, Resource};
use shared::sandbox::Seeder;
use shared::store::TenantId;
use shared::AppState;

use crate::contacts::Contact;
use crate::deals::Deal;
use crate::labels::{Label, Source};
use crate::leads::Lead;
use crate::pipelines::{stages_of, DealBoard, LeadBoard, Pipeline, Stage};

/// The real product's default lead stages.
pub const LEAD_STAGES: [&str; 6] = ["Draft", "Sent", "Open", "Revised", "Declined", "Accepted"];
/// The real product's default deal stages.
pub const DEAL_STAGES: [&str; 5] = ["Initial Contact", "Qualification", "Meeting", "Proposal", "Close"];
const SOURCES: [&str; 4] = ["Website", "Referral", "Phone", "Email campaign"];
const LABELS: [(&str, &str); 3] = [("Hot", "#EF4444"), ("Warm", "#F59E0B"), ("Cold", "#3B82F6")];

/// The workspace owner: the first user of every workspace, and who seeds act as.
const OWNER: u64 = 1;

async fn create<R: Resource>(cx: Cx<'_>, body: serde_json::Value) -> Result<R, ApiError> {
    ops::insert::<R>(cx, parse_value(body)?, Vec::new()).await
}

/// Writes the defaults unless the workspace already has a pipeline (so a retry is harmless).
pub async fn write_defaults(state: &AppState, tenant: TenantId) -> Result<(), ApiError> {
    let cx = Cx::system(state, tenant, OWNER);
    if !ops::load_all::<Pipeline>(cx).await?.is_empty() {
        return Ok(());
    }
    let pipeline: Pipeline = create(cx, json!({"name": "Sales"})).await?;
    let id = pipeline.meta.id;
    for (n, name) in LEAD_STAGES.iter().enumerate() {
        create::<Stage<LeadBoard>>(cx, json!({"name": name, "pipeline_id": id, "order": n + 1})).await?;
    }
    for (n, name) in DEAL_STAGES.iter().enumerate() {
        create::<Stage<DealBoard>>(cx, json!({"name": name, "pipeline_id": id, "order": n + 1})).await?;
    }
    for name in SOURCES {
        create::<Source>(cx, json!({"name": name})).await?;
    }
    for (name, color) in LABELS {
        create::<Label>(cx, json!({"name": name, "color": color, "pipeline_id": id})).await?;
    }
    Ok(())
}

/// Fills a sandbox with the defaults plus contacts, leads across the stages, and deals.
pub struct CrmSeeder;

#[async_trait]
impl Seeder for CrmSeeder {
    fn name(&self) -> &'static str {
        "crm"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        seed_sandbox(state, tenant).await.map_err(|e| anyhow::anyhow!("{e}"))
    }
}

async fn seed_sandbox(state: &AppState, tenant: TenantId) -> Result<(), ApiError> {
    write_defaults(state, tenant).await?;
    let cx = Cx::system(state, tenant, OWNER);
    let people = [
        ("Ada Byron", "ada@analytical.example", "+44 20 7946 0001", "customer"),
        ("Grace Hopper", "grace@cobol.example", "+1 202 555 0142", "prospect"),
        ("Alan Turing", "alan@bletchley.example", "+44 20 7946 0002", "partner"),
        (
            "Katherine Johnson",
            "katherine@nasa.example",
            "+1 757 555 0199",
            "customer",
        ),
        ("Linus Pauling", "linus@caltech.example", "+1 626 555 0123", "prospect"),
    ];
    for (name, email, phone, tag) in people {
        create::<Contact>(cx, json!({"name": name, "email": email, "phone": phone, "tags": [tag]})).await?;
    }
    let pipeline = ops::load_all::<Pipeline>(cx).await?.remove(0);
    let lead_stages = stages_of::<LeadBoard>(cx, pipeline.meta.id).await?;
    let leads = [
        ("Website redesign", "maria@northwind.example"),
        ("ERP rollout", "tom@contoso.example"),
        ("Annual support plan", "li@fabrikam.example"),
        ("Data migration", "sara@adventure.example"),
        ("Mobile app", "omar@tailspin.example"),
        ("Training workshop", "eva@wingtip.example"),
        ("Cloud hosting", "ken@litware.example"),
        ("Security audit", "ana@proseware.example"),
    ];
    for (n, (name, email)) in leads.iter().enumerate() {
        let stage = &lead_stages[n % lead_stages.len()];
        create::<Lead>(
            cx,
            json!({"name": name, "email": email, "subject": format!("{name} enquiry"),
            "pipeline_id": pipeline.meta.id, "stage_id": stage.meta.id}),
        )
        .await?;
    }
    let deal_stages = stages_of::<DealBoard>(cx, pipeline.meta.id).await?;
    let deals = [
        ("Northwind website", "12500.00", "open"),
        ("Contoso ERP", "48000.00", "open"),
        ("Fabrikam support", "6000.00", "won"),
        ("Tailspin app", "22000.00", "lost"),
    ];
    for (n, (name, amount, status)) in deals.iter().enumerate() {
        let stage = &deal_stages[n % deal_stages.len()];
        let deal: Deal = create(
            cx,
            json!({"name": name, "amount": amount, "pipeline_id": pipeline.meta.id,
            "stage_id": stage.meta.id}),
        )
        .await?;
        if *status != "open" {
            ops::update::<Deal>(cx, deal.meta.id, parse_value(json!({"status": status}))?, None).await?;
        }
    }
    Ok(())
}
