//! Sales and invoicing. A sales invoice is a financial document: its record, numbering and
//! posting are the accounting library's ([`accounting::sales_invoices`]), beside the customer
//! payments, returns and credit notes that settle it ([`accounting::returns`]), because those are generic over the invoices they
//! pay and the accounting crate cannot depend on this one. This crate serves the sales routes.

use accounting::returns::{self, SalesReturn};
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
        .resource::<SalesReturn>(
            Crud::new()
                .list("/api/sales-invoice-return")
                .create("/api/sales-invoice-return/create")
                .show("/api/sales-invoice-return/show/{return_id}")
                .delete("/api/sales-invoice-return/delete/{return_id}"),
        )
        .row(
            Op::post("/api/sales-invoice-return/approve/{return_id}", returns::approve_return::<SalesReturn>)
                .write(Sales)
                .ok::<SalesReturn>()
                .answers(&[409])
                .summary("Approve a draft return: its credit note, the stock coming back and the journal entry"),
        )
        .row(
            Op::post("/api/sales-invoice-return/complete/{return_id}", returns::complete_return::<SalesReturn>)
                .write(Sales)
                .ok::<SalesReturn>()
                .answers(&[409])
                .summary("Complete an approved return"),
        )
        .row(
            Op::post("/api/sales-invoice-return/cancel/{return_id}", returns::cancel_return::<SalesReturn>)
                .write(Sales)
                .ok::<SalesReturn>()
                .answers(&[409])
                .summary("Cancel a draft or approved return; an approved one's credit note, stock and entry are undone (designed)"),
        )
}
