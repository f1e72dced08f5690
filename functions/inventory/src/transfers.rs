//! Transfers: quantities of products moved from one warehouse to another (up to
//! [`crate::stock::MAX_STOCK_LINES`] products), both sides of every line in one change. Immutable; deleting one
//! moves the quantities back (refused when the destination no longer holds them).

use axum::http::{HeaderMap, StatusCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, Deprecated, FieldErrors, ValidJson, ValidPath};
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, Cx, Deleted, Filter, Lists, Meta, NoChange, Ref, Resource};

use crate::products::Product;
use crate::stock::{self, Change, Ledger, Reason, Source, StockLine, TransferLineIn};
use crate::warehouses::Warehouse;

#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Transfer {
    #[serde(flatten)]
    pub meta: Meta,
    pub from_warehouse_id: u64,
    pub to_warehouse_id: u64,
    /// The products moved, each once.
    pub lines: Vec<StockLine>,
    /// `YYYY-MM-DD`.
    pub date: Date,
    pub note: Option<String>,
}

/// Body of `POST /api/transfer/create`: what the document shows, the current form or the
/// single-product one ([`SingleProductTransferIn`]).
pub struct TransferBody;

impl JsonSchema for TransferBody {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "TransferBody".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Lines to move (`lines`), or the deprecated single-product form (`product_id` and `quantity`).",
            "anyOf": [
                generator.subschema_for::<TransferIn>(),
                generator.subschema_for::<SingleProductTransferIn>(),
            ],
        })
    }
}

/// The body `POST /api/transfer/create` took before `lines`: one product moved. Still accepted,
/// as a one-line transfer; deprecated: send `lines`.
#[derive(JsonSchema)]
#[schemars(extend("deprecated" = true))]
#[allow(dead_code)] // Documentation: `TransferIn` reads both forms.
pub struct SingleProductTransferIn {
    #[schemars(transform = shared::http::schema::id)]
    from_warehouse_id: u64,
    /// Another warehouse than `from_warehouse_id`.
    #[schemars(transform = shared::http::schema::id)]
    to_warehouse_id: u64,
    #[schemars(transform = shared::http::schema::id)]
    product_id: u64,
    #[schemars(range(min = 1, max = 1_000_000_000))]
    quantity: i64,
    /// `YYYY-MM-DD`; defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    date: Option<String>,
    note: Option<Text<500>>,
}

/// Body of `POST /api/transfer/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"from_warehouse_id": 1, "to_warehouse_id": 2, "lines": [{"product_id": 3, "quantity": 5}]}))]
pub struct TransferIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub from_warehouse_id: Option<u64>,
    /// Another warehouse than `from_warehouse_id`.
    #[schemars(required, transform = shared::http::schema::id)]
    pub to_warehouse_id: Option<u64>,
    /// From 1 to 1,000 lines, a product once each.
    #[schemars(required, length(min = 1, max = crate::stock::MAX_STOCK_LINES))]
    pub lines: Option<Vec<TransferLineIn>>,
    /// `YYYY-MM-DD`; defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    pub note: Option<Text<500>>,
    /// The single-product form's ([`SingleProductTransferIn`]), read as one line.
    #[schemars(skip)]
    pub product_id: Option<u64>,
    #[schemars(skip)]
    pub quantity: Option<i64>,
}

/// Filters of `GET /api/transfer`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct TransferFilters {
    /// Transfers with a line of this product.
    pub product_id: Option<u64>,
    pub from_warehouse_id: Option<u64>,
    pub to_warehouse_id: Option<u64>,
}

impl Resource for Transfer {
    const KIND: &'static str = "inv_transfer";
    const NAME: &'static str = "Transfer";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        // The product is checked on the transfers read: an index of it would cost an item per
        // line (a product's own history is its movements, `GET /api/stock-movements?product_id=`).
        filters: &[
            Filter::one("from_warehouse_id", |t| IndexValue::id(t.from_warehouse_id)),
            Filter::one("to_warehouse_id", |t| IndexValue::id(t.to_warehouse_id)),
            Filter::many("product_id", |t: &Transfer| {
                t.lines.iter().map(|l| IndexValue::id(l.product_id)).collect()
            })
            .checked(),
        ],
        sums: &[],
    };
    // No reference to the products: each line's pairs have stock levels, whose references keep
    // the products (as for movements).
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Warehouse as Resource>::KIND, |t| {
        vec![t.from_warehouse_id, t.to_warehouse_id]
    })];
    type In = TransferIn;
    type Patch = NoChange;
    type Out = Transfer;
    type Filters = TransferFilters;
    shared::meta_field!();

    /// Checks the body; [`create`] checks the records and moves the stock.
    async fn build(_cx: Cx<'_>, input: TransferIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let from = errors.required("from_warehouse_id", input.from_warehouse_id);
        let to = errors.required("to_warehouse_id", input.to_warehouse_id);
        if from.is_some() && from == to {
            errors.add(
                "to_warehouse_id",
                "Transfer to another warehouse than the one it leaves.",
            );
        }
        let lines = match (input.lines, input.product_id, input.quantity) {
            (Some(lines), None, None) => {
                let lines = lines.into_iter().map(|l| (l.product_id, l.quantity)).collect();
                stock::check_lines(&mut errors, "lines", Some(lines), false)
            }
            (Some(_), _, _) => {
                errors.add(
                    "lines",
                    "Send `lines`, or the single-product form's `product_id` and `quantity`, not both.",
                );
                Vec::new()
            }
            (None, None, None) => {
                errors.add(
                    "lines",
                    "The lines field is required: `[{\"product_id\": 3, \"quantity\": 5}]`, a line per product.",
                );
                Vec::new()
            }
            (None, product_id, quantity) => {
                let product_id = errors.required("product_id", product_id);
                let quantity = errors.required("quantity", quantity);
                let line = product_id.zip(quantity).map(|(p, q)| vec![(Some(p), Some(q))]);
                match line {
                    Some(line) => stock::check_lines(&mut errors, "lines", Some(line), false),
                    None => Vec::new(),
                }
            }
        };
        let date = errors.date("date", input.date);
        let note = errors.text("note", input.note);
        let (from, to) = errors.finish(from.zip(to))?;
        Ok(Self {
            meta: Meta::default(),
            from_warehouse_id: from,
            to_warehouse_id: to,
            lines,
            date: date.unwrap_or_else(Date::today),
            note,
        })
    }

    fn search_text(&self) -> String {
        self.note.clone().unwrap_or_default()
    }
}

/// The stock changes of `transfer`, or of its reversal: each line out of one warehouse and into
/// the other.
fn changes(transfer: &Transfer, reverse: bool) -> Vec<Change> {
    let (from, to) = match reverse {
        false => (transfer.from_warehouse_id, transfer.to_warehouse_id),
        true => (transfer.to_warehouse_id, transfer.from_warehouse_id),
    };
    transfer
        .lines
        .iter()
        .flat_map(|line| {
            [
                Change {
                    product_id: line.product_id,
                    warehouse_id: from,
                    quantity: -line.quantity,
                    reason: Reason::TransferOut,
                },
                Change {
                    product_id: line.product_id,
                    warehouse_id: to,
                    quantity: line.quantity,
                    reason: Reason::TransferIn,
                },
            ]
        })
        .collect()
}

fn pairs(transfer: &Transfer) -> Vec<(u64, u64)> {
    changes(transfer, false)
        .iter()
        .map(|c| (c.product_id, c.warehouse_id))
        .collect()
}

/// The single-product body ([`SingleProductTransferIn`]): deprecated, kept working until its
/// sunset (docs/changelog.md, 1.0.0).
pub const SINGLE_PRODUCT_BODY: Deprecated = Deprecated {
    since: "2026-12-06",
    sunset: "2027-12-06",
    link: "https://github.com/worktop/worktop/blob/main/docs/changelog.md",
};

/// `POST /api/transfer/create`; the single-product body's answer says it is deprecated
/// (`Deprecation`, `Sunset`).
pub async fn create(
    caller: Caller,
    ValidJson(input): ValidJson<TransferIn>,
) -> Result<(StatusCode, HeaderMap, Json<Transfer>), ApiError> {
    let single_product = input.product_id.is_some() || input.quantity.is_some();
    let transfer = make(caller.cx(), input).await?;
    let headers = match single_product {
        true => SINGLE_PRODUCT_BODY.headers(),
        false => HeaderMap::new(),
    };
    Ok((StatusCode::CREATED, headers, Json(transfer)))
}

/// Checks a transfer and moves its stock, every line's both sides in one change.
pub async fn make(cx: Cx<'_>, input: TransferIn) -> Result<Transfer, ApiError> {
    let mut transfer = Transfer::build(cx, input).await?;
    let ledger = Ledger::read(cx, &pairs(&transfer)).await?;
    let mut errors = FieldErrors::default();
    stock::check_products(&ledger, &mut errors, "lines", &transfer.lines);
    ledger.warehouse(&mut errors, "from_warehouse_id", transfer.from_warehouse_id);
    ledger.warehouse(&mut errors, "to_warehouse_id", transfer.to_warehouse_id);
    errors.into_result(())?;
    transfer.meta.id = ops::reserve_id::<Transfer>(cx).await?;
    let source = Source {
        kind: "transfer",
        id: transfer.meta.id,
    };
    let own = ops::prepare(cx, &mut transfer)?;
    let writes = ledger
        .writes(cx, &changes(&transfer, false), Some(source), transfer.note.as_deref())
        .await?
        .after(own);
    stock::commit(cx, writes)
        .await
        .map_err(|refused| refused.into_api(&ledger))?;
    Ok(transfer)
}

/// `DELETE /api/transfer/delete/{transfer_id}`: moves the quantities back and deletes the
/// transfer.
pub async fn delete(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Deleted>, ApiError> {
    let cx = caller.cx();
    let transfer = ops::load::<Transfer>(cx, id).await?;
    let ledger = Ledger::read(cx, &pairs(&transfer)).await?;
    let source = Source { kind: "transfer", id };
    let note = format!("Transfer {id} deleted");
    let writes = ledger
        .writes(cx, &changes(&transfer, true), Some(source), Some(&note))
        .await?
        .after(ops::delete_writes(cx, &transfer)?);
    stock::commit(cx, writes)
        .await
        .map_err(|refused| refused.into_api(&ledger))?;
    Ok(Json(Deleted {
        message: "Transfer deleted; its quantities are back where they came from.".into(),
        id,
    }))
}

/// An option of the transfer form.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FormOption {
    pub id: u64,
    pub name: String,
    /// Products only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sku: Option<String>,
}

/// `GET /api/transfer/request-data`: what the transfer form offers.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "TransferRequestData")]
pub struct RequestData {
    /// Active warehouses by name (the first 100).
    pub warehouses: Vec<FormOption>,
    /// Active products (not services) by name (the first 100).
    pub products: Vec<FormOption>,
}

const MAX_OPTIONS: usize = 100;

pub async fn request_data(Caller { state, principal }: Caller) -> Result<Json<RequestData>, ApiError> {
    let cx = Cx::new(&state, &principal);
    let active = || Some(("is_active", IndexValue::flag(true)));
    let warehouses = index::top::<Warehouse>(cx, active(), "name", false, MAX_OPTIONS).await?;
    let products = index::top::<Product>(
        cx,
        Some(("type", IndexValue::text("product"))),
        "name",
        false,
        MAX_OPTIONS * 2,
    )
    .await?;
    Ok(Json(RequestData {
        warehouses: warehouses
            .into_iter()
            .map(|w| FormOption {
                id: w.meta.id,
                name: w.name,
                sku: None,
            })
            .collect(),
        products: products
            .into_iter()
            .filter(|p| p.is_active)
            .take(MAX_OPTIONS)
            .map(|p| FormOption {
                id: p.meta.id,
                name: p.name,
                sku: Some(p.sku),
            })
            .collect(),
    }))
}
