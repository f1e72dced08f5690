//! The stock ledger. Nobody writes a quantity: every change is a [`Movement`] (product,
//! warehouse, signed quantity, reason, source document), committed in one transaction with the
//! per-warehouse quantity it changes. A decrease is a conditional take (the store refuses to go
//! below zero) unless the workspace allows negative stock, so concurrent sales can never oversell.
//!
//! | what | partition (`T#<tenant>#…`) | sort key | |
//! |---|---|---|---|
//! | quantity of a product in a warehouse | `inv_stock~q` | `<product>#<warehouse>` | counter |
//! | a product's total over warehouses | `inv_stock~t` | `<product>` | counter |
//! | the listable level of a pair | `inv_stock_level` (+ its indexes) | `<id>` | record |
//! | the workspace's stock settings | `inv_settings` | `1` | record |

use std::collections::{BTreeMap, HashMap};

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::Text;
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListParams, ListResponse, Listing, ValidJson, ValidPath};
use shared::resource::index::{self, IndexValue, Indexed, Times};
use shared::resource::{numbering, ops, refs, Cx, Filter, Lists, Ref, Resource, Unique};
use shared::store::{id_sort_key, Condition, Item, Key, Partition, StoreError, Write, Writes};
use shared::time::now_rfc3339;

use crate::products::{Product, ProductType};
use crate::warehouses::Warehouse;

pub const STOCK_LOW: EventType = EventType::new(
    "stock.low",
    "A movement took a product's total stock below its reorder level (product_id, quantity, reorder_level).",
)
.with_data::<StockLow>();

/// The data of `stock.low`: the product, its total stock over warehouses after
/// the movement, and its reorder level.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(example = serde_json::json!({"product_id": 12, "quantity": 3, "reorder_level": 5}))]
pub struct StockLow {
    pub product_id: u64,
    pub quantity: i64,
    pub reorder_level: i64,
}

/// Why stock moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Adjustment,
    TransferIn,
    TransferOut,
    Sale,
    Purchase,
    Return,
    Pos,
}

impl Reason {
    fn as_str(self) -> &'static str {
        match self {
            Self::Adjustment => "adjustment",
            Self::TransferIn => "transfer_in",
            Self::TransferOut => "transfer_out",
            Self::Sale => "sale",
            Self::Purchase => "purchase",
            Self::Return => "return",
            Self::Pos => "pos",
        }
    }
}

/// One entry of the ledger. Immutable.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Movement {
    pub id: u64,
    pub product_id: u64,
    pub warehouse_id: u64,
    /// Signed: positive in, negative out.
    pub quantity: i64,
    pub reason: Reason,
    /// The document that moved it (`transfer`, `pos_sale`), if any.
    pub source_type: Option<String>,
    pub source_id: Option<u64>,
    pub note: Option<String>,
    /// Who made the change.
    pub user_id: u64,
    /// RFC 3339, UTC.
    pub created_at: String,
}

impl Indexed for Movement {
    const KIND: &'static str = "inv_stock_movement";
    const NAME: &'static str = "stock movement";
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        // A product's movements (its stock card) have an index item each, without a count; the
        // warehouse and the reason are checked on the movements read. A movement so costs two
        // items (itself and its product's entry) rather than seven: a document's lines write
        // them by the thousand. A filtered list's total is a lower bound.
        filters: &[
            Filter::one("product_id", |m: &Movement| IndexValue::id(m.product_id)).uncounted(),
            Filter::one("warehouse_id", |m: &Movement| IndexValue::id(m.warehouse_id)).checked(),
            Filter::one("reason", |m: &Movement| IndexValue::text(m.reason.as_str())).checked(),
        ],
        sums: &[],
    };
    // No `REFS`: every movement's pair has a [`Level`] (made at its first stock, never deleted),
    // whose references keep the product and the warehouse from being deleted. Counting them
    // here too cost three writes per product in every document's transaction.
    const TIMES: Times = Times::Created;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn id(&self) -> u64 {
        self.id
    }
    /// A manual adjustment's note is found by its words; a document's movements are found
    /// through their source (its note on each of its lines would cost writes in its
    /// transaction for every word).
    fn search_text(&self) -> String {
        match self.source_type {
            None => self.note.clone().unwrap_or_default(),
            Some(_) => String::new(),
        }
    }
}

/// That a product is stocked in a warehouse: what the stock lists page through. Its quantity is
/// the ledger's counter, read beside it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Level {
    pub id: u64,
    pub product_id: u64,
    pub warehouse_id: u64,
}

impl Indexed for Level {
    const KIND: &'static str = "inv_stock_level";
    const NAME: &'static str = "stock level";
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::one("product_id", |l| IndexValue::id(l.product_id)),
            Filter::one("warehouse_id", |l| IndexValue::id(l.warehouse_id)),
        ],
        sums: &[],
    };
    /// One level per pair, even when two first movements race.
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("pair", |l| {
        Some(format!("{}#{}", l.product_id, l.warehouse_id))
    })];
    /// A product or warehouse that ever held stock stays: its movements name it.
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Product as Resource>::KIND, |l| vec![l.product_id]),
        Ref::to(<Warehouse as Resource>::KIND, |l| vec![l.warehouse_id]),
    ];
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        String::new()
    }
}

/// The workspace's stock rules.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct Settings {
    /// When on, sales and adjustments may take a quantity below zero.
    pub allow_negative_stock: bool,
}

fn settings_key(cx: Cx<'_>) -> Key {
    Key::record(cx.tenant(), "inv_settings", 1)
}

fn quantity_key(cx: Cx<'_>, product_id: u64, warehouse_id: u64) -> Key {
    Key::new(
        Partition::tenant(cx.tenant(), "inv_stock~q"),
        format!("{}#{}", id_sort_key(product_id), id_sort_key(warehouse_id)),
    )
}

/// The counter of a product's stock over every warehouse.
pub fn total_key(cx: Cx<'_>, product_id: u64) -> Key {
    Key::new(Partition::tenant(cx.tenant(), "inv_stock~t"), id_sort_key(product_id))
}

/// One change to make: `quantity` (signed) of a product in a warehouse.
#[derive(Clone, Debug)]
pub struct Change {
    pub product_id: u64,
    pub warehouse_id: u64,
    pub quantity: i64,
    pub reason: Reason,
}

/// The document a set of changes belongs to.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    pub kind: &'static str,
    pub id: u64,
}

/// What a set of changes needs to know, read in one round trip: the products and warehouses,
/// their quantities (and whether each pair has a level yet), the products' totals, the settings.
pub struct Ledger {
    pub settings: Settings,
    products: HashMap<u64, Product>,
    warehouses: HashMap<u64, Warehouse>,
    /// `None`: the pair never held stock (no level yet).
    quantities: HashMap<(u64, u64), Option<i64>>,
    totals: HashMap<u64, i64>,
}

impl Ledger {
    /// Reads what moving stock of these products in these warehouses needs.
    pub async fn read(cx: Cx<'_>, pairs: &[(u64, u64)]) -> Result<Self, ApiError> {
        Ok(Self::read_with(cx, pairs, None).await?.0)
    }

    /// [`Ledger::read`] for a document numbered from `series`, whose state is read in the same
    /// batch ([`numbering::commit_drawn`]).
    pub async fn read_numbered(
        cx: Cx<'_>,
        pairs: &[(u64, u64)],
        series: &numbering::Series,
    ) -> Result<(Self, numbering::Draw), ApiError> {
        let ahead = numbering::Ahead::new(cx, series);
        let (ledger, read) = Self::read_with(cx, pairs, Some(ahead.key().clone())).await?;
        Ok((ledger, ahead.draw(series, read)?))
    }

    /// [`Ledger::read`], and `also`'s item in the same batch.
    async fn read_with(cx: Cx<'_>, pairs: &[(u64, u64)], also: Option<Key>) -> Result<(Self, Option<Item>), ApiError> {
        let products = distinct(pairs.iter().map(|p| p.0));
        let warehouses = distinct(pairs.iter().map(|p| p.1));
        let mut keys = vec![settings_key(cx)];
        keys.extend(products.iter().map(|id| ops::key::<Product>(cx, *id)));
        keys.extend(products.iter().map(|id| total_key(cx, *id)));
        keys.extend(warehouses.iter().map(|id| ops::key::<Warehouse>(cx, *id)));
        keys.extend(pairs.iter().map(|(p, w)| quantity_key(cx, *p, *w)));
        let asked_also = also.is_some();
        keys.extend(also);
        let mut found = cx.store().get_many(&keys).await?;
        let also = match asked_also {
            true => found.pop().flatten(),
            false => None,
        };
        let mut found = found.into_iter();
        let mut next = || found.next().flatten();
        let settings = next().map(|i| i.into_parsed()).transpose()?.unwrap_or_default();
        let mut ledger = Self {
            settings,
            products: HashMap::new(),
            warehouses: HashMap::new(),
            quantities: HashMap::new(),
            totals: HashMap::new(),
        };
        for id in &products {
            if let Some(item) = next() {
                ledger.products.insert(*id, item.into_parsed()?);
            }
        }
        for id in &products {
            ledger.totals.insert(*id, next().map_or(0, |i| i.counter()));
        }
        for id in &warehouses {
            if let Some(item) = next() {
                ledger.warehouses.insert(*id, item.into_parsed()?);
            }
        }
        for pair in pairs {
            ledger.quantities.insert(*pair, next().map(|i| i.counter()));
        }
        Ok((ledger, also))
    }

    /// The product a body names in `field`, which must keep stock.
    pub fn product(&self, errors: &mut FieldErrors, field: &str, id: u64) -> Option<&Product> {
        match self.products.get(&id) {
            None => errors.add(field, format!("No product has id {id}.")),
            Some(p) if p.kind == ProductType::Service => {
                errors.add(field, format!("{} is a service: it keeps no stock.", p.name))
            }
            Some(p) => return Some(p),
        }
        None
    }

    /// Any product or service the body names in `field` (a POS line).
    pub fn item(&self, errors: &mut FieldErrors, field: &str, id: u64) -> Option<&Product> {
        let found = self.products.get(&id);
        if found.is_none() {
            errors.add(field, format!("No product has id {id}."));
        }
        found
    }

    /// The warehouse a body names in `field`, which must be active.
    pub fn warehouse(&self, errors: &mut FieldErrors, field: &str, id: u64) -> Option<&Warehouse> {
        match self.warehouses.get(&id) {
            None => errors.add(field, format!("No warehouse has id {id}.")),
            Some(w) if !w.is_active => errors.add(field, format!("{} is inactive.", w.name)),
            Some(w) => return Some(w),
        }
        None
    }

    /// A product or service read, if it exists.
    pub fn find(&self, product_id: u64) -> Option<&Product> {
        self.products.get(&product_id)
    }

    /// Whether a product keeps stock, if it exists.
    pub fn kind_of(&self, product_id: u64) -> Option<ProductType> {
        self.products.get(&product_id).map(|p| p.kind)
    }

    /// The quantity of a pair as read.
    pub fn quantity(&self, product_id: u64, warehouse_id: u64) -> i64 {
        self.quantities
            .get(&(product_id, warehouse_id))
            .copied()
            .flatten()
            .unwrap_or(0)
    }

    /// The writes that apply `changes` (products checked by the caller): a movement each, the
    /// quantities (a conditional take for a decrease), the totals, a level for a pair's first
    /// stock and `stock.low` where a product's total falls below its reorder level.
    ///
    /// A pair first receiving stock gets its level at once, in a transaction of its own
    /// ([`create_levels`]), so a document bringing many new products fits the transaction limit;
    /// should the document then fail, the level stays with quantity 0 (the pair is known, as after
    /// selling out). A first movement that takes stock (allowed only with negative stock on)
    /// writes its level in the document's transaction, so a refused sale leaves nothing.
    pub async fn writes(
        &self,
        cx: Cx<'_>,
        changes: &[Change],
        source: Option<Source>,
        note: Option<&str>,
    ) -> Result<Writes, ApiError> {
        let changes: Vec<&Change> = changes.iter().filter(|c| c.quantity != 0).collect();
        let mut net: BTreeMap<(u64, u64), i64> = BTreeMap::new();
        for change in &changes {
            *net.entry((change.product_id, change.warehouse_id)).or_default() += change.quantity;
        }
        let first: Vec<(&(u64, u64), &i64)> = net
            .iter()
            .filter(|(pair, _)| self.quantities.get(pair).is_none_or(Option::is_none))
            .collect();
        let receiving: Vec<(u64, u64)> = first.iter().filter(|(_, d)| **d > 0).map(|(p, _)| **p).collect();
        let fresh: Vec<(u64, u64)> = first.iter().filter(|(_, d)| **d <= 0).map(|(p, _)| **p).collect();
        create_levels(cx, &receiving).await?;
        let ids = next_ids(cx, Movement::KIND, changes.len()).await?;
        let level_ids = next_ids(cx, Level::KIND, fresh.len()).await?;
        let now = now_rfc3339();
        // The movements, new levels and quantities are the change's bulk (`ahead`): a document of
        // many lines stores them in chunks before itself when it is too large for one
        // transaction (`shared::store::large`). Index entries of new records are new items.
        let mut writes = Vec::new();
        for (change, id) in changes.iter().zip(ids) {
            let movement = Movement {
                id,
                product_id: change.product_id,
                warehouse_id: change.warehouse_id,
                quantity: change.quantity,
                reason: change.reason,
                source_type: source.map(|s| s.kind.to_string()),
                source_id: source.map(|s| s.id),
                note: note.map(str::to_string),
                user_id: cx.user_id,
                created_at: now.clone(),
            };
            writes.push(put_new(cx, Movement::KIND, id, &movement)?);
            writes.extend(new_items(index::writes(cx, None, Some(&movement))?));
        }
        for ((product_id, warehouse_id), id) in fresh.iter().zip(level_ids) {
            let level = Level {
                id,
                product_id: *product_id,
                warehouse_id: *warehouse_id,
            };
            writes.push(put_new(cx, Level::KIND, id, &level)?);
            writes.extend(new_items(index::writes(cx, None, Some(&level))?));
        }
        let mut events = Vec::new();
        let mut by_product: BTreeMap<u64, i64> = BTreeMap::new();
        for (&(product_id, warehouse_id), &delta) in &net {
            let key = quantity_key(cx, product_id, warehouse_id);
            writes.push(match delta < 0 && !self.settings.allow_negative_stock {
                true => Write::take(key, -delta),
                false => Write::add(key, delta),
            });
            *by_product.entry(product_id).or_default() += delta;
        }
        for (&product_id, &delta) in &by_product {
            writes.push(Write::add(total_key(cx, product_id), delta));
            let before = self.totals.get(&product_id).copied().unwrap_or(0);
            let level = self.products.get(&product_id).and_then(|p| p.reorder_level);
            if let Some(level) = level.and_then(|l| i64::try_from(l).ok()) {
                if before >= level && before + delta < level {
                    let data = StockLow {
                        product_id,
                        quantity: before + delta,
                        reorder_level: level,
                    };
                    events.push(ops::raw_event_write(cx, STOCK_LOW.name, json!(data)));
                }
            }
        }
        Ok(Writes {
            head: events,
            ahead: writes,
        })
    }
}

/// `writes` (a new record's index entries) as puts of new items, which a large change may store
/// ahead of its commit and delete if it fails (`shared::store::large`).
fn new_items(writes: Vec<Write>) -> impl Iterator<Item = Write> {
    writes.into_iter().map(|write| match write {
        Write::Put {
            item,
            condition: Condition::Always,
        } => Write::put(item, Condition::NotExists),
        other => other,
    })
}

/// Stores a level for each pair (none holds stock yet), ahead of the document that stocks them.
/// A pair whose level a concurrent request made first is left as it is.
async fn create_levels(cx: Cx<'_>, pairs: &[(u64, u64)]) -> Result<(), ApiError> {
    let ids = next_ids(cx, Level::KIND, pairs.len()).await?;
    let mut each = Vec::with_capacity(pairs.len());
    for (&(product_id, warehouse_id), id) in pairs.iter().zip(ids) {
        let level = Level {
            id,
            product_id,
            warehouse_id,
        };
        let mut writes = vec![put_new(cx, Level::KIND, id, &level)?];
        writes.extend(index::writes(cx, None, Some(&level))?);
        each.push(writes);
    }
    // As many as fit in each transaction; when a level was taken meanwhile, each of its group alone.
    for group in ops::transactions(each.into_iter().enumerate().collect()) {
        let all = group.iter().flat_map(|(_, w)| w.iter().cloned()).collect();
        match cx.store().transact(index::merge_adds(all)).await {
            Ok(()) => continue,
            Err(StoreError::ConditionFailed { .. }) => {}
            Err(e) => return Err(e.into()),
        }
        for (_, writes) in group {
            match cx.store().transact(writes).await {
                Ok(()) | Err(StoreError::ConditionFailed { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(())
}

async fn next_ids(cx: Cx<'_>, kind: &str, n: usize) -> Result<Vec<u64>, ApiError> {
    if n == 0 {
        return Ok(Vec::new());
    }
    Ok(cx.store().next_ids(cx.tenant(), kind, n as u64).await?.collect())
}

fn put_new<T: Serialize>(cx: Cx<'_>, kind: &str, id: u64, record: &T) -> Result<Write, ApiError> {
    Ok(Write::put(
        Item::from_value(Key::record(cx.tenant(), kind, id), record)?,
        Condition::NotExists,
    ))
}

/// A line of a stock document (a transfer, an adjustment): a quantity of a product.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct StockLine {
    pub product_id: u64,
    /// Units; signed on an adjustment (negative removes), at least 1 on a transfer.
    pub quantity: i64,
}

/// A line of an adjustment's body.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AdjustmentLineIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    /// Units to add; negative removes. Not 0.
    #[schemars(required, range(min = -1_000_000_000, max = 1_000_000_000))]
    pub quantity: Option<i64>,
}

/// A line of a transfer's body.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TransferLineIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    #[schemars(required, range(min = 1, max = 1_000_000_000))]
    pub quantity: Option<i64>,
}

/// Most lines one stock document holds (a stock count of a whole warehouse): a product decision;
/// a document of any size commits as one change (`shared::store::Store::commit`).
pub const MAX_STOCK_LINES: usize = 1000;

/// Checks a stock document's `lines` (in `field`): 1 to [`MAX_STOCK_LINES`], each a product once
/// with a quantity of at least 1 (`signed`: any non-zero quantity).
pub fn check_lines(
    errors: &mut FieldErrors,
    field: &str,
    lines: Option<Vec<(Option<u64>, Option<i64>)>>,
    signed: bool,
) -> Vec<StockLine> {
    let Some(lines) = errors.required(field, lines) else {
        return Vec::new();
    };
    if lines.is_empty() || lines.len() > MAX_STOCK_LINES {
        errors.add(field, format!("Between 1 and {MAX_STOCK_LINES} lines."));
    }
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut checked = Vec::with_capacity(lines.len());
    for (i, (product_id, quantity)) in lines.into_iter().enumerate() {
        let product_id = errors.required(&format!("{field}.{i}.product_id"), product_id);
        let quantity = errors.required(&format!("{field}.{i}.quantity"), quantity);
        let in_range = |q: i64| match signed {
            true => q != 0 && q.abs() <= MAX_QUANTITY,
            false => (1..=MAX_QUANTITY).contains(&q),
        };
        if quantity.is_some_and(|q| !in_range(q)) {
            let wanted = match signed {
                true => format!("A non-zero number of units, at most {MAX_QUANTITY} either way."),
                false => format!("From 1 to {MAX_QUANTITY} units."),
            };
            errors.add(&format!("{field}.{i}.quantity"), wanted);
        }
        if let Some(product_id) = product_id {
            if let Some(first) = seen.insert(product_id, i) {
                errors.add(
                    &format!("{field}.{i}.product_id"),
                    format!("Product {product_id} is on line {first} already: one line per product."),
                );
            }
        }
        if let (Some(product_id), Some(quantity)) = (product_id, quantity) {
            checked.push(StockLine { product_id, quantity });
        }
    }
    checked
}

/// Checks that each line's product exists and keeps stock (`<field>.<i>.product_id`).
pub fn check_products(ledger: &Ledger, errors: &mut FieldErrors, field: &str, lines: &[StockLine]) {
    for (i, line) in lines.iter().enumerate() {
        ledger.product(errors, &format!("{field}.{i}.product_id"), line.product_id);
    }
}

/// Why a stock transaction failed.
pub enum Refused {
    /// A take found less than it needed: this pair.
    Insufficient {
        product_id: u64,
        warehouse_id: u64,
    },
    /// Another condition failed: the key of its write.
    Condition(Option<Key>),
    Error(ApiError),
}

impl Refused {
    /// The answer when nothing more specific applies.
    pub fn into_api(self, ledger: &Ledger) -> ApiError {
        match self {
            Self::Insufficient {
                product_id,
                warehouse_id,
            } => {
                let name = ledger
                    .products
                    .get(&product_id)
                    .map_or("the product", |p| p.name.as_str());
                let place = ledger
                    .warehouses
                    .get(&warehouse_id)
                    .map_or("the warehouse", |w| w.name.as_str());
                ApiError::Conflict {
                    code: "insufficient_stock",
                    message: format!(
                        "Not enough {name} in {place} (it had {} when this request read it); nothing was changed.",
                        ledger.quantity(product_id, warehouse_id)
                    ),
                }
            }
            Self::Condition(_) => ApiError::concurrent_change(),
            Self::Error(e) => e,
        }
    }
}

/// Commits a change that moves stock (however many lines: `shared::store::Store::commit`),
/// telling a failed take from other conditions.
pub async fn commit(cx: Cx<'_>, writes: Writes) -> Result<(), Refused> {
    let writes = refs::ahead(writes);
    match cx.store().commit(writes.clone()).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed { index }) => Err(refused(numbering::Refused::Condition(
            index.and_then(|i| writes.get(i)).cloned(),
        ))),
        Err(e) => Err(Refused::Error(e.into())),
    }
}

/// What a refused change that moves stock means: a failed take is too little stock of its
/// product; another failed condition names its key. For [`commit`] and numbered commits
/// ([`numbering::commit`]).
pub fn refused(refused: numbering::Refused) -> Refused {
    match refused {
        numbering::Refused::Condition(Some(Write::Take { key, .. })) => {
            let (product, warehouse) = key.sk.split_once('#').unwrap_or_default();
            Refused::Insufficient {
                product_id: product.parse().unwrap_or_default(),
                warehouse_id: warehouse.parse().unwrap_or_default(),
            }
        }
        numbering::Refused::Condition(other) => Refused::Condition(other.map(|w| w.key().clone())),
        numbering::Refused::Error(error) => Refused::Error(error),
    }
}

/// A quantity as the stock lists show it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StockLevel {
    pub product_id: u64,
    pub product_name: String,
    pub sku: String,
    pub warehouse_id: u64,
    pub warehouse_name: String,
    pub quantity: i64,
}

/// The shown form of `levels`: their quantities, products and warehouses in one batch read.
async fn show_levels(cx: Cx<'_>, levels: &[Level]) -> Result<Vec<StockLevel>, ApiError> {
    let product_ids = distinct(levels.iter().map(|l| l.product_id));
    let warehouse_ids = distinct(levels.iter().map(|l| l.warehouse_id));
    let mut keys: Vec<Key> = levels
        .iter()
        .map(|l| quantity_key(cx, l.product_id, l.warehouse_id))
        .collect();
    keys.extend(product_ids.iter().map(|id| ops::key::<Product>(cx, *id)));
    keys.extend(warehouse_ids.iter().map(|id| ops::key::<Warehouse>(cx, *id)));
    let mut found = Vec::with_capacity(keys.len());
    for chunk in keys.chunks(100) {
        found.extend(cx.store().get_many(chunk).await?);
    }
    let records = found.split_off(levels.len());
    let (product_items, warehouse_items) = records.split_at(product_ids.len());
    let products: HashMap<u64, Product> = parsed(product_items)?
        .into_iter()
        .map(|p: Product| (p.meta.id, p))
        .collect();
    let warehouses: HashMap<u64, Warehouse> = parsed(warehouse_items)?
        .into_iter()
        .map(|w: Warehouse| (w.meta.id, w))
        .collect();
    Ok(levels
        .iter()
        .zip(found)
        .map(|(level, quantity)| {
            let product = products.get(&level.product_id);
            StockLevel {
                product_id: level.product_id,
                product_name: product.map(|p| p.name.clone()).unwrap_or_default(),
                sku: product.map(|p| p.sku.clone()).unwrap_or_default(),
                warehouse_id: level.warehouse_id,
                warehouse_name: warehouses
                    .get(&level.warehouse_id)
                    .map(|w| w.name.clone())
                    .unwrap_or_default(),
                quantity: quantity.map_or(0, |i| i.counter()),
            }
        })
        .collect())
}

/// The records among `items` (absent ones left out).
fn parsed<T: serde::de::DeserializeOwned>(items: &[Option<Item>]) -> Result<Vec<T>, StoreError> {
    items.iter().flatten().map(|i| i.parse()).collect()
}

/// `ids` sorted, each once.
fn distinct(ids: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut ids: Vec<u64> = ids.collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Every warehouse's quantity of a product (bounded by the warehouses).
pub async fn levels_of_product(cx: Cx<'_>, product_id: u64) -> Result<Vec<StockLevel>, ApiError> {
    let levels = index::top::<Level>(cx, Some(("product_id", IndexValue::id(product_id))), "id", false, 500).await?;
    show_levels(cx, &levels).await
}

/// Filters of `GET /api/product-stocks`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct LevelFilters {
    pub product_id: Option<u64>,
    pub warehouse_id: Option<u64>,
}

async fn list_levels(cx: Cx<'_>, listing: &Listing<LevelFilters>) -> Result<ListResponse<StockLevel>, ApiError> {
    let page = index::list::<Level, _>(cx, listing, None).await?.records()?;
    Ok(ListResponse {
        data: show_levels(cx, &page.data).await?,
        meta: page.meta,
    })
}

/// `GET /api/product-stocks`.
pub async fn list_stocks(
    caller: Caller,
    listing: Listing<LevelFilters>,
) -> Result<Json<ListResponse<StockLevel>>, ApiError> {
    Ok(Json(list_levels(caller.cx(), &listing).await?))
}

/// `GET /api/warehouse/product/{warehouse_id}`: a warehouse's stock.
pub async fn list_warehouse_stock(
    caller: Caller,
    ValidPath(warehouse_id): ValidPath<u64>,
    listing: Listing<shared::resource::NoFilters>,
) -> Result<Json<ListResponse<StockLevel>>, ApiError> {
    let cx = caller.cx();
    ops::load::<Warehouse>(cx, warehouse_id).await?;
    Ok(Json(warehouse_stock(cx, warehouse_id, listing.params).await?))
}

/// A page of one warehouse's stock (the caller has checked the warehouse exists).
pub async fn warehouse_stock(
    cx: Cx<'_>,
    warehouse_id: u64,
    params: ListParams,
) -> Result<ListResponse<StockLevel>, ApiError> {
    let listing = Listing {
        params,
        filters: LevelFilters {
            product_id: None,
            warehouse_id: Some(warehouse_id),
        },
    };
    list_levels(cx, &listing).await
}

/// Filters of `GET /api/stock-movements`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct MovementFilters {
    pub product_id: Option<u64>,
    pub warehouse_id: Option<u64>,
    pub reason: Option<Reason>,
}

/// `GET /api/stock-movements`: the ledger, newest first.
pub async fn list_movements(
    caller: Caller,
    listing: Listing<MovementFilters>,
) -> Result<Json<ListResponse<Movement>>, ApiError> {
    Ok(Json(
        index::list::<Movement, _>(caller.cx(), &listing, None)
            .await?
            .records()?,
    ))
}

/// Body of `POST /api/product-stock/add`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"product_id": 1, "warehouse_id": 1, "quantity": 25, "note": "Delivery"}))]
pub struct AdjustIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// Units to add; negative removes. Not 0.
    #[schemars(required, range(min = -1_000_000_000, max = 1_000_000_000))]
    pub quantity: Option<i64>,
    pub note: Option<Text<500>>,
}

const MAX_QUANTITY: i64 = 1_000_000_000;

/// `POST /api/product-stock/add`: an adjustment; answers the pair's quantity after it.
pub async fn add_stock(
    caller: Caller,
    ValidJson(input): ValidJson<AdjustIn>,
) -> Result<(StatusCode, Json<StockLevel>), ApiError> {
    let cx = caller.cx();
    let mut errors = FieldErrors::default();
    let product_id = errors.required("product_id", input.product_id);
    let warehouse_id = errors.required("warehouse_id", input.warehouse_id);
    let quantity = errors.required("quantity", input.quantity);
    if quantity.is_some_and(|q| q == 0 || q.abs() > MAX_QUANTITY) {
        errors.add(
            "quantity",
            format!("A non-zero number of units, at most {MAX_QUANTITY} either way."),
        );
    }
    let note = errors.text("note", input.note);
    let (product_id, (warehouse_id, quantity)) = errors.finish((product_id, warehouse_id.zip(quantity)))?;
    let ledger = Ledger::read(cx, &[(product_id, warehouse_id)]).await?;
    let mut errors = FieldErrors::default();
    ledger.product(&mut errors, "product_id", product_id);
    ledger.warehouse(&mut errors, "warehouse_id", warehouse_id);
    errors.into_result(())?;
    let change = Change {
        product_id,
        warehouse_id,
        quantity,
        reason: Reason::Adjustment,
    };
    let writes = ledger.writes(cx, &[change], None, note.as_deref()).await?;
    commit(cx, writes).await.map_err(|refused| refused.into_api(&ledger))?;
    let level = Level {
        id: 0,
        product_id,
        warehouse_id,
    };
    let shown = show_levels(cx, &[level]).await?.pop();
    let shown = shown.ok_or_else(|| ApiError::internal(anyhow::anyhow!("a shown level went missing")))?;
    Ok((StatusCode::CREATED, Json(shown)))
}

/// `GET /api/inventory/settings`.
pub async fn show_settings(Caller { state, principal }: Caller) -> Result<Json<Settings>, ApiError> {
    let cx = Cx::new(&state, &principal);
    let settings: Option<Settings> = shared::store::StoreExt::get_as(cx.store(), &settings_key(cx)).await?;
    Ok(Json(settings.unwrap_or_default()))
}

/// Body of `POST /api/inventory/settings`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SettingsIn {
    pub allow_negative_stock: Option<bool>,
}

/// `POST /api/inventory/settings`.
pub async fn update_settings(
    caller: Caller,
    ValidJson(input): ValidJson<SettingsIn>,
) -> Result<Json<Settings>, ApiError> {
    let cx = caller.cx();
    let mut settings: Settings = shared::store::StoreExt::get_as(cx.store(), &settings_key(cx))
        .await?
        .unwrap_or_default();
    if let Some(allow) = input.allow_negative_stock {
        settings.allow_negative_stock = allow;
    }
    cx.store()
        .write(Write::put(
            Item::from_value(settings_key(cx), &settings)?,
            Condition::Always,
        ))
        .await?;
    Ok(Json(settings))
}
