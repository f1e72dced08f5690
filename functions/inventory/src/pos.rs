//! Point of sale: a sale at the counter, priced and taxed by the server, paid at once, and taking
//! its stock in the same transaction. Numbers (`POS-000001`) come from a per-workspace sequence
//! advanced in that same transaction, so a refused sale leaves no gap. Where the deployment keeps
//! books ([`shared::ledger`]), the same transaction posts the sale's journal entry, and a
//! cancellation its reversal.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::records::{user_key, UserAuthView};
use shared::auth::{Module, Role};
use shared::domain::{Date, Text};
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::{Money, Percent};
use shared::resource::index::IndexValue;
use shared::resource::ledger::{self as books, Posting, Reversal};
use shared::resource::numbering;
use shared::resource::{ops, Cx, Events, Filter, Lists, Meta, NoChange, Ref, Resource};
use shared::store::StoreExt;

use crate::catalog::Tax;
use crate::products::{Product, ProductType};
use crate::stock::{self, Change, Ledger, Reason, Refused, Source};
use crate::warehouses::Warehouse;

pub const POS_CREATED: EventType =
    EventType::new("pos.created", "A point-of-sale sale was completed.").with_record::<PosSale>();

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PosStatus {
    Completed,
    Cancelled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cash,
    Card,
    BankTransfer,
    Other,
}

#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Payment {
    pub method: PaymentMethod,
    /// Positive in a body. A sale given no payments gets one cash payment of its total, which may
    /// be 0.
    #[schemars(schema_with = "shared::money::more_than_zero_when_read")]
    pub amount: Money,
}

/// A priced line of a sale.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct PosLine {
    pub product_id: u64,
    pub name: String,
    pub quantity: i64,
    pub price: Money,
    /// An amount off the line.
    pub discount: Money,
    /// The sum of the product's tax rates when sold.
    pub tax_rate: Percent,
    pub tax: Money,
    pub total: Money,
}

#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct PosSale {
    #[serde(flatten)]
    pub meta: Meta,
    /// `POS-000001`: sequential per workspace, without gaps.
    pub sale_number: String,
    pub warehouse_id: u64,
    pub customer_id: Option<u64>,
    /// `YYYY-MM-DD`.
    pub pos_date: Date,
    pub status: PosStatus,
    pub items: Vec<PosLine>,
    /// Before discounts and taxes.
    pub subtotal: Money,
    pub discount: Money,
    pub tax: Money,
    pub total: Money,
    pub paid: Money,
    pub change_due: Money,
    pub payments: Vec<Payment>,
    pub note: Option<String>,
    /// The journal entry the sale posted (debit cash 1000, credit sales 4100 / 4200 and output
    /// VAT 2100; cost of goods 5100 against inventory 1200); `null` where no books are kept or
    /// nothing was posted (a sale of zero).
    #[serde(default)]
    pub journal_entry_id: Option<u64>,
}

/// A line of `POST /api/pos/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PosLineIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    #[schemars(required, range(min = 1, max = 1_000_000))]
    pub quantity: Option<i64>,
    /// At least 0; defaults to the product's sale price.
    #[schemars(transform = shared::money::at_least_zero)]
    pub price: Option<Money>,
    /// An amount off the line, at least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub discount: Option<Money>,
}

/// Most lines one sale holds: a product decision (a large basket), not a store's. A sale of
/// any size commits as one change (on DynamoDB its stock in chunks ahead of its commit point:
/// `shared::store::large`).
pub const MAX_LINES: usize = 500;
/// The most payments one sale is paid with.
pub const MAX_PAYMENTS: usize = 5;

/// Body of `POST /api/pos/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"warehouse_id": 1, "items": [{"product_id": 1, "quantity": 2}], "payments": [{"method": "card", "amount": 95.76}]}))]
pub struct PosIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// A client user of the workspace.
    #[schemars(transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    /// From 1 to 500 lines.
    #[schemars(required, length(min = 1, max = MAX_LINES))]
    pub items: Option<Vec<PosLineIn>>,
    /// Defaults to one cash payment of the total; together at least the total.
    #[schemars(length(max = MAX_PAYMENTS))]
    pub payments: Option<Vec<Payment>>,
    /// `YYYY-MM-DD`; defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub pos_date: Option<String>,
    pub note: Option<Text<500>>,
}

/// Filters of `GET /api/pos`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct PosFilters {
    pub status: Option<PosStatus>,
    pub warehouse_id: Option<u64>,
    pub customer_id: Option<u64>,
}

impl PosStatus {
    fn as_str(self) -> &'static str {
        match self {
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
        }
    }
}

impl Resource for PosSale {
    const KIND: &'static str = "inv_pos_sale";
    const NAME: &'static str = "POS sale";
    const MODULE: Module = Module::Pos;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::one("status", |s| IndexValue::text(s.status.as_str())),
            Filter::one("warehouse_id", |s| IndexValue::id(s.warehouse_id)),
            Filter::one("customer_id", |s| IndexValue::opt_id(s.customer_id)),
        ],
        sums: &[],
    };
    // No reference to its products, as for invoices: a stocked product's level keeps it (see
    // `stock::Movement`), and a reference per line would cost three items of the sale's change.
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Warehouse as Resource>::KIND, |s| vec![s.warehouse_id])];
    const EVENTS: Events = Events {
        created: Some(POS_CREATED),
        updated: None,
        deleted: None,
    };
    type In = PosIn;
    type Patch = NoChange;
    type Out = PosSale;
    type Filters = PosFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        format!("{} {}", self.sale_number, self.note.as_deref().unwrap_or_default())
    }
}

struct Checked {
    warehouse_id: u64,
    customer_id: Option<u64>,
    lines: Vec<(u64, i64, Option<Money>, Money)>,
    payments: Option<Vec<Payment>>,
    pos_date: Date,
    note: Option<String>,
}

fn check_body(input: PosIn) -> Result<Checked, ApiError> {
    let mut errors = FieldErrors::default();
    let warehouse_id = errors.required("warehouse_id", input.warehouse_id);
    let items = errors.required("items", input.items).unwrap_or_default();
    if items.is_empty() || items.len() > MAX_LINES {
        errors.add("items", format!("Between 1 and {MAX_LINES} lines."));
    }
    let mut lines = Vec::new();
    for (i, line) in items.into_iter().enumerate() {
        let field = format!("items.{i}");
        let quantity = line.quantity.filter(|q| (1..=1_000_000).contains(q));
        let discount = line.discount.unwrap_or(Money::ZERO);
        if line.product_id.is_none() || quantity.is_none() {
            errors.add(&field, "Each line names a product_id and a quantity of at least 1.");
        }
        if line.price.is_some_and(Money::is_negative) || discount.is_negative() {
            errors.add(&field, "Prices and discounts are at least 0.");
        }
        if let (Some(product), Some(quantity)) = (line.product_id, quantity) {
            lines.push((product, quantity, line.price, discount));
        }
    }
    if let Some(payments) = &input.payments {
        if payments.len() > MAX_PAYMENTS
            || payments
                .iter()
                .any(|p| p.amount.is_negative() || p.amount == Money::ZERO)
        {
            errors.add(
                "payments",
                format!("At most {MAX_PAYMENTS} payments, each of a positive amount."),
            );
        }
    }
    let pos_date = errors.date("pos_date", input.pos_date);
    let note = errors.text("note", input.note);
    let warehouse_id = errors.finish(warehouse_id)?;
    Ok(Checked {
        warehouse_id,
        customer_id: input.customer_id,
        lines,
        payments: input.payments,
        pos_date: pos_date.unwrap_or_else(Date::today),
        note,
    })
}

/// Prices the lines (taxes from one batch read) into a sale without number or id.
async fn price(cx: Cx<'_>, body: &Checked, ledger: &Ledger) -> Result<PosSale, ApiError> {
    let mut errors = FieldErrors::default();
    ledger.warehouse(&mut errors, "warehouse_id", body.warehouse_id);
    let products: Vec<Option<&Product>> = body
        .lines
        .iter()
        .enumerate()
        .map(|(i, (id, ..))| ledger.item(&mut errors, &format!("items.{i}.product_id"), *id))
        .collect();
    if let Some(customer) = body.customer_id {
        let user: Option<UserAuthView> = cx.store().get_as(&user_key(cx.tenant(), customer)).await?;
        if !user.is_some_and(|u| u.role == Role::Client) {
            errors.add("customer_id", format!("No client user has id {customer}."));
        }
    }
    errors.into_result(())?;
    let products: Vec<&Product> = products.into_iter().flatten().collect();
    let tax_ids: Vec<u64> = products.iter().flat_map(|p| p.tax_ids.iter().copied()).collect();
    let taxes: Vec<Tax> = ops::load_many(cx, &tax_ids).await?;
    let mut items = Vec::new();
    for ((_, quantity, price, discount), product) in body.lines.iter().zip(products) {
        let price = price.unwrap_or(product.sale_price);
        let gross = price.times(*quantity);
        let taxable = gross.minus(*discount);
        if taxable.is_negative() {
            return Err(ApiError::invalid(
                "items",
                format!("The discount on {} exceeds its amount.", product.name),
            ));
        }
        let tax_rate: Percent = taxes
            .iter()
            .filter(|t| product.tax_ids.contains(&t.meta.id))
            .map(|t| t.rate)
            .sum();
        let tax = taxable.percent(tax_rate);
        items.push(PosLine {
            product_id: product.meta.id,
            name: product.name.clone(),
            quantity: *quantity,
            price,
            discount: *discount,
            tax_rate,
            tax,
            total: taxable + tax,
        });
    }
    let subtotal: Money = items.iter().map(|l| l.price.times(l.quantity)).sum();
    let discount: Money = items.iter().map(|l| l.discount).sum();
    let tax: Money = items.iter().map(|l| l.tax).sum();
    let total: Money = items.iter().map(|l| l.total).sum();
    let payments = body.payments.clone().unwrap_or_else(|| {
        vec![Payment {
            method: PaymentMethod::Cash,
            amount: total,
        }]
    });
    let paid: Money = payments.iter().map(|p| p.amount).sum();
    let amounts = items.iter().flat_map(|l| [l.price.times(l.quantity), l.tax, l.total]);
    if !amounts.chain([subtotal, tax, total, paid]).all(Money::in_range) {
        return Err(ApiError::invalid(
            "items",
            format!(
                "Each line and the sale's totals and payments come to at most {} (quantity times price, \
                 tax included); split the sale.",
                Money::MAX
            ),
        ));
    }
    if paid < total {
        return Err(ApiError::invalid(
            "payments",
            format!("The payments ({paid}) do not cover the total ({total})."),
        ));
    }
    Ok(PosSale {
        meta: Meta::default(),
        sale_number: String::new(),
        warehouse_id: body.warehouse_id,
        customer_id: body.customer_id,
        pos_date: body.pos_date.clone(),
        status: PosStatus::Completed,
        items,
        subtotal,
        discount,
        tax,
        total,
        paid,
        change_due: paid.minus(total),
        payments,
        note: body.note.clone(),
        journal_entry_id: None,
    })
}

/// The source kind of a sale's journal entries.
const SOURCE_KIND: &str = "pos";

/// What a sale posts: its total into cash (1000); its lines net of discount to product (4100)
/// or service (4200) sales; its tax to output VAT (2100); and the purchase price of the stock it
/// takes from inventory (1200) to the cost of goods sold (5100). Zero amounts post nothing.
fn posting(sale: &PosSale, ledger: &Ledger) -> Posting {
    let memo = format!("POS sale {}", sale.sale_number);
    let mut posting = Posting::new(sale.pos_date.clone(), &memo, SOURCE_KIND, sale.meta.id);
    posting.debit("1000", sale.total);
    for line in &sale.items {
        let product = ledger.find(line.product_id);
        let keeps_stock = product.is_some_and(|p| p.kind == ProductType::Product);
        let sales = if keeps_stock { "4100" } else { "4200" };
        posting.credit(sales, line.total.minus(line.tax));
        posting.credit("2100", line.tax);
        if let Some(product) = product.filter(|_| keeps_stock) {
            let cost = product.purchase_price.times(line.quantity);
            posting.debit("5100", cost);
            posting.credit("1200", cost);
        }
    }
    posting
}

/// The stock a sale takes (`sign` -1) or gives back (+1): services move none.
fn stock_changes(sale: &PosSale, ledger: &Ledger, sign: i64) -> Vec<Change> {
    sale.items
        .iter()
        .filter(|l| ledger.kind_of(l.product_id) == Some(ProductType::Product))
        .map(|l| Change {
            product_id: l.product_id,
            warehouse_id: sale.warehouse_id,
            quantity: sign * l.quantity,
            reason: Reason::Pos,
        })
        .collect()
}

/// `POST /api/pos/create`.
pub async fn create(
    caller: Caller,
    ValidJson(input): ValidJson<PosIn>,
) -> Result<(StatusCode, Json<PosSale>), ApiError> {
    let sale = sell(caller.cx(), input).await?;
    Ok((StatusCode::CREATED, Json(sale)))
}

/// Prices a sale, numbers it and takes its stock, in one transaction.
pub async fn sell(cx: Cx<'_>, input: PosIn) -> Result<PosSale, ApiError> {
    let body = check_body(input)?;
    let pairs: Vec<(u64, u64)> = body.lines.iter().map(|(p, ..)| (*p, body.warehouse_id)).collect();
    let (ledger, draw) = Ledger::read_numbered(cx, &pairs, &numbering::POS_SALE).await?;
    let mut sale = price(cx, &body, &ledger).await?;
    let changes = stock_changes(&sale, &ledger, -1);
    sale.meta.id = ops::reserve_id::<PosSale>(cx).await?;
    let source = Source {
        kind: "pos_sale",
        id: sale.meta.id,
    };
    let stock_writes = ledger.writes(cx, &changes, Some(source), None).await?;
    let (sale, ledger_read) = (&sale, &ledger);
    numbering::commit_drawn(
        cx,
        &numbering::POS_SALE,
        draw,
        1,
        |numbers| {
            let mut numbered = sale.clone();
            numbered.sale_number = numbers.into_iter().next().unwrap_or_default();
            let mut writes = stock_writes.clone();
            // The journal entry's memo names the number, so it is written with each draw.
            async move {
                if let Some(posted) = books::post(cx, &posting(&numbered, ledger_read)).await? {
                    numbered.journal_entry_id = Some(posted.entry_id);
                    writes.head.extend(posted.writes);
                }
                let own = ops::prepare(cx, &mut numbered)?;
                Ok((numbered, writes.after(own)))
            }
        },
        |refused| stock::refused(refused).into_api(&ledger),
    )
    .await
}

/// `POST /api/pos/cancel/{id}`: gives the stock back; a sale is cancelled once.
pub async fn cancel(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PosSale>, ApiError> {
    let cx = caller.cx();
    let current = ops::load::<PosSale>(cx, id).await?;
    if current.status == PosStatus::Cancelled {
        return Err(ApiError::invalid_transition("This sale is already cancelled."));
    }
    let pairs: Vec<(u64, u64)> = current
        .items
        .iter()
        .map(|l| (l.product_id, current.warehouse_id))
        .collect();
    let ledger = Ledger::read(cx, &pairs).await?;
    let mut after = current.clone();
    after.status = PosStatus::Cancelled;
    let source = Source { kind: "pos_sale", id };
    let note = format!("{} cancelled", current.sale_number);
    let mut writes = ledger
        .writes(cx, &stock_changes(&current, &ledger, 1), Some(source), Some(&note))
        .await?
        .after(ops::change_writes(cx, &current, &mut after)?);
    if let Some(entry_id) = current.journal_entry_id {
        let reversal = Reversal {
            entry_id,
            date: Date::today(),
            memo: note.clone(),
            source_kind: SOURCE_KIND,
            source_id: id,
        };
        writes.head.extend(books::reverse(cx, &reversal).await?.writes);
    }
    match stock::commit(cx, writes).await {
        Ok(()) => Ok(Json(after)),
        Err(Refused::Condition(Some(key))) if key == ops::key::<PosSale>(cx, id) => Err(ApiError::version_conflict()),
        Err(refused) => Err(refused.into_api(&ledger)),
    }
}
