//! `/api/v1/invoices`: the sales invoices of the accounting library (same records and rules as
//! `/api/sales-invoice`), listed with the workspace's overdue total beside the page. `overdue` is
//! the status the overdue job gives an open invoice past its due date with a balance; the total
//! is a sum kept per status with the writes, so it costs one counter read however many invoices
//! there are.

use schemars::JsonSchema;
use serde::Serialize;
use shared::http::Json;
use shared::http::{ApiError, Listing, Meta};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::{ops, Caller};

use accounting::documents::InvoiceStatus;
use accounting::sales_invoices::{SalesInvoice, SalesInvoiceFilters};

/// The page's metadata, with the workspace's overdue figures.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvoiceListMeta {
    #[serde(flatten)]
    pub page: Meta,
    /// What the overdue invoices of the workspace still owe, all of them (whatever the filter).
    #[schemars(transform = shared::money::running_total)]
    pub overdue_amount: Money,
    /// How many invoices are overdue.
    pub overdue_count: u64,
}

/// Answer of `GET /api/v1/invoices`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvoiceList {
    pub data: Vec<SalesInvoice>,
    pub meta: InvoiceListMeta,
}

/// `GET /api/v1/invoices` (`?status=overdue` for the overdue ones).
pub async fn list(caller: Caller, listing: Listing<SalesInvoiceFilters>) -> Result<Json<InvoiceList>, ApiError> {
    let cx = caller.cx();
    let page = ops::list::<SalesInvoice>(cx, &listing).await?;
    let overdue = IndexValue::text(InvoiceStatus::Overdue.as_str());
    let tallies = [
        Tally::count("status", overdue.clone()),
        Tally::sum("balance_amount", "status", overdue),
    ];
    let figures = index::tallies::<SalesInvoice>(cx, &tallies).await?;
    Ok(Json(InvoiceList {
        data: page.data,
        meta: InvoiceListMeta {
            page: page.meta,
            overdue_count: u64::try_from(figures[0]).unwrap_or(0),
            overdue_amount: Money::from_cents(figures[1]),
        },
    }))
}
