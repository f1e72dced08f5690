//! `/api/v1/invoices`: the sales invoices of the accounting library (same records and rules as
//! `/api/sales-invoice`), listed with the workspace's overdue total beside the page. `overdue` is
//! the status the overdue job gives an open invoice past its due date with a balance; the total
//! is a sum kept per status with the writes, so it costs one counter read however many invoices
//! there are. Each invoice comes with its customer's name and address, read for the page's
//! customers at once, so an automation step shows who it bills without a second request.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::Serialize;
use shared::domain::Email;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, Listing, Meta, ValidPath};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::{ops, Cx};

use accounting::documents::InvoiceStatus;
use accounting::parties::Customer;
use accounting::sales_invoices::{SalesInvoice, SalesInvoiceFilters};

/// The customer an invoice bills, as `/api/v1` answers it beside `customer_id`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BilledCustomer {
    pub id: u64,
    pub name: String,
    pub email: Option<Email>,
}

/// A sales invoice with its customer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvoiceWithCustomer {
    #[serde(flatten)]
    pub invoice: SalesInvoice,
    /// `null` only if the customer is gone (a customer an invoice names cannot be deleted).
    pub customer: Option<BilledCustomer>,
}

/// `invoices`, each with its customer: one batch read for the distinct customers.
async fn with_customers(cx: Cx<'_>, invoices: Vec<SalesInvoice>) -> Result<Vec<InvoiceWithCustomer>, ApiError> {
    let ids: Vec<u64> = invoices.iter().map(|i| i.customer_id).collect();
    let customers: HashMap<u64, Customer> = ops::load_map(cx, &ids).await?;
    Ok(invoices
        .into_iter()
        .map(|invoice| {
            let customer = customers.get(&invoice.customer_id).map(|c| BilledCustomer {
                id: c.meta.id,
                name: c.party.name.clone(),
                email: c.party.email.clone(),
            });
            InvoiceWithCustomer { invoice, customer }
        })
        .collect())
}

/// `GET /api/v1/invoices/{id}`.
pub async fn show(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<InvoiceWithCustomer>, ApiError> {
    let cx = caller.cx();
    let invoice = ops::load::<SalesInvoice>(cx, id).await?;
    let shown = with_customers(cx, vec![invoice]).await?.pop();
    Ok(Json(shown.ok_or_else(|| ApiError::not_found("Sales invoice"))?))
}

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
    pub data: Vec<InvoiceWithCustomer>,
    pub meta: InvoiceListMeta,
}

/// `GET /api/v1/invoices` (`?status=overdue` for the overdue ones).
pub async fn list(caller: Caller, listing: Listing<SalesInvoiceFilters>) -> Result<Json<InvoiceList>, ApiError> {
    let cx = caller.cx();
    let page = index::list::<SalesInvoice, _>(cx, &listing, None).await?.records()?;
    let overdue = IndexValue::text(InvoiceStatus::Overdue.as_str());
    let tallies = [
        Tally::count("status", overdue.clone()),
        Tally::sum("balance_amount", "status", overdue),
    ];
    let figures = index::tallies::<SalesInvoice>(cx, &tallies).await?;
    Ok(Json(InvoiceList {
        data: with_customers(cx, page.data).await?,
        meta: InvoiceListMeta {
            page: page.meta,
            overdue_count: u64::try_from(figures[0]).unwrap_or(0),
            overdue_amount: Money::from_cents(figures[1]),
        },
    }))
}
