//! Batch create, update and delete: up to [`MAX_ITEMS`] records of one resource in one request,
//! at `<base>/batch/create`, `<base>/batch/update` and `<base>/batch/delete` beside the
//! resource's own routes (so they route inside the function that owns it; see
//! [`crate::routes::Crud`]).
//!
//! Each item goes through the same operations as its single route ([`ops::stage_insert`],
//! [`ops::stage_save`], [`ops::stage_remove`]) and its result is answered in request order: its
//! status and record, or its error. The items' writes are committed together, in as few store
//! transactions as fit ([`commit_items`]); a transaction that fails is retried item by item, so
//! one item's conflict fails that item only. `atomic: true` commits everything in one
//! transaction or nothing (422 `too_large` past the store's limit).
//!
//! A body whose items do not have the documented shape (a list of 1 to 100 objects, each of the
//! single route's body types) is refused whole, 422, with errors keyed `items[<i>].<field>`;
//! an item that is well-formed but refused (a required field missing, a stale version, a record
//! not found) fails alone: `207` with every item's result. In an atomic batch any refused item
//! refuses the whole, 422 with every refused item's errors keyed the same way.

use std::collections::HashSet;

use crate::http::Json;
use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::{custom, numbering, ops, Cx, Deleted, Resource};
use crate::http::{parse_value, take_u64, ApiError, ErrorBody, FieldErrors, ReleasedUpload};
use crate::store::Write;

/// Most items one batch request holds.
pub const MAX_ITEMS: usize = 100;

/// Body of a batch create: the single create's bodies.
#[derive(Debug, JsonSchema)]
#[schemars(rename = "BatchCreate{T}")]
#[schemars(deny_unknown_fields)]
pub struct BatchCreate<T> {
    /// 1 to 100 records to create, each the body of the resource's single create.
    #[schemars(length(min = 1, max = MAX_ITEMS))]
    pub items: Vec<T>,
    /// All or nothing, in one store transaction (default `false`: each item on its own).
    pub atomic: Option<bool>,
}

/// Body of a batch update.
#[derive(Debug, JsonSchema)]
#[schemars(rename = "BatchUpdate{P}")]
#[schemars(deny_unknown_fields)]
pub struct BatchUpdate<P> {
    /// 1 to 100 changes, each the record's `id` and `version` beside the single update's fields.
    #[schemars(length(min = 1, max = MAX_ITEMS))]
    pub items: Vec<BatchChange<P>>,
    /// All or nothing, in one store transaction (default `false`: each item on its own).
    pub atomic: Option<bool>,
}

/// One item of a batch update.
#[derive(Debug, JsonSchema)]
#[schemars(rename = "BatchChange{P}", transform = example_with_id_and_version)]
pub struct BatchChange<P> {
    /// The record to change.
    #[schemars(range(min = 1))]
    pub id: u64,
    /// The version the change is based on; a stale one fails the item (409 `version_conflict`).
    #[schemars(range(min = 1))]
    pub version: u64,
    #[serde(flatten)]
    pub patch: P,
}

/// The update's example (which the flattened patch brings) with the `id` and `version` an item
/// must have, so that the document's example is a valid item.
fn example_with_id_and_version(schema: &mut schemars::Schema) {
    let Some(object) = schema.as_object_mut() else { return };
    let examples = match object.get_mut("examples") {
        Some(Value::Array(examples)) => examples.iter_mut().collect::<Vec<_>>(),
        _ => object.get_mut("example").into_iter().collect(),
    };
    for example in examples {
        if let Value::Object(fields) = example {
            fields.insert("id".into(), Value::from(1));
            fields.insert("version".into(), Value::from(1));
        }
    }
}

/// Body of a batch delete.
#[derive(Debug, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BatchDelete {
    /// 1 to 100 records to delete.
    #[schemars(length(min = 1, max = MAX_ITEMS))]
    pub items: Vec<BatchTarget>,
    /// All or nothing, in one store transaction (default `false`: each item on its own).
    pub atomic: Option<bool>,
}

/// One item of a batch delete.
#[derive(Debug, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BatchTarget {
    #[schemars(range(min = 1))]
    pub id: u64,
    /// When given, the item fails unless the record is still at this version.
    #[schemars(range(min = 1))]
    pub version: Option<u64>,
}

/// The answer to a batch: every item's result in request order.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "BatchResult{T}")]
pub struct BatchAnswer<T> {
    pub results: Vec<ItemResult<T>>,
    /// How many items were applied.
    pub succeeded: usize,
    /// How many were not.
    pub failed: usize,
}

/// One item's result: `data` when it was applied, `error` when it was not.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "BatchItemResult{T}")]
pub struct ItemResult<T> {
    /// Its place in the request's `items`, from 0.
    pub index: usize,
    /// The status its single route would have answered.
    pub status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
}

/// A batch body as read: its items (not yet parsed into the resource's types) and `atomic`.
pub struct Items {
    items: Vec<Value>,
    atomic: bool,
}

impl Items {
    /// How many items the batch holds (at least one).
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the batch holds no items (never, once read).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The batch body `body`: 422 unless it holds 1 to [`MAX_ITEMS`] items and `atomic` at most.
    pub fn read(mut body: Value) -> Result<Self, ApiError> {
        let Some(map) = body.as_object_mut() else {
            return Err(ApiError::invalid("body", "The request body must be a JSON object."));
        };
        let mut errors = FieldErrors::default();
        let atomic = match map.remove("atomic") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(atomic)) => atomic,
            Some(_) => {
                errors.add("atomic", "The atomic field must be true or false.");
                false
            }
        };
        let items = match map.remove("items") {
            Some(Value::Array(items)) if (1..=MAX_ITEMS).contains(&items.len()) => items,
            Some(Value::Array(items)) => {
                errors.add(
                    "items",
                    format!("Give 1 to {MAX_ITEMS} items; this batch has {}.", items.len()),
                );
                Vec::new()
            }
            _ => {
                errors.add("items", "The items field is required: a list of 1 to 100 objects.");
                Vec::new()
            }
        };
        if let Some(other) = map.keys().next() {
            errors.add(other, "A batch body holds `items` and `atomic` only.");
        }
        errors.into_result(Self { items, atomic })
    }

    /// Each item parsed by `parse`, or one 422 naming every malformed item's fields as
    /// `items[<i>].<field>`.
    fn parse<T>(self, parse: impl Fn(Value) -> Result<T, ApiError>) -> Result<(Vec<T>, bool), ApiError> {
        let mut errors = FieldErrors::default();
        let mut parsed = Vec::with_capacity(self.items.len());
        for (i, item) in self.items.into_iter().enumerate() {
            match parse(item) {
                Ok(value) => parsed.push(value),
                Err(refused) => item_errors(&mut errors, i, refused)?,
            }
        }
        errors.into_result((parsed, self.atomic))
    }
}

/// An item on its way: refused already, or staged as the writes that apply it and the record
/// (or answer) it gives.
type Staged<T> = Result<(T, Vec<Write>), ApiError>;

/// `POST <base>/batch/create`: `items` created in `cx`.
pub async fn create<R: Resource>(
    cx: Cx<'_>,
    items: Items,
) -> Result<(StatusCode, Json<BatchAnswer<R::Out>>), ApiError> {
    let (inputs, atomic) = items.parse(parse_value::<R::In>)?;
    let memo = custom::DefinitionsMemo::default();
    let cx = cx.with_memo(&memo);
    let mut built: Vec<Result<R, ApiError>> = Vec::with_capacity(inputs.len());
    for input in inputs {
        built.push(R::build(cx, input).await);
    }
    // The ids of the records built without one, drawn in one counter update.
    let unnumbered = built.iter().filter(|r| matches!(r, Ok(r) if r.meta().id == 0)).count() as u64;
    let mut ids = match unnumbered {
        0 => 0..0,
        n => cx.store().next_ids(cx.tenant(), R::KIND, n).await?,
    };
    for record in built.iter_mut().flatten() {
        if record.meta().id == 0 {
            record.meta_mut().id = ids.next().expect("an id drawn for each");
        }
    }
    let built = unique_checked(cx, built.into_iter().map(|r| r.map(|r| (None, r))).collect()).await?;
    if let Some(series) = R::SERIES {
        let outcomes = create_numbered(cx, series, built, atomic).await?;
        return Ok(answer(outcomes, StatusCode::CREATED, R::Out::from));
    }
    let mut staged: Vec<Staged<R>> = Vec::with_capacity(built.len());
    for record in built {
        staged.push(match record {
            Ok((_, record)) => ops::stage_insert(cx, record, Vec::new()).await,
            Err(refused) => Err(refused),
        });
    }
    let outcomes = apply(cx, staged, atomic).await?;
    Ok(answer(outcomes, StatusCode::CREATED, R::Out::from))
}

/// `POST <base>/batch/update`: `items` applied in `cx`.
pub async fn update<R: Resource>(
    cx: Cx<'_>,
    items: Items,
) -> Result<(StatusCode, Json<BatchAnswer<R::Out>>), ApiError> {
    let (changes, atomic) = items.parse(|mut item| {
        let id = take_u64(&mut item, "id")?.filter(|id| *id > 0);
        let version = take_u64(&mut item, "version")?.filter(|v| *v > 0);
        let mut errors = FieldErrors::default();
        if id.is_none() {
            errors.add("id", "The id field is required: the record to change.");
        }
        if version.is_none() {
            errors.add(
                "version",
                "The version field is required: the version the change is based on.",
            );
        }
        match crate::resource::parse_patch::<R::Patch>(item) {
            Ok(patch) => errors.into_result((id.unwrap_or_default(), version.unwrap_or_default(), patch)),
            Err(ApiError::Validation(more)) => {
                errors.absorb(more);
                Err(ApiError::Validation(errors))
            }
            Err(other) => Err(other),
        }
    })?;
    let memo = custom::DefinitionsMemo::default();
    let cx = cx.with_memo(&memo);
    let ids: Vec<u64> = changes.iter().map(|(id, _, _)| *id).collect();
    let current = loaded::<R>(cx, &ids).await?;
    let mut applied: Vec<Result<(Option<R>, R), ApiError>> = Vec::with_capacity(changes.len());
    let mut seen = HashSet::new();
    for ((id, version, patch), current) in changes.into_iter().zip(current) {
        applied.push(
            async {
                let current = current.ok_or_else(|| ApiError::not_found(R::NAME))?;
                once(&mut seen, id)?;
                ops::check_version(&current, Some(version))?;
                let mut after = current.clone();
                after.apply(cx, patch).await?;
                Ok((Some(current), after))
            }
            .await,
        );
    }
    let mut staged: Vec<Staged<R>> = Vec::with_capacity(applied.len());
    for change in unique_checked(cx, applied).await? {
        staged.push(match change {
            Ok((before, after)) => match before {
                Some(before) => ops::stage_save(cx, &before, after, Vec::new()).await,
                None => Err(ApiError::internal(anyhow::anyhow!("a batch update without its record"))),
            },
            Err(refused) => Err(refused),
        });
    }
    let outcomes = apply(cx, staged, atomic).await?;
    Ok(answer(outcomes, StatusCode::OK, R::Out::from))
}

/// `POST <base>/batch/delete`: `items` deleted in `cx`.
pub async fn delete<R: Resource>(
    cx: Cx<'_>,
    items: Items,
) -> Result<(StatusCode, Json<BatchAnswer<Deleted>>), ApiError> {
    let (targets, atomic) = items.parse(|mut item| {
        let id = take_u64(&mut item, "id")?.filter(|id| *id > 0);
        let version = take_u64(&mut item, "version")?;
        let id = id.ok_or_else(|| ApiError::invalid("id", "The id field is required: the record to delete."))?;
        match item.as_object().and_then(|m| m.keys().next()) {
            Some(other) => Err(ApiError::invalid(other, "A delete item holds `id` and `version` only.")),
            None => Ok((id, version)),
        }
    })?;
    let ids: Vec<u64> = targets.iter().map(|(id, _)| *id).collect();
    let current = loaded::<R>(cx, &ids).await?;
    // Each item's bytes ride with its answer, to go once its writes have committed.
    let mut staged: Vec<Staged<(Deleted, Vec<ReleasedUpload>)>> = Vec::with_capacity(targets.len());
    let mut seen = HashSet::new();
    for ((id, version), current) in targets.into_iter().zip(current) {
        staged.push(
            async {
                let current = current.ok_or_else(|| ApiError::not_found(R::NAME))?;
                once(&mut seen, id)?;
                ops::check_version(&current, version)?;
                let removal = ops::stage_remove(cx, &current).await?;
                let deleted = Deleted {
                    message: format!("{} deleted.", R::NAME),
                    id,
                };
                Ok(((deleted, removal.released), removal.writes))
            }
            .await,
        );
    }
    let mut outcomes = match apply(cx, staged, atomic).await {
        Err(conflict @ ApiError::Conflict { code: "conflict", .. }) => {
            // An atomic batch failed on a condition beyond a record's own: name the record
            // still in use, if one is.
            for id in &ids {
                super::refs::refuse_if_referenced(cx, R::KIND, R::NAME, *id).await?;
            }
            return Err(conflict);
        }
        other => other?,
    };
    for (outcome, id) in outcomes.iter_mut().zip(&ids) {
        // A condition beyond the record's own failed: most likely its reference count, which
        // `ops::remove_loaded` names the same way.
        if let Err(ApiError::Conflict { code: "conflict", .. }) = outcome {
            if let Err(referenced) = super::refs::refuse_if_referenced(cx, R::KIND, R::NAME, *id).await {
                *outcome = Err(referenced);
            }
        }
    }
    let mut answered = Vec::with_capacity(outcomes.len());
    for outcome in outcomes {
        answered.push(match outcome {
            Ok((deleted, released)) => {
                ReleasedUpload::discard_all(cx.store(), cx.files(), released).await;
                Ok(deleted)
            }
            Err(refused) => Err(refused),
        });
    }
    Ok(answer(answered, StatusCode::OK, |d| d))
}

/// The changes (`before`: `None` for a new record) whose unique values are free, checked all at
/// once ([`super::unique::check_many`]); the others refused.
async fn unique_checked<R: Resource>(
    cx: Cx<'_>,
    changes: Vec<Result<(Option<R>, R), ApiError>>,
) -> Result<Vec<Result<(Option<R>, R), ApiError>>, ApiError> {
    let pairs: Vec<(Option<&R>, &R)> = changes.iter().flatten().map(|(b, a)| (b.as_ref(), a)).collect();
    let mut verdicts = super::unique::check_many(cx, &pairs).await?.into_iter();
    Ok(changes
        .into_iter()
        .map(|change| {
            let change = change?;
            verdicts.next().expect("a verdict for each")?;
            Ok(change)
        })
        .collect())
}

/// The records `ids` name, in their order (`None`: not found), in one read per 100.
async fn loaded<R: Resource>(cx: Cx<'_>, ids: &[u64]) -> Result<Vec<Option<R>>, ApiError> {
    let found = ops::load_many::<R>(cx, ids).await?;
    Ok(ids
        .iter()
        .map(|id| found.iter().find(|r| r.meta().id == *id).cloned())
        .collect())
}

/// 422 on `id` when an earlier item of the batch names the same record.
fn once(seen: &mut HashSet<u64>, id: u64) -> Result<(), ApiError> {
    match seen.insert(id) {
        true => Ok(()),
        false => Err(ApiError::invalid(
            "id",
            "An earlier item of this batch names the same record; change it once per batch.",
        )),
    }
}

/// Commits the staged items: each item's outcome. Atomic: one transaction or nothing; a refused
/// item refuses the whole batch (422 naming every refused item's errors).
async fn apply<T>(cx: Cx<'_>, staged: Vec<Staged<T>>, atomic: bool) -> Result<Vec<Result<T, ApiError>>, ApiError> {
    let mut outcomes: Vec<Result<T, ApiError>> = Vec::with_capacity(staged.len());
    let mut writes: Vec<Option<Vec<Write>>> = Vec::with_capacity(staged.len());
    for item in staged {
        match item {
            Ok((record, item_writes)) => {
                outcomes.push(Ok(record));
                writes.push(Some(item_writes));
            }
            Err(refused) => {
                outcomes.push(Err(refused));
                writes.push(None);
            }
        }
    }
    if atomic {
        if outcomes.iter().any(Result::is_err) {
            return Err(refused_items(outcomes)?);
        }
        ops::commit(cx, writes.into_iter().flatten().flatten().collect())
            .await
            .map_err(atomic_too_large)?;
        return Ok(outcomes);
    }
    let committed = commit_items(cx, writes).await;
    for (outcome, result) in outcomes.iter_mut().zip(committed) {
        if let Err(failed) = result {
            if outcome.is_ok() {
                *outcome = Err(failed);
            }
        }
    }
    Ok(outcomes)
}

/// The answer to an atomic batch with refused items: nothing applied, one 422 naming every
/// refused item's fields as `items[<i>].<field>` (a failure of the service itself is the answer).
fn refused_items<T>(outcomes: Vec<Result<T, ApiError>>) -> Result<ApiError, ApiError> {
    let mut errors = FieldErrors::default();
    for (i, outcome) in outcomes.into_iter().enumerate() {
        if let Err(refused) = outcome {
            item_errors(&mut errors, i, refused)?;
        }
    }
    Ok(ApiError::Validation(errors))
}

/// An atomic batch's `too_large` says what to do about it.
fn atomic_too_large(error: ApiError) -> ApiError {
    match error {
        ApiError::Unprocessable { code: "too_large", .. } => ApiError::Unprocessable {
            code: "too_large",
            message: format!(
                "An atomic batch is one store transaction, which holds at most {} writes (each \
                 record, its index entries, counters and events count); this one needs more. Send \
                 fewer items, or leave atomic off.",
                crate::store::MAX_TRANSACTION_WRITES
            ),
        },
        other => other,
    }
}

/// [`create`] for a numbered kind ([`Resource::SERIES`]): numbers are given in the transaction
/// that stores their records, so an atomic batch takes one per item in its one transaction and
/// each item of another batch takes its own as it is stored; a refused item takes none.
async fn create_numbered<R: Resource>(
    cx: Cx<'_>,
    series: &numbering::Series,
    built: Vec<Result<(Option<R>, R), ApiError>>,
    atomic: bool,
) -> Result<Vec<Result<R, ApiError>>, ApiError> {
    let mut staged: Vec<Staged<R>> = Vec::with_capacity(built.len());
    for record in built {
        staged.push(match record {
            Ok((_, record)) => ops::stage_side(cx, record, Vec::new()).await,
            Err(refused) => Err(refused),
        });
    }
    if !atomic {
        let mut outcomes = Vec::with_capacity(staged.len());
        for item in staged {
            outcomes.push(match item {
                Ok((record, side)) => ops::insert_numbered(cx, series, record, side).await,
                Err(refused) => Err(refused),
            });
        }
        return Ok(outcomes);
    }
    if staged.iter().any(Result::is_err) {
        return Err(refused_items(staged)?);
    }
    let staged: Vec<(R, Vec<Write>)> = staged.into_iter().flatten().collect();
    let records = numbering::commit(
        cx,
        series,
        staged.len() as u64,
        |numbers| std::future::ready(ops::prepare_numbered(cx, &staged, numbers)),
        numbering::Refused::of_new_records,
    )
    .await
    .map_err(atomic_too_large)?;
    Ok(records.into_iter().map(Ok).collect())
}

fn answer<T, O>(
    outcomes: Vec<Result<T, ApiError>>,
    ok: StatusCode,
    out: impl Fn(T) -> O,
) -> (StatusCode, Json<BatchAnswer<O>>) {
    let mut results = Vec::with_capacity(outcomes.len());
    let (mut succeeded, mut failed) = (0, 0);
    for (index, outcome) in outcomes.into_iter().enumerate() {
        results.push(match outcome {
            Ok(record) => {
                succeeded += 1;
                ItemResult {
                    index,
                    status: ok.as_u16(),
                    data: Some(out(record)),
                    error: None,
                }
            }
            Err(error) => {
                failed += 1;
                if let ApiError::Internal(cause) | ApiError::Unavailable(cause) = &error {
                    tracing::error!(error = format!("{cause:#}"), "a batch item failed");
                }
                ItemResult {
                    index,
                    status: error.status().as_u16(),
                    data: None,
                    error: Some(error.body()),
                }
            }
        });
    }
    let status = if failed == 0 { ok } else { StatusCode::MULTI_STATUS };
    (
        status,
        Json(BatchAnswer {
            results,
            succeeded,
            failed,
        }),
    )
}

/// Commits each item's writes (`None`: refused already), as many whole items per transaction as
/// fit and never two that write one key (a transaction names a key once); a transaction that
/// fails is retried item by item, so a conflict fails only the item it belongs to. One result per
/// item.
pub async fn commit_items(cx: Cx<'_>, items: Vec<Option<Vec<Write>>>) -> Vec<Result<(), ApiError>> {
    let mut results: Vec<Result<(), ApiError>> = items.iter().map(|_| Ok(())).collect();
    let given = items.into_iter().enumerate().filter_map(|(i, w)| w.map(|w| (i, w)));
    for group in ops::transactions(given.collect()) {
        let all: Vec<Write> = group.iter().flat_map(|(_, w)| w.iter().cloned()).collect();
        if group.len() == 1 || ops::commit(cx, all).await.is_err() {
            for (i, writes) in group {
                results[i] = ops::commit(cx, writes).await;
            }
        }
    }
    results
}

/// Reports item `i`'s refusal into `errors`: its field errors as `items[<i>].<field>`, any other
/// refusal (not found, a stale version) as `items[<i>]`. A failure of the service itself is no
/// item's fault: it is the answer (`Err`).
fn item_errors(errors: &mut FieldErrors, i: usize, refused: ApiError) -> Result<(), ApiError> {
    match refused {
        ApiError::Validation(fields) => {
            for (field, messages) in fields.into_entries() {
                let at = match field.as_str() {
                    "body" => format!("items[{i}]"),
                    _ => format!("items[{i}].{field}"),
                };
                for message in messages {
                    errors.add(&at, message);
                }
            }
            Ok(())
        }
        failure @ (ApiError::Internal(_) | ApiError::Unavailable(_)) => Err(failure),
        other => {
            errors.add(&format!("items[{i}]"), other.to_string());
            Ok(())
        }
    }
}
