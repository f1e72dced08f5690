//! The sales dashboard and the lookups the sales forms need: `GET /api/sales/home` (every figure
//! a counter kept with the writes, so its cost does not grow with the workspace),
//! `GET /api/sales/RequestData` (the option lists), `POST /api/sales/parent-records` (the records
//! a form can attach to), `GET /api/sales/warehouses` and `POST /api/sales/get-warehouse-products`
//! (inventory's stock of one warehouse).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::domain::{Choice, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListParams, ListResponse, Listing, ValidJson};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Indexed, Tally, MAX_OPTIONS};
use shared::resource::{ops, Cx, NoFilters};

use accounting::documents::InvoiceStatus;
use accounting::parties::Customer;
use accounting::sales_invoices::{InvoiceType, Recurrence, SalesInvoice};
use inventory::products::Product;
use inventory::stock::{self, StockLevel};
use inventory::warehouses::Warehouse;

use crate::orders::{OfferStatus, Quote, SalesOrder};
use crate::pipeline::{Meeting, MeetingStatus, Opportunity, OpportunityStage};
use crate::proposals::{Proposal, ProposalStatus};

/// How many records of one state, and what they amount to.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Figure {
    /// The state (a stage or status).
    pub state: String,
    pub count: u64,
    #[schemars(transform = shared::money::running_total)]
    pub amount: Money,
}

/// Answer of `GET /api/sales/home`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SalesHome {
    /// Opportunities per stage, with their amounts.
    pub opportunities: Vec<Figure>,
    /// The amount of the opportunities not yet closed.
    #[schemars(transform = shared::money::running_total)]
    pub pipeline_amount: Money,
    /// Won over closed opportunities, in percent (one decimal); 0 when none is closed.
    pub win_rate: f64,
    /// Quotes open and cancelled, with their totals.
    pub quotes: Vec<Figure>,
    /// Sales orders open and cancelled, with their totals.
    pub sales_orders: Vec<Figure>,
    /// Proposals per status, with their totals.
    pub proposals: Vec<Figure>,
    /// Sales invoices per status; `amount` is what is still owed on them.
    pub invoices: Vec<Figure>,
    /// What customers owe on posted invoices (drafts owe nothing yet).
    pub receivable_amount: Money,
    pub meetings_planned: u64,
    /// The five newest opportunities.
    pub recent_opportunities: Vec<Opportunity>,
}

/// A count and a sum for each of `states` of filter `filter`, in one round trip.
async fn figures<R: Indexed>(
    cx: Cx<'_>,
    filter: &'static str,
    sum: &'static str,
    states: &[&str],
) -> Result<Vec<Figure>, ApiError> {
    let tallies: Vec<Tally> = states
        .iter()
        .flat_map(|s| {
            [
                Tally::count(filter, IndexValue::text(s)),
                Tally::sum(sum, filter, IndexValue::text(s)),
            ]
        })
        .collect();
    let found = index::tallies::<R>(cx, &tallies).await?;
    Ok(states
        .iter()
        .zip(found.chunks(2))
        .map(|(state, pair)| Figure {
            state: state.to_string(),
            count: u64::try_from(pair[0]).unwrap_or(0),
            amount: Money::from_cents(pair[1]),
        })
        .collect())
}

fn of<'a>(figures: &'a [Figure], state: &str) -> Option<&'a Figure> {
    figures.iter().find(|f| f.state == state)
}

/// `GET /api/sales/home`.
pub async fn home(caller: Caller) -> Result<Json<SalesHome>, ApiError> {
    let cx = caller.cx();
    let stages = <OpportunityStage as Choice>::VALUES;
    let opportunities = figures::<Opportunity>(cx, "stage", "amount", stages).await?;
    let open_stages = stages.iter().filter(|s| !s.starts_with("closed_"));
    let pipeline_amount = open_stages
        .filter_map(|s| of(&opportunities, s))
        .map(|f| f.amount)
        .sum();
    let count = |stage: OpportunityStage| of(&opportunities, stage.as_str()).map_or(0, |f| f.count);
    let (won, lost) = (count(OpportunityStage::ClosedWon), count(OpportunityStage::ClosedLost));
    let offers = <OfferStatus as Choice>::VALUES;
    let invoices = figures::<SalesInvoice>(cx, "status", "balance_amount", <InvoiceStatus as Choice>::VALUES).await?;
    let planned = index::count_with::<Meeting>(cx, "status", IndexValue::text(MeetingStatus::Planned.as_str())).await?;
    Ok(Json(SalesHome {
        win_rate: match won + lost {
            0 => 0.0,
            closed => (won as f64 * 1000.0 / closed as f64).round() / 10.0,
        },
        pipeline_amount,
        opportunities,
        quotes: figures::<Quote>(cx, "status", "total_amount", offers).await?,
        sales_orders: figures::<SalesOrder>(cx, "status", "total_amount", offers).await?,
        proposals: figures::<Proposal>(cx, "status", "total_amount", <ProposalStatus as Choice>::VALUES).await?,
        receivable_amount: invoices
            .iter()
            .filter(|f| f.state != InvoiceStatus::Draft.as_str())
            .map(|f| f.amount)
            .sum(),
        invoices,
        meetings_planned: planned,
        recent_opportunities: index::top::<Opportunity>(cx, None, "id", true, 5).await?,
    }))
}

pub use shared::resource::Named;

/// A product as the line pickers offer it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProductOption {
    pub id: u64,
    pub name: String,
    pub sku: String,
    /// `product` (keeps stock) or `service`.
    #[serde(rename = "type")]
    pub kind: String,
    pub sale_price: Money,
}

/// Answer of `GET /api/sales/RequestData`: every option list the sales forms need (at most 500
/// of each record kind, active ones by name).
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "SalesRequestData")]
pub struct RequestData {
    pub customers: Vec<Named>,
    pub opportunities: Vec<Named>,
    pub warehouses: Vec<Named>,
    pub products: Vec<ProductOption>,
    pub opportunity_stages: Vec<String>,
    pub meeting_statuses: Vec<String>,
    pub offer_statuses: Vec<String>,
    pub proposal_statuses: Vec<String>,
    pub invoice_types: Vec<String>,
    pub recurrences: Vec<String>,
}

fn strings<C: Choice>() -> Vec<String> {
    C::VALUES.iter().map(|s| s.to_string()).collect()
}

async fn active_warehouses(cx: Cx<'_>) -> Result<Vec<Named>, ApiError> {
    let active = Some(("is_active", IndexValue::flag(true)));
    Ok(index::top::<Warehouse>(cx, active, "name", false, MAX_OPTIONS)
        .await?
        .into_iter()
        .map(|w| Named {
            id: w.meta.id,
            name: w.name,
        })
        .collect())
}

/// `GET /api/sales/RequestData`.
pub async fn request_data(caller: Caller) -> Result<Json<RequestData>, ApiError> {
    let cx = caller.cx();
    let active = || Some(("is_active", IndexValue::flag(true)));
    let customers = index::top::<Customer>(cx, active(), "name", false, MAX_OPTIONS).await?;
    let opportunities = index::top::<Opportunity>(cx, None, "name", false, MAX_OPTIONS).await?;
    let products = index::top::<Product>(cx, active(), "name", false, MAX_OPTIONS).await?;
    Ok(Json(RequestData {
        customers: customers
            .into_iter()
            .map(|c| Named {
                id: c.meta.id,
                name: c.party.name,
            })
            .collect(),
        opportunities: opportunities
            .into_iter()
            .map(|o| Named {
                id: o.meta.id,
                name: o.name,
            })
            .collect(),
        warehouses: active_warehouses(cx).await?,
        products: products
            .into_iter()
            .map(|p| ProductOption {
                id: p.meta.id,
                name: p.name,
                sku: p.sku,
                kind: p.kind.as_str().into(),
                sale_price: p.sale_price,
            })
            .collect(),
        opportunity_stages: strings::<OpportunityStage>(),
        meeting_statuses: strings::<MeetingStatus>(),
        offer_statuses: strings::<OfferStatus>(),
        proposal_statuses: strings::<ProposalStatus>(),
        invoice_types: strings::<InvoiceType>(),
        recurrences: strings::<Recurrence>(),
    }))
}

/// Answer of `GET /api/sales/warehouses`: the active warehouses, by name.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Warehouses {
    pub data: Vec<Named>,
}

/// `GET /api/sales/warehouses`.
pub async fn warehouses(caller: Caller) -> Result<Json<Warehouses>, ApiError> {
    Ok(Json(Warehouses {
        data: active_warehouses(caller.cx()).await?,
    }))
}

/// Body of `POST /api/sales/get-warehouse-products`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"warehouse_id": 1}))]
pub struct WarehouseRef {
    #[schemars(required, transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
}

/// `POST /api/sales/get-warehouse-products`: what one warehouse holds, product by product (paged
/// by the query's `page`/`per_page`).
pub async fn warehouse_products(
    caller: Caller,
    listing: Listing<NoFilters>,
    ValidJson(body): ValidJson<WarehouseRef>,
) -> Result<Json<ListResponse<StockLevel>>, ApiError> {
    let cx = caller.cx();
    let warehouse_id = FieldErrors::check_required(|e| e.required("warehouse_id", body.warehouse_id))?;
    // A body naming no warehouse is refused like any reference in a body (422, not 404).
    if ops::find::<Warehouse>(cx, warehouse_id).await?.is_none() {
        return Err(ApiError::invalid(
            "warehouse_id",
            format!("No warehouse has id {warehouse_id}."),
        ));
    }
    Ok(Json(stock::warehouse_stock(cx, warehouse_id, listing.params).await?))
}

shared::choice! {
    /// The kinds of record a sales form can name as its parent.
    pub enum ParentType {
        Customer = "customer",
        Opportunity = "opportunity",
        Quote = "quote",
        SalesOrder = "sales_order",
    }
}

/// Body of `POST /api/sales/parent-records`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"parent_type": "opportunity", "search": "acme"}))]
pub struct ParentQuery {
    #[schemars(required)]
    pub parent_type: Option<ParentType>,
    /// Words each found record has (as the lists' `search`); without it, the newest.
    pub search: Option<Text<100>>,
}

/// Answer of `POST /api/sales/parent-records`: at most 50.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ParentRecords {
    pub parent_type: ParentType,
    pub data: Vec<Named>,
}

/// Most records `parent-records` answers.
const MAX_PARENTS: usize = 50;

/// The newest records of `R` (or those `search` finds), named by `name`.
async fn parents<R: Indexed>(cx: Cx<'_>, search: Option<String>, name: fn(R) -> Named) -> Result<Vec<Named>, ApiError> {
    let found = match search {
        None => index::top::<R>(cx, None, "id", true, MAX_PARENTS).await?,
        Some(search) => {
            let listing = Listing {
                params: ListParams {
                    per_page: Some(MAX_PARENTS),
                    search: Some(search),
                    ..ListParams::default()
                },
                filters: NoFilters::default(),
            };
            index::list::<R, _>(cx, &listing, None).await?.records()?.data
        }
    };
    Ok(found.into_iter().map(name).collect())
}

/// `POST /api/sales/parent-records`: the records of one kind a form can attach to.
pub async fn parent_records(
    caller: Caller,
    ValidJson(body): ValidJson<ParentQuery>,
) -> Result<Json<ParentRecords>, ApiError> {
    let mut errors = FieldErrors::default();
    let parent_type = errors.required("parent_type", body.parent_type);
    let search = errors.text("search", body.search);
    let parent_type = errors.finish(parent_type)?;
    let cx = caller.cx();
    let data = match parent_type {
        ParentType::Customer => {
            parents::<Customer>(cx, search, |c| Named {
                id: c.meta.id,
                name: c.party.name,
            })
            .await?
        }
        ParentType::Opportunity => {
            parents::<Opportunity>(cx, search, |o| Named {
                id: o.meta.id,
                name: o.name,
            })
            .await?
        }
        ParentType::Quote => {
            parents::<Quote>(cx, search, |q| Named {
                id: q.meta.id,
                name: format!("{} {}", q.number(), q.offer.name),
            })
            .await?
        }
        ParentType::SalesOrder => {
            parents::<SalesOrder>(cx, search, |o| Named {
                id: o.meta.id,
                name: format!("{} {}", o.number(), o.offer.name),
            })
            .await?
        }
    };
    Ok(Json(ParentRecords { parent_type, data }))
}
