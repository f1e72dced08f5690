//! Sales and invoicing. A sales invoice is a financial document: its record, numbering and
//! posting are the accounting library's ([`accounting::sales_invoices`]), beside the customer
//! payments and credit notes that settle it, because those are generic over the invoices they
//! pay and the accounting crate cannot depend on this one. This crate serves the sales routes.

use accounting::sales_invoices::{self, SalesInvoice};
use shared::auth::Module::Sales;
use shared::module::ModuleDef;
use shared::routes::{Crud, Op, Routes};

pub const MODULE: ModuleDef = ModuleDef {
    function: "sales",
    routes,
    event_types: &[
        sales_invoices::INVOICE_CREATED,
        sales_invoices::INVOICE_POSTED,
        sales_invoices::INVOICE_PAID,
    ],
    seeder: None,
    cascades: &[],
    ledger: None,
};

/// Every sales route, one row each.
pub fn routes() -> Routes {
    Routes::new("Sales invoices")
        .resource::<SalesInvoice>(
            Crud::new()
                .list("/api/sales-invoice")
                .create("/api/sales-invoice/create")
                .show("/api/sales-invoice/show/{invoice_id}")
                .update("/api/sales-invoice/update/{invoice_id}")
                .delete("/api/sales-invoice/delete/{invoice_id}"),
        )
        .row(
            Op::post("/api/sales-invoice/post/{invoice_id}", sales_invoices::post_invoice)
                .write(Sales)
                .ok::<SalesInvoice>()
                .answers(&[409, 422])
                .summary("Post a draft sales invoice: its journal entry (receivable, sales, VAT, cost of goods) and the stock it takes"),
        )
}
