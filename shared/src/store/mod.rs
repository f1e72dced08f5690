//! One storage trait, shaped like DynamoDB so both backends keep the same guarantees, with two real
//! backends: DynamoDB ([`dynamo::DynamoStore`]) and embedded SQLite ([`sqlite::SqliteStore`]).
//!
//! Records are JSON objects. A key's partition always names its tenant (`T#<tenant>#<kind>`), except
//! the few global indexes enumerated in [`GlobalIndex`], so no query can cross tenants by accident.

pub mod cache;
pub mod commit_marker;
#[cfg(test)]
mod contract;
pub mod dynamo;
pub mod files;
pub mod large;
pub mod sqlite;

use std::fmt;
use std::ops::Range;

use async_trait::async_trait;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A workspace. Every record, key and session belongs to exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(transparent)]
pub struct TenantId(pub u64);

impl fmt::Display for TenantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The lookups that must work before a tenant is known (a login by e-mail, a request by API key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalIndex {
    /// Lower-cased e-mail address → the user's tenant and id.
    LoginEmail,
    /// SHA-256 of an API key → the key's tenant, user and id.
    ApiKeyHash,
    /// Failed-login counters per hashed e-mail.
    LoginThrottle,
    /// Platform-wide counters and markers (tenant ids, first start).
    Platform,
    /// Events waiting to be delivered (see `crate::events`).
    Outbox,
    /// Mail waiting to be sent ([`crate::mail`]).
    Mail,
    /// Single-use links sent by mail (address verification, password reset), by the SHA-256 of
    /// their token ([`crate::mail::links`]).
    MailLink,
    /// A public lead-capture widget's token → its tenant and widget.
    WidgetToken,
    /// Records of one kind by the date the scheduler looks at them again, across tenants (open
    /// sales invoices by due date, for the overdue job): see `crate::resource::index::due`.
    Due,
    /// Changes larger than one transaction while they commit, and their undo records
    /// ([`large`]).
    Commits,
}

impl GlobalIndex {
    fn as_str(self) -> &'static str {
        match self {
            Self::LoginEmail => "email",
            Self::ApiKeyHash => "apikey",
            Self::LoginThrottle => "loginthrottle",
            Self::Platform => "platform",
            Self::Outbox => "outbox",
            Self::Mail => "mail",
            Self::MailLink => "maillink",
            Self::Commits => "commit",
            Self::WidgetToken => "widget",
            Self::Due => "due",
        }
    }
}

/// A partition key. Built only through [`Partition::tenant`] or [`Partition::global`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Partition(String);

impl Partition {
    /// Records of one kind in one tenant, e.g. `T#7#user`. `kind` may carry a sub-partition
    /// (`session#12`) for records grouped under a parent.
    pub fn tenant(tenant: TenantId, kind: &str) -> Self {
        Self::tenant_index(tenant, kind, "")
    }

    /// [`Partition::tenant`] of `kind` followed by `suffix` (an index of the kind: `contact~q`).
    /// Built by hand, not with `format!`: a create builds a dozen keys, and the formatting
    /// machinery was 8% of the request threads' CPU in a profile of creates.
    pub fn tenant_index(tenant: TenantId, kind: &str, suffix: &str) -> Self {
        let mut digits = itoa::Buffer::new();
        let tenant = digits.format(tenant.0);
        let mut key = String::with_capacity(3 + tenant.len() + kind.len() + suffix.len());
        key.push_str("T#");
        key.push_str(tenant);
        key.push('#');
        key.push_str(kind);
        key.push_str(suffix);
        Self(key)
    }

    /// One entry of a global index, e.g. `G#email#ann@example.com`.
    pub fn global(index: GlobalIndex, value: &str) -> Self {
        Self(format!("G#{}#{value}", index.as_str()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Rebuilds a partition read back from a backend.
    pub(crate) fn from_stored(raw: String) -> Self {
        Self(raw)
    }
}

/// Partition plus sort key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub pk: Partition,
    pub sk: String,
}

impl Key {
    pub fn new(pk: Partition, sk: impl Into<String>) -> Self {
        Self { pk, sk: sk.into() }
    }

    /// A record with an integer id: the sort key is zero-padded so keys sort like numbers.
    pub fn record(tenant: TenantId, kind: &str, id: u64) -> Self {
        Self::new(Partition::tenant(tenant, kind), id_sort_key(id))
    }

    /// The single entry of a global index.
    pub fn global(index: GlobalIndex, value: &str) -> Self {
        Self::new(Partition::global(index, value), "-")
    }
}

/// Zero-padded sort key for an integer id.
pub fn id_sort_key(id: u64) -> String {
    let mut key = String::with_capacity(20);
    push_id_sort_key(&mut key, id);
    key
}

/// Appends [`id_sort_key`] of `id` to `key` (without `format!`, see [`Partition::tenant_index`]).
pub fn push_id_sort_key(key: &mut String, id: u64) {
    let mut digits = itoa::Buffer::new();
    let digits = digits.format(id);
    key.extend(std::iter::repeat_n('0', 20usize.saturating_sub(digits.len())));
    key.push_str(digits);
}

/// A stored document. `expires_at` (Unix seconds) makes it disappear: reads ignore it at once, the
/// backend deletes it later (DynamoDB TTL lags up to ~48 h, so reads check it too).
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub key: Key,
    pub data: Map<String, Value>,
    pub expires_at: Option<i64>,
    /// A record's document already in its API form ([`Item::in_api_form`]): SQLite stores this
    /// text, so that a list page can send it as it is. DynamoDB stores `data` alone.
    pub api_form: Option<ApiForm>,
}

/// A document as the API shows it: the text `serde_json` makes of the record, in the record's
/// field order, and the fingerprint of the record type's form that wrote it (see
/// `resource::api_form`). Text stored under the form a type has now is what parsing and
/// serialising it again would give.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiForm {
    pub text: String,
    pub form: i64,
}

impl Item {
    /// Serialises `value` (which must serialise to a JSON object) as the item's document.
    pub fn from_value<T: Serialize>(key: Key, value: &T) -> Result<Self, StoreError> {
        match serde_json::to_value(value).map_err(StoreError::internal)? {
            Value::Object(data) => Ok(Self {
                key,
                data,
                expires_at: None,
                api_form: None,
            }),
            other => Err(StoreError::internal(anyhow::anyhow!(
                "a record must be a JSON object, got {other}"
            ))),
        }
    }

    /// [`Item::from_value`] with the value's text in its API form, written by a type whose form's
    /// fingerprint is `form`.
    pub fn in_api_form<T: Serialize>(key: Key, value: &T, form: i64) -> Result<Self, StoreError> {
        let text = serde_json::to_string(value).map_err(StoreError::internal)?;
        let mut item = Self::from_value(key, value)?;
        item.api_form = Some(ApiForm { text, form });
        Ok(item)
    }

    pub fn expiring_at(mut self, expires_at: i64) -> Self {
        self.expires_at = Some(expires_at);
        self
    }

    /// Deserialises the document.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, StoreError> {
        crate::money::reading_stored(|| serde_json::from_value(Value::Object(self.data.clone()))).map_err(|e| {
            StoreError::internal(anyhow::anyhow!(
                "stored record {} / {} does not parse: {e}",
                self.key.pk.as_str(),
                self.key.sk
            ))
        })
    }

    /// Deserialises the document, consuming the item (no copy of the document).
    pub fn into_parsed<T: DeserializeOwned>(self) -> Result<T, StoreError> {
        let Item { key, data, .. } = self;
        Body::Decoded(data).parse(&key.pk, &key.sk)
    }

    /// A counter's value (see [`Write::Add`] and [`Store::increment`]), 0 when absent.
    pub fn counter(&self) -> i64 {
        counter_in(&self.data)
    }

    /// The `version` field of the document, 0 when absent.
    pub fn version(&self) -> u64 {
        self.data.get("version").and_then(Value::as_u64).unwrap_or(0)
    }

    pub(crate) fn is_live(&self, now: i64) -> bool {
        self.expires_at.is_none_or(|at| at > now)
    }
}

/// What must hold for a write to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    Always,
    /// No live item has this key.
    NotExists,
    /// A live item has this key.
    Exists,
    /// A live item has this key and its document's `version` equals this.
    Version(u64),
    /// The counter at this key is absent or 0 (nothing references a record any more).
    CountZero,
    /// The counter at this key holds at least this much (absent counts as 0).
    CountAtLeast(i64),
}

/// One write of a transaction.
#[derive(Clone, Debug)]
pub enum Write {
    Put {
        item: Item,
        condition: Condition,
    },
    Delete {
        key: Key,
        condition: Condition,
    },
    /// Writes nothing; fails the transaction when the condition does not hold.
    Check {
        key: Key,
        condition: Condition,
    },
    /// Adds `by` to the counter at `key` (created at 0), unconditionally: list totals and
    /// per-value counts kept in the same transaction as the records they count. A transaction may
    /// name a key once only (DynamoDB's rule): merge adds to one counter first.
    Add {
        key: Key,
        by: i64,
    },
    /// Subtracts `amount` from the counter at `key` only when it holds at least that much (stock
    /// that must not go below zero); the transaction fails otherwise.
    Take {
        key: Key,
        amount: i64,
    },
    /// A put that is only wanted while the counter at `counted` is above zero (as the transaction
    /// begins): an event's outbox entry, with its workspace's webhook count. Otherwise it writes
    /// nothing and the transaction goes on. SQLite reads the counter inside the transaction, so
    /// the entry is there exactly when a webhook was; DynamoDB cannot read another item in a
    /// transaction without failing it, so it always puts (its relay drops what nobody wants).
    PutIfCounted {
        item: Item,
        condition: Condition,
        counted: Key,
    },
}

impl Write {
    pub fn put(item: Item, condition: Condition) -> Self {
        Self::Put { item, condition }
    }
    pub fn delete(key: Key, condition: Condition) -> Self {
        Self::Delete { key, condition }
    }
    pub fn add(key: Key, by: i64) -> Self {
        Self::Add { key, by }
    }
    pub fn take(key: Key, amount: i64) -> Self {
        Self::Take { key, amount }
    }
    pub fn key(&self) -> &Key {
        match self {
            Self::Put { item, .. } | Self::PutIfCounted { item, .. } => &item.key,
            Self::Delete { key, .. } | Self::Check { key, .. } | Self::Add { key, .. } | Self::Take { key, .. } => key,
        }
    }
}

/// Which sort keys of a partition a query reads. Bounds must not be empty strings: DynamoDB
/// refuses them in key conditions (both backends answer an error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SortKeyRange {
    All,
    Prefix(String),
    /// Inclusive on both ends.
    Between(String, String),
}

/// A query of one partition.
#[derive(Clone, Debug)]
pub struct Query {
    pub pk: Partition,
    pub range: SortKeyRange,
    pub limit: usize,
    pub descending: bool,
    /// From a previous page's `next`.
    pub after: Option<PageToken>,
}

impl Query {
    pub fn partition(pk: Partition) -> Self {
        Self {
            pk,
            range: SortKeyRange::All,
            limit: 1000,
            descending: false,
            after: None,
        }
    }
}

/// Where the next page starts: the last sort key read. Opaque to callers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageToken(pub(crate) String);

/// One page of a query, in sort-key order.
#[derive(Clone, Debug)]
pub struct QueryPage {
    pub items: Vec<Item>,
    pub next: Option<PageToken>,
}

/// A page of [`Store::query_and_get`]: the items' documents as the backend holds them, parsed
/// only into the caller's own type.
#[derive(Debug)]
pub struct DocumentPage {
    /// The partition queried: every document's.
    pub partition: Partition,
    pub documents: Vec<Document>,
    pub next: Option<PageToken>,
}

impl DocumentPage {
    /// Each document's sort key, and the document read if its place in the page is within
    /// `read` (`None` elsewhere: what a caller will not show, it need not parse): its text when
    /// that is in the API form `api_form` ([`Document::read`]), else parsed into `T`.
    pub fn read_only<T: DeserializeOwned>(
        self,
        read: Range<usize>,
        api_form: Option<i64>,
    ) -> Result<Vec<PageEntry<T>>, StoreError> {
        let partition = self.partition;
        self.documents
            .into_iter()
            .enumerate()
            .map(|(place, Document { sk, body })| match read.contains(&place) {
                true => body.read(&partition, &sk, api_form).map(|listed| (sk, Some(listed))),
                false => Ok((sk, None)),
            })
            .collect()
    }
}

/// A document's sort key, and the document read if it was asked for ([`DocumentPage::read_only`]).
pub type PageEntry<T> = (String, Option<Listed<T>>);

/// A stored record as a list page shows it: parsed, or its stored text when that is already its
/// API form ([`ApiForm`]), to be sent as it is.
#[derive(Debug, PartialEq)]
pub enum Listed<T> {
    Record(T),
    Text(String),
}

impl<T: DeserializeOwned> Listed<T> {
    /// The record, parsed from the text if it is text.
    pub fn into_record(self) -> Result<T, StoreError> {
        match self {
            Listed::Record(record) => Ok(record),
            Listed::Text(text) => serde_json::from_str(&text).map_err(StoreError::internal),
        }
    }
}

/// The counter field of a document ([`Write::Add`]), 0 when absent.
fn counter_in(data: &Map<String, Value>) -> i64 {
    data.get(COUNTER_FIELD).and_then(Value::as_i64).unwrap_or(0)
}

/// A stored document not yet parsed: SQLite's text (parsed straight into a record, with no JSON
/// map between: text into maps and maps into records were a fifth of a page's CPU), or
/// DynamoDB's document already decoded. It carries its sort key alone: the partition is the
/// page's (a copy of it per row was an allocation per record of a list page).
#[derive(Debug)]
pub struct Document {
    pub sk: String,
    body: Body,
}

#[derive(Debug)]
enum Body {
    /// With the fingerprint of its API form when the text is in one ([`ApiForm`]).
    Text {
        text: String,
        form: Option<i64>,
    },
    Decoded(Map<String, Value>),
}

impl Document {
    pub(crate) fn text(sk: String, text: String, form: Option<i64>) -> Self {
        Self {
            sk,
            body: Body::Text { text, form },
        }
    }

    /// A counter's value (see [`Item::counter`]), 0 when absent.
    pub fn counter(&self) -> i64 {
        match &self.body {
            Body::Decoded(data) => counter_in(data),
            // (A counter kept beside its document is always decoded; a document may still
            // name the field itself.)
            Body::Text { text, .. } => serde_json::from_str(text).map_or(0, |data| counter_in(&data)),
        }
    }

    /// The document parsed into `T` (named by `partition` and its sort key if it does not parse).
    pub fn parse<T: DeserializeOwned>(self, partition: &Partition) -> Result<T, StoreError> {
        self.body.parse(partition, &self.sk)
    }

    /// The document's text if it is in the API form `api_form` (the form the record's type has
    /// now: what parsing it and serialising the record again would give), else parsed into `T`.
    pub fn read<T: DeserializeOwned>(
        self,
        partition: &Partition,
        api_form: Option<i64>,
    ) -> Result<Listed<T>, StoreError> {
        self.body.read(partition, &self.sk, api_form)
    }
}

impl From<Item> for Document {
    /// An item's document, already decoded.
    fn from(item: Item) -> Self {
        Self {
            sk: item.key.sk,
            body: Body::Decoded(item.data),
        }
    }
}

impl Body {
    /// [`Document::read`] of the document stored at `partition` / `sk`.
    fn read<T: DeserializeOwned>(
        self,
        partition: &Partition,
        sk: &str,
        api_form: Option<i64>,
    ) -> Result<Listed<T>, StoreError> {
        match self {
            Body::Text {
                text,
                form: Some(stored),
            } if Some(stored) == api_form => Ok(Listed::Text(text)),
            body => body.parse(partition, sk).map(Listed::Record),
        }
    }

    /// Deserialises the document stored at `partition` / `sk` (named if it does not parse).
    fn parse<T: DeserializeOwned>(self, partition: &Partition, sk: &str) -> Result<T, StoreError> {
        let parsed = crate::money::reading_stored(|| match self {
            Body::Text { text, .. } => serde_json::from_str(&text),
            Body::Decoded(data) => serde_json::from_value(Value::Object(data)),
        });
        parsed.map_err(|e| {
            StoreError::internal(anyhow::anyhow!(
                "stored record {} / {sk} does not parse: {e}",
                partition.as_str()
            ))
        })
    }
}

/// Storage failures by meaning, the same from both backends.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A write's condition did not hold; `index` is the failing write of a transaction when known.
    #[error("condition failed")]
    ConditionFailed { index: Option<usize> },
    #[error("store throttled: {0:#}")]
    Throttled(anyhow::Error),
    #[error("store unavailable: {0:#}")]
    Unavailable(anyhow::Error),
    /// A transaction of a request with an `Idempotency-Key` has no room left for the key's record
    /// ([`commit_marker`]): it already holds [`MAX_TRANSACTION_WRITES`] writes of its own.
    #[error("no room for the idempotency record")]
    NoRoomForMark,
    /// An add would take a counter (a running total: a balance, a stock level, a count) past
    /// [`COUNTER_LIMIT`] either way; the transaction changed nothing.
    #[error("a counter would pass its limit")]
    CounterLimit,
    /// A change that no store can hold at once; the message says which part is too large.
    #[error("change too large: {0}")]
    TooLarge(String),
    #[error("store error: {0:#}")]
    Internal(anyhow::Error),
}

impl StoreError {
    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        Self::Internal(cause.into())
    }
}

/// Where reads show a counter's value in an item's document (both backends keep it beside the
/// document, so that an add needs no read).
pub const COUNTER_FIELD: &str = "n";

/// The most a counter holds either way (a ledger total in cents: 10^16 in money). Both stores
/// refuse an add that would pass it ([`StoreError::CounterLimit`]), so a counter never overflows
/// (SQLite's would turn into a float) and sums of two counters still fit an `i64`.
pub const COUNTER_LIMIT: i64 = 1_000_000_000_000_000_000;

/// Whether a counter at `current` may take `by` ([`COUNTER_LIMIT`]).
pub fn counter_takes(current: i64, by: i64) -> bool {
    current
        .checked_add(by)
        .is_some_and(|n| n.unsigned_abs() <= COUNTER_LIMIT.unsigned_abs())
}

/// Most writes a transaction may hold (DynamoDB's limit). A request with an `Idempotency-Key`
/// adds its record to each ([`commit_marker`]), so its own transactions hold one fewer.
pub const MAX_TRANSACTION_WRITES: usize = 100;

/// Most writes one change may hold ([`Store::commit`]): a 1,000-line document's records, stock
/// and journal with room to spare. SQLite commits them in one transaction; DynamoDB as a large
/// change ([`large`]).
pub const MAX_CHANGE_WRITES: usize = 20_000;

/// The writes of one change ([`Store::commit`]): `head`, the records it is about, the conditions
/// that decide it and its events, in one transaction; `ahead`, its bulk effects (stock takes and
/// adds, new movement records and their index entries: only [`Write::Take`], [`Write::Add`] and
/// puts of new items), which a change too large for one transaction stores first, in chunks.
/// A failed condition's index counts `head` first, then `ahead`.
#[derive(Clone, Debug, Default)]
pub struct Writes {
    pub head: Vec<Write>,
    pub ahead: Vec<Write>,
}

impl From<Vec<Write>> for Writes {
    fn from(head: Vec<Write>) -> Self {
        Self {
            head,
            ahead: Vec::new(),
        }
    }
}

impl Writes {
    pub fn len(&self) -> usize {
        self.head.len() + self.ahead.len()
    }

    pub fn is_empty(&self) -> bool {
        self.head.is_empty() && self.ahead.is_empty()
    }

    /// The write at `index` as [`StoreError::ConditionFailed`] counts them.
    pub fn get(&self, index: usize) -> Option<&Write> {
        self.head
            .get(index)
            .or_else(|| self.ahead.get(index.checked_sub(self.head.len())?))
    }

    /// This change with `first` at the start of its head (the record the change is about, whose
    /// failed condition then has index 0).
    pub fn after(mut self, mut first: Vec<Write>) -> Self {
        first.append(&mut self.head);
        self.head = first;
        self
    }

    /// Both lists as one, head first.
    pub fn into_all(self) -> Vec<Write> {
        let mut all = self.head;
        all.extend(self.ahead);
        all
    }
}

/// The storage contract both backends pass (see `contract.rs`).
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// One item by key; expired items are absent.
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError>;
    /// [`Store::get`] with the document left as the backend holds it, to be parsed into the
    /// caller's own type: on SQLite its text, parsed straight into the record (through a JSON map
    /// it cost a tenth more of a point read's instructions).
    async fn get_document(&self, key: &Key) -> Result<Option<Document>, StoreError> {
        Ok(self.get(key).await?.map(Document::from))
    }
    /// The items of `keys`, in their order: one round trip for up to 100 (on DynamoDB, more go
    /// out together in batches of 100).
    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError>;
    /// [`Store::get_many`] with the documents left as the backend holds them (see
    /// [`Store::get_document`]).
    async fn get_documents(&self, keys: &[Key]) -> Result<Vec<Option<Document>>, StoreError> {
        let items = self.get_many(keys).await?;
        Ok(items.into_iter().map(|item| item.map(Document::from)).collect())
    }
    /// A single conditional write.
    async fn write(&self, write: Write) -> Result<(), StoreError>;
    /// Up to [`MAX_TRANSACTION_WRITES`] writes, all or nothing; fails with `ConditionFailed` naming the first failing write.
    async fn transact(&self, writes: Vec<Write>) -> Result<(), StoreError>;
    /// One change of up to [`MAX_CHANGE_WRITES`] writes, all or nothing as [`Store::transact`]
    /// (see [`Writes`]): one transaction when it fits (SQLite's always does), else a large change
    /// ([`large`]).
    async fn commit(&self, writes: Writes) -> Result<(), StoreError> {
        self.transact(writes.into_all()).await
    }
    /// The most writes one [`Store::transact`] of this store holds: DynamoDB's 100; SQLite's is
    /// [`MAX_CHANGE_WRITES`]. Bulk work (an import's chunk of rows) sizes its transactions by it.
    fn transaction_writes(&self) -> usize {
        MAX_TRANSACTION_WRITES
    }
    /// Finishes or undoes large changes ([`large`]) left unfinished for over `older_than` seconds
    /// (their request died); how many.
    async fn recover(&self, _older_than: i64) -> Result<usize, StoreError> {
        Ok(0)
    }
    /// Adds `by` to the counter at `key` (created at 0) and returns the new value, atomically.
    /// `expires_at` is set when the counter is created.
    async fn increment(&self, key: &Key, by: i64, expires_at: Option<i64>) -> Result<i64, StoreError>;
    /// One page of a partition in sort-key order.
    async fn query(&self, query: Query) -> Result<QueryPage, StoreError>;
    /// A page of records to parse into their own type, and [`Store::get_many`] of `keys` (a
    /// list's total counter, say) together: on SQLite one read transaction (one snapshot, the
    /// WAL's locks taken once) whose documents stay text until parsed; on DynamoDB the two
    /// calls, as there is no cheaper way.
    async fn query_and_get(&self, query: Query, keys: &[Key]) -> Result<(DocumentPage, Vec<Option<Item>>), StoreError> {
        let query_pk = query.pk.clone();
        let page = self.query(query).await?;
        let items = match keys.is_empty() {
            true => Vec::new(),
            false => self.get_many(keys).await?,
        };
        let documents = page.items.into_iter().map(Document::from).collect();
        Ok((
            DocumentPage {
                partition: query_pk,
                documents,
                next: page.next,
            },
            items,
        ))
    }
    /// How many live items of `query`'s partition and range there are, counted up to
    /// `query.limit` (`after` and `descending` are ignored): no item is returned, so a figure
    /// such as "index entries below a bound" costs no decoding (one round trip on DynamoDB, whose
    /// read units still follow the items scanned).
    async fn count(&self, query: Query) -> Result<u64, StoreError>;
    /// `n` consecutive new ids for `kind` in `tenant`: from the kind's counter
    /// ([`id_counter_key`]), in one round trip. The embedded store hands them out of blocks it
    /// reserves (see `SqliteStore::next_ids`). Seeding that writes records with ids of its own and
    /// moves the counter past them must do so before the kind's first id is taken.
    async fn next_ids(&self, tenant: TenantId, kind: &str, n: u64) -> Result<std::ops::Range<u64>, StoreError> {
        ids_from_counter(self, tenant, kind, n).await
    }
    /// Deletes up to `limit` expired items and returns how many. DynamoDB's TTL does this by itself,
    /// so there it deletes nothing; reads ignore expired items on both backends either way.
    async fn purge_expired(&self, limit: usize) -> Result<usize, StoreError>;
    /// Store calls made so far (round trips on DynamoDB), for benchmarks.
    fn round_trips(&self) -> u64;
    /// Items reads have returned so far (records, index items and counters alike): with
    /// [`Store::round_trips`], what a request's reads cost (DynamoDB bills read units by them).
    fn items_read(&self) -> u64;
    /// Items writes have stored, changed or deleted so far (a transaction's every write, a
    /// counter's increment): on DynamoDB what write units are billed by (two a transactional item).
    fn items_written(&self) -> u64;
}

/// Typed conveniences over any [`Store`]; module code calls these rather than handling `Item`s.
#[async_trait]
pub trait StoreExt: Store {
    /// A record parsed as `T`, or `None`.
    async fn get_as<T: DeserializeOwned + Send>(&self, key: &Key) -> Result<Option<T>, StoreError> {
        self.get_document(key)
            .await?
            .map(|document| document.parse(&key.pk))
            .transpose()
    }

    /// Every live item of a query, following pages.
    async fn query_all(&self, mut query: Query) -> Result<Vec<Item>, StoreError> {
        let mut items = Vec::new();
        loop {
            let page = self.query(query.clone()).await?;
            items.extend(page.items);
            match page.next {
                Some(next) => query.after = Some(next),
                None => return Ok(items),
            }
        }
    }

    /// Every record of a partition parsed as `T`.
    async fn list_as<T: DeserializeOwned + Send>(&self, pk: Partition) -> Result<Vec<T>, StoreError> {
        self.query_all(Query::partition(pk))
            .await?
            .into_iter()
            .map(Item::into_parsed)
            .collect()
    }

    /// The values of several counters in one round trip (0 for one never added to).
    async fn counters(&self, keys: &[Key]) -> Result<Vec<i64>, StoreError> {
        let mut values = Vec::with_capacity(keys.len());
        for chunk in keys.chunks(100) {
            values.extend(
                self.get_many(chunk)
                    .await?
                    .iter()
                    .map(|item| item.as_ref().map_or(0, Item::counter)),
            );
        }
        Ok(values)
    }

    /// The next integer id for `kind` in `tenant` ([`Store::next_ids`]).
    async fn next_id(&self, tenant: TenantId, kind: &str) -> Result<u64, StoreError> {
        Ok(self.next_ids(tenant, kind, 1).await?.start)
    }
}

/// The counter of the ids of `kind` in `tenant`: the last id handed out (or reserved).
pub fn id_counter_key(tenant: TenantId, kind: &str) -> Key {
    Key::new(Partition::tenant(tenant, "counter"), kind)
}

/// `n` consecutive ids taken from the counter of `kind` in `tenant` in one increment.
pub(crate) async fn ids_from_counter<S: Store + ?Sized>(
    store: &S,
    tenant: TenantId,
    kind: &str,
    n: u64,
) -> Result<std::ops::Range<u64>, StoreError> {
    let by = i64::try_from(n).map_err(StoreError::internal)?;
    let last =
        u64::try_from(store.increment(&id_counter_key(tenant, kind), by, None).await?).map_err(StoreError::internal)?;
    Ok(last + 1 - n..last + 1)
}

impl<S: Store + ?Sized> StoreExt for S {}

/// The unix time both backends use to decide whether an item has expired.
pub(crate) fn now() -> i64 {
    crate::time::now_unix()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys built by hand are the ones `format!` built: stored data keeps its keys.
    #[test]
    fn keys_built_by_hand_are_the_formatted_ones() {
        for id in [0, 1, 42, 99_999, 10u64.pow(19), u64::MAX] {
            assert_eq!(id_sort_key(id), format!("{id:020}"));
        }
        for (tenant, kind, suffix) in [
            (1, "contact", ""),
            (123_456, "contact", "~q"),
            (u64::MAX, "session#12", "~n"),
        ] {
            assert_eq!(
                Partition::tenant_index(TenantId(tenant), kind, suffix).as_str(),
                format!("T#{tenant}#{kind}{suffix}")
            );
        }
        assert_eq!(Partition::tenant(TenantId(7), "user").as_str(), "T#7#user");
    }
}
