//! What every workspace (live and sandbox) starts with: the chart of accounts, with stable codes.
//! The sandbox also gets customers and vendors.

use async_trait::async_trait;
use shared::http::ApiError;
use shared::resource::{Cx, Meta};
use shared::sandbox::{with_id, Batch, Seeder};
use shared::store::TenantId;
use shared::AppState;

use crate::ledger::{AccountType, CategoryKind, GlAccount};

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

/// Code, name, type, category.
type Account = (&'static str, &'static str, AccountType, CategoryKind);

/// The seeded chart of accounts. Codes are stable: other modules post to them by code.
pub const CHART: [Account; 22] = [
    ("1000", "Cash and bank", AccountType::Asset, CategoryKind::None),
    ("1100", "Accounts receivable", AccountType::Asset, CategoryKind::None),
    ("1200", "Inventory", AccountType::Asset, CategoryKind::None),
    ("1300", "Input VAT", AccountType::Asset, CategoryKind::None),
    ("2000", "Accounts payable", AccountType::Liability, CategoryKind::None),
    ("2100", "Output VAT", AccountType::Liability, CategoryKind::None),
    ("3000", "Owner's equity", AccountType::Equity, CategoryKind::None),
    ("3100", "Retained earnings", AccountType::Equity, CategoryKind::None),
    ("4100", "Product sales", AccountType::Revenue, CategoryKind::Revenue),
    ("4200", "Service sales", AccountType::Revenue, CategoryKind::Revenue),
    ("4900", "Other income", AccountType::Revenue, CategoryKind::Revenue),
    ("5100", "Cost of goods sold", AccountType::Expense, CategoryKind::None),
    ("6000", "General expenses", AccountType::Expense, CategoryKind::Expense),
    ("6100", "Rent", AccountType::Expense, CategoryKind::Expense),
    ("6200", "Utilities", AccountType::Expense, CategoryKind::Expense),
    (
        "6300",
        "Salaries and wages",
        AccountType::Expense,
        CategoryKind::Expense,
    ),
    ("6400", "Office supplies", AccountType::Expense, CategoryKind::Expense),
    ("6500", "Travel", AccountType::Expense, CategoryKind::Expense),
    ("6600", "Marketing", AccountType::Expense, CategoryKind::Expense),
    ("6700", "Professional fees", AccountType::Expense, CategoryKind::Expense),
    ("6800", "Bank charges", AccountType::Expense, CategoryKind::Expense),
    (
        "6900",
        "Software and subscriptions",
        AccountType::Expense,
        CategoryKind::Expense,
    ),
];

pub struct AccountingSeeder;

#[async_trait]
impl Seeder for AccountingSeeder {
    fn name(&self) -> &'static str {
        "accounting"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed_chart(cx).await.map_err(|e| anyhow::anyhow!("{e}"))
    }

    async fn live_defaults(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed_chart(cx).await.map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// The chart of accounts, in a few transactions.
pub async fn seed_chart(cx: Cx<'_>) -> Result<(), ApiError> {
    let mut batch = Batch::new(cx);
    let ids = batch.ids::<GlAccount>(CHART.len()).await?;
    for ((code, name, account_type, category), id) in CHART.iter().zip(ids) {
        let account = GlAccount {
            meta: Meta::default(),
            code: code.to_string(),
            name: name.to_string(),
            account_type: *account_type,
            parent_code: None,
            category: *category,
            is_system: true,
        };
        batch.add(with_id(account, id))?;
    }
    batch.commit().await
}
