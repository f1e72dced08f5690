//! Stock adjustments: a document of signed quantities of up to
//! [`crate::stock::MAX_STOCK_LINES`] products in one warehouse (a stock count's differences, goods
//! found or written off), applied as one change: every line or none. Immutable; a later
//! adjustment corrects an earlier one. A single quantity can also be adjusted without a document
//! (`POST /api/product-stock/add`).

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson};
use shared::resource::index::IndexValue;
use shared::resource::{ops, Cx, Filter, Lists, Meta, NoChange, Ref, Resource};

use crate::stock::{self, AdjustmentLineIn, Change, Ledger, Reason, Source, StockLine};
use crate::warehouses::Warehouse;

#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct StockAdjustment {
    #[serde(flatten)]
    pub meta: Meta,
    pub warehouse_id: u64,
    /// The products adjusted, each once; a quantity is signed (negative removes).
    pub lines: Vec<StockLine>,
    /// `YYYY-MM-DD`.
    pub date: Date,
    /// Why (a stock count, damage); also each movement's note.
    pub note: Option<String>,
}

/// Body of `POST /api/stock-adjustment/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"warehouse_id": 1, "lines": [{"product_id": 3, "quantity": -2}, {"product_id": 4, "quantity": 5}], "note": "Year-end count"}))]
pub struct StockAdjustmentIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// From 1 to 1,000 lines, a product once each.
    #[schemars(required, length(min = 1, max = crate::stock::MAX_STOCK_LINES))]
    pub lines: Option<Vec<AdjustmentLineIn>>,
    /// `YYYY-MM-DD`; defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    pub note: Option<Text<500>>,
}

/// Filters of `GET /api/stock-adjustment`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct StockAdjustmentFilters {
    pub warehouse_id: Option<u64>,
}

impl Resource for StockAdjustment {
    const KIND: &'static str = "inv_stock_adjustment";
    const NAME: &'static str = "Stock adjustment";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[Filter::one("warehouse_id", |a| IndexValue::id(a.warehouse_id))],
        sums: &[],
    };
    // Its products are kept by their stock levels (see `stock::Movement`).
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Warehouse as Resource>::KIND, |a| vec![a.warehouse_id])];
    type In = StockAdjustmentIn;
    type Patch = NoChange;
    type Out = StockAdjustment;
    type Filters = StockAdjustmentFilters;
    shared::meta_field!();

    /// Checks the body; [`create`] checks the records and moves the stock.
    async fn build(_cx: Cx<'_>, input: StockAdjustmentIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let warehouse_id = errors.required("warehouse_id", input.warehouse_id);
        let lines = input
            .lines
            .map(|lines| lines.into_iter().map(|l| (l.product_id, l.quantity)).collect());
        let lines = stock::check_lines(&mut errors, "lines", lines, true);
        let date = errors.date("date", input.date);
        let note = errors.text("note", input.note);
        let warehouse_id = errors.finish(warehouse_id)?;
        Ok(Self {
            meta: Meta::default(),
            warehouse_id,
            lines,
            date: date.unwrap_or_else(Date::today),
            note,
        })
    }

    fn search_text(&self) -> String {
        self.note.clone().unwrap_or_default()
    }
}

/// `POST /api/stock-adjustment/create`: checks the adjustment and applies every line in one
/// change; a line taking more than its product's stock (where negative stock is off) refuses
/// the whole adjustment.
pub async fn create(
    caller: Caller,
    ValidJson(input): ValidJson<StockAdjustmentIn>,
) -> Result<(StatusCode, Json<StockAdjustment>), ApiError> {
    let adjustment = make(caller.cx(), input).await?;
    Ok((StatusCode::CREATED, Json(adjustment)))
}

/// Checks an adjustment and applies its lines, all in one change.
pub async fn make(cx: Cx<'_>, input: StockAdjustmentIn) -> Result<StockAdjustment, ApiError> {
    let mut adjustment = StockAdjustment::build(cx, input).await?;
    let pairs: Vec<(u64, u64)> = adjustment
        .lines
        .iter()
        .map(|l| (l.product_id, adjustment.warehouse_id))
        .collect();
    let ledger = Ledger::read(cx, &pairs).await?;
    let mut errors = FieldErrors::default();
    stock::check_products(&ledger, &mut errors, "lines", &adjustment.lines);
    ledger.warehouse(&mut errors, "warehouse_id", adjustment.warehouse_id);
    errors.into_result(())?;
    adjustment.meta.id = ops::reserve_id::<StockAdjustment>(cx).await?;
    let changes: Vec<Change> = adjustment
        .lines
        .iter()
        .map(|l| Change {
            product_id: l.product_id,
            warehouse_id: adjustment.warehouse_id,
            quantity: l.quantity,
            reason: Reason::Adjustment,
        })
        .collect();
    let source = Source {
        kind: "stock_adjustment",
        id: adjustment.meta.id,
    };
    let own = ops::prepare(cx, &mut adjustment)?;
    let writes = ledger
        .writes(cx, &changes, Some(source), adjustment.note.as_deref())
        .await?
        .after(own);
    stock::commit(cx, writes)
        .await
        .map_err(|refused| refused.into_api(&ledger))?;
    Ok(adjustment)
}
