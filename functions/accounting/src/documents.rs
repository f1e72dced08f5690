//! Priced documents: the line items and totals every invoice-like document shares (purchase
//! invoices and returns here; sales invoices, proposals and credit notes later). The server prices
//! every line; a body only names the product, quantity, price, discount and taxes.
//!
//! A line is priced as a hand computation would be, each step rounded half away from zero to the
//! cent: `subtotal = unit_price × quantity`, `discount_amount = subtotal × discount%`,
//! `tax_amount = (subtotal − discount_amount) × (sum of its tax rates)%`,
//! `total = subtotal − discount_amount + tax_amount`. A document's totals are the sums of its
//! lines' rounded amounts, so the lines always add up to the totals shown.

use std::collections::{BTreeMap, HashMap};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::money::{Money, Percent};
use shared::resource::ops::{self, Gather};
use shared::resource::{Cx, Resource};

use inventory::catalog::Tax;
use inventory::products::{Product, ProductType};
use inventory::warehouses::Warehouse;

shared::choice! {
    /// Where a sales or purchase invoice stands.
    pub enum InvoiceStatus {
        Draft = "draft",
        Posted = "posted",
        PartiallyPaid = "partially_paid" | "partial",
        Paid = "paid",
        /// Past its due date with a balance (sales invoices, marked by the overdue job).
        Overdue = "overdue",
    }
}

impl InvoiceStatus {
    /// Posted and not yet settled: it takes payments and notes.
    pub fn is_open(self) -> bool {
        matches!(self, Self::Posted | Self::PartiallyPaid | Self::Overdue)
    }
}

/// A posted invoice's balance and status once `settled` of its `total` is paid or credited:
/// `posted` while nothing is settled, `partially_paid`, then `paid`.
pub fn settlement(total: Money, settled: Money) -> (Money, InvoiceStatus) {
    let balance = total.minus(settled);
    let status = match (balance == Money::ZERO, settled == Money::ZERO) {
        (true, _) => InvoiceStatus::Paid,
        (false, true) => InvoiceStatus::Posted,
        (false, false) => InvoiceStatus::PartiallyPaid,
    };
    (balance, status)
}

/// The warehouse a document body names, which must exist and be active.
pub async fn check_warehouse(cx: Cx<'_>, errors: &mut FieldErrors, id: Option<u64>) -> Result<(), ApiError> {
    if let Some(id) = id {
        report_warehouse(errors, id, ops::find::<Warehouse>(cx, id).await?);
    }
    Ok(())
}

/// Reports warehouse `id` of a body unless `found` and active.
fn report_warehouse(errors: &mut FieldErrors, id: u64, found: Option<Warehouse>) {
    match found {
        None => errors.add("warehouse_id", format!("No warehouse has id {id}.")),
        Some(w) if !w.is_active => errors.add("warehouse_id", format!("{} is inactive.", w.name)),
        Some(_) => {}
    }
}

/// A priced document's payment terms, as its bodies take them.
pub type PaymentTerms = Text<200>;
/// A priced document's notes, as its bodies take them.
pub type DocumentNotes = Text<1000>;

/// The fields every priced document's body shares (an invoice's, a proposal's), as received.
pub struct HeadIn {
    pub date: Option<String>,
    pub due_date: Option<String>,
    pub party_id: Option<u64>,
    pub warehouse_id: Option<u64>,
    pub items: Option<Vec<LineIn>>,
    pub payment_terms: Option<PaymentTerms>,
    pub notes: Option<DocumentNotes>,
}

/// A [`HeadIn`] checked: each field given and valid (`None` otherwise, its error reported).
pub struct Head {
    pub date: Option<Date>,
    pub due_date: Option<Date>,
    pub items: Option<Vec<Line>>,
    pub payment_terms: Option<String>,
    pub notes: Option<String>,
}

impl HeadIn {
    /// Checks every field into `errors`, naming the document's own date and party fields
    /// (`["invoice_date", "vendor_id"]`): dates and texts, that the party `P` and the warehouse
    /// exist, and the lines, priced from `prices`.
    pub async fn check<P: Resource>(
        self,
        cx: Cx<'_>,
        errors: &mut FieldErrors,
        [date_field, party_field]: [&str; 2],
        prices: PriceList,
    ) -> Result<Head, ApiError> {
        let date = errors.date(date_field, self.date);
        let due_date = errors.date("due_date", self.due_date);
        let payment_terms = errors.text("payment_terms", self.payment_terms);
        let notes = errors.text("notes", self.notes);
        // The party, the warehouse and the products in one read.
        let product_ids = self.items.as_deref().map(product_ids).unwrap_or_default();
        let mut gather = Gather::default();
        let party = gather.add::<P>(cx, self.party_id.as_slice());
        let warehouse = gather.add::<Warehouse>(cx, self.warehouse_id.as_slice());
        let products = gather.add::<Product>(cx, &product_ids);
        let mut read = gather.read(cx).await?;
        if let Some(id) = self.party_id {
            report_party::<P>(errors, party_field, id, read.take(party)?.pop().flatten().is_some());
        }
        if let Some(id) = self.warehouse_id {
            report_warehouse(errors, id, read.take(warehouse)?.pop().flatten());
        }
        let products = read
            .take(products)?
            .into_iter()
            .flatten()
            .map(|p| (p.meta.id, p))
            .collect();
        let items = match self.items {
            Some(items) => priced(cx, errors, items, prices, products).await?,
            None => None,
        };
        Ok(Head {
            date,
            due_date,
            items,
            payment_terms,
            notes,
        })
    }
}

impl Head {
    /// The dates the document ends with: those given, else `current` (its dates before the
    /// change), else for a new one today and a due date on the day; due before dated is an error.
    pub fn dates(&self, errors: &mut FieldErrors, current: Option<(&Date, &Date)>) -> (Date, Date) {
        let date = (self.date.clone())
            .or_else(|| current.map(|c| c.0.clone()))
            .unwrap_or_else(Date::today);
        let due_date = (self.due_date.clone())
            .or_else(|| current.map(|c| c.1.clone()))
            .unwrap_or_else(|| date.clone());
        check_dates(errors, &date, &due_date);
        (date, due_date)
    }
}

/// The record of `P` (a customer, a vendor) a body names in `field`, which must exist: the record
/// when it does (for callers that read it, such as its default addresses).
pub async fn check_party<P: Resource>(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    field: &str,
    id: Option<u64>,
) -> Result<Option<P>, ApiError> {
    let Some(id) = id else { return Ok(None) };
    let found = ops::find::<P>(cx, id).await?;
    report_party::<P>(errors, field, id, found.is_some());
    Ok(found)
}

/// Reports party `id` of a body in `field` unless `found`.
fn report_party<P: Resource>(errors: &mut FieldErrors, field: &str, id: u64, found: bool) {
    if !found {
        errors.add(field, format!("No {} has id {id}.", P::NAME.to_lowercase()));
    }
}

/// A document is not due before it is dated.
fn check_dates(errors: &mut FieldErrors, invoice_date: &Date, due_date: &Date) {
    if due_date.naive() < invoice_date.naive() {
        errors.add("due_date", "The due date is not before the invoice date.");
    }
}

/// Most lines one document holds: a product decision (a wholesale order, a container received),
/// not a store's. A document of any size commits as one change: one SQLite transaction, or on
/// DynamoDB its stock in chunks ahead of its commit point (`shared::store::large`).
pub const MAX_LINES: usize = 1000;

/// Most units of one line.
const MAX_QUANTITY: i64 = 1_000_000;

/// A line of a create or update body.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct LineIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    /// Whole units, from 1 to 1 000 000.
    #[schemars(required, range(min = 1, max = 1_000_000))]
    pub quantity: Option<i64>,
    /// At least 0; defaults to the product's purchase price (purchases) or sale price (sales).
    #[schemars(transform = shared::money::at_least_zero)]
    pub unit_price: Option<Money>,
    /// 0 to 100; defaults to 0.
    pub discount_percentage: Option<Percent>,
    /// The taxes charged on the line; defaults to the product's taxes.
    #[schemars(transform = shared::http::schema::ids)]
    pub tax_ids: Option<Vec<u64>>,
}

/// A tax as charged on a line (kept as it was, should the tax change later).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct LineTax {
    pub tax_id: u64,
    pub name: String,
    pub rate: Percent,
}

/// A priced line.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Line {
    pub product_id: u64,
    /// The product's name when priced.
    pub name: String,
    /// `product` (keeps stock) or `service`.
    #[serde(rename = "type")]
    pub kind: ProductType,
    pub quantity: i64,
    pub unit_price: Money,
    pub discount_percentage: Percent,
    pub taxes: Vec<LineTax>,
    /// The sum of its taxes' rates.
    pub tax_percentage: Percent,
    /// `unit_price × quantity`.
    pub subtotal: Money,
    pub discount_amount: Money,
    pub tax_amount: Money,
    /// `subtotal − discount_amount + tax_amount`.
    pub total: Money,
}

/// What a line is priced from.
pub struct LineTerms {
    pub product_id: u64,
    pub name: String,
    pub kind: ProductType,
    pub quantity: i64,
    pub unit_price: Money,
    pub discount_percentage: Percent,
    pub taxes: Vec<LineTax>,
}

impl Line {
    /// Prices `terms`, each step rounded to the cent.
    pub fn priced(terms: LineTerms) -> Line {
        let subtotal = terms.unit_price.times(terms.quantity);
        let discount_amount = subtotal.percent(terms.discount_percentage);
        let net = subtotal.minus(discount_amount);
        let tax_percentage: Percent = terms.taxes.iter().map(|t| t.rate).sum();
        let tax_amount = net.percent(tax_percentage);
        Line {
            product_id: terms.product_id,
            name: terms.name,
            kind: terms.kind,
            quantity: terms.quantity,
            unit_price: terms.unit_price,
            discount_percentage: terms.discount_percentage,
            taxes: terms.taxes,
            tax_percentage,
            subtotal,
            discount_amount,
            tax_amount,
            total: net + tax_amount,
        }
    }

    /// The same line for another quantity (a return of part of it).
    pub fn with_quantity(&self, quantity: i64) -> Line {
        Line::priced(LineTerms {
            product_id: self.product_id,
            name: self.name.clone(),
            kind: self.kind,
            quantity,
            unit_price: self.unit_price,
            discount_percentage: self.discount_percentage,
            taxes: self.taxes.clone(),
        })
    }

    /// Whether every amount of the line is within ±[`Money::MAX`].
    pub fn in_range(&self) -> bool {
        [self.subtotal, self.discount_amount, self.tax_amount, self.total]
            .into_iter()
            .all(Money::in_range)
    }

    /// After the discount, before tax.
    pub fn net(&self) -> Money {
        self.subtotal.minus(self.discount_amount)
    }
}

/// A document's totals: the sums of its lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Totals {
    /// Before discounts and taxes.
    pub subtotal: Money,
    pub discount_amount: Money,
    pub tax_amount: Money,
    /// `subtotal − discount_amount + tax_amount`.
    pub total_amount: Money,
}

impl Totals {
    /// Whether every total is within ±[`Money::MAX`].
    pub fn in_range(&self) -> bool {
        [self.subtotal, self.discount_amount, self.tax_amount, self.total_amount]
            .into_iter()
            .all(Money::in_range)
    }

    pub fn of(lines: &[Line]) -> Totals {
        Totals {
            subtotal: lines.iter().map(|l| l.subtotal).sum(),
            discount_amount: lines.iter().map(|l| l.discount_amount).sum(),
            tax_amount: lines.iter().map(|l| l.tax_amount).sum(),
            total_amount: lines.iter().map(|l| l.total).sum(),
        }
    }
}

/// What a document's lines amount to for its journal entry: net of discount, goods (products)
/// apart from services, and the tax.
#[derive(Clone, Copy, Debug, Default)]
pub struct Split {
    pub goods: Money,
    pub services: Money,
    pub tax: Money,
    pub total: Money,
}

impl Split {
    pub fn of(lines: &[Line]) -> Split {
        let net = |kind: ProductType| lines.iter().filter(|l| l.kind == kind).map(Line::net).sum();
        Split {
            goods: net(ProductType::Product),
            services: net(ProductType::Service),
            tax: lines.iter().map(|l| l.tax_amount).sum(),
            total: lines.iter().map(|l| l.total).sum(),
        }
    }
}

/// The units of each stocked product the lines hold (services left out), by product.
pub fn stocked_units(lines: &[Line]) -> BTreeMap<u64, i64> {
    let mut units = BTreeMap::new();
    for line in lines.iter().filter(|l| l.kind == ProductType::Product) {
        *units.entry(line.product_id).or_default() += line.quantity;
    }
    units
}

/// Which of a product's prices a line takes by default.
#[derive(Clone, Copy, Debug)]
pub enum PriceList {
    Purchase,
    Sale,
}

/// The bound on lines, as a body's error says it.
pub fn lines_bound_message() -> String {
    format!("Between 1 and {MAX_LINES} lines.")
}

/// Checks and prices the lines of a body (field `items`), reporting every error at once in
/// `errors`: each product must exist, each tax too. `None` when something was wrong.
pub async fn price_lines(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    items: Vec<LineIn>,
    prices: PriceList,
) -> Result<Option<Vec<Line>>, ApiError> {
    let products = ops::load_map::<Product>(cx, &product_ids(&items)).await?;
    priced(cx, errors, items, prices, products).await
}

/// Whether a body's lines are between 1 and [`MAX_LINES`].
fn lines_in_bounds(items: &[LineIn]) -> bool {
    (1..=MAX_LINES).contains(&items.len())
}

/// The products a body's lines name, to read; none when the lines are out of bounds (refused).
fn product_ids(items: &[LineIn]) -> Vec<u64> {
    match lines_in_bounds(items) {
        true => items.iter().filter_map(|l| l.product_id).collect(),
        false => Vec::new(),
    }
}

/// [`price_lines`] with the lines' products read, by id.
async fn priced(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    items: Vec<LineIn>,
    prices: PriceList,
    products: HashMap<u64, Product>,
) -> Result<Option<Vec<Line>>, ApiError> {
    if !lines_in_bounds(&items) {
        errors.add("items", lines_bound_message());
        return Ok(None);
    }
    let tax_ids_of = |line: &LineIn| -> Vec<u64> {
        match (&line.tax_ids, line.product_id.and_then(|id| products.get(&id))) {
            (Some(ids), _) => ids.clone(),
            (None, Some(product)) => product.tax_ids.clone(),
            (None, None) => Vec::new(),
        }
    };
    let all_taxes: Vec<u64> = items.iter().flat_map(tax_ids_of).collect();
    let taxes: HashMap<u64, Tax> = ops::load_many::<Tax>(cx, &all_taxes)
        .await?
        .into_iter()
        .map(|t| (t.meta.id, t))
        .collect();
    let mut failed = false;
    let mut lines = Vec::with_capacity(items.len());
    for (i, line) in items.iter().enumerate() {
        let field = |name: &str| format!("items.{i}.{name}");
        let product = match line.product_id {
            None => {
                errors.add(&field("product_id"), "The product id field is required.");
                None
            }
            Some(id) => {
                let found = products.get(&id);
                if found.is_none() {
                    errors.add(&field("product_id"), format!("No product has id {id}."));
                }
                found
            }
        };
        let quantity = line.quantity.filter(|q| (1..=MAX_QUANTITY).contains(q));
        if quantity.is_none() {
            errors.add(
                &field("quantity"),
                format!("A whole number of units from 1 to {MAX_QUANTITY}."),
            );
        }
        if line.unit_price.is_some_and(Money::is_negative) {
            failed = true;
            errors.add(&field("unit_price"), "The unit price is at least 0.");
        }
        let mut line_taxes = Vec::new();
        for tax_id in tax_ids_of(line) {
            match taxes.get(&tax_id) {
                Some(tax) => line_taxes.push(LineTax {
                    tax_id,
                    name: tax.name.clone(),
                    rate: tax.rate,
                }),
                None => {
                    failed = true;
                    errors.add(&field("tax_ids"), format!("No tax has id {tax_id}."));
                }
            }
        }
        if let (Some(product), Some(quantity)) = (product, quantity) {
            let default_price = match prices {
                PriceList::Purchase => product.purchase_price,
                PriceList::Sale => product.sale_price,
            };
            lines.push(Line::priced(LineTerms {
                product_id: product.meta.id,
                name: product.name.clone(),
                kind: product.kind,
                quantity,
                unit_price: line.unit_price.unwrap_or(default_price),
                discount_percentage: line.discount_percentage.unwrap_or(Percent::ZERO),
                taxes: line_taxes,
            }));
        }
    }
    if !lines.iter().all(Line::in_range) || !Totals::of(&lines).in_range() {
        errors.add(
            "items",
            format!(
                "Each line and the document's totals come to at most {} (quantity times unit price, \
                 taxes included); split the document.",
                Money::MAX
            ),
        );
        failed = true;
    }
    Ok((!failed && lines.len() == items.len()).then_some(lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(raw: &str) -> Money {
        Money::parse(raw).unwrap()
    }

    fn line(quantity: i64, price: &str, discount: &str, rates: &[&str]) -> Line {
        Line::priced(LineTerms {
            product_id: 1,
            name: "Widget".into(),
            kind: ProductType::Product,
            quantity,
            unit_price: money(price),
            discount_percentage: Percent::parse(discount).unwrap(),
            taxes: rates
                .iter()
                .enumerate()
                .map(|(i, r)| LineTax {
                    tax_id: i as u64 + 1,
                    name: format!("Tax {i}"),
                    rate: Percent::parse(r).unwrap(),
                })
                .collect(),
        })
    }

    #[test]
    fn each_step_of_a_line_is_rounded_half_up_to_the_cent() {
        // 3 × 9.99 = 29.97; 12.5% off = 3.74625 → 3.75; net 26.22; 7% + 13% of it = 5.244 → 5.24.
        let l = line(3, "9.99", "12.5", &["7", "13"]);
        assert_eq!(
            [l.subtotal, l.discount_amount, l.net(), l.tax_amount, l.total].map(|m| m.to_string()),
            ["29.97", "3.75", "26.22", "5.24", "31.46"]
        );
        // 0.5 cent rounds away from zero: 0.25 × 10% = 0.025 → 0.03.
        assert_eq!(line(1, "0.25", "0", &["10"]).tax_amount.to_string(), "0.03");
    }

    #[test]
    fn totals_are_the_sums_of_the_rounded_lines() {
        let lines = [line(1, "0.333", "0", &["20"]), line(1, "0.333", "0", &["20"])];
        let totals = Totals::of(&lines);
        assert_eq!(totals.tax_amount.to_string(), "0.14", "0.07 a line, not 20% of 0.66");
        assert_eq!(totals.total_amount.to_string(), "0.80");
    }
}
