//! The domain operations every resource gets: load, list, insert, save, update, remove. Each write
//! is one store transaction holding the record, its events' outbox entries and any extra writes,
//! conditioned on the record's version, so a stale or concurrent change is 409, never lost.

use serde_json::Value;

use super::index::{self, Indexed};
use super::{numbering, Cx, Meta, Resource};
use crate::events::Event;
use crate::http::{ApiError, ReleasedUpload};
use crate::store::{commit_marker, Condition, Item, Key, Listed, StoreError, StoreExt, TenantId, Write};
use crate::time::now_rfc3339;

/// The key of record `id` of `R` in the caller's tenant.
pub fn key<R: Resource>(cx: Cx<'_>, id: u64) -> Key {
    Key::record(cx.tenant(), R::KIND, id)
}

/// Record `id`, or `None`.
pub async fn find<R: Resource>(cx: Cx<'_>, id: u64) -> Result<Option<R>, ApiError> {
    Ok(cx.store().get_as(&key::<R>(cx, id)).await?)
}

/// Record `id`, or 404.
pub async fn load<R: Resource>(cx: Cx<'_>, id: u64) -> Result<R, ApiError> {
    find(cx, id).await?.ok_or_else(|| ApiError::not_found(R::NAME))
}

/// Record `id` as its `GET` answers it: its stored text when that is in the API form
/// ([`super::api_form`]), else parsed; or 404.
pub async fn load_shown<R: Resource>(cx: Cx<'_>, id: u64) -> Result<Listed<R::Out>, ApiError> {
    let key = key::<R>(cx, id);
    let document = cx.store().get_document(&key).await?;
    let document = document.ok_or_else(|| ApiError::not_found(R::NAME))?;
    let read = document.read::<R>(&key.pk, super::api_form::of::<R>())?;
    Ok(super::api_form::shown::<R>(read))
}

/// The record a typed id names (its kind follows from the id), or 404.
pub async fn load_id<R: Resource>(cx: Cx<'_>, id: super::Id<R>) -> Result<R, ApiError> {
    load(cx, id.get()).await
}

/// Record `id` of a type kept outside the resource layer ([`Indexed`]: a journal entry, a stock
/// movement), or 404.
pub async fn load_indexed<R: Indexed>(cx: Cx<'_>, id: u64) -> Result<R, ApiError> {
    load_many::<R>(cx, &[id])
        .await?
        .pop()
        .ok_or_else(|| ApiError::not_found(R::NAME))
}

/// [`load_many`] keyed by id: the records a page or a document names, to look up by id.
pub async fn load_map<R: Indexed>(cx: Cx<'_>, ids: &[u64]) -> Result<std::collections::HashMap<u64, R>, ApiError> {
    Ok(load_many::<R>(cx, ids)
        .await?
        .into_iter()
        .map(|r| (r.id(), r))
        .collect())
}

/// Several records in one round trip per hundred ([`index::documents_of`]: ids that do not
/// exist are left out, repeats read once).
pub async fn load_many<R: Indexed>(cx: Cx<'_>, ids: &[u64]) -> Result<Vec<R>, ApiError> {
    let documents = index::documents_of(cx, R::KIND, ids).await?;
    let records = documents.into_iter().map(|(key, document)| document.parse(&key.pk));
    Ok(records.collect::<Result<_, _>>()?)
}

/// Records of several kinds one request needs, read together in one round trip per hundred (a
/// document's party, warehouse and products): [`Gather::add`] notes the ids of a kind and
/// answers where they sit, [`Gathered::take`] gives them back.
#[derive(Default)]
pub struct Gather {
    keys: Vec<Key>,
}

/// Where [`Gather::add`] put the ids of `R`.
pub struct Gathering<R> {
    at: std::ops::Range<usize>,
    kind: std::marker::PhantomData<R>,
}

/// What a [`Gather`] read.
pub struct Gathered {
    keys: Vec<Key>,
    documents: Vec<Option<crate::store::Document>>,
}

impl Gather {
    /// Notes records `ids` of `R` to read (repeats once: a batch read refuses a key twice).
    pub fn add<R: Indexed>(&mut self, cx: Cx<'_>, ids: &[u64]) -> Gathering<R> {
        let start = self.keys.len();
        let mut seen = std::collections::HashSet::with_capacity(ids.len());
        let unique = ids.iter().filter(|id| seen.insert(**id));
        self.keys
            .extend(unique.map(|id| Key::record(cx.tenant(), R::KIND, *id)));
        Gathering {
            at: start..self.keys.len(),
            kind: std::marker::PhantomData,
        }
    }

    /// Reads every record noted.
    pub async fn read(self, cx: Cx<'_>) -> Result<Gathered, ApiError> {
        let documents = cx.store().get_documents(&self.keys).await?;
        Ok(Gathered {
            keys: self.keys,
            documents,
        })
    }
}

impl Gathered {
    /// The records of `R` noted at `gathering`, in the order of their ids, each once (`None`
    /// where one does not exist).
    pub fn take<R: Indexed>(&mut self, gathering: Gathering<R>) -> Result<Vec<Option<R>>, ApiError> {
        let mut records = Vec::with_capacity(gathering.at.len());
        for i in gathering.at {
            let record = match self.documents.get_mut(i).and_then(Option::take) {
                Some(document) => Some(document.parse(&self.keys[i].pk)?),
                None => None,
            };
            records.push(record);
        }
        Ok(records)
    }
}

/// 422 on `field` unless record `id` of `R` exists: a reference check for bodies.
pub async fn check_reference<R: Resource>(cx: Cx<'_>, field: &str, id: u64) -> Result<R, ApiError> {
    find(cx, id)
        .await?
        .ok_or_else(|| ApiError::invalid(field, format!("No {} has id {id}.", R::NAME.to_lowercase())))
}

/// The write that stores `record` under `condition`.
pub fn put<R: Resource>(cx: Cx<'_>, record: &R, condition: Condition) -> Result<Write, ApiError> {
    let key = key::<R>(cx, record.meta().id);
    // In its API form when the API shows the record itself: a list page sends that text.
    let item = match super::api_form::of::<R>() {
        Some(form) => Item::in_api_form(key, record, form)?,
        None => Item::from_value(key, record)?,
    };
    Ok(Write::put(item, condition))
}

/// The outbox write of `event` for `tenant`'s webhooks: written only while the tenant has one (its
/// count of subscriptions, which this layer keeps).
pub fn outbox_write(tenant: TenantId, event: Event) -> Write {
    crate::events::outbox_write(tenant, event, webhooks_count_key(tenant))
}

/// The count of `tenant`'s webhook subscriptions, which this layer keeps.
fn webhooks_count_key(tenant: TenantId) -> Key {
    index::kind_count_key(tenant, crate::events::SUBSCRIPTION)
}

/// The outbox write of event `event_type` about `record` (its API form is the event's data).
pub fn event_write<R: Resource>(cx: Cx<'_>, event_type: &str, record: &R) -> Result<Write, ApiError> {
    let data = serde_json::to_value(R::Out::from(record.clone())).map_err(ApiError::internal)?;
    Ok(outbox_write(cx.tenant(), Event::new(event_type, data)))
}

/// The outbox write of any event.
pub fn raw_event_write(cx: Cx<'_>, event_type: &str, data: Value) -> Write {
    outbox_write(cx.tenant(), Event::new(event_type, data))
}

/// Commits `writes`; the first write is the record's own, so its condition failing means the
/// record moved (409 `version_conflict`) or, on insert, nothing worse than a retry.
pub async fn commit(cx: Cx<'_>, writes: Vec<Write>) -> Result<(), ApiError> {
    let writes = index::merge_adds(writes);
    if writes.len() > crate::store::MAX_TRANSACTION_WRITES {
        return Err(too_large(writes.len()));
    }
    match <[Write; 1]>::try_from(writes) {
        Ok([write]) => cx.store().write(write).await,
        Err(writes) => cx.store().transact(writes).await,
    }
    .map_err(|e| match e {
        StoreError::ConditionFailed { index: Some(0) | None } => ApiError::version_conflict(),
        StoreError::ConditionFailed { .. } => ApiError::concurrent_change(),
        other => other.into(),
    })
}

/// 422 `too_large`: a change of `writes` writes, more than one transaction holds.
pub fn too_large(writes: usize) -> ApiError {
    ApiError::Unprocessable {
        code: "too_large",
        message: format!(
            "This change touches {writes} records and index entries at once; the most is {}. Change fewer \
             links at a time.",
            crate::store::MAX_TRANSACTION_WRITES
        ),
    }
}

/// Validates `input`, gives the record an id, stores it with its `created` event and `extra`.
pub async fn insert<R: Resource>(cx: Cx<'_>, input: R::In, extra: Vec<Write>) -> Result<R, ApiError> {
    let record = R::build(cx, input).await?;
    insert_built(cx, record, extra).await
}

/// [`insert`] for a record created under `parent` ([`super::CreatedUnder`]).
pub async fn insert_under<R: super::CreatedUnder>(
    cx: Cx<'_>,
    parent: R::Parent,
    body: R::Body,
    extra: Vec<Write>,
) -> Result<R, ApiError> {
    let record = R::build_under(cx, parent, body).await?;
    insert_built(cx, record, extra).await
}

/// An id for a record of `R` that other writes must name before it is stored.
pub async fn reserve_id<R: Resource>(cx: Cx<'_>) -> Result<u64, ApiError> {
    Ok(cx.store().next_id(cx.tenant(), R::KIND).await?)
}

/// Stores a record a module built itself (a lead converted into a deal), like [`insert`]. Its id
/// is the one set from [`reserve_id`], or a new one when it is 0.
pub async fn insert_built<R: Resource>(cx: Cx<'_>, mut record: R, extra: Vec<Write>) -> Result<R, ApiError> {
    if record.meta().id == 0 {
        record.meta_mut().id = reserve_id::<R>(cx).await?;
    }
    super::unique::check(cx, None, &record).await?;
    let Some(series) = R::SERIES else {
        let (record, writes) = stage_insert(cx, record, extra).await?;
        commit_marker::committing(&record);
        commit(cx, writes).await?;
        return Ok(record);
    };
    let (record, side) = stage_side(cx, record, extra).await?;
    insert_numbered(cx, series, record, side).await
}

/// [`insert_built`] of a numbered kind ([`Resource::SERIES`]) with writes that name its number,
/// made by `named` for each number drawn ([`insert_numbered_with`]).
pub async fn insert_built_naming<R, F, Fut>(
    cx: Cx<'_>,
    mut record: R,
    extra: Vec<Write>,
    named: F,
) -> Result<R, ApiError>
where
    R: Resource,
    F: FnMut(R) -> Fut,
    Fut: std::future::Future<Output = Result<(R, Vec<Write>), ApiError>>,
{
    let Some(series) = R::SERIES else {
        return Err(ApiError::internal(anyhow::anyhow!("{} has no number series", R::NAME)));
    };
    if record.meta().id == 0 {
        record.meta_mut().id = reserve_id::<R>(cx).await?;
    }
    super::unique::check(cx, None, &record).await?;
    let (record, side) = stage_side(cx, record, extra).await?;
    insert_numbered_with(cx, series, record, side, named).await
}

/// Stores `record` (staged by [`stage_side`], with `side` its other writes) with the next number
/// of `series`, in one transaction with the series' write.
pub async fn insert_numbered<R: Resource>(
    cx: Cx<'_>,
    series: &numbering::Series,
    record: R,
    side: Vec<Write>,
) -> Result<R, ApiError> {
    insert_numbered_with(cx, series, record, side, |numbered| {
        std::future::ready(Ok((numbered, Vec::new())))
    })
    .await
}

/// [`insert_numbered`] with more writes that name the number, which `named` makes for the
/// numbered record (and may change it: a payment keeps the journal entry that names it), each
/// time a number is drawn.
pub async fn insert_numbered_with<R, F, Fut>(
    cx: Cx<'_>,
    series: &numbering::Series,
    record: R,
    side: Vec<Write>,
    mut named: F,
) -> Result<R, ApiError>
where
    R: Resource,
    F: FnMut(R) -> Fut,
    Fut: std::future::Future<Output = Result<(R, Vec<Write>), ApiError>>,
{
    let own = key::<R>(cx, record.meta().id);
    numbering::commit(
        cx,
        series,
        1,
        |numbers| {
            let mut numbered = record.clone();
            numbered.set_number(numbers.into_iter().next().unwrap_or_default());
            let naming = named(numbered);
            let side = &side;
            async move {
                let (mut numbered, naming) = naming.await?;
                let mut writes = prepare(cx, &mut numbered)?;
                writes.extend(side.iter().cloned());
                writes.extend(naming);
                commit_marker::committing(&numbered);
                Ok((numbered, writes))
            }
        },
        |refused| refusal(&own, refused),
    )
    .await
}

/// The answer to a numbered commit's refusal ([`numbering::commit`]) of a change whose record's
/// own write has key `own`, as [`commit`] answers.
pub fn refusal(own: &Key, refused: numbering::Refused) -> ApiError {
    match refused {
        numbering::Refused::Condition(Some(write)) if write.key() == own => ApiError::version_conflict(),
        numbering::Refused::Condition(None) => ApiError::version_conflict(),
        numbering::Refused::Condition(Some(_)) => ApiError::concurrent_change(),
        numbering::Refused::Error(error) => error,
    }
}

/// [`insert_built`] up to its commit, for a record whose id is set and whose unique values were
/// checked ([`super::unique::check`]): the record as it will be stored and the writes that store
/// it (a batch commits many together).
pub async fn stage_insert<R: Resource>(cx: Cx<'_>, record: R, extra: Vec<Write>) -> Result<(R, Vec<Write>), ApiError> {
    let (mut record, side) = stage_side(cx, record, extra).await?;
    let mut writes = prepare(cx, &mut record)?;
    writes.extend(side);
    Ok((record, writes))
}

/// [`stage_insert`] but for the record's own writes ([`prepare`]): the record with its custom
/// values settled, and the writes that go with it (its custom fields' index entries, what
/// [`Resource::before_save`] adds, `extra`). A numbered record is prepared once its number is
/// known ([`numbering`]).
pub async fn stage_side<R: Resource>(
    cx: Cx<'_>,
    mut record: R,
    extra: Vec<Write>,
) -> Result<(R, Vec<Write>), ApiError> {
    if let Some(values) = record.custom_values_mut() {
        super::custom::settle(cx, R::KIND, None, values).await?;
    }
    let mut side = Vec::new();
    let saved = record.before_save(cx, None).await?;
    if let Some(values) = record.custom_values() {
        side.extend(super::custom::index_writes(cx, R::KIND, record.meta().id, None, Some(values)).await?);
    }
    side.extend(saved);
    side.extend(extra);
    Ok((record, side))
}

/// Readies a new record whose id is set (from [`reserve_id`] or `StoreExt::next_ids`) for a
/// batch: stamps its times and version and returns the writes that store it with its `created`
/// event. Seeds commit many of these in one transaction.
pub fn prepare<R: Resource>(cx: Cx<'_>, record: &mut R) -> Result<Vec<Write>, ApiError> {
    prepare_with(cx, record, Announce::Events)
}

/// Whether a prepared record's writes carry its events.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Announce {
    Events,
    /// None: for writes that check at commit that the workspace has no webhook
    /// ([`no_webhooks_check`]), where the outbox would leave every event out.
    Nothing,
}

/// [`prepare`], with or without the record's events.
pub fn prepare_with<R: Resource>(cx: Cx<'_>, record: &mut R, announce: Announce) -> Result<Vec<Write>, ApiError> {
    let now = now_rfc3339();
    let id = record.meta().id;
    *record.meta_mut() = Meta {
        id,
        created_at: now.clone(),
        updated_at: now,
        version: 1,
    };
    let mut writes = vec![put(cx, record, Condition::NotExists)?];
    if announce == Announce::Events {
        if let Some(created) = R::EVENTS.created {
            writes.push(event_write(cx, created.name, record)?);
        }
        for event in R::changes(None, record) {
            writes.push(outbox_write(cx.tenant(), event));
        }
    }
    writes.extend(index::writes(cx, None, Some(&*record))?);
    Ok(writes)
}

/// Whether the workspace has a webhook now (its count of subscriptions): without one, a batch
/// can leave its events out ([`Announce::Nothing`]) and carry [`no_webhooks_check`] instead.
pub async fn has_webhooks(cx: Cx<'_>) -> Result<bool, ApiError> {
    Ok(cx
        .store()
        .get(&webhooks_count_key(cx.tenant()))
        .await?
        .is_some_and(|count| count.counter() > 0))
}

/// The check that keeps a batch prepared without events true: the workspace still has no
/// webhook when it commits (its refusal means one was added meanwhile: prepare it again).
pub fn no_webhooks_check(cx: Cx<'_>) -> Write {
    Write::Check {
        key: webhooks_count_key(cx.tenant()),
        condition: Condition::CountZero,
    }
}

/// Commits prepared records (each one's writes from [`prepare`]) in transactions of at most 100
/// writes, never splitting a record from its index entries ([`transactions`]).
pub async fn commit_batches(cx: Cx<'_>, records: Vec<Vec<Write>>) -> Result<(), ApiError> {
    for group in transactions(records.into_iter().enumerate().collect()) {
        commit(cx, group.into_iter().flat_map(|(_, writes)| writes).collect()).await?;
    }
    Ok(())
}

/// Stores new records (ids set, as for [`prepare`]) numbered from `series` in their order: as
/// many whole records per transaction as fit beside the series' write, each transaction taking
/// its records' numbers. A failure leaves the records of the transactions before it stored with
/// their numbers, and takes no number for the others.
pub async fn insert_all_numbered<R: Resource>(
    cx: Cx<'_>,
    series: &numbering::Series,
    records: Vec<R>,
) -> Result<Vec<R>, ApiError> {
    let records: Vec<(R, Vec<Write>)> = records.into_iter().map(|r| (r, Vec::new())).collect();
    let mut stored = Vec::with_capacity(records.len());
    let mut rest = records.as_slice();
    while !rest.is_empty() {
        let count = fitting(cx, series, rest).await?;
        let (group, after) = rest.split_at(count);
        let numbered = numbering::commit(
            cx,
            series,
            count as u64,
            |numbers| std::future::ready(prepare_numbered(cx, group, numbers)),
            numbering::Refused::of_new_records,
        )
        .await?;
        stored.extend(numbered);
        rest = after;
    }
    Ok(stored)
}

/// New records (ids set), each with its other writes, numbered in order with `numbers`
/// ([`Resource::set_number`]), and the writes storing them all ([`prepare`]), counter adds merged.
pub fn prepare_numbered<R: Resource>(
    cx: Cx<'_>,
    records: &[(R, Vec<Write>)],
    numbers: Vec<String>,
) -> Result<(Vec<R>, Vec<Write>), ApiError> {
    let mut numbered = Vec::with_capacity(records.len());
    let mut writes = Vec::new();
    for ((record, side), number) in records.iter().zip(numbers) {
        let mut record = record.clone();
        record.set_number(number);
        writes.extend(prepare(cx, &mut record)?);
        writes.extend(side.iter().cloned());
        numbered.push(record);
    }
    Ok((numbered, index::merge_adds(writes)))
}

/// How many of `records`, from the first (at least one), fit in one transaction with the series'
/// write, counted with the numbers they would take now (a number's words are index entries).
async fn fitting<R: Resource>(
    cx: Cx<'_>,
    series: &numbering::Series,
    records: &[(R, Vec<Write>)],
) -> Result<usize, ApiError> {
    let mut draw = numbering::Draw::read(cx, series).await?;
    let numbers: Vec<String> = records.iter().map(|_| draw.take()).collect();
    let room = crate::store::MAX_TRANSACTION_WRITES - 1;
    let mut writes = Vec::new();
    for (i, (record, number)) in records.iter().zip(numbers).enumerate() {
        let (_, own) = prepare_numbered(cx, std::slice::from_ref(record), vec![number])?;
        writes = index::merge_adds(writes.into_iter().chain(own).collect());
        if writes.len() > room {
            return Ok(i.max(1));
        }
    }
    Ok(records.len())
}

/// Groups numbered records' writes into transactions, in order: as many whole records per
/// transaction as fit in [`crate::store::MAX_TRANSACTION_WRITES`] once counter adds merge, and
/// never two records that write one key (a transaction names a key once; counter adds and
/// existence checks merge instead).
pub fn transactions(records: Vec<(usize, Vec<Write>)>) -> Vec<Vec<(usize, Vec<Write>)>> {
    let mut groups: Vec<Vec<(usize, Vec<Write>)>> = Vec::new();
    let mut group: Vec<(usize, Vec<Write>)> = Vec::new();
    let mut keys: std::collections::HashSet<Key> = std::collections::HashSet::new();
    for (i, writes) in records {
        let own: Vec<Key> = writes.iter().filter_map(exclusive_key).cloned().collect();
        let merged_len = index::merge_adds(
            group
                .iter()
                .flat_map(|(_, w)| w.iter().cloned())
                .chain(writes.iter().cloned())
                .collect(),
        )
        .len();
        let clash = own.iter().any(|k| keys.contains(k));
        if !group.is_empty() && (clash || merged_len > crate::store::MAX_TRANSACTION_WRITES) {
            groups.push(std::mem::take(&mut group));
            keys.clear();
        }
        keys.extend(own);
        group.push((i, writes));
    }
    if !group.is_empty() {
        groups.push(group);
    }
    groups
}

/// The key a write names that no other write of its transaction may ([`index::merge_adds`]
/// merges counter adds and existence checks).
fn exclusive_key(write: &Write) -> Option<&Key> {
    match write {
        Write::Add { .. } => None,
        Write::Check {
            condition: Condition::Exists,
            ..
        } => None,
        Write::Put { item, .. } | Write::PutIfCounted { item, .. } => Some(&item.key),
        Write::Delete { key, .. } | Write::Check { key, .. } | Write::Take { key, .. } => Some(key),
    }
}

/// Stamps `after` as the next version of `before` and returns the writes that store it (first
/// the record, conditioned on `before`'s version, then its index changes; no events: for records
/// changed alongside another, such as the neighbours a stage move renumbers).
pub fn change_writes<R: Resource>(cx: Cx<'_>, before: &R, after: &mut R) -> Result<Vec<Write>, ApiError> {
    let meta = after.meta_mut();
    meta.version = before.meta().version + 1;
    meta.updated_at = now_rfc3339();
    let mut writes = vec![put(cx, after, Condition::Version(before.meta().version))?];
    writes.extend(index::writes(cx, Some(before), Some(&*after))?);
    Ok(writes)
}

/// A write that changes nothing but fails the transaction unless `record` is still at the version
/// read: for a change that is only consistent if records it leaves alone stay as they were (a
/// board reorder that renumbers some stages and keeps others).
pub fn unchanged_check<R: Resource>(cx: Cx<'_>, record: &R) -> Write {
    Write::Check {
        key: key::<R>(cx, record.meta().id),
        condition: Condition::Version(record.meta().version),
    }
}

/// The writes that delete `record` (conditioned on its version) with its index entries: for
/// children deleted with their parent.
pub fn delete_writes<R: Resource>(cx: Cx<'_>, record: &R) -> Result<Vec<Write>, ApiError> {
    let mut writes = vec![Write::delete(
        key::<R>(cx, record.meta().id),
        Condition::Version(record.meta().version),
    )];
    writes.extend(index::writes(cx, Some(record), None)?);
    Ok(writes)
}

/// Stores `after` in place of `before` (conditioned on `before`'s version) with its events.
pub async fn save<R: Resource>(cx: Cx<'_>, before: &R, after: R, extra: Vec<Write>) -> Result<R, ApiError> {
    super::unique::check(cx, Some(before), &after).await?;
    let (after, writes) = stage_save(cx, before, after, extra).await?;
    commit(cx, writes).await?;
    Ok(after)
}

/// [`save`] up to its commit, its unique values checked: the record as it will be stored and the
/// writes that store it.
pub async fn stage_save<R: Resource>(
    cx: Cx<'_>,
    before: &R,
    mut after: R,
    extra: Vec<Write>,
) -> Result<(R, Vec<Write>), ApiError> {
    if let Some(values) = after.custom_values_mut() {
        super::custom::settle(cx, R::KIND, before.custom_values(), values).await?;
    }
    let side = after.before_save(cx, Some(before)).await?;
    let mut writes = change_writes(cx, before, &mut after)?;
    if let Some(values) = after.custom_values() {
        let id = after.meta().id;
        writes.extend(super::custom::index_writes(cx, R::KIND, id, before.custom_values(), Some(values)).await?);
    }
    writes.extend(side);
    if let Some(updated) = R::EVENTS.updated {
        writes.push(event_write(cx, updated.name, &after)?);
    }
    for event in R::changes(Some(before), &after) {
        writes.push(outbox_write(cx.tenant(), event));
    }
    writes.extend(extra);
    Ok((after, writes))
}

/// 409 `version_conflict` when the caller based the change on another version.
pub fn check_version<R: Resource>(current: &R, expected: Option<u64>) -> Result<(), ApiError> {
    match expected {
        Some(v) if v != current.meta().version => Err(ApiError::version_conflict()),
        _ => Ok(()),
    }
}

/// Loads record `id`, applies `patch` and saves it.
pub async fn update<R: Resource>(cx: Cx<'_>, id: u64, patch: R::Patch, expected: Option<u64>) -> Result<R, ApiError> {
    let current = load::<R>(cx, id).await?;
    check_version(&current, expected)?;
    let mut updated = current.clone();
    updated.apply(cx, patch).await?;
    save(cx, &current, updated, Vec::new()).await
}

/// Creates the record `body` describes, or updates the one already holding its value of the
/// unique field [`Resource::UPSERT_BY`] with the fields `body` gives (as an update: the others
/// stay). `true` when it created one. The value's claim commits with a new record, so of two
/// racing upserts of one value one creates it, and the other, refused the claim, finds the
/// record and updates it: never two records.
pub async fn upsert_by<R: Resource>(cx: Cx<'_>, body: Value) -> Result<(R, bool), ApiError> {
    let field = R::UPSERT_BY.ok_or_else(|| ApiError::internal(anyhow::anyhow!("{} has no upsert field", R::KIND)))?;
    let given = body
        .get(field)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|v| !v.is_empty());
    let Some(value) = given.map(str::to_owned) else {
        // Every fault of the body at once, as a create answers them, the missing field among them.
        let mut errors = crate::http::FieldErrors::default();
        errors.add(
            field,
            format!(
                "The {field} field is required: the {} is found, or created, by it.",
                R::NAME.to_lowercase()
            ),
        );
        let built = match crate::http::parse_value::<R::In>(body) {
            Ok(input) => R::build(cx, input).await.map(drop),
            Err(refused) => Err(refused),
        };
        if let Err(ApiError::Validation(more)) = built {
            errors.absorb(more);
        }
        return Err(ApiError::Validation(errors));
    };
    // A racing upsert of the same value may create the record between the read and the insert
    // (the claim refuses the second), or change it between the read and the update: read again.
    let mut last = None;
    for _ in 0..UPSERT_ATTEMPTS {
        if let Some(id) = super::unique::holder::<R>(cx, field, &value).await? {
            let patch =
                super::parse_patch::<R::Patch>(super::patch::without_uncleared_nulls::<R::Patch>(body.clone()))?;
            match update::<R>(cx, id, patch, None).await {
                Ok(record) => return Ok((record, false)),
                Err(conflict @ ApiError::Conflict { .. }) => last = Some(conflict),
                Err(refused) => return Err(refused),
            }
            continue;
        }
        let input = crate::http::parse_value::<R::In>(body.clone())?;
        match insert::<R>(cx, input, Vec::new()).await {
            Ok(record) => return Ok((record, true)),
            // Refused for another reason than a racing holder: that is the answer.
            Err(refused) if super::unique::holder::<R>(cx, field, &value).await?.is_none() => return Err(refused),
            Err(refused) => last = Some(refused),
        }
    }
    Err(last.unwrap_or_else(ApiError::version_conflict))
}

/// How often [`upsert_by`] reads the holder again after a racing write (then 409, as any update
/// that keeps losing to others).
const UPSERT_ATTEMPTS: usize = 8;

/// Deletes record `id` (after its [`Resource::before_delete`] check) with its `deleted` event.
pub async fn remove<R: Resource>(cx: Cx<'_>, id: u64, expected: Option<u64>) -> Result<R, ApiError> {
    let current = load::<R>(cx, id).await?;
    check_version(&current, expected)?;
    remove_loaded(cx, current).await
}

/// A record's delete: the writes that commit it, and the bytes it and its children name, to
/// discard once those writes have committed ([`Removal::discard`]).
pub struct Removal {
    pub writes: Vec<Write>,
    pub released: Vec<ReleasedUpload>,
}

impl Removal {
    /// Deletes the bytes; only after the writes committed (a delete that failed keeps them).
    pub async fn discard(self, cx: Cx<'_>) {
        ReleasedUpload::discard_all(cx.store(), cx.files(), self.released).await;
    }
}

/// The writes that delete `current` with its event, its [`Resource::before_delete`] writes, its
/// custom field index entries and its bytes' release markers; the bytes; and the children that go
/// with it.
async fn removal<R: Resource>(cx: Cx<'_>, current: &R) -> Result<(Removal, super::refs::Children), ApiError> {
    let before = current.before_delete(cx).await?;
    let children = super::refs::cascade_writes(cx, R::KIND, current.meta().id).await?;
    let mut writes = delete_writes(cx, current)?;
    if let Some(values) = current.custom_values() {
        let id = current.meta().id;
        writes.extend(super::custom::index_writes(cx, R::KIND, id, Some(values), None).await?);
    }
    if let Some(deleted) = R::EVENTS.deleted {
        writes.push(event_write(cx, deleted.name, current)?);
    }
    writes.extend(before);
    let released = super::refs::released(cx, current)?;
    writes.extend(released.iter().map(ReleasedUpload::write));
    Ok((Removal { writes, released }, children))
}

fn fits(writes: &[Write]) -> bool {
    index::merge_adds(writes.to_vec()).len() <= crate::store::MAX_TRANSACTION_WRITES
}

/// [`remove_loaded`] up to its commit, for a record whose children fit in its transaction (a
/// batch commits many together); one with more is 422 `too_large`, for its own delete route.
/// Once the writes have committed, [`Removal::discard`] deletes the bytes.
pub async fn stage_remove<R: Resource>(cx: Cx<'_>, current: &R) -> Result<Removal, ApiError> {
    let (mut removal, children) = removal(cx, current).await?;
    for child in children.each {
        removal.writes.extend(child.writes);
        removal.released.extend(child.released);
    }
    if !fits(&removal.writes) {
        return Err(ApiError::Unprocessable {
            code: "too_large",
            message: format!(
                "{} {} has too many dependent records to delete in a batch; delete it on its own.",
                R::NAME,
                current.meta().id
            ),
        });
    }
    Ok(removal)
}

/// [`remove`] for a record the caller already loaded. The bytes it and its children name go only
/// after the records' transactions commit: never while a record still names them, and a crash in
/// between leaves them to the sweep ([`ReleasedUpload`]).
pub async fn remove_loaded<R: Resource>(cx: Cx<'_>, current: R) -> Result<R, ApiError> {
    let (
        Removal {
            mut writes,
            mut released,
        },
        children,
    ) = removal(cx, &current).await?;
    let mut together = writes.clone();
    together.extend(children.each.iter().flat_map(|c| c.writes.iter().cloned()));
    if fits(&together) {
        writes = together;
        released.extend(children.each.into_iter().flat_map(|c| c.released));
    } else {
        // The children go first, whole ones per transaction, each batch's bytes once it has
        // committed; then the record, with checks that none is left (a child added meanwhile
        // makes it 409, and a retry takes that one too).
        let mut batch = Removal {
            writes: Vec::new(),
            released: Vec::new(),
        };
        for child in children.each {
            let mut grown = batch.writes.clone();
            grown.extend(child.writes.iter().cloned());
            if !batch.writes.is_empty() && !fits(&grown) {
                commit(cx, std::mem::take(&mut batch.writes)).await?;
                ReleasedUpload::discard_all(cx.store(), cx.files(), std::mem::take(&mut batch.released)).await;
                grown = child.writes;
            }
            batch.writes = grown;
            batch.released.extend(child.released);
        }
        if !batch.writes.is_empty() {
            commit(cx, batch.writes).await?;
            ReleasedUpload::discard_all(cx.store(), cx.files(), batch.released).await;
        }
        writes.extend(children.none_left);
        if !fits(&writes) {
            return Err(ApiError::in_use(format!(
                "{} has too many dependent records to delete at once.",
                R::NAME
            )));
        }
    }
    match commit(cx, writes).await {
        // A condition beyond the record's own failed: most likely its reference count.
        Err(conflict @ ApiError::Conflict { code: "conflict", .. }) => {
            super::refs::refuse_if_referenced(cx, R::KIND, R::NAME, current.meta().id).await?;
            Err(conflict)
        }
        Err(e) => Err(e),
        Ok(()) => {
            ReleasedUpload::discard_all(cx.store(), cx.files(), released).await;
            Ok(current)
        }
    }
}

/// Creates (no `id`) or updates (`id`, with an optional expected `version`) a record of `R` from
/// one body, through the same operations as the REST routes: for the RPC-style create-or-update
/// routes. The created record's status is 201, the changed one's 200; a `version` without `id` is 422.
pub async fn upsert<R: Resource>(cx: Cx<'_>, body: Value) -> Result<(axum::http::StatusCode, R), ApiError> {
    let id = match body.get("id") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|id| *id > 0)
                .ok_or_else(|| ApiError::invalid("id", "The id must be a positive integer."))?,
        ),
    };
    let version = match body.get("version") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|v| *v > 0)
                .ok_or_else(|| ApiError::invalid("version", "The version must be a positive integer."))?,
        ),
    };
    let mut fields = body;
    if let Some(map) = fields.as_object_mut() {
        map.remove("id");
        map.remove("version");
    }
    if id.is_none() && version.is_some() {
        return Err(ApiError::invalid(
            "version",
            "A version is only checked on an update: give the record's id too.",
        ));
    }
    match id {
        Some(id) => Ok((
            axum::http::StatusCode::OK,
            update::<R>(cx, id, super::parse_patch(fields)?, version).await?,
        )),
        None => Ok((
            axum::http::StatusCode::CREATED,
            insert::<R>(cx, crate::http::parse_value(fields)?, Vec::new()).await?,
        )),
    }
}
