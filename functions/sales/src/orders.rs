//! Quotes and sales orders (the Sales add-on): priced offers of products and services to a
//! customer, about an opportunity or not, `open` until cancelled. Both are [`Offer`]s and differ
//! only in their numbering (`QUO-000001`, `SO-000001`); neither posts nor moves stock (a sales
//! invoice does that). A cancelled one is no longer changed; deleting works in either state.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::example;
use shared::resource::index::{IndexValue, Sum};
use shared::resource::numbering::{self, Series};
use shared::resource::{Assign, Cx, Filter, Lists, Meta, Ref, Resource, Sort};

use accounting::documents::{self, Line, LineIn, PriceList, Totals};
use accounting::parties::{self, Address, AddressIn, Customer};

use crate::pipeline::{check_opportunity, Opportunity};

shared::choice! {
    /// Whether a quote or order still stands.
    pub enum OfferStatus {
        Open = "open",
        Cancelled = "cancelled",
    }
}

/// What a quote and a sales order hold.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Offer {
    pub name: String,
    /// When it was quoted or ordered.
    pub date: Date,
    pub customer_id: u64,
    pub opportunity_id: Option<u64>,
    pub items: Vec<Line>,
    #[serde(flatten)]
    pub totals: Totals,
    /// The customer's when the body gave none.
    pub billing_address: Option<Address>,
    /// The customer's when the body gave none.
    pub shipping_address: Option<Address>,
    /// Who carries it (a carrier's name).
    pub shipping_provider: Option<String>,
    pub description: Option<String>,
    pub status: OfferStatus,
}

/// Body of `POST /api/sales/quotes/store` and `POST /api/sales/sales-order/store`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"name": "Fit-out, phase 1", "customer_id": 1, "opportunity_id": 1, "date": "2026-04-01", "items": [{"product_id": 1, "quantity": 4}], "shipping_provider": "DHL"}))]
pub struct OfferIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    /// An opportunity of the same customer.
    #[schemars(transform = shared::http::schema::id)]
    pub opportunity_id: Option<u64>,
    /// From 1 to 1,000 lines, priced from the products' sale prices unless given.
    #[schemars(required, length(min = 1, max = accounting::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    /// Defaults to the customer's.
    #[serde(default, deserialize_with = "parties::address_in")]
    pub billing_address: Option<AddressIn>,
    /// Defaults to the customer's.
    #[serde(default, deserialize_with = "parties::address_in")]
    pub shipping_address: Option<AddressIn>,
    pub shipping_provider: Option<Text<120>>,
    pub description: Option<Text<2000>>,
}

/// Body of the update routes: absent fields stay; `null` clears an optional one (an address
/// cleared stays empty: the customer's is filled in only when one is created); `items` replaces
/// every line; `status` `cancelled` cancels it (for good).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct OfferPatch {
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub opportunity_id: Option<Option<u64>>,
    #[schemars(length(min = 1, max = accounting::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    #[serde(default, deserialize_with = "parties::address_patch")]
    #[schemars(with = "shared::resource::Clearable<AddressIn>")]
    pub billing_address: Option<Option<AddressIn>>,
    #[serde(default, deserialize_with = "parties::address_patch")]
    #[schemars(with = "shared::resource::Clearable<AddressIn>")]
    pub shipping_address: Option<Option<AddressIn>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<120>>")]
    pub shipping_provider: Option<Option<Text<120>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
    pub status: Option<OfferStatus>,
}

/// `?status=`, `?customer_id=` and `?opportunity_id=` on the lists.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct OfferFilters {
    pub status: Option<OfferStatus>,
    pub customer_id: Option<u64>,
    pub opportunity_id: Option<u64>,
}

async fn lines(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    items: Option<Vec<LineIn>>,
) -> Result<Option<Vec<Line>>, ApiError> {
    match items {
        Some(items) => documents::price_lines(cx, errors, items, PriceList::Sale).await,
        None => Ok(None),
    }
}

impl Offer {
    async fn build(cx: Cx<'_>, input: OfferIn) -> Result<Offer, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let customer_id = errors.required("customer_id", input.customer_id);
        let items = errors.required("items", input.items);
        let date = errors.date("date", input.date);
        let billing = input
            .billing_address
            .map(|a| parties::address(&mut errors, "billing_address", a));
        let shipping = input
            .shipping_address
            .map(|a| parties::address(&mut errors, "shipping_address", a));
        let shipping_provider = errors.text("shipping_provider", input.shipping_provider);
        let description = errors.text("description", input.description);
        let customer = documents::check_party::<Customer>(cx, &mut errors, "customer_id", customer_id).await?;
        check_opportunity(cx, &mut errors, input.opportunity_id, customer_id).await?;
        let items = lines(cx, &mut errors, items).await?;
        let (name, customer, items) = errors.finish((name, customer, items))?;
        Ok(Offer {
            name,
            date: date.unwrap_or_else(Date::today),
            customer_id: customer.meta.id,
            opportunity_id: input.opportunity_id,
            totals: Totals::of(&items),
            items,
            billing_address: billing.or(customer.party.billing_address),
            shipping_address: shipping.or(customer.party.shipping_address),
            shipping_provider,
            description,
            status: OfferStatus::Open,
        })
    }

    /// `what` names the record in the refusal (`QUO-000003`).
    async fn apply(&mut self, cx: Cx<'_>, patch: OfferPatch, what: &str) -> Result<(), ApiError> {
        if self.status == OfferStatus::Cancelled {
            return Err(ApiError::invalid_transition(format!(
                "{what} is cancelled: it is no longer changed."
            )));
        }
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let date = errors.date("date", patch.date);
        let billing = patch
            .billing_address
            .map(|a| a.map(|a| parties::address(&mut errors, "billing_address", a)));
        let shipping = patch
            .shipping_address
            .map(|a| a.map(|a| parties::address(&mut errors, "shipping_address", a)));
        let shipping_provider = patch.shipping_provider.map(|p| errors.text("shipping_provider", p));
        let description = patch.description.map(|d| errors.text("description", d));
        documents::check_party::<Customer>(cx, &mut errors, "customer_id", patch.customer_id).await?;
        let customer_id = patch.customer_id.unwrap_or(self.customer_id);
        // An opportunity kept must still be the (possibly new) customer's; one cleared is none.
        let opportunity_id = patch.opportunity_id.unwrap_or(self.opportunity_id);
        check_opportunity(cx, &mut errors, opportunity_id, Some(customer_id)).await?;
        let items = lines(cx, &mut errors, patch.items).await?;
        errors.into_result(())?;
        self.name.assign(name);
        self.date.assign(date);
        self.customer_id = customer_id;
        self.opportunity_id = opportunity_id;
        self.billing_address.assign(billing);
        self.shipping_address.assign(shipping);
        self.shipping_provider.assign(shipping_provider);
        self.description.assign(description);
        self.status.assign(patch.status);
        if let Some(items) = items {
            self.totals = Totals::of(&items);
            self.items = items;
        }
        Ok(())
    }
}

/// What one kind of offer adds to an [`Offer`]: its own number field, its name and its numbering.
/// Its schema's name and description are the record's ([`shared::resource::kind_schema`]).
pub trait OfferKind:
    Serialize + serde::de::DeserializeOwned + JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static
{
    const KIND: &'static str;
    const NAME: &'static str;
    const SERIES: &'static Series;
    /// The kind's own part, numbered `number` (given when the record is stored).
    fn numbered(number: String) -> Self;
    fn number(&self) -> &str;
    fn example() -> serde_json::Value;
    fn example_update() -> serde_json::Value;
}

/// A record holding an [`Offer`] under its kind's own number: the lists, references and checks
/// both kinds share.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
// `K`'s own bounds (`OfferKind`) are all serde needs.
#[serde(bound = "")]
#[schemars(rename = "{K}", transform = shared::resource::kind_schema::<K>)]
pub struct Offered<K: OfferKind> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub own: K,
    #[serde(flatten)]
    pub offer: Offer,
}

impl<K: OfferKind> Offered<K> {
    pub fn number(&self) -> &str {
        self.own.number()
    }
}

impl<K: OfferKind> Resource for Offered<K> {
    fn example() -> Option<serde_json::Value> {
        Some(K::example())
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(K::example_update())
    }

    const KIND: &'static str = K::KIND;
    const NAME: &'static str = K::NAME;
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("date", |r| IndexValue::date(&r.offer.date)),
            Sort::new("total_amount", |r| {
                IndexValue::money(r.offer.totals.total_amount.decimal())
            }),
            Sort::new("name", |r| IndexValue::text(&r.offer.name)),
        ],
        filters: &[
            Filter::<Self>::one("opportunity_id", |r| {
                IndexValue::id(r.offer.opportunity_id.unwrap_or_default())
            }),
            Filter::<Self>::one("customer_id", |r| IndexValue::id(r.offer.customer_id)),
            Filter::<Self>::one("status", |r| IndexValue::text(r.offer.status.as_str())).sorted_by(&["date"]),
        ],
        // What the sales home shows: the amount open and cancelled.
        sums: &[Sum::new("total_amount", |r| r.offer.totals.total_amount.cents())],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Customer as Resource>::KIND, |r| vec![r.offer.customer_id]),
        Ref::to(<Opportunity as Resource>::KIND, |r| {
            r.offer.opportunity_id.into_iter().collect()
        }),
    ];
    type In = OfferIn;
    type Patch = OfferPatch;
    type Out = Self;
    type Filters = OfferFilters;
    const SERIES: Option<&'static Series> = Some(K::SERIES);
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.own = K::numbered(number);
    }

    async fn build(cx: Cx<'_>, input: OfferIn) -> Result<Self, ApiError> {
        let offer = Offer::build(cx, input).await?;
        // The number comes with the transaction that stores it (`SERIES`).
        Ok(Self {
            meta: Meta::default(),
            own: K::numbered(String::new()),
            offer,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: OfferPatch) -> Result<(), ApiError> {
        let what = self.number().to_owned();
        self.offer.apply(cx, patch, &what).await
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.number(), self.offer.name)
    }
}

/// A quote: prices offered to a customer.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Quote")]
pub struct QuoteKind {
    /// From the workspace's number series for its kind (`GET /api/settings/number-series`),
    /// given when it is stored: one unbroken sequence.
    pub quote_number: String,
}

pub type Quote = Offered<QuoteKind>;

impl OfferKind for QuoteKind {
    const KIND: &'static str = "sales_quote";
    const NAME: &'static str = "Quote";
    const SERIES: &'static Series = &numbering::QUOTE;

    fn numbered(quote_number: String) -> Self {
        Self { quote_number }
    }

    fn number(&self) -> &str {
        &self.quote_number
    }

    fn example() -> serde_json::Value {
        serde_json::json!({
            "name": "Showroom lighting, phase 1", "customer_id": example::id_of::<accounting::parties::Customer>(),
            "opportunity_id": example::id_of::<crate::pipeline::Opportunity>(), "date": "2026-04-06",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 12, "discount_percentage": 5}],
            "shipping_provider": "DHL", "description": "Twelve desk lamps for the display tables."
        })
    }

    fn example_update() -> serde_json::Value {
        serde_json::json!({"name": "Showroom lighting, phase 1 (revised)", "shipping_provider": "UPS"})
    }
}

/// A sales order: what a customer ordered.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "SalesOrder")]
pub struct SalesOrderKind {
    /// From the workspace's number series for its kind (`GET /api/settings/number-series`),
    /// given when it is stored: one unbroken sequence.
    pub order_number: String,
}

pub type SalesOrder = Offered<SalesOrderKind>;

impl OfferKind for SalesOrderKind {
    const KIND: &'static str = "sales_order";
    const NAME: &'static str = "Sales order";
    const SERIES: &'static Series = &numbering::SALES_ORDER;

    fn numbered(order_number: String) -> Self {
        Self { order_number }
    }

    fn number(&self) -> &str {
        &self.order_number
    }

    fn example() -> serde_json::Value {
        serde_json::json!({
            "name": "Showroom lighting, phase 1", "customer_id": example::id_of::<accounting::parties::Customer>(),
            "opportunity_id": example::id_of::<crate::pipeline::Opportunity>(), "date": "2026-04-20",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 12, "discount_percentage": 5}],
            "shipping_provider": "DHL", "description": "Ordered as quoted; deliver to the Lyon showroom."
        })
    }

    fn example_update() -> serde_json::Value {
        serde_json::json!({"shipping_provider": "UPS", "description": "Ordered as quoted; deliver to the Lyon showroom before 9 am."})
    }
}
