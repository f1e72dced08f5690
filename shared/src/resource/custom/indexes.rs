//! Lists by custom fields, with indexes declared at run time by the definitions.
//!
//! A filterable field has one index partition per generation (a field made filterable again
//! starts a new one, so the old one can be dropped meanwhile). Every record of the kind has an
//! entry in it: its value (a multi-select one per option chosen), or the missing value, which
//! sorts last. One partition serves both the sort (read in order) and the equality filter (read
//! by the prefix `<value>␁`, in id order):
//!
//! | what | partition (`T#<tenant>#…`) | sort key |
//! |---|---|---|
//! | field `f`'s index, generation `g` | `<kind>~x~<f>~<g>` | `<value>␁<id>` |
//! | an index to drop | `custom_field_drop` | `<id>` |
//!
//! A record's entries are written in its own transaction by the layer ([`writes`], from the
//! definitions [`super::settle`] read). A field made filterable on a kind that holds records is
//! `building` until [`build_indexes`] has added the records stored before: a background job
//! run by the scheduler, resumable (its cursor is on the definition), which marks the field
//! `ready` and emits `custom_field.updated`. Until then its filters and sorts answer 409
//! `index_building` with the progress.

use std::collections::BTreeSet;
use std::time::Instant;

use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::{definitions_of, searchable_keys, CustomField, CustomValues, FieldType};
use crate::domain::Date;
use crate::http::{ApiError, ListParams};
use crate::money::Money;
use crate::resource::index::{self, entry_prefix, entry_sk, IndexValue, Indexed, KindFacts, Lists};
use crate::resource::Services;
use crate::resource::{ops, Cx};
use crate::store::{
    id_sort_key, Condition, Item, Key, Partition, Query, SortKeyRange, StoreError, StoreExt, TenantId, Write,
};

/// How long after a field's index is started the job begins to fill it, beyond the time an
/// instance may keep definitions read before ([`grace`]): longer than a request runs between
/// reading the definitions and committing a record, so that a record written by a request that
/// read them before the field was filterable is stored by the time the job looks.
pub const GRACE_SECONDS: i64 = 30;

/// The job's wait: [`GRACE_SECONDS`] beyond the instances' cache time (`AUTH_CACHE_SECONDS`,
/// which bounds how long another instance keeps definitions read before the change).
pub fn grace(services: &Services) -> chrono::Duration {
    // The configuration bounds the cache time to an hour.
    let kept = i64::try_from(services.config().auth_cache_ttl.as_secs()).unwrap_or(3600);
    chrono::Duration::seconds(GRACE_SECONDS + kept)
}
/// Writes in one of the job's transactions (the store takes 100).
const BATCH_WRITES: usize = 90;
/// Records the job reads at a time.
const BATCH_RECORDS: usize = 40;
/// How long one run of the job works before it leaves the rest for the next run.
const RUN_BUDGET: std::time::Duration = std::time::Duration::from_secs(20);

crate::choice! {
    /// Whether a filterable field's index holds every record yet.
    pub enum IndexStatus {
        Building = "building",
        Ready = "ready",
    }
}

/// The index behind a filterable field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldIndex {
    /// `building` while the records stored before the field became filterable are added (its
    /// filters and sorts answer 409 `index_building`), then `ready`.
    pub status: IndexStatus,
    /// Goes up each time the field is made filterable again (a new index is built).
    pub generation: u64,
    /// RFC 3339, UTC: when the build was asked for; it begins at most a minute later.
    pub started_at: String,
    /// Records of the kind when the build was asked for.
    pub records_total: u64,
    /// Records the build has added so far, in id order.
    pub records_indexed: u64,
    /// The last record id the build has added (0 before it begins).
    pub indexed_through: u64,
}

impl FieldIndex {
    /// A new index for a field of `kind`: `building` until the job has looked at its records.
    pub(super) async fn start(cx: Cx<'_>, kind: &str, generation: u64) -> Result<Self, ApiError> {
        let key = index::kind_count_key(cx.tenant(), kind);
        let total = cx.store().counters(std::slice::from_ref(&key)).await?[0];
        Ok(Self {
            status: IndexStatus::Building,
            generation,
            started_at: crate::time::now_rfc3339(),
            records_total: u64::try_from(total).unwrap_or(0),
            records_indexed: 0,
            indexed_through: 0,
        })
    }
}

/// The partition suffix of field `field_id`'s index of generation `generation`.
fn suffix(field_id: u64, generation: u64) -> String {
    format!("~x~{field_id}~{generation}")
}

fn index_partition(tenant: TenantId, kind: &str, field_id: u64, generation: u64) -> Partition {
    Partition::tenant(tenant, &format!("{kind}{}", suffix(field_id, generation)))
}

/// A stored value as its field's index keeps it (a multi-select: each option chosen); the
/// missing value when there is none.
fn index_values(def: &CustomField, value: Option<&Value>) -> Vec<IndexValue> {
    let value = value.filter(|v| !v.is_null());
    let mut out: Vec<IndexValue> = match (def.field_type, value) {
        (_, None) => Vec::new(),
        (FieldType::MultiSelect, Some(Value::Array(items))) => {
            items.iter().filter_map(Value::as_str).map(IndexValue::text).collect()
        }
        (_, Some(value)) => index_value(def.field_type, value).into_iter().collect(),
    };
    if out.is_empty() {
        out.push(IndexValue::missing());
    }
    out
}

/// One stored value (already in its stored form) as an index value that sorts like it.
fn index_value(field_type: FieldType, value: &Value) -> Option<IndexValue> {
    Some(match field_type {
        FieldType::Number => IndexValue::money(rust_decimal::Decimal::from_f64_retain(value.as_f64()?)?),
        FieldType::Money => IndexValue::money(Money::parse(&text_of(value)?)?.decimal()),
        FieldType::Date | FieldType::DateTime => IndexValue::date(value.as_str()?),
        FieldType::Boolean => IndexValue::flag(value.as_bool()?),
        FieldType::User | FieldType::Reference => IndexValue::id(value.as_u64()?),
        _ => IndexValue::text(value.as_str()?),
    })
}

fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A record's entries in the indexes of `definitions`' filterable fields: (partition suffix,
/// sort key).
fn entries(definitions: &[CustomField], id: u64, values: Option<&CustomValues>) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    let Some(values) = values else { return out };
    for def in definitions {
        let Some(ix) = &def.index else { continue };
        for value in index_values(def, values.values.get(&def.key)) {
            out.insert((suffix(def.meta.id, ix.generation), entry_sk(&value, id)));
        }
    }
    out
}

/// The writes that take record `id` of `kind` from `before` to `after` in the indexes of the
/// filterable fields in `definitions` (`None`: not stored). They commit with the record.
pub fn writes(
    tenant: TenantId,
    kind: &str,
    definitions: &[CustomField],
    id: u64,
    before: Option<&CustomValues>,
    after: Option<&CustomValues>,
) -> Result<Vec<Write>, StoreError> {
    let old = entries(definitions, id, before);
    let new = entries(definitions, id, after);
    let key =
        |(suffix, sk): &(String, String)| Key::new(Partition::tenant(tenant, &format!("{kind}{suffix}")), sk.clone());
    let mut out: Vec<Write> = old
        .difference(&new)
        .map(|entry| Write::delete(key(entry), Condition::Always))
        .collect();
    for entry in new.difference(&old) {
        out.push(Write::put(
            Item::from_value(key(entry), &json!({"id": id}))?,
            Condition::Always,
        ));
    }
    Ok(out)
}

/// What a list asks of a kind's custom fields: `custom_fields.<key>=<value>` filters, a
/// `sort=custom_fields.<key>`, and (for `search`) which fields are searchable.
#[derive(Default)]
pub struct CustomListing {
    /// The partition suffix of the index the sort reads.
    pub sort: Option<String>,
    pub filters: Vec<CustomFilter>,
    /// The keys of the searchable fields, when read.
    pub searchable: Option<Vec<String>>,
}

/// One `custom_fields.<key>=<value>` filter.
pub struct CustomFilter {
    pub def: CustomField,
    pub value: IndexValue,
}

impl CustomFilter {
    pub fn suffix(&self) -> String {
        self.def
            .index
            .as_ref()
            .map_or_else(String::new, |ix| suffix(self.def.meta.id, ix.generation))
    }

    /// The sort-key prefix of this value's entries.
    pub fn prefix(&self) -> String {
        entry_prefix(&self.value)
    }

    pub fn admits(&self, values: Option<&CustomValues>) -> bool {
        let value = values.and_then(|v| v.values.get(&self.def.key));
        index_values(&self.def, value).contains(&self.value)
    }
}

/// Reads the definitions of the kind `facts` describes when a list request needs them (a custom
/// filter or sort) and checks what it asks: one query, none for a list that asks nothing of
/// them. (A search reads them only when a record it reads has custom values:
/// [`super::searchable_keys`].)
pub(crate) async fn listing(
    cx: Cx<'_>,
    facts: &KindFacts,
    params: &ListParams,
) -> Result<Option<CustomListing>, ApiError> {
    let sort = params
        .sort
        .as_deref()
        .map(|s| s.trim_start_matches('-'))
        .and_then(|s| s.strip_prefix("custom_fields."));
    if params.custom.is_empty() && sort.is_none() {
        return Ok(None);
    }
    if !facts.custom_fields {
        let field = params
            .custom
            .first()
            .map_or("sort".to_string(), |(k, _)| format!("custom_fields.{k}"));
        return Err(ApiError::invalid(
            &field,
            format!("{} records have no custom fields.", facts.name),
        ));
    }
    let definitions = definitions_of(cx, facts.kind).await?;
    let usable = |key: &str, at: &str| -> Result<CustomField, ApiError> {
        let def = definitions
            .iter()
            .find(|d| d.key == key)
            .ok_or_else(|| ApiError::invalid(at, format!("There is no custom field `{key}` on {}.", facts.kind)))?;
        match &def.index {
            None => Err(ApiError::invalid(
                at,
                format!(
                    "Custom field `{key}` is not filterable: make it filterable (PATCH /api/custom-fields/{}) to \
                     filter or sort by it.",
                    def.meta.id
                ),
            )),
            Some(ix) if ix.status == IndexStatus::Building => Err(ApiError::Conflict {
                code: "index_building",
                message: format!(
                    "The index of custom field `{key}` is being built ({} of {} records so far); filter and sort by \
                     it once GET /api/custom-fields/{} shows it ready.",
                    ix.records_indexed, ix.records_total, def.meta.id
                ),
            }),
            Some(_) => Ok(def.clone()),
        }
    };
    let mut out = CustomListing {
        searchable: Some(searchable_keys(&definitions)),
        ..CustomListing::default()
    };
    if let Some(key) = sort {
        let def = usable(key, "sort")?;
        if def.field_type == FieldType::MultiSelect {
            return Err(ApiError::invalid(
                "sort",
                format!("`{key}` holds several options: filter by it, not sort."),
            ));
        }
        out.sort = def.index.as_ref().map(|ix| suffix(def.meta.id, ix.generation));
    }
    for (key, raw) in &params.custom {
        let at = format!("custom_fields.{key}");
        let def = usable(key, &at)?;
        let value = filter_value(&def, raw).ok_or_else(|| ApiError::invalid(&at, what_filter_takes(&def)))?;
        out.filters.push(CustomFilter { def, value });
    }
    Ok(Some(out))
}

/// A filter's value, given as query text, as the field's index keeps it.
fn filter_value(def: &CustomField, raw: &str) -> Option<IndexValue> {
    let raw = raw.trim();
    let stored = match def.field_type {
        FieldType::Select | FieldType::MultiSelect => {
            return def.options.iter().any(|o| o == raw).then(|| IndexValue::text(raw));
        }
        FieldType::Number => json!(raw.parse::<f64>().ok().filter(|n| n.is_finite())?),
        FieldType::Money => json!(Money::parse(raw)?),
        FieldType::Date => json!(Date::parse(raw)?),
        FieldType::DateTime => json!(DateTime::parse_from_rfc3339(raw)
            .ok()?
            .with_timezone(&Utc)
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        FieldType::Boolean => json!(raw.parse::<bool>().ok()?),
        FieldType::User | FieldType::Reference => json!(raw.parse::<u64>().ok().filter(|id| *id > 0)?),
        _ if raw.is_empty() => return None,
        _ => json!(raw),
    };
    index_value(def.field_type, &stored)
}

fn what_filter_takes(def: &CustomField) -> String {
    let takes = match def.field_type {
        FieldType::Select | FieldType::MultiSelect => format!("one of: {}", def.options.join(", ")),
        FieldType::Number => "a number".into(),
        FieldType::Money => "an amount (12.50)".into(),
        FieldType::Date => "a date written YYYY-MM-DD".into(),
        FieldType::DateTime => "a date and time in RFC 3339".into(),
        FieldType::Boolean => "true or false".into(),
        FieldType::User | FieldType::Reference => "an id (a whole number from 1)".into(),
        _ => "some text".into(),
    };
    format!("The {} filter takes {takes}.", def.label)
}

/// An index no definition uses any more (its field was deleted or stopped being filterable),
/// dropped by [`build_indexes`] in the background.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct IndexDrop {
    pub id: u64,
    pub resource: String,
    pub field_id: u64,
    pub generation: u64,
    /// RFC 3339: entries a request in flight may still write are in by the [`grace`] after.
    pub asked_at: String,
}

impl Indexed for IndexDrop {
    const KIND: &'static str = "custom_field_drop";
    const LISTS: &'static Lists<Self> = &Lists::BY_ID;
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        String::new()
    }
    /// Always due: the job drops it whenever it runs.
    fn due_date(&self) -> Option<String> {
        Some("0000-01-01".into())
    }
}

/// The writes that ask for the index of `def` (as it was) to be dropped: commit them with the
/// change that stops using it. One id drawn.
pub(super) async fn drop_writes(cx: Cx<'_>, def: &CustomField) -> Result<Vec<Write>, ApiError> {
    let Some(ix) = &def.index else { return Ok(Vec::new()) };
    let drop = IndexDrop {
        id: cx.store().next_id(cx.tenant(), IndexDrop::KIND).await?,
        resource: def.resource.clone(),
        field_id: def.meta.id,
        generation: ix.generation,
        asked_at: crate::time::now_rfc3339(),
    };
    let key = Key::record(cx.tenant(), IndexDrop::KIND, drop.id);
    let mut writes = vec![Write::put(Item::from_value(key, &drop)?, Condition::NotExists)];
    writes.extend(index::writes(cx, None, Some(&drop))?);
    Ok(writes)
}

/// Whether the [`grace`] has passed at `now` since `at` (a build's start, a drop's request).
fn past_grace(services: &Services, at: &str, now: DateTime<Utc>) -> bool {
    DateTime::parse_from_rfc3339(at).map_or(true, |t| t.with_timezone(&Utc) + grace(services) <= now)
}

/// The scheduler's job: builds the indexes of fields made filterable (once the [`grace`] has
/// passed since) and drops the indexes no field uses, across tenants, for up to 20 s a
/// run; the rest is left for the next run. `now` is the clock the grace is measured against.
pub async fn build_indexes(services: &Services, now: DateTime<Utc>) -> anyhow::Result<String> {
    let started = Instant::now();
    let (mut built, mut dropped, mut records) = (0, 0, 0u64);
    for due in index::due::<CustomField>(services.store(), "9999-12-31", 100).await? {
        if started.elapsed() > RUN_BUDGET {
            break;
        }
        let cx = Cx::system(services, due.tenant, 0);
        match ops::find::<CustomField>(cx, due.id).await? {
            None => {
                services
                    .store()
                    .write(Write::delete(due.key, Condition::Always))
                    .await?
            }
            Some(def) => {
                let (added, done) = build_one(cx, def, now, started).await?;
                records += added;
                built += u32::from(done);
            }
        }
    }
    for due in index::due::<IndexDrop>(services.store(), "9999-12-31", 100).await? {
        if started.elapsed() > RUN_BUDGET {
            break;
        }
        let Some(item) = services
            .store()
            .get(&Key::record(due.tenant, IndexDrop::KIND, due.id))
            .await?
        else {
            services
                .store()
                .write(Write::delete(due.key, Condition::Always))
                .await?;
            continue;
        };
        let drop: IndexDrop = item.into_parsed()?;
        if past_grace(services, &drop.asked_at, now) && drop_one(services, due.tenant, &drop, started).await? {
            dropped += 1;
        }
    }
    Ok(format!(
        "{built} custom field indexes built ({records} records added), {dropped} dropped"
    ))
}

/// Adds records to `def`'s index from its cursor on, committing each batch with the cursor (and
/// checks that the records are as read, so a record changed meanwhile is read again). Returns
/// the records added and whether the index is ready.
async fn build_one(
    cx: Cx<'_>,
    mut def: CustomField,
    now: DateTime<Utc>,
    started: Instant,
) -> Result<(u64, bool), ApiError> {
    let mut added = 0;
    loop {
        let Some(ix) = def.index.clone().filter(|ix| ix.status == IndexStatus::Building) else {
            return Ok((added, false));
        };
        if !past_grace(cx.services, &ix.started_at, now) || started.elapsed() > RUN_BUDGET {
            return Ok((added, false));
        }
        let mut query = Query::partition(Partition::tenant(cx.tenant(), &def.resource));
        query.after = Some(crate::store::PageToken(id_sort_key(ix.indexed_through)));
        query.limit = BATCH_RECORDS;
        let page = cx.store().query(query).await?;
        let mut writes = Vec::new();
        let mut through = ix.indexed_through;
        let mut taken = 0;
        for item in &page.items {
            let id = item.data.get("id").and_then(Value::as_u64).unwrap_or(0);
            let version = item.data.get("version").and_then(Value::as_u64).unwrap_or(0);
            let values: Option<CustomValues> = item
                .data
                .get("custom_fields")
                .cloned()
                .and_then(|v| serde_json::from_value(v).ok());
            let mut these = writes_for_one(
                cx.tenant(),
                &def,
                id,
                values.as_ref().unwrap_or(&CustomValues::default()),
            )?;
            these.push(Write::Check {
                key: item.key.clone(),
                condition: Condition::Version(version),
            });
            if !writes.is_empty() && writes.len() + these.len() > BATCH_WRITES - 5 {
                break;
            }
            writes.extend(these);
            through = id;
            taken += 1;
        }
        let finished = taken == page.items.len() && page.next.is_none();
        let mut after = def.clone();
        if let Some(ix) = after.index.as_mut() {
            ix.indexed_through = through;
            ix.records_indexed += taken as u64;
            if finished {
                ix.status = IndexStatus::Ready;
            }
        }
        let mut all = ops::change_writes(cx, &def, &mut after)?;
        if finished {
            all.push(ops::event_write(cx, super::CUSTOM_FIELD_UPDATED.name, &after)?);
        }
        all.extend(writes);
        match cx.store().transact(index::merge_adds(all)).await {
            Ok(()) => {
                added += taken as u64;
                def = after;
                if finished {
                    return Ok((added, true));
                }
            }
            // The definition or a record changed meanwhile: read them again.
            Err(StoreError::ConditionFailed { .. }) => match ops::find::<CustomField>(cx, def.meta.id).await? {
                Some(current) if current.index.as_ref().map(|i| i.generation) == Some(ix.generation) => def = current,
                _ => return Ok((added, false)),
            },
            Err(other) => return Err(other.into()),
        }
    }
}

/// One record's entries in `def`'s index.
fn writes_for_one(
    tenant: TenantId,
    def: &CustomField,
    id: u64,
    values: &CustomValues,
) -> Result<Vec<Write>, StoreError> {
    writes(tenant, &def.resource, std::slice::from_ref(def), id, None, Some(values))
}

/// Deletes a dropped index's entries, a batch at a time; then the drop itself. Whether it is
/// all gone.
async fn drop_one(services: &Services, tenant: TenantId, drop: &IndexDrop, started: Instant) -> Result<bool, ApiError> {
    let store = services.store();
    loop {
        if started.elapsed() > RUN_BUDGET {
            return Ok(false);
        }
        let mut query = Query::partition(index_partition(tenant, &drop.resource, drop.field_id, drop.generation));
        query.limit = BATCH_WRITES;
        query.range = SortKeyRange::All;
        let items = store.query(query).await?.items;
        if items.is_empty() {
            let mut writes = vec![Write::delete(
                Key::record(tenant, IndexDrop::KIND, drop.id),
                Condition::Always,
            )];
            writes.extend(index::writes_in(tenant, Some(drop), None)?);
            store.transact(index::merge_adds(writes)).await?;
            return Ok(true);
        }
        let deletes = items
            .into_iter()
            .map(|i| Write::delete(i.key, Condition::Always))
            .collect();
        store.transact(deletes).await?;
    }
}
