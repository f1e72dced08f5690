//! Accounting: the double-entry ledger (chart of accounts, journal entries and the balances they
//! move), customers and vendors, bank accounts with their transactions and transfers, expenses and
//! revenues, purchase invoices and returns with their debit notes, and the receivable side the
//! sales module serves: sales invoices and customer payments. Every document that carries
//! money posts through [`journal::entry_writes`], in its own transaction; sales and POS posting
//! call the same function. Priced documents share their lines and totals ([`documents`]).

pub mod agents;
pub mod banking;
pub mod documents;
pub mod entries;
pub mod invoices;
pub mod journal;
pub mod ledger;
pub mod parties;
pub mod payments;
pub mod posting;
pub mod purchases;
pub mod returns;
pub mod revenue;
pub mod sales_invoices;
pub mod seed;

use shared::auth::Module::Accounting;
use shared::handlers;
use shared::module::ModuleDef;
use shared::resource::index::Indexed;
use shared::resource::{NoFilters, Resource};
use shared::routes::{Build, Crud, Op, Routes};

use banking::{BankAccount, BankTransfer};
use entries::{Expense, Revenue};
use ledger::GlAccount;
use parties::{Customer, Vendor};
use payments::{CustomerPayment, VendorPayment};
use purchases::PurchaseInvoice;
use returns::{CreditNote, DebitNote, PurchaseReturn};

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "accounting",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        parties::CUSTOMER_CREATED,
        parties::CUSTOMER_UPDATED,
        parties::CUSTOMER_DELETED,
        parties::VENDOR_CREATED,
        parties::VENDOR_UPDATED,
        parties::VENDOR_DELETED,
        purchases::PURCHASE_INVOICE_POSTED,
    ],
    seeder: Some(&seed::AccountingSeeder),
    cascades: &[],
    ledger: Some(&posting::Books),
};

/// Every accounting route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Accounting")
        // The ledger
        .row(
            Op::get("/api/account-types", ledger::account_types)
                .read(Accounting)
                .query::<NoFilters>()
                .list::<ledger::AccountTypeView>()
                .summary("The five account types with their debits, credits and balances"),
        )
        .row(
            Op::get("/api/chart-of-accounts", ledger::list_accounts)
                .read(Accounting)
                .query::<ledger::GlAccountFilters>()
                .sorts(&<GlAccount as Resource>::LISTS.sort_names())
                .list::<ledger::GlAccountBalance>()
                .summary("The chart of accounts, by code, with balances"),
        )
        .row(
            Op::get("/api/gl-accounts", ledger::list_accounts)
                .read(Accounting)
                .query::<ledger::GlAccountFilters>()
                .sorts(&<GlAccount as Resource>::LISTS.sort_names())
                .list::<ledger::GlAccountBalance>()
                .summary("General-ledger accounts with their debit and credit totals and balances"),
        )
        .row(
            Op::get("/api/gl-accounts/{id}", ledger::show_account)
                .names::<GlAccount>("id")
                .read(Accounting)
                .ok::<ledger::GlAccountBalance>()
                .summary("Show a general-ledger account with its debit and credit totals and balance"),
        )
        .row(
            Op::get("/api/journal-entries", journal::list_entries)
                .read(Accounting)
                .query::<journal::EntryFilters>()
                .sorts(&<journal::JournalEntry as Indexed>::LISTS.sort_names())
                .list::<journal::JournalEntry>()
                .summary("The journal: every entry with its lines (designed)"),
        )
        .row(
            Op::get("/api/journal-entries/{id}", handlers::show_indexed::<journal::JournalEntry>)
                .names::<journal::JournalEntry>("id")
                .read(Accounting)
                .ok::<journal::JournalEntry>()
                .summary("Show a journal entry with its lines"),
        )
        .row(
            Op::post("/api/journal-entries/create", journal::create_entry)
                .write(Accounting)
                .body::<journal::ManualEntryIn>()
                .created::<journal::JournalEntry>()
                .summary("Write a manual journal entry, numbered from the journal_entry series (designed)"),
        )
        // Customers and vendors
        .resource::<Customer>(
            Crud::new()
                .list("/api/customers")
                .create("/api/customers/create")
                .update("/api/customers/update/{id}")
                .delete("/api/customers/delete/{id}").batch_create("/api/customers/batch/create").batch_update("/api/customers/batch/update").batch_delete("/api/customers/batch/delete").import("/api/customers/import").export("/api/customers/export"),
        )
        .row(
            Op::get("/api/get-clients", parties::client_options)
                .read(Accounting)
                .query::<NoFilters>()
                .sorts(&<Customer as Resource>::LISTS.sort_names())
                .list::<parties::PartyOption>()
                .summary("The active customers, for a picker"),
        )
        .resource::<Vendor>(
            Crud::new()
                .list("/api/vendors").show("/api/vendors/{id}")
                .create("/api/vendors/create")
                .upsert("/api/vendors/upsert")
                .update("/api/vendors/update/{id}")
                .delete("/api/vendors/delete/{id}").batch_create("/api/vendors/batch/create").batch_update("/api/vendors/batch/update").batch_delete("/api/vendors/batch/delete").import("/api/vendors/import").export("/api/vendors/export"),
        )
        .row(
            Op::get("/api/get-vendors", parties::vendor_options)
                .read(Accounting)
                .query::<NoFilters>()
                .sorts(&<Vendor as Resource>::LISTS.sort_names())
                .list::<parties::PartyOption>()
                .summary("The active vendors, for a picker"),
        )
        .row(
            Op::get("/api/expense-categories", ledger::expense_categories)
                .read(Accounting)
                .query::<NoFilters>()
                .sorts(&<GlAccount as Resource>::LISTS.sort_names())
                .list::<ledger::GlAccountBalance>()
                .summary("The expense categories: expense accounts 6000 and up, with balances"),
        )
        .row(
            Op::get("/api/revenue-categories", ledger::revenue_categories)
                .read(Accounting)
                .query::<NoFilters>()
                .sorts(&<GlAccount as Resource>::LISTS.sort_names())
                .list::<ledger::GlAccountBalance>()
                .summary("The revenue categories: revenue accounts, with balances"),
        )
        // Bank accounts, transactions and transfers
        .resource::<BankAccount>(
            Crud::new()
                .list("/api/bank-accounts").show("/api/bank-accounts/{id}")
                .update("/api/bank-accounts/update/{id}")
                .delete("/api/bank-accounts/delete/{id}").batch_update("/api/bank-accounts/batch/update").batch_delete("/api/bank-accounts/batch/delete").export("/api/bank-accounts/export"),
        )
        .row(
            Op::post("/api/bank-accounts/create", banking::create_account)
                .write(Accounting)
                .body::<banking::BankAccountIn>()
                .created::<BankAccount>()
                .creates::<BankAccount>()
                .summary("Open a bank account, with its own GL account under 1000"),
        )
        .row(
            Op::get("/api/bank-transactions", banking::list_transactions)
                .read(Accounting)
                .query::<banking::TransactionFilters>()
                .sorts(&<banking::BankTransaction as Indexed>::LISTS.sort_names())
                .list::<banking::BankTransaction>()
                .summary("Every posted bank movement, with the running balance"),
        )
        .row(
            Op::get("/api/bank-transactions/{id}", handlers::show_indexed::<banking::BankTransaction>)
                .names::<banking::BankTransaction>("id")
                .read(Accounting)
                .ok::<banking::BankTransaction>()
                .summary("Show a bank transaction"),
        )
        .resource::<BankTransfer>(Crud::new().list("/api/bank-transfers").show("/api/bank-transfers/{id}"))
        .row(
            Op::post("/api/bank-transfers/create", banking::create_transfer)
                .write(Accounting)
                .body::<banking::BankTransferIn>()
                .created::<BankTransfer>()
                .answers(&[409])
                .summary("Move money between two bank accounts: one journal entry (designed)"),
        )
        // Expenses and revenues
        .resource::<Expense>(
            Crud::new()
                .list("/api/expenses").show("/api/expenses/{id}")
                .create("/api/expenses/create")
                .update("/api/expenses/update/{id}")
                .delete("/api/expenses/delete/{id}").batch_create("/api/expenses/batch/create").batch_update("/api/expenses/batch/update").batch_delete("/api/expenses/batch/delete").import("/api/expenses/import").export("/api/expenses/export"),
        )
        .row(
            Op::post("/api/expenses/approve/{id}", entries::approve_expense).names::<entries::Expense>("id")
                .write(Accounting)
                .ok::<Expense>()
                .answers(&[409])
                .summary("Approve a draft expense"),
        )
        .row(
            Op::post("/api/expenses/post/{id}", entries::post_expense).names::<entries::Expense>("id")
                .write(Accounting)
                .ok::<Expense>()
                .answers(&[409])
                .summary("Post an approved expense: its journal entry and bank transaction"),
        )
        .resource::<Revenue>(
            Crud::new()
                .list("/api/revenues").show("/api/revenues/{id}")
                .create("/api/revenues/create")
                .update("/api/revenues/update/{id}")
                .delete("/api/revenues/delete/{id}").batch_create("/api/revenues/batch/create").batch_update("/api/revenues/batch/update").batch_delete("/api/revenues/batch/delete").import("/api/revenues/import").export("/api/revenues/export"),
        )
        .row(
            Op::post("/api/revenues/approve/{id}", entries::approve_revenue).names::<entries::Revenue>("id")
                .write(Accounting)
                .ok::<Revenue>()
                .answers(&[409])
                .summary("Approve a draft revenue"),
        )
        .row(
            Op::post("/api/revenues/post/{id}", entries::post_revenue).names::<entries::Revenue>("id")
                .write(Accounting)
                .ok::<Revenue>()
                .answers(&[409])
                .summary("Post an approved revenue: its journal entry and bank transaction"),
        )
        // Purchase invoices, returns and debit notes
        .resource::<PurchaseInvoice>(
            Crud::new()
                .list("/api/purchase-invoice")
                .create("/api/purchase-invoice/create")
                .show("/api/purchase-invoice/show/{invoice_id}")
                .update("/api/purchase-invoice/update/{invoice_id}")
                .delete("/api/purchase-invoice/delete/{invoice_id}").batch_create("/api/purchase-invoice/batch/create").batch_update("/api/purchase-invoice/batch/update").batch_delete("/api/purchase-invoice/batch/delete").import("/api/purchase-invoice/import").export("/api/purchase-invoice/export"),
        )
        .row(
            Op::post("/api/purchase-invoice/post/{invoice_id}", purchases::post_invoice).names::<purchases::PurchaseInvoice>("invoice_id")
                .write(Accounting)
                .ok::<PurchaseInvoice>()
                .answers(&[409, 422])
                .summary("Post a draft purchase invoice: its journal entry and the stock it brings in"),
        )
        .resource::<PurchaseReturn>(
            Crud::new()
                .list("/api/purchase-return")
                .create("/api/purchase-return/create")
                .show("/api/purchase-return/show/{return_id}")
                .delete("/api/purchase-return/delete/{return_id}").batch_create("/api/purchase-return/batch/create").batch_delete("/api/purchase-return/batch/delete").import("/api/purchase-return/import").export("/api/purchase-return/export"),
        )
        .row(
            Op::post("/api/purchase-return/approve/{return_id}", returns::approve_return::<PurchaseReturn>).names::<returns::PurchaseReturn>("return_id")
                .write(Accounting)
                .ok::<PurchaseReturn>()
                .answers(&[409])
                .summary("Approve a draft return: its debit note, the stock going back and the journal entry")
                .details(returns::lifecycle::APPROVE),
        )
        .row(
            Op::post("/api/purchase-return/complete/{return_id}", returns::complete_return::<PurchaseReturn>).names::<returns::PurchaseReturn>("return_id")
                .write(Accounting)
                .ok::<PurchaseReturn>()
                .answers(&[409])
                .summary("Complete an approved return")
                .details(returns::lifecycle::COMPLETE),
        )
        .row(
            Op::post("/api/purchase-return/cancel/{return_id}", returns::cancel_return::<PurchaseReturn>).names::<returns::PurchaseReturn>("return_id")
                .write(Accounting)
                .ok::<PurchaseReturn>()
                .answers(&[409])
                .summary("Cancel a draft or approved return; an approved one's debit note, stock and entry are undone (designed)")
                .details(returns::lifecycle::CANCEL),
        )
        .resource::<DebitNote>(Crud::new().list("/api/debit-notes").show("/api/debit-notes/{id}"))
        .row(
            Op::post("/api/debit-notes/apply/{id}", returns::apply_note::<DebitNote>).names::<returns::DebitNote>("id")
                .write(Accounting)
                .body::<returns::ApplyIn>()
                .ok::<returns::DebitNoteApplied>()
                .answers(&[409])
                .summary("Take part of a debit note off one of its vendor's open invoices (designed)"),
        )
        .resource::<CreditNote>(Crud::new().list("/api/credit-notes").show("/api/credit-notes/{id}"))
        .row(
            Op::post("/api/credit-notes/apply/{id}", returns::apply_note::<CreditNote>).names::<returns::CreditNote>("id")
                .write(Accounting)
                .body::<returns::ApplyIn>()
                .ok::<returns::CreditNoteApplied>()
                .answers(&[409])
                .summary("Take part of a credit note off one of its customer's open sales invoices (designed)"),
        )
        // Vendor payments
        .resource::<VendorPayment>(
            Crud::new()
                .list("/api/vendor-payments")
                .show("/api/vendor-payments/show/{id}"),
        )
        .row(
            Op::post("/api/vendor-payments/create", payments::create_payment::<VendorPayment>)
                .write(Accounting)
                .body::<payments::PaymentIn<payments::VendorSide>>()
                .created::<VendorPayment>()
                .creates::<VendorPayment>()
                .answers(&[409])
                .summary("Pay a vendor against its open purchase invoices, cleared at once unless pending (designed)"),
        )
        .row(
            Op::post("/api/vendor-payments/clear/{id}", payments::clear_payment::<VendorPayment>).names::<payments::VendorPayment>("id")
                .write(Accounting)
                .ok::<VendorPayment>()
                .answers(&[409])
                .summary("Clear a pending vendor payment: invoices settled, journal entry, bank withdrawal (designed)"),
        )
        .row(
            Op::post("/api/vendor-payments/cancel/{id}", payments::cancel_payment::<VendorPayment>).names::<payments::VendorPayment>("id")
                .write(Accounting)
                .ok::<VendorPayment>()
                .answers(&[409])
                .summary("Cancel a vendor payment; a cleared one is reversed and its invoices owe again (designed)"),
        )
        // Customer payments (of the sales module's invoices)
        .resource::<CustomerPayment>(
            Crud::new()
                .list("/api/customer-payments")
                .show("/api/customer-payments/show/{id}"),
        )
        .row(
            Op::post("/api/customer-payments/create", payments::create_payment::<CustomerPayment>)
                .write(Accounting)
                .body::<payments::PaymentIn<payments::CustomerSide>>()
                .created::<CustomerPayment>()
                .creates::<CustomerPayment>()
                .answers(&[409])
                .summary("Receive a customer's payment against its open sales invoices, cleared at once unless pending (designed)"),
        )
        .row(
            Op::post("/api/customer-payments/clear/{id}", payments::clear_payment::<CustomerPayment>).names::<payments::CustomerPayment>("id")
                .write(Accounting)
                .ok::<CustomerPayment>()
                .answers(&[409])
                .summary("Clear a pending customer payment: invoices settled, journal entry, bank deposit (designed)"),
        )
        .row(
            Op::post("/api/customer-payments/cancel/{id}", payments::cancel_payment::<CustomerPayment>).names::<payments::CustomerPayment>("id")
                .write(Accounting)
                .ok::<CustomerPayment>()
                .answers(&[409])
                .summary("Cancel a customer payment; a cleared one is reversed and its invoices owe again (designed)"),
        )
}
