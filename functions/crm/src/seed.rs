//! A new workspace's CRM defaults (the "Sales" pipeline with its stages, and common sources), and
//! the sandbox's realistic contacts, leads and deals.

use std::marker::PhantomData;

use async_trait::async_trait;
use shared::domain::{Color, Email};
use shared::http::ApiError;
use shared::money::Money;
use shared::resource::{index, Cx, Id, Meta};
use shared::sandbox::{with_id, Batch, Seeder};
use shared::store::TenantId;
use shared::AppState;

use crate::contacts::Contact;
use crate::deals::DealBoard;
use crate::deals::{Deal, DealStatus};
use crate::labels::{Label, Source};
use crate::leads::Lead;
use crate::leads::LeadBoard;
use crate::pipelines::{pipeline_or_first, stages_of, Board, Pipeline, Stage};

/// The real product's default lead stages.
pub const LEAD_STAGES: [&str; 6] = ["Draft", "Sent", "Open", "Revised", "Declined", "Accepted"];
/// The real product's default deal stages.
pub const DEAL_STAGES: [&str; 5] = ["Initial Contact", "Qualification", "Meeting", "Proposal", "Close"];
const SOURCES: [&str; 4] = ["Website", "Referral", "Phone", "Email campaign"];
const LABELS: [(&str, &str); 3] = [("Hot", "#EF4444"), ("Warm", "#F59E0B"), ("Cold", "#3B82F6")];

/// The workspace owner: the first user of every workspace, and who seeds act as.
const OWNER: u64 = 1;

async fn add_stages<B: Board>(
    batch: &mut Batch<'_>,
    names: &[&str],
    pipeline_id: Id<Pipeline>,
) -> Result<(), ApiError> {
    let ids = batch.ids::<Stage<B>>(names.len()).await?;
    for (order, (name, id)) in (1..).zip(names.iter().zip(ids)) {
        let stage = Stage::<B> {
            meta: Meta::default(),
            name: name.to_string(),
            pipeline_id,
            order,
            board: PhantomData,
        };
        batch.add(with_id(stage, id))?;
    }
    Ok(())
}

/// Writes the defaults unless the workspace already has a pipeline (so a retry is harmless):
/// three reads and one transaction.
pub async fn write_defaults(state: &AppState, tenant: TenantId) -> Result<(), ApiError> {
    let cx = Cx::system(state, tenant, OWNER);
    if !index::top::<Pipeline>(cx, None, "id", false, 1).await?.is_empty() {
        return Ok(());
    }
    let mut batch = Batch::new(cx);
    let pipeline_id = batch.ids::<Pipeline>(1).await?[0];
    batch.add(with_id(
        Pipeline {
            meta: Meta::default(),
            name: "Sales".into(),
        },
        pipeline_id,
    ))?;
    add_stages::<LeadBoard>(&mut batch, &LEAD_STAGES, Id::new(pipeline_id)).await?;
    add_stages::<DealBoard>(&mut batch, &DEAL_STAGES, Id::new(pipeline_id)).await?;
    for (name, id) in SOURCES.iter().zip(batch.ids::<Source>(SOURCES.len()).await?) {
        batch.add(with_id(
            Source {
                meta: Meta::default(),
                name: name.to_string(),
            },
            id,
        ))?;
    }
    for ((name, color), id) in LABELS.iter().zip(batch.ids::<Label>(LABELS.len()).await?) {
        let label = Label {
            meta: Meta::default(),
            name: name.to_string(),
            color: Color::known(color),
            pipeline_id,
        };
        batch.add(with_id(label, id))?;
    }
    batch.commit().await
}

/// Fills a sandbox with the defaults plus contacts, leads across the stages, and deals.
pub struct CrmSeeder;

#[async_trait]
impl Seeder for CrmSeeder {
    fn name(&self) -> &'static str {
        "crm"
    }

    async fn live_defaults(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        write_defaults(state, tenant)
            .await
            .map_err(|e| anyhow::anyhow!("writing the CRM defaults: {e}"))
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        seed_sandbox(state, tenant).await.map_err(|e| anyhow::anyhow!("{e}"))
    }
}

const CONTACTS: [(&str, &str, &str, &str); 5] = [
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
const LEADS: [(&str, &str); 8] = [
    ("Website redesign", "maria@northwind.example"),
    ("ERP rollout", "tom@contoso.example"),
    ("Annual support plan", "li@fabrikam.example"),
    ("Data migration", "sara@adventure.example"),
    ("Mobile app", "omar@tailspin.example"),
    ("Training workshop", "eva@wingtip.example"),
    ("Cloud hosting", "ken@litware.example"),
    ("Security audit", "ana@proseware.example"),
];
const DEALS: [(&str, &str, DealStatus); 4] = [
    ("Northwind website", "12500.00", DealStatus::Open),
    ("Contoso ERP", "48000.00", DealStatus::Open),
    ("Fabrikam support", "6000.00", DealStatus::Won),
    ("Tailspin app", "22000.00", DealStatus::Lost),
];

async fn seed_sandbox(state: &AppState, tenant: TenantId) -> Result<(), ApiError> {
    write_defaults(state, tenant).await?;
    let cx = Cx::system(state, tenant, OWNER);
    let mut batch = Batch::new(cx);
    for ((name, email, phone, tag), id) in CONTACTS.iter().zip(batch.ids::<Contact>(CONTACTS.len()).await?) {
        let contact = Contact {
            meta: Meta::default(),
            name: name.to_string(),
            email: Some(Email::known(email)),
            phone: Some(phone.to_string()),
            tags: vec![tag.to_string()],
            custom_fields: Default::default(),
        };
        batch.add(with_id(contact, id))?;
    }
    let pipeline = pipeline_or_first(cx, "pipeline_id", None).await?;
    let lead_stages = stages_of::<LeadBoard>(cx, Id::of(&pipeline)).await?;
    for (n, ((name, email), id)) in LEADS.iter().zip(batch.ids::<Lead>(LEADS.len()).await?).enumerate() {
        let stage = &lead_stages[n % lead_stages.len()];
        let mut lead = Lead::new(
            name.to_string(),
            Email::known(email),
            stage,
            (n / lead_stages.len()) as u64 + 1,
        );
        lead.subject = Some(format!("{name} enquiry"));
        lead.user_id = Some(OWNER);
        batch.add(with_id(lead, id))?;
    }
    let deal_stages = stages_of::<DealBoard>(cx, Id::of(&pipeline)).await?;
    for (n, ((name, amount, status), id)) in DEALS.iter().zip(batch.ids::<Deal>(DEALS.len()).await?).enumerate() {
        let amount = Money::parse(amount).unwrap_or(Money::ZERO);
        let mut deal = Deal::new(name.to_string(), amount, &deal_stages[n % deal_stages.len()], 1);
        deal.status = *status;
        batch.add(with_id(deal, id))?;
    }
    batch.commit().await
}
