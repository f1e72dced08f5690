//! Sales and invoicing. A sales invoice is a financial document: its record, numbering and
//! posting are the accounting library's ([`accounting::sales_invoices`]), beside the customer
//! payments, returns and credit notes that settle it ([`accounting::returns`]), because those are generic over the invoices they
//! pay and the accounting crate cannot depend on this one. This crate serves the sales routes.

pub mod commissions;
pub mod home;
pub mod orders;
pub mod pipeline;
pub mod proposals;
pub mod seed;

use accounting::agents::SalesAgent;
use accounting::returns::{self, SalesReturn};
use accounting::sales_invoices::{self, SalesInvoice};
use shared::auth::Module::Sales;
use shared::module::ModuleDef;
use shared::routes::{Build, Crud, Op, Routes};

use commissions::CommissionPayout;
use orders::{Quote, SalesOrder};
use pipeline::{Meeting, Opportunity};
use proposals::Proposal;

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "sales",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        sales_invoices::INVOICE_CREATED,
        sales_invoices::INVOICE_POSTED,
        sales_invoices::INVOICE_PAID,
        sales_invoices::INVOICE_OVERDUE,
        proposals::PROPOSAL_CREATED,
        proposals::PROPOSAL_ACCEPTED,
        proposals::PROPOSAL_REJECTED,
    ],
    seeder: Some(&seed::SalesSeeder),
    cascades: &[],
    ledger: None,
};

/// Every sales route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Sales")
        .resource::<Opportunity>(
            Crud::new()
                .list("/api/sales/opportunities").show("/api/sales/opportunities/{id}")
                .create("/api/sales/opportunitity/store")
                .update("/api/sales/opportunities/update/{id}")
                .delete("/api/sales/opportunities/delete/{id}").batch_create("/api/sales/opportunities/batch/create").batch_update("/api/sales/opportunities/batch/update").batch_delete("/api/sales/opportunities/batch/delete").import("/api/sales/opportunities/import").export("/api/sales/opportunities/export"),
        )
        .resource::<Meeting>(
            Crud::new()
                .list("/api/sales/meetings").show("/api/sales/meetings/{id}")
                .create("/api/sales/meeting/store")
                .update("/api/sales/meeting/update/{id}")
                .delete("/api/sales/meeting/destroy/{id}").batch_create("/api/sales/meeting/batch/create").batch_update("/api/sales/meeting/batch/update").batch_delete("/api/sales/meeting/batch/delete").import("/api/sales/meeting/import").export("/api/sales/meeting/export"),
        )
        .row(
            Op::get("/api/sales/home", home::home)
                .read(Sales)
                .ok::<home::SalesHome>()
                .summary("The sales dashboard: opportunities per stage, quotes, orders, proposals and invoices per status, with their amounts"),
        )
        .row(
            Op::get("/api/sales/RequestData", home::request_data)
                .read(Sales)
                .ok::<home::RequestData>()
                .quirk()
                .summary("The option lists the sales forms need"),
        )
        .row(
            Op::post("/api/sales/parent-records", home::parent_records)
                .read(Sales)
                .body::<home::ParentQuery>()
                .ok::<home::ParentRecords>()
                .quirk()
                .summary("The records of one kind (customer, opportunity, quote, sales order) a sales form can attach to"),
        )
        .row(
            Op::get("/api/sales/warehouses", home::warehouses)
                .read(Sales)
                .ok::<home::Warehouses>()
                .summary("The active warehouses, by name, for the sales forms"),
        )
        .row(
            Op::post("/api/sales/get-warehouse-products", home::warehouse_products)
                .read(Sales)
                .body::<home::WarehouseRef>()
                .query::<shared::resource::NoFilters>()
                .sorts(&<inventory::stock::Level as shared::resource::index::Indexed>::LISTS.sort_names())
                .list::<inventory::stock::StockLevel>()
                .quirk()
                .summary("What one warehouse holds, product by product"),
        )
        .resource::<SalesAgent>(
            Crud::new()
                .list("/api/sales/agents")
                .create("/api/sales/agents/store")
                .show("/api/sales/agents/{id}")
                .update("/api/sales/agents/update/{id}")
                .delete("/api/sales/agents/delete/{id}").batch_create("/api/sales/agents/batch/create").batch_update("/api/sales/agents/batch/update").batch_delete("/api/sales/agents/batch/delete").import("/api/sales/agents/import").export("/api/sales/agents/export"),
        )
        .row(
            Op::get("/api/agents/{agent}/outstanding-commissions", commissions::outstanding).names::<accounting::agents::SalesAgent>("agent")
                .read(Sales)
                .query::<shared::resource::NoFilters>()
                .ok::<commissions::OutstandingCommissions>()
                .summary("What a sales agent is owed: the commission on each paid invoice credited to them, and the total"),
        )
        .row(
            Op::post("/api/agents/{agent}/commissions/pay", commissions::pay).names::<accounting::agents::SalesAgent>("agent")
                .write(Sales)
                .body::<commissions::PayCommissions>()
                .created::<commissions::CommissionsPaid>()
                .answers(&[409])
                .summary("Pay a sales agent's commissions on some paid invoices from a bank account (designed)")
                .details("One numbered payout (`COM-000001`) and, in the same transaction, its journal entry (sales commissions 6350 debited, the bank account's GL account credited) and the bank account's withdrawal. Each invoice must be paid, credited to this agent and not yet paid out (422 on `invoice_ids.N`); a payment or payout racing this one is 409 and nothing is recorded."),
        )
        .resource::<CommissionPayout>(Crud::new().list("/api/commission-payouts"))
        .row(
            Op::get("/api/commission-payouts/show/{id}", commissions::show_payout).names::<commissions::CommissionPayout>("id")
                .read(Sales)
                .ok::<CommissionPayout>()
                .summary("One commission payout (designed)"),
        )
        .row(
            Op::post("/api/commission-payouts/cancel/{id}", commissions::cancel_payout).names::<commissions::CommissionPayout>("id")
                .write(Sales)
                .ok::<CommissionPayout>()
                .answers(&[409])
                .summary("Cancel a commission payout: its entry and withdrawal are reversed and its commissions owed again (designed)")
                .details("`paid → cancelled`, once: in one transaction the reversing journal entry (dated today), a deposit back into the bank account, and each invoice's commission owed again (`commission_payout_id` and `commission_paid_at` cleared). A cancelled payout is 409 `invalid_transition`."),
        )
        .resource::<Quote>(
            Crud::new()
                .list("/api/sales/quotes")
                .create("/api/sales/quotes/store")
                .show("/api/sales/quotes/{id}")
                .update("/api/sales/quotes/update/{id}")
                .delete("/api/sales/quotes/destroy/{id}").batch_create("/api/sales/quotes/batch/create").batch_update("/api/sales/quotes/batch/update").batch_delete("/api/sales/quotes/batch/delete").import("/api/sales/quotes/import").export("/api/sales/quotes/export"),
        )
        .resource::<SalesOrder>(
            Crud::new()
                .list("/api/sales/sales-orders")
                .create("/api/sales/sales-order/store")
                .show("/api/sales/sales-orders/{id}")
                .update("/api/sales/sales-order/update/{id}")
                .delete("/api/sales/sales-order/delete/{id}").batch_create("/api/sales/sales-order/batch/create").batch_update("/api/sales/sales-order/batch/update").batch_delete("/api/sales/sales-order/batch/delete").import("/api/sales/sales-order/import").export("/api/sales/sales-order/export"),
        )
        .resource::<Proposal>(
            Crud::new()
                .list("/api/sales-proposal")
                .create("/api/sales-proposal/create")
                .show("/api/sales-proposal/show/{proposal_id}")
                .update("/api/sales-proposal/update/{proposal_id}")
                .delete("/api/sales-proposal/delete/{proposal_id}").batch_create("/api/sales-proposal/batch/create").batch_update("/api/sales-proposal/batch/update").batch_delete("/api/sales-proposal/batch/delete").import("/api/sales-proposal/import").export("/api/sales-proposal/export"),
        )
        .row(
            Op::post("/api/sales-proposal/sent/{proposal_id}", proposals::send).names::<proposals::Proposal>("proposal_id")
                .write(Sales)
                .ok::<Proposal>()
                .answers(&[409])
                .summary("Mark a draft proposal sent to its customer"),
        )
        .row(
            Op::post("/api/sales-proposal/accept/{proposal_id}", proposals::accept).names::<proposals::Proposal>("proposal_id")
                .write(Sales)
                .ok::<Proposal>()
                .answers(&[409])
                .summary("Record that the customer accepted a sent proposal"),
        )
        .row(
            Op::post("/api/sales-proposal/reject/{proposal_id}", proposals::reject).names::<proposals::Proposal>("proposal_id")
                .write(Sales)
                .ok::<Proposal>()
                .answers(&[409])
                .summary("Record that the customer rejected a sent proposal"),
        )
        .row(
            Op::post("/api/sales-proposal/convert-to-invoice/{proposal_id}", proposals::convert).names::<proposals::Proposal>("proposal_id")
                .write(Sales)
                .created::<proposals::Converted>()
                .answers(&[409])
                .summary("Turn an accepted proposal into a draft sales invoice of its lines, once"),
        )
        .resource::<SalesInvoice>(
            Crud::new()
                .list("/api/sales-invoice")
                .create("/api/sales-invoice/create")
                .show("/api/sales-invoice/show/{invoice_id}")
                .update("/api/sales-invoice/update/{invoice_id}")
                .delete("/api/sales-invoice/delete/{invoice_id}").batch_create("/api/sales-invoice/batch/create").batch_update("/api/sales-invoice/batch/update").batch_delete("/api/sales-invoice/batch/delete").import("/api/sales-invoice/import").export("/api/sales-invoice/export"),
        )
        .row(
            Op::post("/api/sales-invoice/post/{invoice_id}", sales_invoices::post_invoice).names::<accounting::sales_invoices::SalesInvoice>("invoice_id")
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
                .delete("/api/sales-invoice-return/delete/{return_id}").batch_create("/api/sales-invoice-return/batch/create").batch_delete("/api/sales-invoice-return/batch/delete").import("/api/sales-invoice-return/import").export("/api/sales-invoice-return/export"),
        )
        .row(
            Op::post("/api/sales-invoice-return/approve/{return_id}", returns::approve_return::<SalesReturn>).names::<accounting::returns::SalesReturn>("return_id")
                .write(Sales)
                .ok::<SalesReturn>()
                .answers(&[409])
                .summary("Approve a draft return: its credit note, the stock coming back and the journal entry")
                .details(returns::lifecycle::APPROVE),
        )
        .row(
            Op::post("/api/sales-invoice-return/complete/{return_id}", returns::complete_return::<SalesReturn>).names::<accounting::returns::SalesReturn>("return_id")
                .write(Sales)
                .ok::<SalesReturn>()
                .answers(&[409])
                .summary("Complete an approved return")
                .details(returns::lifecycle::COMPLETE),
        )
        .row(
            Op::post("/api/sales-invoice-return/cancel/{return_id}", returns::cancel_return::<SalesReturn>).names::<accounting::returns::SalesReturn>("return_id")
                .write(Sales)
                .ok::<SalesReturn>()
                .answers(&[409])
                .summary("Cancel a draft or approved return; an approved one's credit note, stock and entry are undone (designed)")
                .details(returns::lifecycle::CANCEL),
        )
}
