//! List indexes: a resource's lists cost O(page), whatever the size of the tenant.
//!
//! A resource declares its list fields once, in [`Lists`]: the sorts, the equality filters (each
//! combinable with the sorts it names), and its search text (`Indexed::search_text`). The layer
//! keeps small index items (`{"id"}` only) and counters in the same store transaction as every
//! write of the record, so they are exact, strongly consistent, and gone with a failed write:
//!
//! | what                   | partition (`T#<tenant>#…`)   | sort key              |
//! |------------------------|------------------------------|-----------------------|
//! | sort `s`               | `<kind>~s~<s>`               | `<value>␁<id>`        |
//! | filter `f` = v         | `<kind>~f~<f>~<v>`           | `<id>`                |
//! | filter `f` = v, sort s | `<kind>~f~<f>~<v>~s~<s>`     | `<value>␁<id>`        |
//! | search                 | `<kind>~q`                   | `<word>␁<id>`         |
//! | counts                 | `<kind>~n`                   | `*`, `<f>=<v>`        |
//!
//! The id order needs no index: it is the records' own partition (`created_at` sorts like `id`:
//! ids are handed out in creation order). A page is one query of one partition plus one batch
//! read of the page's records (and the count, when one answers the list's total).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

use super::custom::indexes::{CustomFilter, CustomListing};
use super::custom::CustomValues;
use super::refs::{self, Ref};
use super::unique::Unique;
use super::{Cx, Resource};
use crate::http::{ApiError, FieldErrors, ListParams, ListResponse, Listing, Meta};
use crate::store::{
    id_sort_key, Condition, Document, DocumentPage, GlobalIndex, Item, Key, Listed, Partition, Query, SortKeyRange,
    Store, StoreError, StoreExt, TenantId, Write,
};

/// Between a value and the id in an index sort key: below every character a value keeps, so a
/// value sorts before its own extensions (`ann` before `anna`).
const SEP: char = '\u{1}';
/// Text values are folded and cut to this many characters.
const MAX_TEXT_CHARS: usize = 64;
/// Words of a record's search text that are indexed, and characters kept of each.
const MAX_WORDS: usize = 32;
const MAX_WORD_CHARS: usize = 32;
/// Index entries a list that checks records in memory (a filter or search word its index does
/// not serve) reads for one page before it answers a short page with a cursor to go on from.
const SCAN_LIMIT: usize = 1000;

/// A value a list filters or sorts on, written so that its text order is the value's order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IndexValue(String);

impl IndexValue {
    pub fn id(id: u64) -> Self {
        Self(id_sort_key(id))
    }

    /// Text, compared without case or accents (`María` = `maria`).
    pub fn text(text: &str) -> Self {
        Self(fold(text).chars().take(MAX_TEXT_CHARS).collect())
    }

    /// Several ids (a record's list of labels).
    pub fn ids(ids: &[u64]) -> Vec<Self> {
        ids.iter().copied().map(Self::id).collect()
    }

    /// An id that may be absent (an unassigned owner).
    pub fn opt_id(id: Option<u64>) -> Self {
        id.map_or_else(Self::missing, Self::id)
    }

    pub fn flag(on: bool) -> Self {
        Self(if on { "1" } else { "0" }.into())
    }

    /// A `YYYY-MM-DD` date or RFC 3339 UTC timestamp: its text already sorts.
    pub fn date(date: &str) -> Self {
        Self(date.chars().filter(|c| !c.is_control()).collect())
    }

    /// A date that may be absent.
    pub fn opt_date(date: Option<&str>) -> Self {
        date.map_or_else(Self::missing, Self::date)
    }

    /// An amount (up to ±10^15, four decimals kept).
    pub fn money(amount: Decimal) -> Self {
        let units = (amount * Decimal::from(10_000)).round().to_i128().unwrap_or(0);
        let shifted = units.clamp(-(10_i128.pow(19)) + 1, 10_i128.pow(19) - 1) + 10_i128.pow(19);
        Self(format!("{shifted:020}"))
    }

    /// No value: sorts after every value (last ascending, first descending).
    pub fn missing() -> Self {
        Self(char::MAX.to_string())
    }

    /// A filter's value as a query string gave it: whole numbers are ids, `true`/`false` flags,
    /// anything else text.
    fn from_query(value: &Value) -> Option<Self> {
        match value {
            Value::Number(n) => n.as_u64().map(Self::id),
            Value::Bool(b) => Some(Self::flag(*b)),
            Value::String(s) => Some(Self::text(s)),
            _ => None,
        }
    }
}

/// Lower case, accents and control characters gone, white space collapsed.
fn fold(text: &str) -> String {
    if text.is_ascii() {
        return fold_ascii(text);
    }
    fold_unicode(text)
}

fn fold_unicode(text: &str) -> String {
    let folded: String = text
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// [`fold`] of an ASCII text, in one pass: it has no accents to take apart, so the Unicode
/// decomposition (a tenth of a create's request-side instructions in a profile) has nothing to do.
fn fold_ascii(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    let mut space = false;
    for byte in text.bytes() {
        // Control characters are white space, as [`fold_unicode`] makes them.
        if byte == b' ' || byte.is_ascii_control() {
            space = !folded.is_empty();
            continue;
        }
        if space {
            folded.push(' ');
            space = false;
        }
        folded.push(char::from(byte.to_ascii_lowercase()));
    }
    folded
}

/// The distinct words of a text, folded: what `search=` matches by prefix.
pub fn words(text: &str) -> Vec<String> {
    let folded = fold(text);
    let mut words: Vec<String> = Vec::new();
    for word in folded.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        if words.len() == MAX_WORDS {
            break;
        }
        let word = match word.char_indices().nth(MAX_WORD_CHARS) {
            Some((cut, _)) => &word[..cut],
            None => word,
        };
        // At most MAX_WORDS to compare against: a scan beats a set's copies of each word.
        if !words.iter().any(|seen| seen == word) {
            words.push(word.to_owned());
        }
    }
    words
}

/// A field a list sorts on.
pub struct Sort<R> {
    pub name: &'static str,
    read: fn(&R) -> IndexValue,
}

impl<R> Sort<R> {
    pub const fn new(name: &'static str, read: fn(&R) -> IndexValue) -> Self {
        Self { name, read }
    }
}

enum Read<R> {
    One(fn(&R) -> IndexValue),
    Many(fn(&R) -> Vec<IndexValue>),
}

/// A field a list filters on by equality (`?stage_id=3`), named as in the list's query filters.
pub struct Filter<R> {
    pub name: &'static str,
    read: Read<R>,
    /// The sorts it combines with besides `id` (each costs an index item per record).
    sorts: &'static [&'static str],
    pub(crate) keep: Keep,
    /// Served by the index of the sort of the same name, read by the value's prefix
    /// ([`Filter::of_sort`]): no item of its own.
    on_sort: bool,
}

/// What a filter keeps per record in the record's own transaction.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// An index item per value and a count per value: a page is read from its index, its total
    /// is exact.
    IndexAndCount,
    /// An index item per value, no count: for records written by the thousand in one document
    /// (stock movements), where a count per value would be one more item per line. A filtered
    /// list's total is then a lower bound (`total_exact: false`).
    Index,
    /// Nothing: the filter is checked on the records another index reads (at most
    /// [`SCAN_LIMIT`] entries a page). For a field whose index would cost an item per line of a
    /// document and that is rarely asked alone.
    Nothing,
}

impl<R> Filter<R> {
    /// A field with one value per record.
    pub const fn one(name: &'static str, read: fn(&R) -> IndexValue) -> Self {
        Self {
            name,
            read: Read::One(read),
            sorts: &[],
            keep: Keep::IndexAndCount,
            on_sort: false,
        }
    }

    /// A field with several values per record (a list of labels): a record matches any of them.
    pub const fn many(name: &'static str, read: fn(&R) -> Vec<IndexValue>) -> Self {
        Self {
            name,
            read: Read::Many(read),
            sorts: &[],
            keep: Keep::IndexAndCount,
            on_sort: false,
        }
    }

    /// The filter on a sort's own value (`?email=` beside `sort=email`): its page is read from the
    /// sort's index by the value's prefix (a sort entry's key is the value, then the id, so one
    /// value's entries are in id order), so a record keeps one item for both, and a count per value.
    pub const fn of_sort(sort: Sort<R>) -> Self {
        Self {
            name: sort.name,
            read: Read::One(sort.read),
            sorts: &[],
            keep: Keep::IndexAndCount,
            on_sort: true,
        }
    }

    /// Indexed without a count ([`Keep::Index`]).
    pub const fn uncounted(mut self) -> Self {
        self.keep = Keep::Index;
        self
    }

    /// Not indexed: checked on the records read ([`Keep::Nothing`]).
    pub const fn checked(mut self) -> Self {
        self.keep = Keep::Nothing;
        self
    }

    /// Combined with these sorts too.
    pub const fn sorted_by(mut self, sorts: &'static [&'static str]) -> Self {
        self.sorts = sorts;
        self
    }

    fn values(&self, record: &R) -> Vec<IndexValue> {
        let mut values = match &self.read {
            Read::One(read) => vec![read(record)],
            Read::Many(read) => read(record),
        };
        values.sort();
        values.dedup();
        values
    }
}

/// A whole-number field summed per filter value beside the counts (an amount in cents), for the
/// totals a dashboard shows.
pub struct Sum<R> {
    pub name: &'static str,
    read: fn(&R) -> i64,
}

impl<R> Sum<R> {
    pub const fn new(name: &'static str, read: fn(&R) -> i64) -> Self {
        Self { name, read }
    }
}

/// What a resource's lists sort and filter on. `id` (and its alias `created_at`) is always there,
/// and the order of a list that names none; `updated_at` is there for a record that keeps it
/// ([`Times`]).
pub struct Lists<R: 'static> {
    pub sorts: &'static [Sort<R>],
    /// In the order the layer prefers them when a request names several (most selective first):
    /// the first serves the page from its index, the others are checked on the records read.
    pub filters: &'static [Filter<R>],
    /// Kept per count: for the list, and for each value of each filter.
    pub sums: &'static [Sum<R>],
}

impl<R> Lists<R> {
    /// Lists by id only, without filters.
    pub const BY_ID: Lists<R> = Lists {
        sorts: &[],
        filters: &[],
        sums: &[],
    };

    /// Lists by id by default, also sortable by `sorts`, without filters.
    pub const fn sorted(sorts: &'static [Sort<R>]) -> Lists<R> {
        Lists {
            sorts,
            filters: &[],
            sums: &[],
        }
    }

    fn sort(&self, name: &str) -> Option<&Sort<R>> {
        self.sorts.iter().find(|s| s.name == name)
    }
}

impl<R: Indexed> Lists<R> {
    /// Every field `sort=` accepts.
    pub fn sort_names(&self) -> Vec<&'static str> {
        let mut names = vec!["id", "created_at"];
        // (A kind may declare it too, to combine it with a filter: the same index.)
        if R::TIMES != Times::None && self.sort(UPDATED_AT).is_none() {
            names.push(UPDATED_AT);
        }
        names.extend(self.sorts.iter().map(|s| s.name));
        names
    }
}

/// The sort, and the index, of the records' last change.
const UPDATED_AT: &str = "updated_at";

/// Which times a record keeps, that its lists are polled by (`created_since`, `updated_since`,
/// `sort=-updated_at`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Times {
    /// None: a view made of other records (a stock level), polled through them.
    None,
    /// Its creation only: it never changes after (a journal entry, a stock movement), so its
    /// last change is its creation, and the id order serves both.
    Created,
    /// Both: the `updated_at` index keeps it in the order of its last change.
    CreatedAndUpdated,
}

/// A record type whose lists the layer serves from indexes: every [`Resource`], and records kept
/// outside the resource layer (identity's users) that write [`writes`] with their own.
pub trait Indexed: Serialize + DeserializeOwned + Clone + Send + Sync + 'static {
    /// The store kind (partition name).
    const KIND: &'static str;
    /// What a person calls one (`Lead`), for messages.
    const NAME: &'static str = Self::KIND;
    const LISTS: &'static Lists<Self>;
    /// The records of other kinds it names, whose deletes it holds back ([`super::refs`]).
    const REFS: &'static [Ref<Self>] = &[];
    /// Its fields whose values no two records share ([`super::unique`]).
    const UNIQUE: &'static [Unique<Self>] = &[];
    fn id(&self) -> u64;
    /// The text whose words `search=` finds by prefix.
    fn search_text(&self) -> String;
    /// Records that expire (the store's TTL removes them): their index items expire with them,
    /// and they keep no counts, as no counter can follow a TTL. Their list totals are lower bounds.
    const EXPIRES: bool = false;
    /// When this record expires (Unix seconds), for a type that [`Indexed::EXPIRES`].
    fn expires_at(&self) -> Option<i64> {
        None
    }
    /// See [`Resource::due_date`].
    fn due_date(&self) -> Option<String> {
        None
    }
    /// See [`Resource::CUSTOM_FIELDS`].
    const CUSTOM_FIELDS: bool = false;
    /// See [`Resource::custom_values`].
    fn custom_values(&self) -> Option<&CustomValues> {
        None
    }
    /// See [`Resource::object_keys`].
    fn object_keys(&self) -> Vec<&str> {
        Vec::new()
    }
    /// The times it keeps; [`Indexed::created_at`] and [`Indexed::updated_at`] answer them.
    const TIMES: Times = Times::None;
    /// RFC 3339, UTC, to the second (what [`crate::time::now_rfc3339`] writes).
    fn created_at(&self) -> Option<&str> {
        None
    }
    fn updated_at(&self) -> Option<&str> {
        None
    }
}

impl<R: Resource> Indexed for R {
    const KIND: &'static str = <R as Resource>::KIND;
    const NAME: &'static str = <R as Resource>::NAME;
    const LISTS: &'static Lists<Self> = <R as Resource>::LISTS;
    const REFS: &'static [Ref<Self>] = <R as Resource>::REFS;
    const UNIQUE: &'static [Unique<Self>] = <R as Resource>::UNIQUE;
    fn id(&self) -> u64 {
        self.meta().id
    }
    fn search_text(&self) -> String {
        <R as Resource>::search_text(self)
    }
    fn due_date(&self) -> Option<String> {
        <R as Resource>::due_date(self)
    }
    const CUSTOM_FIELDS: bool = <R as Resource>::CUSTOM_FIELDS;
    fn custom_values(&self) -> Option<&CustomValues> {
        <R as Resource>::custom_values(self)
    }
    fn object_keys(&self) -> Vec<&str> {
        <R as Resource>::object_keys(self)
    }
    const TIMES: Times = Times::CreatedAndUpdated;
    fn created_at(&self) -> Option<&str> {
        Some(&self.meta().created_at)
    }
    fn updated_at(&self) -> Option<&str> {
        Some(&self.meta().updated_at)
    }
}

/// The words a record is indexed under: its search text's, then its custom field values' (of
/// every field: whether a field is searchable is checked as a search reads the records, so that
/// making one searchable needs no rebuild). A word that begins another of them is left out: a
/// search matches by prefix, so the longer word's entry finds the record for both.
fn indexed_words<R: Indexed>(record: &R) -> Vec<String> {
    let words = match record.custom_values().filter(|v| !v.values.is_empty()) {
        Some(custom) => words(&format!("{} {}", record.search_text(), custom.text(|_| true))),
        None => words(&record.search_text()),
    };
    without_prefixes(words)
}

/// `words` (distinct) without those that begin another of them (`import` beside `imported`).
fn without_prefixes(words: Vec<String>) -> Vec<String> {
    // At most MAX_WORDS: comparing each pair beats sorting copies.
    let begins_another = |word: &String| {
        words
            .iter()
            .any(|other| other.len() > word.len() && other.starts_with(word.as_str()))
    };
    let kept: Vec<bool> = words.iter().map(|w| !begins_another(w)).collect();
    words
        .into_iter()
        .zip(kept)
        .filter_map(|(word, keep)| keep.then_some(word))
        .collect()
}

/// The entry of a record in the cross-tenant [`GlobalIndex::Due`] index: sorted by date, then
/// tenant and id.
fn due_key<R: Indexed>(tenant: TenantId, date: &str, id: u64) -> Key {
    Key::new(
        Partition::global(GlobalIndex::Due, R::KIND),
        format!("{date}#{}#{}", id_sort_key(tenant.0), id_sort_key(id)),
    )
}

/// One entry of the [`GlobalIndex::Due`] index.
pub struct Due {
    pub tenant: TenantId,
    pub id: u64,
    /// The entry's own key, to drop one whose record is gone.
    pub key: Key,
}

/// The records of `R`, across tenants, whose due date is before `date` (at most `limit`, the
/// earliest first): one query, whatever the number of tenants and records.
pub async fn due<R: Indexed>(store: &dyn Store, date: &str, limit: usize) -> Result<Vec<Due>, StoreError> {
    let mut query = Query::partition(Partition::global(GlobalIndex::Due, R::KIND));
    // Every key of an earlier date sorts before `date` itself ("2026-03-01#…" < "2026-03-02").
    query.range = SortKeyRange::Between("0".into(), date.to_string());
    query.limit = limit.max(1);
    Ok(store
        .query(query)
        .await?
        .items
        .into_iter()
        .filter_map(|item| {
            Some(Due {
                tenant: TenantId(item.data.get("tenant")?.as_u64()?),
                id: item.data.get("id")?.as_u64()?,
                key: item.key,
            })
        })
        .collect())
}

fn is_id_order(sort: &str) -> bool {
    sort == "id" || sort == "created_at"
}

pub(crate) fn entry_sk(value: &IndexValue, id: u64) -> String {
    word_entry_sk(&value.0, id)
}

/// `word`, the separator and the id's sort key: an entry's sort key.
fn word_entry_sk(word: &str, id: u64) -> String {
    let mut sk = String::with_capacity(word.len() + 1 + 20);
    sk.push_str(word);
    sk.push(SEP);
    crate::store::push_id_sort_key(&mut sk, id);
    sk
}

/// The sort-key prefix of every entry of `value`.
pub(crate) fn entry_prefix(value: &IndexValue) -> String {
    format!("{}{SEP}", value.0)
}

/// The index partition of `R` named by `suffix` (`~s~name`, ...).
fn partition<R: Indexed>(cx: Cx<'_>, suffix: &str) -> Partition {
    Partition::tenant_index(cx.tenant(), R::KIND, suffix)
}

fn counts_key<R: Indexed>(cx: Cx<'_>, count: &str) -> Key {
    Key::new(partition::<R>(cx, "~n"), count)
}

/// The counter of every record of `kind` in `tenant` (what `Tally::all` reads), for figures
/// across kinds.
pub fn kind_count_key(tenant: TenantId, kind: &str) -> Key {
    Key::new(Partition::tenant_index(tenant, kind, "~n"), "*")
}

/// The counter of `R`'s records with `value` in filter `filter` (what [`tallies`] reads).
pub fn count_key<R: Indexed>(cx: Cx<'_>, filter: &str, value: &IndexValue) -> Key {
    counts_key::<R>(cx, &format!("{filter}={}", value.0))
}

fn filter_suffix(filter: &str, value: &IndexValue) -> String {
    format!("~f~{filter}~{}", value.0)
}

/// The index items, counts and sums one record has.
#[derive(Default)]
struct Entries {
    /// (partition suffix, sort key)
    items: BTreeSet<(String, String)>,
    counts: BTreeSet<String>,
    sums: BTreeMap<String, i64>,
}

fn sum_key(count: &str, sum: &str) -> String {
    format!("{count}#{sum}")
}

fn entries<R: Indexed>(record: &R) -> Entries {
    let lists = R::LISTS;
    let id = record.id();
    let mut out = Entries::default();
    if !R::EXPIRES {
        out.counts.insert("*".into());
    }
    for sort in lists.sorts {
        out.items
            .insert((format!("~s~{}", sort.name), entry_sk(&(sort.read)(record), id)));
    }
    if let (Times::CreatedAndUpdated, Some(updated_at)) = (R::TIMES, record.updated_at()) {
        out.items
            .insert((format!("~s~{UPDATED_AT}"), entry_sk(&IndexValue::date(updated_at), id)));
    }
    for filter in lists.filters.iter().filter(|f| f.keep != Keep::Nothing) {
        for value in filter.values(record) {
            let suffix = filter_suffix(filter.name, &value);
            if !R::EXPIRES && filter.keep == Keep::IndexAndCount {
                out.counts.insert(format!("{}={}", filter.name, value.0));
            }
            if filter.on_sort {
                continue;
            }
            for sort in filter.sorts.iter().filter_map(|name| lists.sort(name)) {
                out.items
                    .insert((format!("{suffix}~s~{}", sort.name), entry_sk(&(sort.read)(record), id)));
            }
            out.items.insert((suffix, id_sort_key(id)));
        }
    }
    for word in indexed_words(record) {
        out.items.insert(("~q".into(), word_entry_sk(&word, id)));
    }
    for sum in lists.sums {
        let value = (sum.read)(record);
        for count in &out.counts {
            out.sums.insert(sum_key(count, sum.name), value);
        }
    }
    out
}

/// The index writes that take a record from `before` to `after` (`None`: not stored): items
/// added and removed, counts moved. They commit in the record's own transaction.
pub fn writes<R: Indexed>(cx: Cx<'_>, before: Option<&R>, after: Option<&R>) -> Result<Vec<Write>, StoreError> {
    writes_in(cx.tenant(), before, after)
}

/// [`writes`] for a tenant named directly (records written outside the resource layer).
pub fn writes_in<R: Indexed>(
    tenant: TenantId,
    before: Option<&R>,
    after: Option<&R>,
) -> Result<Vec<Write>, StoreError> {
    let partition = |suffix: &str| Partition::tenant_index(tenant, R::KIND, suffix);
    let old = before.map(entries).unwrap_or_default();
    let new = after.map(entries).unwrap_or_default();
    let mut writes = Vec::new();
    for (suffix, sk) in old.items.difference(&new.items) {
        writes.push(Write::delete(
            Key::new(partition(suffix), sk.clone()),
            Condition::Always,
        ));
    }
    if let Some(record) = after {
        // A record whose expiry moved takes its unchanged items along: they expire with it.
        let expires_at = record.expires_at();
        let refresh = before.is_some_and(|b| b.expires_at() != expires_at);
        for (suffix, sk) in new.items.iter().filter(|item| refresh || !old.items.contains(item)) {
            let key = Key::new(partition(suffix), sk.clone());
            // The entry's document, `{"id": ...}`, made directly: not through `json!` and a
            // serialisation of that value.
            let data = Map::from_iter([("id".to_owned(), Value::from(record.id()))]);
            let item = Item {
                key,
                data,
                expires_at,
                api_form: None,
            };
            writes.push(Write::put(item, Condition::Always));
        }
    }
    let (old_due, new_due) = (before.and_then(R::due_date), after.and_then(R::due_date));
    if old_due != new_due {
        if let (Some(date), Some(record)) = (old_due, before) {
            writes.push(Write::delete(
                due_key::<R>(tenant, &date, record.id()),
                Condition::Always,
            ));
        }
        if let (Some(date), Some(record)) = (new_due, after) {
            let entry = json!({"tenant": tenant.0, "id": record.id()});
            writes.push(Write::put(
                Item::from_value(due_key::<R>(tenant, &date, record.id()), &entry)?,
                Condition::Always,
            ));
        }
    }
    for count in new.counts.difference(&old.counts) {
        writes.push(Write::add(Key::new(partition("~n"), count.clone()), 1));
    }
    for count in old.counts.difference(&new.counts) {
        writes.push(Write::add(Key::new(partition("~n"), count.clone()), -1));
    }
    let sum_keys: BTreeSet<&String> = old.sums.keys().chain(new.sums.keys()).collect();
    for key in sum_keys {
        let delta = new.sums.get(key).copied().unwrap_or(0) - old.sums.get(key).copied().unwrap_or(0);
        if delta != 0 {
            writes.push(Write::add(Key::new(partition("~n"), key.clone()), delta));
        }
    }
    writes.extend(refs::writes_in(tenant, before, after));
    writes.extend(super::unique::writes_in(tenant, before, after)?);
    if let (Some(record), None) = (before, after) {
        writes.push(refs::guard(tenant, R::KIND, record.id()));
    }
    Ok(writes)
}

/// Merges the adds to one counter within `writes`, and drops the existence checks of records
/// the same writes store (a transaction may name a key once).
pub fn merge_adds(writes: Vec<Write>) -> Vec<Write> {
    let writes = refs::drop_implied_checks(writes);
    // Hashed, in the order first named: an import's chunk names hundreds of counters (one per
    // distinct filter value), and a scan of them for each add was quadratic in the chunk.
    let mut sums: indexmap::IndexMap<Key, i64, foldhash::fast::FixedState> = Default::default();
    let mut merged = Vec::with_capacity(writes.len());
    for write in writes {
        match write {
            Write::Add { key, by } => *sums.entry(key).or_insert(0) += by,
            other => merged.push(other),
        }
    }
    merged.extend(
        sums.into_iter()
            .filter(|(_, by)| *by != 0)
            .map(|(key, by)| Write::add(key, by)),
    );
    merged
}

/// Where a page starts, as the cursor carries it: the last index key of the previous page, tied
/// to one list of one tenant.
#[derive(Serialize, Deserialize)]
struct Cursor {
    /// Which list (tenant, resource, index, search, order), hashed.
    l: String,
    /// The last sort key of the previous page.
    k: String,
    /// Records before the next page, for `current_page`.
    o: u64,
}

fn decode_cursor(raw: &str) -> Option<Cursor> {
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(raw).ok()?).ok()
}

fn encode_cursor(cursor: &Cursor) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(cursor).unwrap_or_default())
}

/// What a list's plan reads of a record type: its names and times, and its declared sorts and
/// filters without the functions that read them off a record, so that the plan and the walk
/// are compiled once rather than once per type.
pub(crate) struct KindFacts {
    pub(crate) kind: &'static str,
    pub(crate) name: &'static str,
    pub(crate) custom_fields: bool,
    times: Times,
    expires: bool,
    sort_names: Vec<&'static str>,
    /// Each declared filter's rule, in the kind's order of preference.
    filters: Vec<FilterRule>,
}

/// A declared filter as the plan weighs it ([`Filter`] without its reader).
#[derive(Clone, Copy)]
struct FilterRule {
    name: &'static str,
    sorts: &'static [&'static str],
    keep: Keep,
    on_sort: bool,
}

impl KindFacts {
    fn of<R: Indexed>() -> Self {
        let filters = R::LISTS.filters.iter().map(|f| FilterRule {
            name: f.name,
            sorts: f.sorts,
            keep: f.keep,
            on_sort: f.on_sort,
        });
        Self {
            kind: R::KIND,
            name: R::NAME,
            custom_fields: R::CUSTOM_FIELDS,
            times: R::TIMES,
            expires: R::EXPIRES,
            sort_names: R::LISTS.sort_names(),
            filters: filters.collect(),
        }
    }

    fn filter(&self, name: &str) -> Option<usize> {
        self.filters.iter().position(|f| f.name == name)
    }
}

/// How a list request is served.
struct Plan {
    kind: &'static str,
    /// The partition read in order.
    pk: Partition,
    /// Whether its items are the records themselves (the id order) or index items.
    direct: bool,
    /// Read only the entries whose key starts with this (the word index).
    prefix: Option<String>,
    descending: bool,
    /// Declared filters checked on the records read (all but the one whose index serves the
    /// page): the filter's place in the kind's list, and the value asked.
    checks: Vec<(usize, IndexValue)>,
    /// Custom field filters checked on the records read.
    custom_checks: Vec<CustomFilter>,
    /// The searchable custom fields' keys (for the words a search may match), once read: a
    /// search reads them when a record it reads has custom values.
    searchable: Option<Vec<String>>,
    /// Search words checked on the records read.
    terms: Vec<String>,
    /// When the word index serves the page: the word it is read by.
    by_word: Option<String>,
    /// The count that is the list's exact total, when one is.
    count: Option<String>,
    /// Where the partition read starts, for a time bound its order serves.
    from: Option<Start>,
    /// Time bounds checked on the records read: (the time's field, at or after).
    since_checks: Vec<(&'static str, String)>,
}

/// Where a list bounded by time starts reading.
enum Start {
    /// At this sort key of the `updated_at` index (a time: its entries begin with theirs).
    Key(String),
    /// At the first record made at or after this time, in the id order ([`first_made_since`]).
    MadeSince(String),
}

impl Plan {
    fn scans(&self) -> bool {
        !self.checks.is_empty()
            || !self.terms.is_empty()
            || !self.custom_checks.is_empty()
            || !self.since_checks.is_empty()
    }

    fn reads_mostly_matches(&self) -> bool {
        self.by_word.is_some() && self.checks.is_empty() && self.custom_checks.is_empty() && self.terms.len() == 1
    }

    fn count_key(&self, cx: Cx<'_>) -> Option<Key> {
        let count = self.count.as_ref()?;
        Some(Key::new(Partition::tenant_index(cx.tenant(), self.kind, "~n"), count))
    }
}

/// One page of `R` for a list request, the one way a list is read: plan (the index that serves
/// it, and what is checked on the records read), walk (one query of that index, or of the
/// records, and one batch read of the page's records with the total's count), assemble. Only
/// reading and checking a record is compiled per type ([`Typed`]); the rest is compiled once.
///
/// Records stored in the API form `api_form` come as their stored text, to be sent as it is
/// (the list route: [`super::api_form`]); with `None` each comes parsed ([`ListResponse::records`]).
/// A page of the records themselves reads the total's count with its query (one read on
/// SQLite). `page=N` without a cursor reads the (N-1) x per_page index items before the page
/// too; a cursor starts at its page.
pub async fn list<R: Indexed, F: Serialize>(
    cx: Cx<'_>,
    listing: &Listing<F>,
    api_form: Option<i64>,
) -> Result<ListResponse<Listed<R>>, ApiError> {
    let facts = KindFacts::of::<R>();
    let filters = serde_json::to_value(&listing.filters).map_err(ApiError::internal)?;
    let plan = plan(cx, &facts, &listing.params, &filters).await?;
    let mut typed = Typed::<R> {
        filters: R::LISTS.filters,
        rows: Vec::new(),
    };
    let filters = serde_json::to_vec(&listing.filters).unwrap_or_default();
    let (rows, meta) = walk(cx, plan, &mut typed, &listing.params, &filters, api_form).await?;
    let data = rows.into_iter().filter_map(|row| typed.rows.get_mut(row)?.take());
    Ok(ListResponse {
        data: data.collect(),
        meta,
    })
}

impl<R: DeserializeOwned> ListResponse<Listed<R>> {
    /// The page with each record parsed (those sent as their stored text too).
    pub fn records(self) -> Result<ListResponse<R>, ApiError> {
        let data = self.data.into_iter().map(Listed::into_record);
        Ok(ListResponse {
            data: data.collect::<Result<_, _>>()?,
            meta: self.meta,
        })
    }
}

/// The typed half of a list walk: it reads documents into records of one type, keeps them, and
/// checks them against the plan. The walk ([`walk`]) holds only their places (rows).
trait Rows {
    /// Reads `document` of `partition` into a new row: its text when that is in the API form
    /// `api_form`, else the record parsed.
    fn read(&mut self, document: Document, partition: &Partition, api_form: Option<i64>) -> Result<usize, StoreError>;
    /// Reads the documents of `page` at the places in `read` into new rows, as [`Rows::read`];
    /// each entry is the document's sort key and its row if it was read.
    fn read_page(
        &mut self,
        page: DocumentPage,
        read: Range<usize>,
        api_form: Option<i64>,
    ) -> Result<Vec<(String, Option<usize>)>, StoreError>;
    fn has_custom_values(&self, row: usize) -> bool;
    /// Whether the row's record passes the checks `plan` leaves to the records read, and is
    /// listed at index entry `sk`.
    fn admits(&self, plan: &Plan, row: usize, sk: &str) -> bool;
    /// Lets go of a row the page will not show.
    fn forget(&mut self, row: usize);
}

struct Typed<R: 'static> {
    filters: &'static [Filter<R>],
    rows: Vec<Option<Listed<R>>>,
}

impl<R> Typed<R> {
    fn keep(&mut self, listed: Listed<R>) -> usize {
        self.rows.push(Some(listed));
        self.rows.len() - 1
    }

    fn record(&self, row: usize) -> Option<&R> {
        match self.rows.get(row)? {
            Some(Listed::Record(record)) => Some(record),
            _ => None,
        }
    }
}

impl<R: Indexed> Rows for Typed<R> {
    fn read(&mut self, document: Document, partition: &Partition, api_form: Option<i64>) -> Result<usize, StoreError> {
        Ok(self.keep(document.read(partition, api_form)?))
    }

    fn read_page(
        &mut self,
        page: DocumentPage,
        read: Range<usize>,
        api_form: Option<i64>,
    ) -> Result<Vec<(String, Option<usize>)>, StoreError> {
        let entries = page.read_only::<R>(read, api_form)?.into_iter();
        Ok(entries.map(|(sk, listed)| (sk, listed.map(|l| self.keep(l)))).collect())
    }

    fn has_custom_values(&self, row: usize) -> bool {
        let custom = self.record(row).and_then(Indexed::custom_values);
        custom.is_some_and(|v| !v.values.is_empty())
    }

    fn admits(&self, plan: &Plan, row: usize, sk: &str) -> bool {
        let Some(record) = self.record(row) else {
            return false;
        };
        let filters_hold = plan
            .checks
            .iter()
            .all(|(filter, wanted)| self.filters[*filter].values(record).contains(wanted));
        let custom_hold = plan.custom_checks.iter().all(|f| f.admits(record.custom_values()));
        let times_hold = plan.since_checks.iter().all(|(field, since)| {
            let time = match *field {
                UPDATED_AT => record.updated_at(),
                _ => record.created_at(),
            };
            time.is_some_and(|t| t >= since.as_str())
        });
        let words_hold = plan.terms.is_empty() || {
            // Its own words and its searchable custom fields' (the index holds every field's).
            let searchable = record
                .custom_values()
                .map(|v| v.text(|key| plan.searchable.iter().flatten().any(|s| s == key)))
                .unwrap_or_default();
            let mine = words(&format!("{} {searchable}", record.search_text()));
            plan.terms
                .iter()
                .all(|t| mine.iter().any(|w| w.starts_with(t.as_str())))
        };
        // On the word index a record with several words matching the word is listed once, at
        // its first.
        let listed_here = plan.by_word.as_ref().is_none_or(|word| {
            let entry_word = sk.split(SEP).next().unwrap_or_default();
            let mut mine = indexed_words(record);
            mine.sort();
            mine.iter().find(|w| w.starts_with(word.as_str())).map(String::as_str) == Some(entry_word)
        });
        filters_hold && custom_hold && times_hold && words_hold && listed_here
    }

    fn forget(&mut self, row: usize) {
        if let Some(kept) = self.rows.get_mut(row) {
            *kept = None;
        }
    }
}

/// Which index serves a list request. Declared combinations read an index made for them: the
/// word index for a search in no particular order, a filter's index (with one of its sorts),
/// or a sort's; a custom field's index serves its filter (in id order) and its sort. Any other
/// combination reads the sort's index and checks the rest on the records read (a page then
/// reads at most [`SCAN_LIMIT`] entries; a short page carries a cursor). `filters` are the
/// request's declared filters, as their JSON object.
async fn plan(cx: Cx<'_>, facts: &KindFacts, params: &ListParams, filters: &Value) -> Result<Plan, ApiError> {
    let custom = super::custom::indexes::listing(cx, facts, params)
        .await?
        .unwrap_or_default();
    let raw_sort = params.sort.as_deref().unwrap_or("id");
    let (sort, descending) = match raw_sort.strip_prefix('-') {
        Some(field) => (field, true),
        None => (raw_sort, false),
    };
    let (updated_since, made_since) = params.since.bounds()?;
    if facts.times == Times::None && !params.since.is_empty() {
        let field = if updated_since.is_some() {
            "updated_since"
        } else {
            "created_since"
        };
        return Err(ApiError::invalid(
            field,
            format!(
                "{}s keep no times to list them by; list the records they are made of.",
                facts.name
            ),
        ));
    }
    // A record that never changes was last changed when it was made: the id order serves both.
    let (sort, updated_since, made_since) = match facts.times {
        Times::Created => (
            if sort == UPDATED_AT { "id" } else { sort },
            None,
            made_since.max(updated_since),
        ),
        _ => (sort, updated_since, made_since),
    };
    if custom.sort.is_none() && !facts.sort_names.contains(&sort) {
        let custom_sorts = if facts.custom_fields {
            ", or custom_fields.<key> of a filterable custom field"
        } else {
            ""
        };
        return Err(ApiError::invalid(
            "sort",
            format!("Sort by one of: {}{custom_sorts}.", facts.sort_names.join(", ")),
        ));
    }
    // The filters the request names, in the resource's order of preference.
    let mut active = Vec::new();
    for (name, value) in filters.as_object().into_iter().flatten().filter(|(_, v)| !v.is_null()) {
        let filter = facts
            .filter(name)
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("{} filter `{name}` is not declared", facts.kind)))?;
        let value = IndexValue::from_query(value)
            .ok_or_else(|| ApiError::invalid(name, format!("The {name} filter takes one value.")))?;
        active.push((filter, value));
    }
    active.sort_by_key(|(filter, _)| *filter);
    let terms = params.search.as_deref().map(words).unwrap_or_default();
    let CustomListing {
        sort: custom_sort,
        filters: mut custom_checks,
        searchable,
    } = custom;
    let partition = |suffix: &str| Partition::tenant_index(cx.tenant(), facts.kind, suffix);

    // A search in no particular order: the word index, by its most selective (longest) word.
    if !terms.is_empty() && params.sort.is_none() {
        let word = terms
            .iter()
            .max_by_key(|t| t.chars().count())
            .cloned()
            .unwrap_or_default();
        return Ok(Plan {
            kind: facts.kind,
            pk: partition("~q"),
            direct: false,
            prefix: Some(word.clone()),
            descending: false,
            checks: active,
            custom_checks,
            searchable,
            terms,
            by_word: Some(word),
            count: None,
            from: None,
            since_checks: since_checks(updated_since, made_since),
        });
    }
    // A custom filter serves a list in id order, or sorted by its own field; a custom sort
    // otherwise reads its field's index; else a built-in filter whose index keeps this order
    // serves the page, or the sort's own index. The rest is checked on the records read.
    let custom_served = custom_checks
        .iter()
        .position(|f| is_id_order(sort) || custom_sort.as_deref() == Some(f.suffix().as_str()));
    let served = active.iter().position(|(filter, _)| {
        let filter = &facts.filters[*filter];
        filter.keep != Keep::Nothing
            && (is_id_order(sort) || filter.sorts.contains(&sort) || (filter.on_sort && sort == filter.name))
    });
    let (pk, direct, prefix, count) = if let Some(i) = custom_served {
        let filter = custom_checks.remove(i);
        (partition(&filter.suffix()), false, Some(filter.prefix()), None)
    } else if let Some(suffix) = custom_sort.clone() {
        (partition(&suffix), false, None, Some("*".to_string()))
    } else if let Some(i) = served {
        let (filter, value) = active.remove(i);
        let filter = facts.filters[filter];
        let suffix = filter_suffix(filter.name, &value);
        let (pk, prefix) = match (filter.on_sort, is_id_order(sort)) {
            (true, _) => (partition(&format!("~s~{}", filter.name)), Some(entry_prefix(&value))),
            (false, true) => (partition(&suffix), None),
            (false, false) => (partition(&format!("{suffix}~s~{sort}")), None),
        };
        let count = (filter.keep == Keep::IndexAndCount).then(|| format!("{}={}", filter.name, value.0));
        (pk, false, prefix, count)
    } else if is_id_order(sort) {
        (
            Partition::tenant(cx.tenant(), facts.kind),
            true,
            None,
            Some("*".to_string()),
        )
    } else {
        (partition(&format!("~s~{sort}")), false, None, Some("*".to_string()))
    };
    // A time bound the partition's order serves starts the read; another is checked on the
    // records. (A partition read by a prefix is in another order.)
    let (mut updated_since, mut made_since) = (updated_since, made_since);
    let from = match (prefix.is_none(), sort) {
        // The sort's index, or a filter's in that sort: both keyed `<updated_at>␁<id>`.
        (true, UPDATED_AT) => updated_since.take().map(Start::Key),
        (true, sort) if is_id_order(sort) && custom_sort.is_none() => made_since.take().map(Start::MadeSince),
        _ => None,
    };
    let since_checks = since_checks(updated_since, made_since);
    Ok(Plan {
        kind: facts.kind,
        pk,
        direct,
        prefix,
        descending,
        count: (active.is_empty()
            && terms.is_empty()
            && custom_checks.is_empty()
            && since_checks.is_empty()
            && from.is_none()
            && !facts.expires)
            .then_some(count)
            .flatten(),
        checks: active,
        custom_checks,
        searchable,
        terms,
        by_word: None,
        from,
        since_checks,
    })
}

fn since_checks(updated_since: Option<String>, made_since: Option<String>) -> Vec<(&'static str, String)> {
    let updated = updated_since.map(|since| (UPDATED_AT, since));
    let made = made_since.map(|since| ("created_at", since));
    updated.into_iter().chain(made).collect()
}

/// The first id of `kind` whose record was made at or after `since` (`RFC 3339`, to the second),
/// or one past the newest when none was. Ids follow the order records are made in, so the
/// records' own partition is searched by halves; from the newest back, in doubling strides
/// first, so a recent `since` (what a poller sends) costs a read or two, and any other at most
/// twice the logarithm of the number of records made since: never the tenant's size.
async fn first_made_since(cx: Cx<'_>, kind: &str, since: &str) -> Result<u64, ApiError> {
    let records = Partition::tenant(cx.tenant(), kind);
    // The newest record with an id in `above + 1 ..= at`: its id and whether it was made since.
    let newest_in = |above: u64, at: u64| {
        let mut query = Query::partition(records.clone());
        query.range = SortKeyRange::Between(id_sort_key(above.saturating_add(1)), id_sort_key(at));
        query.descending = true;
        query.limit = 1;
        async move {
            let page = cx.store().query(query).await?;
            Ok::<_, ApiError>(page.items.first().map(|item| {
                let made = item.data.get("created_at").and_then(Value::as_str);
                (id_from_sk(&item.key.sk), made.is_some_and(|t| t >= since))
            }))
        }
    };
    let Some((newest, newest_made_since)) = newest_in(0, u64::MAX - 1).await? else {
        return Ok(1);
    };
    if !newest_made_since {
        return Ok(newest.saturating_add(1));
    }
    // The answer is in `low + 1 ..= high`: `high` was made since; `low` (or 0) was not.
    let (mut low, mut high) = (0, newest);
    let mut stride = 1u64;
    while high > stride {
        match newest_in(0, high - stride).await? {
            Some((id, true)) => (high, stride) = (id, stride.saturating_mul(2)),
            Some((id, false)) => {
                low = id;
                break;
            }
            None => {
                low = high - stride;
                break;
            }
        }
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        match newest_in(low, middle).await? {
            Some((id, true)) => high = id,
            Some((id, false)) => low = id,
            None => low = middle,
        }
    }
    Ok(high)
}

/// The id a record's sort key in its own partition names.
fn id_from_sk(sk: &str) -> u64 {
    sk.trim_start_matches('0').parse().unwrap_or(0)
}

/// The page size, and where the page starts: after a cursor's key, or `skip` entries in.
fn paging(params: &ListParams, list: &str) -> Result<(usize, Option<String>, u64), ApiError> {
    let mut errors = FieldErrors::default();
    let per_page = params.page_size(&mut errors);
    let start = match (&params.cursor, params.page) {
        (Some(raw), _) => match decode_cursor(raw) {
            Some(cursor) if cursor.l == list => (Some(cursor.k), cursor.o),
            Some(_) => {
                errors.add("cursor", "This cursor belongs to another list; start again without it.");
                (None, 0)
            }
            None => {
                errors.add("cursor", "The cursor is not one this API issued.");
                (None, 0)
            }
        },
        (None, Some(0)) => {
            errors.add("page", "The page field must be at least 1.");
            (None, 0)
        }
        (None, page) => (None, u64::from(page.unwrap_or(1) - 1).saturating_mul(per_page as u64)),
    };
    let (after, offset) = errors.into_result(start)?;
    Ok((per_page, after, offset))
}

/// Which list a cursor belongs to (tenant, kind, index, filters, search, order), hashed.
fn list_id(cx: Cx<'_>, plan: &Plan, params: &ListParams, filters: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(plan.pk.as_str());
    hash.update([0, u8::from(plan.descending)]);
    hash.update(plan.prefix.as_deref().unwrap_or_default());
    hash.update([0]);
    hash.update(filters);
    hash.update(serde_json::to_vec(&params.custom).unwrap_or_default());
    hash.update(serde_json::to_vec(&params.since).unwrap_or_default());
    hash.update(plan.terms.join(" "));
    hash.update(cx.tenant().0.to_be_bytes());
    hex::encode(&hash.finalize()[..8])
}

/// The page's rows, and its meta, read as `plan` says.
async fn walk(
    cx: Cx<'_>,
    mut plan: Plan,
    rows: &mut (dyn Rows + Send),
    params: &ListParams,
    filters: &[u8],
    api_form: Option<i64>,
) -> Result<(Vec<usize>, Meta), ApiError> {
    let list = list_id(cx, &plan, params, filters);
    let (per_page, after, offset) = paging(params, &list)?;
    let mut skip = if after.is_some() { 0 } else { offset };
    let want = per_page + 1;

    let mut query = Query::partition(plan.pk.clone());
    query.descending = plan.descending;
    if let Some(prefix) = &plan.prefix {
        query.range = SortKeyRange::Prefix(prefix.clone());
    }
    // Above every sort key the index writes (a time, or an id).
    let top = || char::MAX.to_string().repeat(2);
    match &plan.from {
        Some(Start::Key(since)) => query.range = SortKeyRange::Between(since.clone(), top()),
        Some(Start::MadeSince(since)) => {
            let first = first_made_since(cx, plan.kind, since).await?;
            query.range = SortKeyRange::Between(id_sort_key(first), top());
        }
        None => {}
    }
    query.after = after.map(crate::store::PageToken);
    // (sort key, record id, its row once read)
    let mut found: Vec<(String, u64, Option<usize>)> = Vec::new();
    let mut last_read: Option<String> = None;
    let mut read = 0usize;
    let mut exhausted = false;
    let mut total_count: Option<i64> = None;
    let count_key = plan.count_key(cx);
    while found.len() < want {
        if plan.scans() && read >= SCAN_LIMIT {
            break;
        }
        // What is left to skip and to find. A scan checking records reads more at a time, as
        // many entries read are no match; one search word and nothing else to check is not such a
        // scan (only a record's second word under the prefix is skipped).
        let page_sized = usize::try_from(skip)
            .unwrap_or(usize::MAX)
            .saturating_add(want - found.len())
            .min(1000);
        query.limit = match plan.scans() && !plan.reads_mostly_matches() {
            true => want.max(100),
            false => page_sized,
        };
        // A page of the records themselves needs no batch read of them: the total's counter is
        // read with the first query instead (one read transaction on SQLite). Otherwise it comes
        // with the page's records. Such a page's documents are parsed straight into records.
        let (batch, next) = if plan.direct {
            let count_key = count_key.as_ref().filter(|_| total_count.is_none());
            let (mut page, counter) = cx
                .store()
                .query_and_get(query.clone(), count_key.map(std::slice::from_ref).unwrap_or_default())
                .await?;
            if count_key.is_some() {
                total_count = Some(counter.into_iter().flatten().next().map_or(0, |i| i.counter()));
            }
            // Only the records the page shows are parsed: not those `page=N` skips, nor the one
            // read past the page to tell whether there is a next. (A scan checks every one.)
            let shown = match plan.scans() {
                true => 0..usize::MAX,
                false => {
                    let skipped = usize::try_from(skip).unwrap_or(usize::MAX);
                    skipped..skipped.saturating_add(per_page.saturating_sub(found.len()))
                }
            };
            // Records a scan checks are parsed, whatever their form.
            let form = api_form.filter(|_| !plan.scans());
            let next = page.next.take();
            let batch = rows.read_page(page, shown, form)?.into_iter().map(|(sk, row)| {
                // The records' own sort key is the id.
                let id = id_from_sk(&sk);
                (sk, id, row)
            });
            (batch.collect(), next)
        } else {
            let page = cx.store().query(query.clone()).await?;
            let batch: Vec<(String, u64, Option<usize>)> = page
                .items
                .into_iter()
                .map(|item| {
                    let id = item.data.get("id").and_then(Value::as_u64).unwrap_or(0);
                    (item.key.sk, id, None)
                })
                .collect();
            (batch, page.next)
        };
        if plan.scans() {
            // Filters and words beyond the index's own are checked on the records themselves.
            let mut loaded = match plan.direct {
                true => batch.iter().filter_map(|(_, id, row)| Some((*id, (*row)?))).collect(),
                false => {
                    let ids: Vec<u64> = batch.iter().map(|(_, id, _)| *id).collect();
                    let mut loaded = HashMap::with_capacity(ids.len());
                    for (key, document) in documents_of(cx, plan.kind, &ids).await? {
                        loaded.insert(id_from_sk(&key.sk), rows.read(document, &key.pk, None)?);
                    }
                    loaded
                }
            };
            if !plan.terms.is_empty()
                && plan.searchable.is_none()
                && loaded.values().any(|r| rows.has_custom_values(*r))
            {
                let definitions = super::custom::definitions_of(cx, plan.kind).await?;
                plan.searchable = Some(super::custom::searchable_keys(&definitions));
            }
            for (sk, id, _) in batch {
                read += 1;
                last_read = Some(sk.clone());
                let Some(row) = loaded.remove(&id) else { continue };
                if !rows.admits(&plan, row, &sk) {
                    rows.forget(row);
                    continue;
                }
                if skip > 0 {
                    skip -= 1;
                    rows.forget(row);
                    continue;
                }
                found.push((sk, id, Some(row)));
                if found.len() == want {
                    break;
                }
            }
        } else {
            // (`last_read` is a scan's cursor alone: not kept here.)
            for entry in batch {
                read += 1;
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                found.push(entry);
                if found.len() == want {
                    break;
                }
            }
        }
        match next {
            Some(next) if found.len() < want => query.after = Some(next),
            Some(_) => break,
            None => {
                exhausted = true;
                break;
            }
        }
    }
    let more = found.len() > per_page;
    found.truncate(per_page);

    // The page's records, and the count that is the total (unless read already), in one batch read.
    let missing: Vec<u64> = found
        .iter()
        .filter(|(_, _, row)| row.is_none())
        .map(|(_, id, _)| *id)
        .collect();
    let count_key = count_key.filter(|_| total_count.is_none());
    if !missing.is_empty() || count_key.is_some() {
        let mut keys: Vec<Key> = missing
            .iter()
            .map(|id| Key::record(cx.tenant(), plan.kind, *id))
            .collect();
        keys.extend(count_key.iter().cloned());
        let mut documents = cx.store().get_documents(&keys).await?;
        if count_key.is_some() {
            total_count = Some(documents.pop().flatten().map_or(0, |d| d.counter()));
        }
        let mut loaded: HashMap<u64, usize> = HashMap::new();
        for ((id, key), document) in missing.iter().zip(&keys).zip(documents) {
            if let Some(document) = document {
                loaded.insert(*id, rows.read(document, &key.pk, api_form)?);
            }
        }
        for entry in found.iter_mut().filter(|(_, _, row)| row.is_none()) {
            entry.2 = loaded.remove(&entry.1);
        }
    }

    let next_key = if more {
        found.last().map(|(sk, _, _)| sk.clone())
    } else if !exhausted && plan.scans() && read >= SCAN_LIMIT {
        last_read
    } else {
        None
    };
    let shown = found.len() as u64;
    let page: Vec<usize> = found.into_iter().filter_map(|(_, _, row)| row).collect();
    let (total, exact) = match total_count {
        Some(n) => (u64::try_from(n).unwrap_or(0), true),
        // A lower bound: what was found so far, and one more when there is a next page.
        None => (offset + shown + u64::from(next_key.is_some()), next_key.is_none()),
    };
    let total = usize::try_from(total).unwrap_or(usize::MAX);
    let offset = usize::try_from(offset).unwrap_or(usize::MAX);
    let cursor = next_key.map(|k| {
        encode_cursor(&Cursor {
            l: list,
            k,
            o: offset as u64 + shown,
        })
    });
    Ok((page, Meta::new(total, exact, per_page, offset, cursor)))
}

/// The stored documents of the records of `kind` with these ids, with their keys, in one round
/// trip per hundred (ids that do not exist are left out, repeats read once: DynamoDB refuses a
/// batch naming one key twice, as a search matching two words of one record would). What
/// [`super::ops::load_many`] parses, and a scan reads into rows.
pub(crate) async fn documents_of(cx: Cx<'_>, kind: &str, ids: &[u64]) -> Result<Vec<(Key, Document)>, ApiError> {
    let mut seen = std::collections::HashSet::new();
    let ids: Vec<u64> = ids.iter().copied().filter(|id| seen.insert(*id)).collect();
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(100) {
        let keys: Vec<Key> = chunk.iter().map(|id| Key::record(cx.tenant(), kind, *id)).collect();
        let documents = cx.store().get_documents(&keys).await?;
        found.extend(
            keys.into_iter()
                .zip(documents)
                .filter_map(|(key, document)| Some((key, document?))),
        );
    }
    Ok(found)
}

/// A count, or a sum, of the records of `R`: all of them, or those with one value of a filter.
pub struct Tally {
    pub filter: Option<(&'static str, IndexValue)>,
    /// A declared [`Sum`]'s name; `None` counts records.
    pub sum: Option<&'static str>,
}

impl Tally {
    /// Every record of the kind.
    pub fn all() -> Self {
        Self {
            filter: None,
            sum: None,
        }
    }
    pub fn count(filter: &'static str, value: IndexValue) -> Self {
        Self {
            filter: Some((filter, value)),
            sum: None,
        }
    }
    pub fn sum(sum: &'static str, filter: &'static str, value: IndexValue) -> Self {
        Self {
            filter: Some((filter, value)),
            sum: Some(sum),
        }
    }
}

/// Several counts and sums in one round trip, whatever the number of records they cover.
pub async fn tallies<R: Indexed>(cx: Cx<'_>, tallies: &[Tally]) -> Result<Vec<i64>, ApiError> {
    let keys: Vec<Key> = tallies
        .iter()
        .map(|t| {
            let count = match &t.filter {
                Some((name, value)) => format!("{name}={}", value.0),
                None => "*".into(),
            };
            counts_key::<R>(
                cx,
                &match t.sum {
                    Some(sum) => sum_key(&count, sum),
                    None => count,
                },
            )
        })
        .collect();
    Ok(cx.store().counters(&keys).await?)
}

/// Whether any record of `R` has `value` in filter `filter`: one counter read (for records that
/// expire, which keep no counts, a one-item query of the filter's index).
pub async fn any_with<R: Indexed>(cx: Cx<'_>, filter: &str, value: IndexValue) -> Result<bool, ApiError> {
    if R::EXPIRES {
        let mut query = Query::partition(partition::<R>(cx, &filter_suffix(filter, &value)));
        query.limit = 1;
        return Ok(!cx.store().query(query).await?.items.is_empty());
    }
    Ok(count_with::<R>(cx, filter, value).await? > 0)
}

/// How many records of `R` have `value` in filter `filter`: one counter read. Not for records
/// that expire ([`Indexed::EXPIRES`]): they keep no counts.
pub async fn count_with<R: Indexed>(cx: Cx<'_>, filter: &str, value: IndexValue) -> Result<u64, ApiError> {
    debug_assert!(!R::EXPIRES, "{} keeps no counts", R::KIND);
    let key = counts_key::<R>(cx, &format!("{filter}={}", value.0));
    let n = cx.store().counters(std::slice::from_ref(&key)).await?[0];
    Ok(u64::try_from(n).unwrap_or(0))
}

/// 409 `limit_reached` ("{parent} holds at most {max} {what}.") when the records of `R` with
/// `value` in filter `filter` already number `max`: one counter read. For a parent's children
/// (a ticket's replies, a project's files): the body is fine, the parent is full.
pub async fn ensure_room<R: Indexed>(
    cx: Cx<'_>,
    filter: &str,
    value: IndexValue,
    max: usize,
    full: impl FnOnce() -> String,
) -> Result<(), ApiError> {
    if count_with::<R>(cx, filter, value).await? >= max as u64 {
        return Err(ApiError::limit_reached(full()));
    }
    Ok(())
}

/// How many records of `R` with `value` in filter `filter` sort before `bound` by `sort` (a
/// declared sort), counted up to `cap`: one count of index entries ([`Store::count`]: none is
/// returned), no records read. For figures
/// such as "tasks due before today" that a counter cannot keep (the bound moves).
pub async fn count_below<R: Indexed>(
    cx: Cx<'_>,
    filter: (&str, IndexValue),
    sort: &str,
    bound: &IndexValue,
    cap: usize,
) -> Result<u64, ApiError> {
    let (name, value) = filter;
    let mut query = Query::partition(partition::<R>(cx, &format!("{}~s~{sort}", filter_suffix(name, &value))));
    // Entries are `<value>␁<id>`: every one of a value below `bound` sorts before `bound` itself,
    // and none before the separator (bounds must not be empty).
    query.range = SortKeyRange::Between(SEP.to_string(), bound.0.clone());
    query.limit = cap.max(1);
    Ok(cx.store().count(query).await?)
}

/// Most records an option list (a form's picker) shows.
pub const MAX_OPTIONS: usize = 500;

/// The first `limit` records of `R` in the order of `sort` (`id`, or a declared sort), all of them
/// or those with `value` in filter `filter` (a declared filter, combined with `sort` when not
/// `id`): one query, and one batch read of the records unless they are the id order's own.
pub async fn top<R: Indexed>(
    cx: Cx<'_>,
    filter: Option<(&str, IndexValue)>,
    sort: &str,
    descending: bool,
    limit: usize,
) -> Result<Vec<R>, ApiError> {
    let (pk, direct) = match (filter, is_id_order(sort)) {
        (None, true) => (Partition::tenant(cx.tenant(), R::KIND), true),
        (None, false) => (partition::<R>(cx, &format!("~s~{sort}")), false),
        (Some((name, value)), true) => (partition::<R>(cx, &filter_suffix(name, &value)), false),
        (Some((name, value)), false) => (
            partition::<R>(cx, &format!("{}~s~{sort}", filter_suffix(name, &value))),
            false,
        ),
    };
    let mut query = Query::partition(pk);
    query.descending = descending;
    query.limit = limit.max(1);
    let items = cx.store().query(query).await?.items;
    if direct {
        return items.into_iter().map(|i| Ok(i.into_parsed()?)).collect();
    }
    let ids: Vec<u64> = items
        .iter()
        .filter_map(|i| i.data.get("id").and_then(Value::as_u64))
        .collect();
    super::ops::load_many::<R>(cx, &ids).await
}

/// The records of `R` whose value of `sort` (a declared sort, not the id order) lies from `from`
/// to `to`, both included, each bound optional: those with `value` in `filter` when given, in
/// the sort's order (or its reverse), at most `limit`. One query of one index and one batch read
/// of the records: "an employee's attendance in March", "the holidays from today on".
pub async fn between<R: Indexed>(
    cx: Cx<'_>,
    filter: Option<(&str, IndexValue)>,
    sort: &str,
    (from, to): (Option<&IndexValue>, Option<&IndexValue>),
    descending: bool,
    limit: usize,
) -> Result<Vec<R>, ApiError> {
    let suffix = match filter {
        Some((name, value)) => format!("{}~s~{sort}", filter_suffix(name, &value)),
        None => format!("~s~{sort}"),
    };
    let mut query = Query::partition(partition::<R>(cx, &suffix));
    // Entries are `<value>␁<id>`: a value's entries sort after the value itself and before the
    // value followed by any character above the separator. Bounds must not be empty.
    let lower = from.map_or_else(|| SEP.to_string(), |v| v.0.clone());
    let upper = to.map_or_else(|| char::MAX.to_string(), |v| format!("{}\u{2}", v.0));
    query.range = SortKeyRange::Between(lower, upper);
    query.descending = descending;
    query.limit = limit.max(1);
    let ids: Vec<u64> = cx
        .store()
        .query(query)
        .await?
        .items
        .iter()
        .filter_map(|i| i.data.get("id").and_then(Value::as_u64))
        .collect();
    super::ops::load_many::<R>(cx, &ids).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_folds_case_and_accents_and_sorts() {
        assert_eq!(IndexValue::text("María  LÓPEZ"), IndexValue::text("maria lopez"));
        assert!(IndexValue::text("ann") < IndexValue::text("Anna"));
        assert_eq!(
            words("María López <maria.lopez@example.com>"),
            ["maria", "lopez", "example", "com"]
        );
    }

    #[test]
    fn words_are_distinct_cut_to_their_length_and_capped_in_number() {
        assert_eq!(words("Ada ada ADA, Lovelace; ada"), ["ada", "lovelace"]);
        let long = "x".repeat(MAX_WORD_CHARS + 8);
        // Two words alike in their first MAX_WORD_CHARS characters are one word.
        assert_eq!(words(&format!("{long} {long}y")), ["x".repeat(MAX_WORD_CHARS)]);
        // Cut by characters, not bytes (a letter that folding keeps as it is, two bytes long).
        assert_eq!(words(&"ж".repeat(MAX_WORD_CHARS + 1)), ["ж".repeat(MAX_WORD_CHARS)]);
        let many: Vec<String> = (0..MAX_WORDS + 5).map(|n| format!("w{n}")).collect();
        let found = words(&many.join(" "));
        assert_eq!(found, many[..MAX_WORDS]);
    }

    #[test]
    fn a_word_that_begins_another_of_the_record_is_not_indexed() {
        let kept = without_prefixes(words("Contact 17 contact-17@import.example imported; batch-3 1"));
        assert_eq!(kept, ["contact", "17", "example", "imported", "batch", "3"]);
        // Equal words are one already; a word is not its own prefix.
        assert_eq!(without_prefixes(words("ann anna ann")), ["anna"]);
        assert_eq!(without_prefixes(words("anna bob")), ["anna", "bob"]);
    }

    #[test]
    fn ascii_text_folds_as_the_unicode_path_folds_it() {
        let texts = [
            "",
            "   ",
            "Ada Lovelace",
            "  ADA\t\tLove\r\nlace  ",
            "a\u{0}b\u{1f}c\u{7f}d\u{b}e\u{c}f",
            "ada@example.com +44 1 (vip) #42",
            "\tx",
            "x\n",
        ];
        for text in texts {
            assert_eq!(fold_ascii(text), fold_unicode(text), "{text:?}");
        }
        // Every ASCII character, each between letters and on its own.
        for byte in 0u8..=127 {
            let c = char::from(byte);
            for text in [format!("A{c}B"), format!("{c}"), format!("{c}{c}Z{c}")] {
                assert_eq!(fold_ascii(&text), fold_unicode(&text), "{text:?}");
            }
        }
        assert_eq!(fold("Ada  LOVELACE"), "ada lovelace");
        assert_eq!(fold("María  LÓPEZ"), "maria lopez");
    }

    #[test]
    fn numbers_money_and_missing_values_sort_as_values() {
        assert!(IndexValue::id(9) < IndexValue::id(10));
        let amounts = ["-1000.5", "-3", "0", "0.01", "2", "19.99", "100000"];
        let encoded: Vec<IndexValue> = amounts.iter().map(|a| IndexValue::money(a.parse().unwrap())).collect();
        let mut sorted = encoded.clone();
        sorted.sort();
        assert_eq!(encoded, sorted);
        assert!(IndexValue::text("zzz") < IndexValue::missing());
        assert!(IndexValue::date("2026-01-02") < IndexValue::missing());
    }

    #[test]
    fn an_entry_of_a_shorter_value_sorts_first() {
        assert!(entry_sk(&IndexValue::text("ann"), 9) < entry_sk(&IndexValue::text("anna"), 1));
        assert!(entry_sk(&IndexValue::text("a b"), 1) > entry_sk(&IndexValue::text("a"), 2));
    }

    #[test]
    fn adds_to_one_counter_merge_and_cancel() {
        let key = |sk: &str| Key::new(Partition::tenant(crate::store::TenantId(1), "x~n"), sk);
        let merged = merge_adds(vec![
            Write::add(key("*"), 1),
            Write::delete(key("r"), Condition::Always),
            Write::add(key("*"), 1),
            Write::add(key("a"), 1),
            Write::add(key("a"), -1),
        ]);
        assert_eq!(merged.len(), 2);
        assert!(matches!(&merged[1], Write::Add { key: k, by: 2 } if k.sk == "*"));
    }

    /// A record that expires, as the delivery log's are.
    #[derive(Clone, Serialize, Deserialize)]
    struct Expiring {
        id: u64,
        status: String,
        expires_at: Option<i64>,
    }

    impl Indexed for Expiring {
        const KIND: &'static str = "expiring";
        const LISTS: &'static Lists<Self> = &Lists {
            sorts: &[],
            filters: &[Filter::one("status", |r| IndexValue::text(&r.status))],
            sums: &[],
        };
        const EXPIRES: bool = true;
        fn id(&self) -> u64 {
            self.id
        }
        fn search_text(&self) -> String {
            String::new()
        }
        fn expires_at(&self) -> Option<i64> {
            self.expires_at
        }
    }

    #[test]
    fn an_expiring_record_keeps_no_counts_and_its_items_take_its_expiry() {
        let tenant = crate::store::TenantId(1);
        let pending = Expiring {
            id: 5,
            status: "pending".into(),
            expires_at: None,
        };
        let created = writes_in(tenant, None, Some(&pending)).unwrap();
        assert_eq!(created.len(), 1, "one status item, no counters");
        assert!(matches!(&created[0], Write::Put { item, .. } if item.expires_at.is_none()));

        let done = Expiring {
            status: "delivered".into(),
            expires_at: Some(1_900_000_000),
            ..pending.clone()
        };
        let finished = writes_in(tenant, Some(&pending), Some(&done)).unwrap();
        assert!(finished.iter().all(|w| !matches!(w, Write::Add { .. })));
        let puts: Vec<&Item> = finished
            .iter()
            .filter_map(|w| match w {
                Write::Put { item, .. } => Some(item),
                _ => None,
            })
            .collect();
        assert_eq!(puts.len(), 1);
        assert!(puts[0].key.pk.as_str().ends_with("expiring~f~status~delivered"));
        assert_eq!(puts[0].expires_at, Some(1_900_000_000));
        assert_eq!(finished.iter().filter(|w| matches!(w, Write::Delete { .. })).count(), 1);

        // Back to pending (a manual retry): the item is put again, without the expiry.
        let retried = writes_in(tenant, Some(&done), Some(&pending)).unwrap();
        assert!(retried
            .iter()
            .any(|w| matches!(w, Write::Put { item, .. } if item.expires_at.is_none())));
    }
}
