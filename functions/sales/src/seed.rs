//! The sandbox's sales, dated from today so that the revenue report and the overdue list show
//! real figures whenever a sandbox is made: a pipeline of opportunities (every stage) with a
//! meeting, a quote and a sales order; proposals in every state, one converted to an invoice;
//! subscriptions billed monthly, quarterly and yearly over the last six months (one customer
//! upgrades, one does not renew); one-off invoices in every state (draft, posted, partly paid,
//! paid, overdue), the payments that settle them, and a return with its credit note. Everything
//! goes through the operations the routes use, so the journal, the stock and the balances agree.
//! It reads the customers and bank accounts accounting seeds and inventory's products and
//! warehouses, both seeded before it.

use async_trait::async_trait;
use chrono::{Datelike, Days, Months, NaiveDate};
use serde_json::{json, Value};
use shared::domain::Date;
use shared::http::ApiError;
use shared::money::Money;
use shared::resource::{ops, Cx, Resource};
use shared::sandbox::{body, missing, seeded, Seeder};
use shared::store::TenantId;
use shared::AppState;

use accounting::banking::BankAccount;
use accounting::parties::Customer;
use accounting::payments::{self, CustomerPayment};
use accounting::returns::{self, SalesReturn};
use accounting::sales_invoices::{self, SalesInvoice};
use inventory::products::Product;
use inventory::warehouses::Warehouse;

use crate::orders::{Quote, SalesOrder};
use crate::pipeline::{Meeting, Opportunity};
use crate::proposals::{self, Proposal, ProposalStatus};

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

pub struct SalesSeeder;

#[async_trait]
impl Seeder for SalesSeeder {
    fn name(&self) -> &'static str {
        "sales"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed_sales(cx, chrono::Utc::now().date_naive())
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))
    }
}

/// The seeded customers by name (accounting's seed).
const NORTHWIND: &str = "Northwind Traders";
const CONTOSO: &str = "Contoso Pharmacy";
const FABRIKAM: &str = "Fabrikam Studio";
const TAILSPIN: &str = "Tailspin Toys";

/// What the seed reads from the others.
struct Seeded {
    customers: Vec<Customer>,
    products: Vec<Product>,
    warehouse: u64,
    bank: u64,
    today: NaiveDate,
}

impl Seeded {
    fn customer(&self, name: &str) -> Result<u64, ApiError> {
        self.customers
            .iter()
            .find(|c| c.party.name == name)
            .map(|c| c.meta.id)
            .ok_or_else(|| missing(&format!("customer {name}")))
    }

    /// Lines of `(sku, quantity)`, at the products' prices and taxes.
    fn lines(&self, lines: &[(&str, i64)]) -> Result<Vec<Value>, ApiError> {
        lines
            .iter()
            .map(|(sku, quantity)| {
                let product = self
                    .products
                    .iter()
                    .find(|p| p.sku == *sku)
                    .ok_or_else(|| missing(&format!("product {sku}")))?;
                Ok(json!({"product_id": product.meta.id, "quantity": quantity}))
            })
            .collect()
    }

    /// The first day of the month `back` months before this one.
    fn month_start(&self, back: u32) -> NaiveDate {
        let first = self.today.with_day(1).unwrap_or(self.today);
        first - Months::new(back)
    }

    fn days_ago(&self, days: u64) -> NaiveDate {
        self.today - Days::new(days)
    }

    fn days_ahead(&self, days: u64) -> NaiveDate {
        self.today + Days::new(days)
    }
}

async fn seed_sales(cx: Cx<'_>, today: NaiveDate) -> Result<(), ApiError> {
    let seeded = Seeded {
        customers: seeded(cx).await?,
        products: seeded(cx).await?,
        warehouse: seeded::<Warehouse>(cx)
            .await?
            .first()
            .map(|w| w.meta.id)
            .ok_or_else(|| missing("warehouse"))?,
        bank: seeded::<BankAccount>(cx)
            .await?
            .first()
            .map(|b| b.meta.id)
            .ok_or_else(|| missing("bank account"))?,
        today,
    };
    seed_pipeline(cx, &seeded).await?;
    seed_proposals(cx, &seeded).await?;
    seed_invoices(cx, &seeded).await
}

/// Name, customer, amount, stage, probability, days to close (negative: closed).
type OpportunityRow = (&'static str, &'static str, &'static str, &'static str, u8, i64);

const OPPORTUNITIES: [OpportunityRow; 6] = [
    ("Showroom refit", NORTHWIND, "18500.00", "negotiation", 60, 30),
    ("Warehouse monitors", TAILSPIN, "5580.00", "proposal", 40, 45),
    ("Studio expansion", FABRIKAM, "9000.00", "prospecting", 10, 90),
    ("Second branch fittings", CONTOSO, "7400.00", "qualification", 25, 60),
    ("Staff training", CONTOSO, "1950.00", "closed_won", 100, -12),
    ("Loyalty kiosks", NORTHWIND, "12000.00", "closed_lost", 0, -20),
];

/// The pipeline: an opportunity in every stage, a meeting held and one planned, a quote for the
/// refit and the sales order of the training won.
async fn seed_pipeline(cx: Cx<'_>, seeded: &Seeded) -> Result<(), ApiError> {
    let mut opportunities = Vec::new();
    for (name, customer, amount, stage, probability, close_in) in OPPORTUNITIES {
        let close_date = match close_in {
            days if days >= 0 => seeded.days_ahead(days.unsigned_abs()),
            days => seeded.days_ago(days.unsigned_abs()),
        };
        let input = body(json!({
            "name": name, "customer_id": seeded.customer(customer)?, "amount": amount, "stage": stage,
            "probability": probability, "close_date": close_date.to_string(),
        }))?;
        opportunities.push(ops::insert::<Opportunity>(cx, input, Vec::new()).await?.meta.id);
    }
    for (subject, date, status) in [
        ("Discovery call", seeded.days_ago(9), "held"),
        ("Showroom walkthrough", seeded.days_ahead(3), "planned"),
    ] {
        let input = body(json!({
            "subject": subject, "opportunity_id": opportunities[0], "date": date.to_string(),
            "duration_minutes": 60, "location": "Leeds", "status": status,
        }))?;
        ops::insert::<Meeting>(cx, input, Vec::new()).await?;
    }
    let quote = body(json!({
        "name": "Showroom refit, phase 1", "customer_id": seeded.customer(NORTHWIND)?, "opportunity_id": opportunities[0],
        "date": seeded.days_ago(5).to_string(), "items": seeded.lines(&[("CHAIR-01", 10), ("LAMP-01", 10), ("SRV-INST", 4)])?,
        "shipping_provider": "DHL",
    }))?;
    ops::insert::<Quote>(cx, quote, Vec::new()).await?;
    let order = body(json!({
        "name": "Staff training, three days", "customer_id": seeded.customer(CONTOSO)?, "opportunity_id": opportunities[4],
        "date": seeded.days_ago(12).to_string(), "items": seeded.lines(&[("SRV-TRAIN", 3)])?,
    }))?;
    ops::insert::<SalesOrder>(cx, order, Vec::new()).await?;
    Ok(())
}

/// Customer, lines, how far it went.
type ProposalRow = (&'static str, &'static [(&'static str, i64)], &'static [ProposalStatus]);

const PROPOSALS: [ProposalRow; 5] = [
    (FABRIKAM, &[("SRV-SUPP", 20)], &[]),
    (TAILSPIN, &[("MON-27", 20)], &[ProposalStatus::Sent]),
    (
        NORTHWIND,
        &[("KEY-01", 6), ("MOUSE-W", 6)],
        &[ProposalStatus::Sent, ProposalStatus::Accepted],
    ),
    (
        CONTOSO,
        &[("SRV-INST", 2)],
        &[ProposalStatus::Sent, ProposalStatus::Rejected],
    ),
    // Accepted, then converted to a draft invoice.
    (
        CONTOSO,
        &[("SRV-TRAIN", 3)],
        &[ProposalStatus::Sent, ProposalStatus::Accepted],
    ),
];

/// A proposal in every state; the last accepted one becomes a draft invoice.
async fn seed_proposals(cx: Cx<'_>, seeded: &Seeded) -> Result<(), ApiError> {
    let mut last = None;
    for (customer, lines, steps) in PROPOSALS {
        let input = body(json!({
            "customer_id": seeded.customer(customer)?, "warehouse_id": seeded.warehouse,
            "proposal_date": seeded.days_ago(14).to_string(), "due_date": seeded.days_ahead(16).to_string(),
            "items": seeded.lines(lines)?, "payment_terms": "Net 30",
        }))?;
        let mut proposal = ops::insert::<Proposal>(cx, input, Vec::new()).await?;
        for step in steps {
            proposal = proposals::advance(cx, proposal.meta.id, proposal.status, *step).await?;
        }
        last = Some(proposal.meta.id);
    }
    proposals::convert_to_invoice(cx, last.ok_or_else(|| missing("proposal"))?).await?;
    Ok(())
}

/// Customer, lines, invoice date, days until due, recurrence, what is paid of it (`None`:
/// nothing; `"all"`: in full; otherwise that amount), posted.
struct InvoiceRow {
    customer: &'static str,
    lines: &'static [(&'static str, i64)],
    date: NaiveDate,
    due_in: u64,
    recurrence: Option<&'static str>,
    paid: Option<&'static str>,
    posted: bool,
}

/// The subscriptions and one-off sales (see the module's doc). Support hours are 85.00, a
/// training day 650.00, net of tax: Fabrikam pays 850.00 a month; Northwind 425.00 a month, then
/// 850.00 from last month; Contoso 765.00 a quarter, not renewed after the quarter that ended two
/// months ago; Tailspin 7,800.00 a year. Last month's MRR is 850 + 850 + 650 = 2,350.00 against
/// 850 + 425 + 255 + 650 = 2,180.00 the month before; Contoso churned: 1 of 4.
fn invoice_rows(seeded: &Seeded) -> Vec<InvoiceRow> {
    let month = |back| seeded.month_start(back);
    let row = |customer, lines, date, due_in, recurrence, paid, posted| InvoiceRow {
        customer,
        lines,
        date,
        due_in,
        recurrence,
        paid,
        posted,
    };
    vec![
        row(
            FABRIKAM,
            &[("SRV-SUPP", 10)],
            month(3),
            14,
            Some("monthly"),
            Some("all"),
            true,
        ),
        row(
            FABRIKAM,
            &[("SRV-SUPP", 10)],
            month(2),
            14,
            Some("monthly"),
            Some("all"),
            true,
        ),
        // Overdue: due mid last month, unpaid.
        row(FABRIKAM, &[("SRV-SUPP", 10)], month(1), 14, Some("monthly"), None, true),
        // Next month's, not posted yet.
        row(
            FABRIKAM,
            &[("SRV-SUPP", 10)],
            seeded.today,
            14,
            Some("monthly"),
            None,
            false,
        ),
        row(
            CONTOSO,
            &[("SRV-SUPP", 9)],
            month(4),
            30,
            Some("quarterly"),
            Some("all"),
            true,
        ),
        row(
            TAILSPIN,
            &[("SRV-TRAIN", 12)],
            month(6),
            360,
            Some("yearly"),
            Some("3900.00"),
            true,
        ),
        row(
            NORTHWIND,
            &[("SRV-SUPP", 5)],
            month(2),
            14,
            Some("monthly"),
            Some("all"),
            true,
        ),
        // The upgrade; due in ten days.
        row(NORTHWIND, &[("SRV-SUPP", 10)], month(1), 0, Some("monthly"), None, true),
        // One-off: monitors sold two months ago, partly paid and overdue.
        row(TAILSPIN, &[("MON-27", 5)], month(2), 30, None, Some("500.00"), true),
        // One-off: lamps and chairs this week, posted and open; a lamp comes back.
        row(
            NORTHWIND,
            &[("LAMP-01", 4), ("CHAIR-01", 2)],
            seeded.days_ago(3),
            30,
            None,
            None,
            true,
        ),
    ]
}

async fn seed_invoices(cx: Cx<'_>, seeded: &Seeded) -> Result<(), ApiError> {
    let today = Date::from(seeded.today);
    let mut returned = None;
    for row in invoice_rows(seeded) {
        let goods = row.lines.iter().any(|(sku, _)| !sku.starts_with("SRV-"));
        // The upgrade's due date is ten days from today, whatever its invoice date.
        let due = match row.due_in {
            0 => seeded.days_ahead(10),
            days => row.date + Days::new(days),
        };
        let input = body(json!({
            "customer_id": seeded.customer(row.customer)?, "type": if goods { "product" } else { "service" },
            "warehouse_id": goods.then_some(seeded.warehouse), "invoice_date": row.date.to_string(),
            "due_date": due.to_string(), "recurrence": row.recurrence, "items": seeded.lines(row.lines)?,
            "payment_terms": format!("Net {}", row.due_in),
        }))?;
        let draft = ops::insert::<SalesInvoice>(cx, input, Vec::new()).await?;
        if !row.posted {
            continue;
        }
        let mut invoice = sales_invoices::post(cx, draft.meta.id).await?;
        if let Some(paid) = row.paid {
            let amount = match paid {
                "all" => invoice.balance_amount,
                part => Money::parse(part).ok_or_else(|| missing("payment amount"))?,
            };
            let paid_on = std::cmp::min(due, seeded.today);
            let input = body(json!({
                "customer_id": invoice.customer_id, "bank_account_id": seeded.bank, "date": paid_on.to_string(),
                "amount": amount, "reference_number": format!("RCPT-{}", invoice.invoice_number.as_deref().unwrap_or_default()),
                "allocations": [{"invoice_id": invoice.meta.id, "amount": amount}],
            }))?;
            payments::create(cx, CustomerPayment::build(cx, input).await?).await?;
            invoice = ops::load::<SalesInvoice>(cx, invoice.meta.id).await?;
        }
        sales_invoices::mark_if_overdue(cx, &invoice, &today).await?;
        if goods && row.recurrence.is_none() && row.paid.is_none() {
            returned = Some(invoice);
        }
    }
    // A lamp of this week's sale comes back: the return, approved, raises its credit note.
    let sale = returned.ok_or_else(|| missing("invoice to return"))?;
    let input = body(json!({
        "original_invoice_id": sale.meta.id, "customer_id": sale.customer_id, "return_date": seeded.today.to_string(),
        "reason": "damaged", "items": seeded.lines(&[("LAMP-01", 1)])?,
    }))?;
    let id = ops::insert::<SalesReturn>(cx, input, Vec::new()).await?.meta.id;
    returns::approve::<SalesReturn>(cx, id).await?;
    Ok(())
}
