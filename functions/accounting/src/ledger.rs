//! The chart of accounts: account types (a fixed set) and the GL accounts of a workspace, seeded
//! with stable codes ([`crate::seed::CHART`]). Their balances are never stored on the account: the
//! journal ([`crate::journal`]) keeps a debit and a credit counter per account and per type, added
//! to in the transaction of every entry, and the lists read those counters beside each page.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::{Module, Principal};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{paginate, ApiError, ListResponse, Listing, ValidPath};
use shared::money::Money;
use shared::resource::index::{self, IndexValue};
use shared::resource::{kept, ops, Cx, Events, Filter, Lists, Meta, NoChange, NoFilters, Resource, Sort, Unique};
use shared::store::{id_sort_key, Key, Partition};
use shared::AppState;

shared::choice! {
    /// The five account types of double entry.
    pub enum AccountType {
        Asset = "asset",
        Liability = "liability",
        Equity = "equity",
        Revenue = "revenue",
        Expense = "expense",
    }
}

impl AccountType {
    pub const ALL: [AccountType; 5] = [Self::Asset, Self::Liability, Self::Equity, Self::Revenue, Self::Expense];

    /// Whether a debit raises its balance (assets and expenses).
    pub fn debit_normal(self) -> bool {
        matches!(self, Self::Asset | Self::Expense)
    }

    fn label(self) -> &'static str {
        match self {
            Self::Asset => "Assets",
            Self::Liability => "Liabilities",
            Self::Equity => "Equity",
            Self::Revenue => "Revenue",
            Self::Expense => "Expenses",
        }
    }

    /// The first digit of its accounts' codes.
    fn code_prefix(self) -> &'static str {
        match self {
            Self::Asset => "1",
            Self::Liability => "2",
            Self::Equity => "3",
            Self::Revenue => "4",
            Self::Expense => "5-9",
        }
    }
}

shared::choice! {
    /// What an account files: `expense` and `revenue` accounts are the categories of expenses and
    /// revenues; `none` for every other account.
    pub enum CategoryKind {
        Expense = "expense",
        Revenue = "revenue",
        None = "none",
    }
}

/// A general-ledger account. Seeded accounts (`is_system`) and each bank account's own account;
/// no endpoint creates or changes one directly.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct GlAccount {
    #[serde(flatten)]
    pub meta: Meta,
    /// Stable per workspace: `1000` cash and bank, `1100` receivables, `2000` payables, ...
    pub code: String,
    pub name: String,
    pub account_type: AccountType,
    /// The code of the account it sits under (a bank account's under `1000`).
    pub parent_code: Option<String>,
    /// `expense` / `revenue`: offered as a category of expenses / revenues.
    pub category: CategoryKind,
    /// Seeded with the workspace.
    pub is_system: bool,
}

/// `?account_type=` and `?category=` on the GL account lists.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct GlAccountFilters {
    pub account_type: Option<AccountType>,
    pub category: Option<CategoryKind>,
}

impl Resource for GlAccount {
    const KIND: &'static str = "acc_gl_account";
    const NAME: &'static str = "GL account";
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("code", |a| IndexValue::text(&a.code)),
            Sort::new("name", |a| IndexValue::text(&a.name)),
        ],
        filters: &[
            Filter::<Self>::one("account_type", |a| IndexValue::text(a.account_type.as_str())).sorted_by(&["code"]),
            Filter::<Self>::one("category", |a| IndexValue::text(a.category.as_str())).sorted_by(&["code", "name"]),
        ],
        sums: &[],
    };
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("code", |a| Some(a.code.clone()))];
    const EVENTS: Events = Events::NONE;
    type In = NoChange;
    type Patch = NoChange;
    type Out = GlAccount;
    type Filters = GlAccountFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        format!("{} {}", self.code, self.name)
    }
}

/// Which side of an account a counter adds up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Debit,
    Credit,
}

impl Side {
    fn suffix(self) -> &'static str {
        match self {
            Self::Debit => "dr",
            Self::Credit => "cr",
        }
    }
}

/// The counter of an account's debits or credits, in cents.
pub fn account_total_key(cx: Cx<'_>, account_id: u64, side: Side) -> Key {
    Key::new(
        Partition::tenant(cx.tenant(), "acc_gl~b"),
        format!("{}#{}", id_sort_key(account_id), side.suffix()),
    )
}

/// The counter of a type's debits or credits over its accounts, in cents.
pub fn type_total_key(cx: Cx<'_>, account_type: AccountType, side: Side) -> Key {
    Key::new(
        Partition::tenant(cx.tenant(), "acc_gl~b"),
        format!("type#{}#{}", account_type.as_str(), side.suffix()),
    )
}

/// Debits, credits and the balance on the normal side (debit for assets and expenses, credit
/// otherwise: a liability of 100 is `100`).
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub struct Totals {
    #[schemars(transform = shared::money::running_total)]
    pub debit_total: Money,
    #[schemars(transform = shared::money::running_total)]
    pub credit_total: Money,
    #[schemars(transform = shared::money::running_total)]
    pub balance: Money,
}

impl Totals {
    fn new(account_type: AccountType, debit_cents: i64, credit_cents: i64) -> Self {
        let net = match account_type.debit_normal() {
            true => debit_cents - credit_cents,
            false => credit_cents - debit_cents,
        };
        Self {
            debit_total: Money::from_cents(debit_cents),
            credit_total: Money::from_cents(credit_cents),
            balance: Money::from_cents(net),
        }
    }
}

/// A GL account with its totals, as the lists show it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GlAccountBalance {
    #[serde(flatten)]
    pub account: GlAccount,
    #[serde(flatten)]
    pub totals: Totals,
}

/// The totals of `accounts`, read from their counters (one batch read per 50 accounts).
pub async fn with_totals(cx: Cx<'_>, accounts: Vec<GlAccount>) -> Result<Vec<GlAccountBalance>, ApiError> {
    let keys: Vec<Key> = accounts
        .iter()
        .flat_map(|a| {
            [
                account_total_key(cx, a.meta.id, Side::Debit),
                account_total_key(cx, a.meta.id, Side::Credit),
            ]
        })
        .collect();
    let mut counters = Vec::with_capacity(keys.len());
    for chunk in keys.chunks(100) {
        counters.extend(cx.store().get_many(chunk).await?);
    }
    let cents: Vec<i64> = counters.iter().map(|c| c.as_ref().map_or(0, |i| i.counter())).collect();
    Ok(accounts
        .into_iter()
        .zip(cents.chunks(2))
        .map(|(account, pair)| {
            let (debit, credit) = match pair {
                [debit, credit] => (*debit, *credit),
                _ => (0, 0),
            };
            let totals = Totals::new(account.account_type, debit, credit);
            GlAccountBalance { account, totals }
        })
        .collect())
}

async fn list_balances(
    cx: Cx<'_>,
    listing: &Listing<GlAccountFilters>,
) -> Result<ListResponse<GlAccountBalance>, ApiError> {
    let page = index::list::<GlAccount, _>(cx, listing, None).await?.records()?;
    Ok(ListResponse {
        data: with_totals(cx, page.data).await?,
        meta: page.meta,
    })
}

/// `GET /api/gl-accounts/{id}`: one account with its debits, credits and balance.
pub async fn show_account(
    Caller { state, principal }: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<GlAccountBalance>, ApiError> {
    let cx = Cx::new(&state, &principal);
    let account = ops::load::<GlAccount>(cx, id).await?;
    let shown = with_totals(cx, vec![account]).await?.pop();
    Ok(Json(
        shown.ok_or_else(|| ApiError::not_found(<GlAccount as Resource>::NAME))?,
    ))
}

/// `GET /api/gl-accounts` and `GET /api/chart-of-accounts`: the accounts (by code unless sorted
/// otherwise) with their debits, credits and balances.
pub async fn list_accounts(
    Caller { state, principal }: Caller,
    listing: Listing<GlAccountFilters>,
) -> Result<Json<ListResponse<GlAccountBalance>>, ApiError> {
    Ok(Json(list_balances(Cx::new(&state, &principal), &listing).await?))
}

async fn categories(
    state: &AppState,
    principal: &Principal,
    listing: Listing<NoFilters>,
    category: CategoryKind,
) -> Result<Json<ListResponse<GlAccountBalance>>, ApiError> {
    let listing = Listing {
        params: listing.params,
        filters: GlAccountFilters {
            account_type: None,
            category: Some(category),
        },
    };
    Ok(Json(list_balances(Cx::new(state, principal), &listing).await?))
}

/// `GET /api/expense-categories`: the expense accounts expenses are filed under (6000+).
pub async fn expense_categories(
    Caller { state, principal }: Caller,
    listing: Listing<NoFilters>,
) -> Result<Json<ListResponse<GlAccountBalance>>, ApiError> {
    categories(&state, &principal, listing, CategoryKind::Expense).await
}

/// `GET /api/revenue-categories`: the revenue accounts revenues are filed under (4000+).
pub async fn revenue_categories(
    Caller { state, principal }: Caller,
    listing: Listing<NoFilters>,
) -> Result<Json<ListResponse<GlAccountBalance>>, ApiError> {
    categories(&state, &principal, listing, CategoryKind::Revenue).await
}

/// An account type with its totals over its accounts.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AccountTypeView {
    /// `asset`, `liability`, `equity`, `revenue`, `expense`.
    pub id: AccountType,
    pub name: &'static str,
    /// The first digit(s) of its accounts' codes.
    pub code_prefix: &'static str,
    /// `debit` for assets and expenses, else `credit`.
    pub normal_side: &'static str,
    #[serde(flatten)]
    pub totals: Totals,
}

/// `GET /api/account-types`: the five types with their totals (one batch read of ten counters).
/// Over all five, debits equal credits: the trial balance.
pub async fn account_types(
    Caller { state, principal }: Caller,
    listing: Listing<NoFilters>,
) -> Result<Json<ListResponse<AccountTypeView>>, ApiError> {
    let cx = Cx::new(&state, &principal);
    let keys: Vec<Key> = AccountType::ALL
        .iter()
        .flat_map(|t| {
            [
                type_total_key(cx, *t, Side::Debit),
                type_total_key(cx, *t, Side::Credit),
            ]
        })
        .collect();
    let found = cx.store().get_many(&keys).await?;
    let cents: Vec<i64> = found.iter().map(|c| c.as_ref().map_or(0, |i| i.counter())).collect();
    let data: Vec<AccountTypeView> = AccountType::ALL
        .iter()
        .zip(cents.chunks(2))
        .map(|(t, pair)| {
            let (debit, credit) = match pair {
                [debit, credit] => (*debit, *credit),
                _ => (0, 0),
            };
            AccountTypeView {
                id: *t,
                name: t.label(),
                code_prefix: t.code_prefix(),
                normal_side: if t.debit_normal() { "debit" } else { "credit" },
                totals: Totals::new(*t, debit, credit),
            }
        })
        .collect();
    Ok(Json(paginate(data, &listing.params)?))
}

/// The accounts with these codes, by code: one read of each code's claim, one batch read of
/// the accounts. The seeded accounts (`is_system`) are kept by the instance
/// ([`shared::resource::kept`]; warm, a posting reads no account): nothing renames or deletes
/// them, and a sandbox reset makes a new workspace. Any other code (a bank account's, which may
/// be opened or closed on another instance meanwhile) is read afresh.
pub async fn by_codes(cx: Cx<'_>, codes: &[&str]) -> Result<HashMap<String, GlAccount>, ApiError> {
    let mut accounts = read_codes(cx, codes, Reading::Kept).await?;
    accounts.retain(|_, account| account.is_system);
    let others: Vec<&str> = codes
        .iter()
        .copied()
        .filter(|code| !accounts.contains_key(*code))
        .collect();
    if !others.is_empty() {
        accounts.extend(read_codes(cx, &others, Reading::Fresh).await?);
    }
    Ok(accounts)
}

/// How [`read_codes`] reads.
#[derive(Clone, Copy)]
enum Reading {
    Kept,
    Fresh,
}

/// The accounts with these codes, by code: their claims, then the accounts.
async fn read_codes(cx: Cx<'_>, codes: &[&str], reading: Reading) -> Result<HashMap<String, GlAccount>, ApiError> {
    let read = |keys: Vec<Key>| async move {
        match reading {
            Reading::Kept => kept::get_many(cx, &keys).await,
            Reading::Fresh => cx.store().get_many(&keys).await,
        }
    };
    let claims: Vec<Key> = codes
        .iter()
        .map(|code| shared::resource::unique::claim_key(cx.tenant(), <GlAccount as Resource>::KIND, "code", code))
        .collect();
    let mut keys = Vec::new();
    for item in read(claims).await?.into_iter().flatten() {
        let claim: serde_json::Value = item.into_parsed()?;
        if let Some(id) = claim["id"].as_u64() {
            keys.push(ops::key::<GlAccount>(cx, id));
        }
    }
    let mut accounts = HashMap::with_capacity(keys.len());
    for item in read(keys).await?.into_iter().flatten() {
        let account: GlAccount = item.into_parsed()?;
        accounts.insert(account.code.clone(), account);
    }
    Ok(accounts)
}
