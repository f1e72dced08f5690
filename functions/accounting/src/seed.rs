//! What every workspace (live and sandbox) starts with: the chart of accounts, with stable codes.
//! The sandbox also gets a realistic first quarter: customers and vendors, two bank accounts,
//! revenues and expenses (most posted, a few still draft or approved) and a transfer to savings,
//! all through the operations the routes use, so the journal and the bank balances agree.
//!
//! Its purchases come once every module has seeded ([`Seeder::seed_after`]): they receive
//! inventory's seeded products into its warehouses, and inventory seeds after accounting (its POS
//! sales post to the chart). Two suppliers' purchase invoices in every state (paid, partially
//! paid, posted, draft), the vendor payment that settles the first two, and two returns of the
//! posted one with their debit notes (one return completed, one approved), again through the
//! routes' operations, so the journal, the bank, the stock and the invoices' balances agree.

use async_trait::async_trait;
use chrono::Datelike;
use serde_json::{json, Value};
use shared::http::ApiError;
use shared::money::Money;
use shared::resource::{ops, Cx, Meta, Resource};
use shared::sandbox::{body, missing, seeded, with_id, Batch, Seeder};
use shared::store::TenantId;
use shared::AppState;

use inventory::products::Product;
use inventory::warehouses::Warehouse;

use crate::banking::{self, BankAccount};
use crate::entries::{self, Flow};
use crate::invoices;
use crate::ledger::{self, AccountType, CategoryKind, GlAccount};
use crate::parties::{Customer, Vendor};
use crate::payments::{self, VendorPayment};
use crate::purchases::PurchaseInvoice;
use crate::returns::{self, PurchaseReturn};

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

/// Code, name, type, category.
type Account = (&'static str, &'static str, AccountType, CategoryKind);

/// The seeded chart of accounts. Codes are stable: other modules post to them by code.
pub const CHART: [Account; 24] = [
    ("1000", "Cash and bank", AccountType::Asset, CategoryKind::None),
    ("1100", "Accounts receivable", AccountType::Asset, CategoryKind::None),
    ("1200", "Inventory", AccountType::Asset, CategoryKind::None),
    ("1300", "Input VAT", AccountType::Asset, CategoryKind::None),
    ("2000", "Accounts payable", AccountType::Liability, CategoryKind::None),
    ("2100", "Output VAT", AccountType::Liability, CategoryKind::None),
    (
        "2200",
        "Payroll liabilities",
        AccountType::Liability,
        CategoryKind::None,
    ),
    ("3000", "Owner's equity", AccountType::Equity, CategoryKind::None),
    ("3100", "Retained earnings", AccountType::Equity, CategoryKind::None),
    ("4100", "Product sales", AccountType::Revenue, CategoryKind::Revenue),
    ("4200", "Service sales", AccountType::Revenue, CategoryKind::Revenue),
    ("4900", "Other income", AccountType::Revenue, CategoryKind::Revenue),
    ("5100", "Cost of goods sold", AccountType::Expense, CategoryKind::None),
    ("6000", "General expenses", AccountType::Expense, CategoryKind::Expense),
    ("6100", "Rent", AccountType::Expense, CategoryKind::Expense),
    ("6200", "Utilities", AccountType::Expense, CategoryKind::Expense),
    (
        "6300",
        "Salaries and wages",
        AccountType::Expense,
        CategoryKind::Expense,
    ),
    ("6350", "Sales commissions", AccountType::Expense, CategoryKind::None),
    ("6400", "Office supplies", AccountType::Expense, CategoryKind::Expense),
    ("6500", "Travel", AccountType::Expense, CategoryKind::Expense),
    ("6600", "Marketing", AccountType::Expense, CategoryKind::Expense),
    ("6700", "Professional fees", AccountType::Expense, CategoryKind::Expense),
    ("6800", "Bank charges", AccountType::Expense, CategoryKind::Expense),
    (
        "6900",
        "Software and subscriptions",
        AccountType::Expense,
        CategoryKind::Expense,
    ),
];

pub struct AccountingSeeder;

#[async_trait]
impl Seeder for AccountingSeeder {
    fn name(&self) -> &'static str {
        "accounting"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed_chart(cx).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        seed_quarter(cx).await.map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// The purchases: they need inventory's products and warehouses, seeded after accounting.
    async fn seed_after(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed_purchases(cx).await.map_err(|e| anyhow::anyhow!("{e}"))
    }

    async fn live_defaults(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed_chart(cx).await.map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// The chart of accounts, in a few transactions.
pub async fn seed_chart(cx: Cx<'_>) -> Result<(), ApiError> {
    let mut batch = Batch::new(cx);
    let ids = batch.ids::<GlAccount>(CHART.len()).await?;
    for ((code, name, account_type, category), id) in CHART.iter().zip(ids) {
        let account = GlAccount {
            meta: Meta::default(),
            code: code.to_string(),
            name: name.to_string(),
            account_type: *account_type,
            parent_code: None,
            category: *category,
            is_system: true,
        };
        batch.add(with_id(account, id))?;
    }
    batch.commit().await
}

/// Name, company, e-mail, payment terms, city, country, tag.
type PartyRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const CUSTOMERS: [PartyRow; 4] = [
    (
        "Northwind Traders",
        "Northwind Traders Ltd",
        "ap@northwind.example",
        "net_30",
        "Leeds",
        "GB",
        "wholesale",
    ),
    (
        "Contoso Pharmacy",
        "Contoso Health plc",
        "accounts@contoso.example",
        "net_15",
        "Bristol",
        "GB",
        "retail",
    ),
    (
        "Fabrikam Studio",
        "Fabrikam Design LLP",
        "billing@fabrikam.example",
        "due_on_receipt",
        "London",
        "GB",
        "services",
    ),
    (
        "Tailspin Toys",
        "Tailspin Toys GmbH",
        "finance@tailspin.example",
        "net_45",
        "Berlin",
        "DE",
        "wholesale",
    ),
];

const VENDORS: [PartyRow; 4] = [
    (
        "Harbour Properties",
        "Harbour Properties Ltd",
        "rent@harbour.example",
        "net_30",
        "Leeds",
        "GB",
        "landlord",
    ),
    (
        "City Power & Water",
        "City Utilities plc",
        "billing@citypower.example",
        "due_on_receipt",
        "Leeds",
        "GB",
        "utilities",
    ),
    (
        "Cloudly Software",
        "Cloudly Inc",
        "invoices@cloudly.example",
        "net_15",
        "Dublin",
        "IE",
        "software",
    ),
    (
        "Brightside Marketing",
        "Brightside Media Ltd",
        "hello@brightside.example",
        "net_30",
        "Manchester",
        "GB",
        "marketing",
    ),
];

/// How far a seeded revenue or expense went.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Draft,
    Approved,
    Posted,
}

/// Month-day, category code, party (index into its list), amount, bank (0 main, 1 savings),
/// description, stage.
type EntryRow = (
    &'static str,
    &'static str,
    Option<usize>,
    &'static str,
    usize,
    &'static str,
    Stage,
);

const REVENUES: [EntryRow; 8] = [
    (
        "01-12",
        "4200",
        Some(2),
        "4800.00",
        0,
        "January design retainer",
        Stage::Posted,
    ),
    (
        "01-26",
        "4100",
        Some(0),
        "7250.00",
        0,
        "Wholesale order NW-1042",
        Stage::Posted,
    ),
    (
        "02-12",
        "4200",
        Some(2),
        "4800.00",
        0,
        "February design retainer",
        Stage::Posted,
    ),
    (
        "02-20",
        "4100",
        Some(3),
        "5320.50",
        0,
        "Wholesale order TT-311",
        Stage::Posted,
    ),
    (
        "03-12",
        "4200",
        Some(2),
        "4800.00",
        0,
        "March design retainer",
        Stage::Posted,
    ),
    (
        "03-18",
        "4100",
        Some(1),
        "1980.00",
        0,
        "Shop fittings order CP-77",
        Stage::Posted,
    ),
    (
        "03-28",
        "4200",
        Some(1),
        "2400.00",
        0,
        "Staff training workshop",
        Stage::Approved,
    ),
    (
        "03-31",
        "4900",
        None,
        "42.17",
        1,
        "Interest on reserve savings",
        Stage::Posted,
    ),
];

const EXPENSES: [EntryRow; 10] = [
    ("01-02", "6100", Some(0), "2200.00", 0, "January rent", Stage::Posted),
    (
        "01-15",
        "6900",
        Some(2),
        "149.00",
        0,
        "Accounting and CRM subscriptions",
        Stage::Posted,
    ),
    ("01-31", "6300", None, "4200.00", 0, "January salaries", Stage::Posted),
    ("02-01", "6100", Some(0), "2200.00", 0, "February rent", Stage::Posted),
    (
        "02-27",
        "6200",
        Some(1),
        "612.40",
        0,
        "Electricity and water, Dec-Feb",
        Stage::Posted,
    ),
    ("02-28", "6300", None, "4200.00", 0, "February salaries", Stage::Posted),
    ("03-01", "6100", Some(0), "2200.00", 0, "March rent", Stage::Posted),
    ("03-31", "6300", None, "4200.00", 0, "March salaries", Stage::Posted),
    (
        "03-31",
        "6800",
        None,
        "37.50",
        0,
        "Quarterly account fees",
        Stage::Posted,
    ),
    (
        "03-30",
        "6600",
        Some(3),
        "1250.00",
        0,
        "Spring campaign design",
        Stage::Draft,
    ),
];

/// The last first quarter that is over: this year's from April, last year's before.
fn quarter_year() -> i32 {
    let today = chrono::Utc::now().date_naive();
    if today.month() >= 4 {
        today.year()
    } else {
        today.year() - 1
    }
}

/// Customers or vendors from `rows`, validated as their create route does, in one batch.
async fn seed_parties<R: Resource<In = crate::parties::PartyIn>>(
    cx: Cx<'_>,
    rows: &[PartyRow],
) -> Result<Vec<u64>, ApiError> {
    let mut batch = Batch::new(cx);
    let ids = batch.ids::<R>(rows.len()).await?;
    for ((name, company, email, terms, city, country, tag), id) in rows.iter().zip(&ids) {
        let input = body(json!({
            "name": name, "company_name": company, "email": email, "payment_terms": terms,
            "billing_address": {"city": city, "country": country}, "tags": [tag]
        }))?;
        batch.add(with_id(R::build(cx, input).await?, *id))?;
    }
    batch.commit().await?;
    Ok(ids)
}

/// A revenue or expense created, then approved and posted as far as `stage` says.
async fn seed_entry<F: Flow>(cx: Cx<'_>, input: Value, stage: Stage) -> Result<(), ApiError> {
    let entry = ops::insert::<entries::EntryRecord<F>>(cx, body(input)?, Vec::new()).await?;
    let id = entry.meta().id;
    if stage != Stage::Draft {
        entries::approve::<F>(cx, id).await?;
    }
    if stage == Stage::Posted {
        entries::post::<F>(cx, id).await?;
    }
    Ok(())
}

/// The sandbox's first quarter (see the module's doc).
async fn seed_quarter(cx: Cx<'_>) -> Result<(), ApiError> {
    let customers = seed_parties::<Customer>(cx, &CUSTOMERS).await?;
    let vendors = seed_parties::<Vendor>(cx, &VENDORS).await?;
    let mut banks: Vec<BankAccount> = Vec::new();
    for (name, number) in [
        ("Business current account", "GB29 NWBK 6016 1331 9268 19"),
        ("Reserve savings", "GB94 NWBK 6016 1331 9268 20"),
    ] {
        let input = body(json!({"name": name, "bank_name": "Northbank", "account_number": number}))?;
        banks.push(banking::open_account(cx, input).await?);
    }
    let codes = ["4100", "4200", "4900", "6100", "6200", "6300", "6600", "6800", "6900"];
    let accounts = ledger::by_codes(cx, &codes).await?;
    let category = |code: &str| {
        accounts
            .get(code)
            .map(|a| a.meta.id)
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the seeded chart has no account {code}")))
    };
    let year = quarter_year();
    let entry = |(day, code, party, amount, bank, description, _): &EntryRow, field: &str, parties: &[u64]| {
        Ok::<Value, ApiError>(json!({
            "date": format!("{year}-{day}"), "category_id": category(code)?, "bank_account_id": banks[*bank].meta.id,
            "amount": amount, "description": description, field: party.map(|p| parties[p]),
        }))
    };
    // Money comes in before it goes out, month by month, as a small business's books read.
    for month in ["01", "02", "03"] {
        for row in REVENUES.iter().filter(|r| r.0.starts_with(month)) {
            seed_entry::<entries::RevenueKind>(cx, entry(row, "customer_id", &customers)?, row.6).await?;
        }
        for row in EXPENSES.iter().filter(|r| r.0.starts_with(month)) {
            seed_entry::<entries::ExpenseKind>(cx, entry(row, "vendor_id", &vendors)?, row.6).await?;
        }
    }
    let input = body(json!({
        "from_bank_account_id": banks[0].meta.id, "to_bank_account_id": banks[1].meta.id,
        "amount": "5000.00", "date": format!("{year}-03-20"), "reference": "Q1 reserve",
        "description": "Quarterly transfer to the reserve"
    }))?;
    banking::transfer(cx, input).await?;
    Ok(())
}

/// The suppliers of the goods inventory stocks.
const SUPPLIERS: [PartyRow; 2] = [
    (
        "Rhône Office Supply",
        "Rhône Fournitures SARL",
        "factures@rhone-office.example",
        "net_30",
        "Lyon",
        "FR",
        "supplies",
    ),
    (
        "Voltline Electronics",
        "Voltline Distribution SAS",
        "billing@voltline.example",
        "net_30",
        "Villeurbanne",
        "FR",
        "electronics",
    ),
];

/// A line of a seeded purchase: the product's sku (inventory's seed), units, and the unit price
/// when not the product's purchase price.
type PurchaseLine = (&'static str, i64, Option<&'static str>);

/// Supplier (index into [`SUPPLIERS`]), warehouse (0 main store, 1 annex), month-day, lines,
/// posted. Due 30 days after.
type PurchaseRow = (usize, usize, &'static str, &'static [PurchaseLine], bool);

const PURCHASES: [PurchaseRow; 4] = [
    // Paid in full by the vendor payment.
    (0, 0, "02-03", &[("LAMP-01", 10, None), ("NOTE-A5", 20, None)], true),
    // Partly paid by it.
    (0, 0, "03-02", &[("CHAIR-01", 4, None), ("STAP-01", 10, None)], true),
    // Posted and owed; the returns send some of it back.
    (
        1,
        1,
        "03-05",
        &[
            ("USBC-1M", 50, None),
            ("MOUSE-W", 10, None),
            ("SRV-SUPP", 2, Some("40.00")),
        ],
        true,
    ),
    // Not posted yet.
    (0, 0, "03-27", &[("NOTE-A5", 30, None), ("STAP-01", 12, None)], false),
];

/// What the vendor payment leaves owing on the second invoice.
const PARTLY_PAID: &str = "250.00";

/// Month-day, reason, lines (sku, units) of the returns against the third invoice, completed.
type ReturnRow = (&'static str, &'static str, &'static [(&'static str, i64)], bool);

const RETURNS: [ReturnRow; 2] = [
    ("03-12", "defective", &[("MOUSE-W", 3)], true),
    ("03-24", "excess_quantity", &[("USBC-1M", 5)], false),
];

/// The sandbox's purchases (see the module's doc).
async fn seed_purchases(cx: Cx<'_>) -> Result<(), ApiError> {
    let suppliers = seed_parties::<Vendor>(cx, &SUPPLIERS).await?;
    let products: Vec<Product> = seeded(cx).await?;
    let product = |sku: &str| {
        products
            .iter()
            .find(|p| p.sku == sku)
            .map(|p| p.meta.id)
            .ok_or_else(|| missing(&format!("product {sku}")))
    };
    let warehouses: Vec<Warehouse> = seeded(cx).await?;
    let bank = seeded::<BankAccount>(cx)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| missing("bank account"))?;
    let year = quarter_year();
    let mut invoices: Vec<PurchaseInvoice> = Vec::new();
    for (supplier, warehouse, day, lines, posted) in PURCHASES {
        let date = chrono::NaiveDate::parse_from_str(&format!("{year}-{day}"), "%Y-%m-%d")
            .map_err(|e| ApiError::internal(anyhow::anyhow!("a seed date: {e}")))?;
        let items = lines
            .iter()
            .map(|(sku, quantity, price)| {
                Ok(json!({"product_id": product(sku)?, "quantity": quantity, "unit_price": price}))
            })
            .collect::<Result<Vec<Value>, ApiError>>()?;
        let input = body(json!({
            "vendor_id": suppliers[supplier],
            "warehouse_id": warehouses.get(warehouse).ok_or_else(|| missing("warehouse"))?.meta.id,
            "invoice_date": date.to_string(), "due_date": (date + chrono::Days::new(30)).to_string(),
            "payment_terms": "Net 30", "items": items,
        }))?;
        let mut invoice = ops::insert::<PurchaseInvoice>(cx, input, Vec::new()).await?;
        if posted {
            invoice = invoices::post::<PurchaseInvoice>(cx, invoice.meta.id).await?;
        }
        invoices.push(invoice);
    }

    // The first invoice in full and part of the second, from the current account.
    let partly = Money::parse(PARTLY_PAID).ok_or_else(|| missing("payment amount"))?;
    let allocations = [(&invoices[0], invoices[0].balance_amount), (&invoices[1], partly)];
    let input = body(json!({
        "vendor_id": suppliers[0], "bank_account_id": bank.meta.id, "date": format!("{year}-03-16"),
        "amount": allocations.iter().map(|a| a.1).sum::<Money>(), "reference_number": "TRF-0316",
        "allocations": allocations.iter().map(|(invoice, amount)| json!({"invoice_id": invoice.meta.id, "amount": amount})).collect::<Vec<_>>(),
    }))?;
    let payment = VendorPayment::build(cx, input).await?;
    payments::create(cx, payment).await?;

    let returned = &invoices[2];
    for (day, reason, lines, completed) in RETURNS {
        let items = lines
            .iter()
            .map(|(sku, quantity)| Ok(json!({"product_id": product(sku)?, "quantity": quantity})))
            .collect::<Result<Vec<Value>, ApiError>>()?;
        let input = body(json!({
            "original_invoice_id": returned.meta.id, "vendor_id": returned.vendor_id,
            "return_date": format!("{year}-{day}"), "reason": reason, "items": items,
        }))?;
        let id = ops::insert::<PurchaseReturn>(cx, input, Vec::new()).await?.meta.id;
        returns::approve::<PurchaseReturn>(cx, id).await?;
        if completed {
            returns::complete::<PurchaseReturn>(cx, id).await?;
        }
    }
    Ok(())
}
