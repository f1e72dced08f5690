//! What sales agents ([`accounting::agents`]) are owed: a commission on each paid invoice
//! credited to them, until it is recorded paid. The owed invoices are an index of the invoices
//! (`commission_due`) and their total a sum kept with it: neither grows with the workspace.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::domain::Date;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListParams, ListResponse, Listing, Meta, ValidJson, ValidPath};
use shared::money::{Money, Percent};
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::{ops, Caller, Cx, NoFilters};
use shared::store::Write;
use shared::time::now_rfc3339;

use accounting::agents::SalesAgent;
use accounting::sales_invoices::{SalesInvoice, SalesInvoiceFilters};

/// A commission owed on one paid invoice.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OwedCommission {
    pub invoice_id: u64,
    pub invoice_number: String,
    pub customer_id: u64,
    pub invoice_date: Date,
    /// The invoice's amount net of tax, which the rate applies to.
    pub net_amount: Money,
    pub commission_rate: Percent,
    pub commission_amount: Money,
}

impl OwedCommission {
    fn of(invoice: SalesInvoice) -> Self {
        Self {
            invoice_id: invoice.meta.id,
            net_amount: invoice.totals.total_amount.minus(invoice.totals.tax_amount),
            commission_rate: invoice.commission_rate.unwrap_or(Percent::ZERO),
            commission_amount: invoice.commission_amount,
            // Commissions are owed on paid invoices, which are posted and so numbered.
            invoice_number: invoice.invoice_number.unwrap_or_default(),
            customer_id: invoice.customer_id,
            invoice_date: invoice.invoice_date,
        }
    }
}

/// Answer of `GET /api/agents/{agent}/outstanding-commissions`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OutstandingCommissions {
    pub agent: SalesAgent,
    /// Everything the agent is owed (every page).
    #[schemars(transform = shared::money::running_total)]
    pub total_amount: Money,
    /// The invoices it is owed on, this page of them (oldest first).
    pub data: Vec<OwedCommission>,
    pub meta: Meta,
}

/// What `agent` is owed in all: one counter read.
async fn total_owed(cx: Cx<'_>, agent: u64) -> Result<Money, ApiError> {
    let tally = Tally::sum("commission_amount", "commission_due", IndexValue::id(agent));
    Ok(Money::from_cents(
        index::tallies::<SalesInvoice>(cx, &[tally]).await?[0],
    ))
}

/// `GET /api/agents/{agent}/outstanding-commissions`: the unpaid commission per paid invoice,
/// and the total.
pub async fn outstanding(
    caller: Caller,
    ValidPath(agent): ValidPath<u64>,
    listing: Listing<NoFilters>,
) -> Result<Json<OutstandingCommissions>, ApiError> {
    let cx = caller.cx();
    let agent = ops::load::<SalesAgent>(cx, agent).await?;
    let owed = Listing {
        params: ListParams {
            sort: Some("id".into()),
            ..listing.params
        },
        filters: SalesInvoiceFilters {
            commission_due: Some(agent.meta.id),
            ..SalesInvoiceFilters::default()
        },
    };
    let page: ListResponse<SalesInvoice> = index::list_of(cx, &owed).await?;
    Ok(Json(OutstandingCommissions {
        total_amount: total_owed(cx, agent.meta.id).await?,
        agent,
        data: page.data.into_iter().map(OwedCommission::of).collect(),
        meta: page.meta,
    }))
}

/// Most invoices one `commissions/pay` settles: each is a change (with its index entries) in the
/// one transaction.
pub const MAX_PAID_AT_ONCE: usize = 10;

/// Body of `POST /api/agents/{agent}/commissions/pay` (designed).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"invoice_ids": [12, 15]}))]
pub struct PayCommissions {
    /// From 1 to 10 invoices whose commission the agent is owed.
    #[schemars(required, length(min = 1, max = 10), transform = shared::http::schema::ids)]
    pub invoice_ids: Option<Vec<u64>>,
}

/// Answer of `POST /api/agents/{agent}/commissions/pay`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CommissionsPaid {
    /// What this call recorded paid.
    #[schemars(transform = shared::money::running_total)]
    pub paid_amount: Money,
    pub paid: Vec<OwedCommission>,
    /// What the agent is still owed.
    #[schemars(transform = shared::money::running_total)]
    pub outstanding_amount: Money,
}

/// `POST /api/agents/{agent}/commissions/pay` (designed): records the commissions on the given
/// invoices paid, all or none (each must be owed to this agent; a concurrent change is 409).
pub async fn pay(
    caller: Caller,
    ValidPath(agent): ValidPath<u64>,
    ValidJson(body): ValidJson<PayCommissions>,
) -> Result<Json<CommissionsPaid>, ApiError> {
    let cx = caller.cx();
    let agent = ops::load::<SalesAgent>(cx, agent).await?;
    let mut ids = FieldErrors::check_required(|e| e.required("invoice_ids", body.invoice_ids))?;
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || ids.len() > MAX_PAID_AT_ONCE {
        return Err(ApiError::invalid(
            "invoice_ids",
            format!("From 1 to {MAX_PAID_AT_ONCE} different invoices."),
        ));
    }
    let invoices = ops::load_many::<SalesInvoice>(cx, &ids).await?;
    let mut errors = FieldErrors::default();
    for (i, id) in ids.iter().enumerate() {
        match invoices.iter().find(|inv| inv.meta.id == *id) {
            None => errors.add(&format!("invoice_ids.{i}"), format!("No sales invoice has id {id}.")),
            Some(inv) if inv.commission_owed_to() != Some(agent.meta.id) => errors.add(
                &format!("invoice_ids.{i}"),
                format!(
                    "{} owes {} no commission.",
                    inv.invoice_number.as_deref().unwrap_or("This draft invoice"),
                    agent.name
                ),
            ),
            Some(_) => {}
        }
    }
    errors.into_result(())?;
    let paid_at = now_rfc3339();
    let with_paid_at = |invoice: &SalesInvoice| SalesInvoice {
        commission_paid_at: Some(paid_at.clone()),
        ..invoice.clone()
    };
    // One transaction, each invoice conditioned on the version read: a payment or a second call
    // racing this one makes it 409, and nothing is recorded. The first is saved with the others'
    // changes as its extra writes.
    let (first, rest) = invoices
        .split_first()
        .ok_or_else(|| ApiError::invalid("invoice_ids", "No invoice given."))?;
    let mut others: Vec<Write> = Vec::new();
    let mut paid = Vec::with_capacity(invoices.len());
    for before in rest {
        let mut after = with_paid_at(before);
        others.extend(ops::change_writes(cx, before, &mut after)?);
        paid.push(OwedCommission::of(after));
    }
    let first = ops::save(cx, first, with_paid_at(first), others).await?;
    paid.insert(0, OwedCommission::of(first));
    Ok(Json(CommissionsPaid {
        paid_amount: paid.iter().map(|p| p.commission_amount).sum(),
        paid,
        outstanding_amount: total_owed(cx, agent.meta.id).await?,
    }))
}
