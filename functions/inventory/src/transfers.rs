//! Transfers: a quantity of a product moved from one warehouse to another, both sides in one
//! transaction. Immutable; deleting one moves the quantity back (refused when the destination no
//! longer holds it).

use axum::extract::State;
use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::{Module, Principal};
use shared::domain::Date;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, Caller, Cx, Deleted, Filter, Lists, Meta, NoChange, Ref, Resource};
use shared::AppState;

use crate::products::Product;
use crate::stock::{self, Change, Ledger, Reason, Source};
use crate::warehouses::Warehouse;

#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Transfer {
    #[serde(flatten)]
    pub meta: Meta,
    pub from_warehouse_id: u64,
    pub to_warehouse_id: u64,
    pub product_id: u64,
    pub quantity: i64,
    /// `YYYY-MM-DD`.
    pub date: Date,
    pub note: Option<String>,
}

/// Body of `POST /api/transfer/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"from_warehouse_id": 1, "to_warehouse_id": 2, "product_id": 3, "quantity": 5}))]
pub struct TransferIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub from_warehouse_id: Option<u64>,
    /// Another warehouse than `from_warehouse_id`.
    #[schemars(required, transform = shared::http::schema::id)]
    pub to_warehouse_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    #[schemars(required, range(min = 1, max = 1_000_000_000))]
    pub quantity: Option<i64>,
    /// `YYYY-MM-DD`; defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<500>)]
    pub note: Option<String>,
}

/// Filters of `GET /api/transfer`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct TransferFilters {
    pub product_id: Option<u64>,
    pub from_warehouse_id: Option<u64>,
    pub to_warehouse_id: Option<u64>,
}

impl Resource for Transfer {
    const KIND: &'static str = "inv_transfer";
    const NAME: &'static str = "Transfer";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-id",
        sorts: &[],
        filters: &[
            Filter::one("product_id", |t| IndexValue::id(t.product_id)),
            Filter::one("from_warehouse_id", |t| IndexValue::id(t.from_warehouse_id)),
            Filter::one("to_warehouse_id", |t| IndexValue::id(t.to_warehouse_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Product as Resource>::KIND, |t| vec![t.product_id]),
        Ref::to(<Warehouse as Resource>::KIND, |t| {
            vec![t.from_warehouse_id, t.to_warehouse_id]
        }),
    ];
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
        let product_id = errors.required("product_id", input.product_id);
        let quantity = errors.required("quantity", input.quantity);
        if quantity.is_some_and(|q| !(1..=1_000_000_000).contains(&q)) {
            errors.add("quantity", "At least 1 unit.");
        }
        let date = errors.date("date", input.date);
        let note = errors.text("note", input.note, 500);
        let ((from, to), (product_id, quantity)) = errors.finish((from.zip(to), product_id.zip(quantity)))?;
        Ok(Self {
            meta: Meta::default(),
            from_warehouse_id: from,
            to_warehouse_id: to,
            product_id,
            quantity,
            date: date.unwrap_or_else(Date::today),
            note,
        })
    }

    fn search_text(&self) -> String {
        self.note.clone().unwrap_or_default()
    }
}

/// The stock changes of `transfer`, or of its reversal.
fn changes(transfer: &Transfer, reverse: bool) -> [Change; 2] {
    let (from, to) = match reverse {
        false => (transfer.from_warehouse_id, transfer.to_warehouse_id),
        true => (transfer.to_warehouse_id, transfer.from_warehouse_id),
    };
    [
        Change {
            product_id: transfer.product_id,
            warehouse_id: from,
            quantity: -transfer.quantity,
            reason: Reason::TransferOut,
        },
        Change {
            product_id: transfer.product_id,
            warehouse_id: to,
            quantity: transfer.quantity,
            reason: Reason::TransferIn,
        },
    ]
}

fn pairs(transfer: &Transfer) -> [(u64, u64); 2] {
    [
        (transfer.product_id, transfer.from_warehouse_id),
        (transfer.product_id, transfer.to_warehouse_id),
    ]
}

/// `POST /api/transfer/create`.
pub async fn create(
    caller: Caller,
    ValidJson(input): ValidJson<TransferIn>,
) -> Result<(StatusCode, Json<Transfer>), ApiError> {
    let transfer = make(caller.cx(), input).await?;
    Ok((StatusCode::CREATED, Json(transfer)))
}

/// Checks a transfer and moves its stock, both sides in one transaction.
pub async fn make(cx: Cx<'_>, input: TransferIn) -> Result<Transfer, ApiError> {
    let mut transfer = Transfer::build(cx, input).await?;
    let ledger = Ledger::read(cx, &pairs(&transfer)).await?;
    let mut errors = FieldErrors::default();
    ledger.product(&mut errors, "product_id", transfer.product_id);
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

/// `DELETE /api/transfer/delete/{transfer_id}`: moves the quantity back and deletes the transfer.
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
        message: "Transfer deleted; its quantity is back where it came from.".into(),
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
pub struct RequestData {
    /// Active warehouses by name (the first 100).
    pub warehouses: Vec<FormOption>,
    /// Active products (not services) by name (the first 100).
    pub products: Vec<FormOption>,
}

const MAX_OPTIONS: usize = 100;

pub async fn request_data(State(state): State<AppState>, principal: Principal) -> Result<Json<RequestData>, ApiError> {
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
