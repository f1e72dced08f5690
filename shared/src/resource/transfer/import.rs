//! Imports: a file's rows become records of one resource, through the same build, unique checks
//! and writes as its create and update routes.
//!
//! Exactly once: rows are read in file order from the job's checkpoint (`next_offset`), and each
//! chunk's writes (records, their index entries and events, the failed rows) commit in one store
//! transaction with the job's new checkpoint, conditioned on the job's version. A crash before
//! the commit leaves neither; after it, both. A chunk is as many rows as fit in one transaction.

use std::collections::HashSet;
use std::time::Instant;

use serde_json::{Map, Value};

use super::rows::{self, BodyShape, Row, RowContent};
use super::{failure_item, ColumnMapping, FileFormat, ImportJob, ImportMode, JobState};
use crate::http::{parse_value, ApiError, FieldErrors, Upload};
use crate::resource::custom::{self, CustomField};
use crate::resource::index;
use crate::resource::numbering::Draw;
use crate::resource::{ops, Cx, Meta, Resource};
use crate::store::{StoreError, Write};
use crate::time::now_rfc3339;

/// Rows read for the first chunk; later chunks read one more than the last one fitted.
const FIRST_CHUNK: usize = 20;
/// The most rows one chunk reads: a transaction of about 5,000 writes on SQLite.
const MOST_ROWS_PER_CHUNK: usize = 500;

/// What the caller's workspace may still do this hour, which each imported row counts toward as a
/// request of its own would (`crate::policy::WorkspaceAllowance`).
pub trait Allowance: Sync {
    /// Takes `n` requests' worth beyond this one; 422 or 429 when that passes the ceiling.
    fn take_more(&self, n: u64, what: &str) -> impl std::future::Future<Output = Result<(), ApiError>> + Send;
}

/// Checks an upload and queues its import: 422 for a file that cannot be imported at all (not
/// UTF-8, no header, a required field no column fills, an unknown field in the mapping).
pub async fn queue<R: Resource>(cx: Cx<'_>, upload: Upload, allowance: &impl Allowance) -> Result<ImportJob, ApiError> {
    let mut errors = FieldErrors::default();
    let mode = match upload.field("mode").map(str::trim).filter(|m| !m.is_empty()) {
        None => ImportMode::Create,
        Some(m) => serde_json::from_value(Value::String(m.to_owned())).unwrap_or_else(|_| {
            errors.add("mode", "The mode must be one of: create, upsert, dry_run.");
            ImportMode::Create
        }),
    };
    let format = match upload.field("format").map(str::trim).filter(|m| !m.is_empty()) {
        None => FileFormat::of_upload(upload.file_name.as_deref(), upload.content_type.as_deref()).unwrap_or_default(),
        Some(f) => serde_json::from_value(Value::String(f.to_owned())).unwrap_or_else(|_| {
            errors.add("format", "The format must be csv or jsonl.");
            FileFormat::Csv
        }),
    };
    let mapping: Option<Map<String, Value>> = match upload.field("mapping").map(str::trim).filter(|m| !m.is_empty()) {
        None => None,
        Some(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) if map.values().all(|v| v.is_string() || v.is_null()) => Some(map),
            _ => {
                errors.add(
                    "mapping",
                    "The mapping must be a JSON object from column to field: {\"E-mail\": \"email\"} (null skips a column).",
                );
                None
            }
        },
    };
    let match_field = upload
        .field("match_field")
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(str::to_owned);
    // A byte order mark is not part of the first header.
    let bytes = rows::without_bom(&upload.bytes);
    if std::str::from_utf8(bytes).is_err() {
        errors.add(
            "file",
            "The file is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in spreadsheet programs).",
        );
        return Err(ApiError::Validation(errors));
    }
    let (columns, start) = match format {
        FileFormat::Csv => match rows::csv_header(bytes) {
            Some((columns, start)) if columns.iter().any(|c| !c.is_empty()) => (columns, start),
            _ => {
                errors.add("file", "The file has no header row naming its columns.");
                return Err(ApiError::Validation(errors));
            }
        },
        FileFormat::Jsonl => (Vec::new(), 0),
    };
    let definitions = match R::CUSTOM_FIELDS {
        true => custom::definitions_of(cx, R::KIND).await?,
        false => Default::default(),
    };
    let shape = BodyShape::of::<R::In>();
    let (mapping, ignored) = resolve_mapping(&mut errors, &shape, &definitions, format, &columns, mapping);
    if format == FileFormat::Csv {
        for field in &shape.required {
            if !mapping.iter().any(|m| &m.field == field) {
                errors.add(
                    "file",
                    format!(
                        "No column fills the required field `{field}`; add one, or map a column to it in `mapping`."
                    ),
                );
            }
        }
    }
    match (mode, &match_field) {
        (ImportMode::Upsert, None) => {
            errors.add("match_field", "An upsert needs the field that matches rows to records.")
        }
        (ImportMode::Upsert, Some(field)) => {
            if !matchable::<R>(field, &definitions) {
                errors.add(
                    "match_field",
                    format!(
                        "Rows can be matched by: {}.",
                        matchable_fields::<R>(&definitions).join(", ")
                    ),
                );
            } else if format == FileFormat::Csv && !mapping.iter().any(|m| &m.field == field) {
                errors.add("match_field", format!("No column fills `{field}`."));
            }
        }
        (_, Some(_)) => errors.add("match_field", "Only an upsert matches rows to records."),
        _ => {}
    }
    let rows_total = match errors.is_empty() {
        true => rows::count_rows(format, bytes, start),
        false => 0,
    };
    if errors.is_empty() && rows_total == 0 {
        errors.add("file", "The file holds no rows to import.");
    }
    errors.into_result(())?;
    // Each row counts toward the workspace's ceiling, as a request of its own would.
    allowance.take_more(rows_total - 1, "rows").await?;
    let size = upload.bytes.len() as u64;
    let module = R::MODULE;
    let stored = crate::http::store_upload(cx.store(), cx.files(), cx.tenant(), "imports", upload).await?;
    let committed = stored.committed();
    let job = ImportJob {
        meta: Meta::default(),
        resource: R::KIND.to_owned(),
        module,
        format,
        mode,
        match_field,
        mapping,
        ignored_columns: ignored,
        columns,
        file_name: stored.file_name,
        size,
        object_key: stored.object_key,
        state: JobState::Queued,
        rows_total,
        rows_done: 0,
        rows_created: 0,
        rows_updated: 0,
        rows_failed: 0,
        // Past the header, when there is one (offsets count from after a byte order mark).
        next_offset: start,
        next_line: if format == FileFormat::Csv { 2 } else { 1 },
        error: None,
        created_by: cx.user_id,
        started_at: None,
        finished_at: None,
    };
    ops::insert_built(cx, job, committed).await
}

/// The mapping a job uses: the given one (checked), or each column whose header names a field.
fn resolve_mapping(
    errors: &mut FieldErrors,
    shape: &BodyShape,
    definitions: &[CustomField],
    format: FileFormat,
    columns: &[String],
    given: Option<Map<String, Value>>,
) -> (Vec<ColumnMapping>, Vec<String>) {
    let known = |field: &str| match field.strip_prefix("custom_fields.") {
        Some(key) => definitions.iter().any(|d| d.key == key),
        None => shape.fields.contains_key(field),
    };
    let position = |column: &str| columns.iter().position(|c| c == column);
    let mut mapping = Vec::new();
    let mut ignored = Vec::new();
    match given {
        Some(given) => {
            for (column, field) in given {
                let Some(field) = field.as_str() else { continue };
                if format == FileFormat::Csv && position(&column).is_none() {
                    errors.add("mapping", format!("The file has no column `{column}`."));
                } else if !known(field) {
                    errors.add(
                        "mapping",
                        format!("`{field}` (for column `{column}`) is not a field records of this kind take."),
                    );
                } else {
                    mapping.push(ColumnMapping {
                        index: position(&column),
                        column,
                        field: field.to_owned(),
                    });
                }
            }
            ignored = columns
                .iter()
                .filter(|c| !mapping.iter().any(|m| &m.column == *c))
                .cloned()
                .collect();
        }
        None if format == FileFormat::Csv => {
            for (i, column) in columns.iter().enumerate() {
                let taken = mapping.iter().any(|m: &ColumnMapping| &m.field == column);
                if known(column) && !taken {
                    mapping.push(ColumnMapping {
                        column: column.clone(),
                        field: column.clone(),
                        index: Some(i),
                    });
                } else {
                    ignored.push(column.clone());
                }
            }
        }
        // JSON Lines without a mapping: each line's keys are the body's fields.
        None => {}
    }
    (mapping, ignored)
}

/// Whether an upsert can match rows by `field`: a value no two records share, an equality
/// filter of the list, or a filterable custom field.
fn matchable<R: Resource>(field: &str, definitions: &[CustomField]) -> bool {
    matchable_fields::<R>(definitions).iter().any(|f| f == field)
}

fn matchable_fields<R: Resource>(definitions: &[CustomField]) -> Vec<String> {
    let shape = BodyShape::of::<R::In>();
    let mut fields: Vec<String> = R::UNIQUE.iter().map(|u| u.field.to_owned()).collect();
    fields.extend(
        R::LISTS
            .filters
            .iter()
            .map(|f| f.name.to_owned())
            .filter(|name| shape.fields.contains_key(name)),
    );
    fields.extend(
        definitions
            .iter()
            .filter(|d| d.filterable)
            .map(|d| format!("custom_fields.{}", d.key)),
    );
    fields.retain(|f| f.starts_with("custom_fields.") || shape.fields.contains_key(f));
    fields.dedup();
    fields
}

/// A row as its create body, or its errors.
fn body_of(job: &ImportJob, shape: &BodyShape, definitions: &[CustomField], row: &Row) -> Result<Value, Value> {
    let mut body = Map::new();
    let mut custom_values = Map::new();
    let mut put = |field: &str, value: Value, body: &mut Map<String, Value>| match field.strip_prefix("custom_fields.")
    {
        Some(key) => {
            custom_values.insert(key.to_owned(), value);
        }
        None => {
            body.insert(field.to_owned(), value);
        }
    };
    match &row.content {
        RowContent::Unreadable(why) => return Err(serde_json::json!({"row": [why]})),
        RowContent::Cells(cells) => {
            for m in &job.mapping {
                let Some(cell) = m.index.and_then(|i| cells.get(i)).filter(|c| !c.trim().is_empty()) else {
                    continue;
                };
                let value = match m.field.strip_prefix("custom_fields.") {
                    Some(key) => match definitions.iter().find(|d| d.key == key) {
                        Some(def) => rows::custom_shape(def).value(cell),
                        None => continue,
                    },
                    None => shape
                        .fields
                        .get(&m.field)
                        .map_or_else(|| Value::String(cell.clone()), |s| s.value(cell)),
                };
                put(&m.field, value, &mut body);
            }
        }
        RowContent::Object(object) if job.mapping.is_empty() => body = object.clone(),
        RowContent::Object(object) => {
            for m in &job.mapping {
                match object.get(&m.column) {
                    None | Some(Value::Null) => {}
                    Some(value) => put(&m.field, value.clone(), &mut body),
                }
            }
        }
    }
    if !custom_values.is_empty() {
        let into = body.entry("custom_fields").or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(into) = into {
            into.extend(custom_values);
        }
    }
    Ok(Value::Object(body))
}

/// The row as the failed-rows file repeats it.
fn row_value(row: &Row) -> Value {
    match &row.content {
        RowContent::Cells(cells) => Value::from(cells.clone()),
        RowContent::Object(object) => Value::Object(object.clone()),
        RowContent::Unreadable(_) => Value::Null,
    }
}

/// A refusal as a failed row's errors: field errors by field, anything else under `row`.
fn errors_of(refused: ApiError) -> Result<Value, ApiError> {
    match refused {
        ApiError::Validation(fields) => Ok(serde_json::to_value(fields).map_err(ApiError::internal)?),
        failure @ (ApiError::Internal(_) | ApiError::Unavailable(_)) => Err(failure),
        other => Ok(serde_json::json!({"row": [other.to_string()]})),
    }
}

/// What became of one row.
enum Outcome {
    Created(Vec<Write>),
    Updated(Vec<Write>),
    /// Valid (a dry run writes nothing).
    Checked,
    Failed(Value),
}

/// The file a job reads, and what turns its rows into bodies.
struct Source<'a> {
    bytes: &'a [u8],
    shape: BodyShape,
    definitions: std::sync::Arc<Vec<CustomField>>,
}

/// One chunk of rows made ready to commit: its writes and the job as they leave it.
struct Chunk {
    after: ImportJob,
    writes: Vec<Write>,
    /// The series numbering its created rows, and how many numbers they take.
    draw: Option<Draw>,
    numbered: u64,
    /// Where the series' write is in `writes`: its refusal means another document took the numbers.
    series_at: Option<usize>,
    /// Where the check that the workspace still has no webhook is, when the rows were built
    /// without their events: its refusal means one was added meanwhile.
    no_webhooks_at: Option<usize>,
    /// Rows the next chunk reads.
    next_size: usize,
    ends: bool,
    /// Built while the chunk before it committed: its reads may have missed that chunk's writes,
    /// so a refusal of its conditions is a reason to build it again, not to go row by row.
    speculative: bool,
}

/// Ids drawn ahead of the rows that take them: a chunk built while another commits must not
/// wait for an id counter's update queued behind that commit (SQLite has one writer).
#[derive(Default)]
struct IdsInHand {
    ids: std::ops::Range<u64>,
}

/// Ids drawn at once when the hand runs short: enough for a few chunks.
const IDS_DRAWN_AHEAD: u64 = 4 * MOST_ROWS_PER_CHUNK as u64;

impl IdsInHand {
    /// Makes sure `n` ids are in hand.
    async fn hold<R: Resource>(&mut self, cx: Cx<'_>, n: u64) -> Result<(), ApiError> {
        if self.ids.end - self.ids.start < n {
            self.ids = cx
                .store()
                .next_ids(cx.tenant(), R::KIND, n.max(IDS_DRAWN_AHEAD))
                .await?;
        }
        Ok(())
    }

    /// `n` ids, in order ([`IdsInHand::hold`] them first).
    fn take(&mut self, n: u64) -> std::ops::Range<u64> {
        let taken = self.ids.start..self.ids.start + n;
        assert!(taken.end <= self.ids.end, "ids held before they are taken");
        self.ids.start = taken.end;
        taken
    }

    /// Puts back the last `n` ids taken (rows that did not fit their chunk read them again).
    fn give_back(&mut self, n: u64) {
        self.ids.start -= n;
    }
}

/// Works on `job` until it is done, cancelled or `until` passes; the job as it is then.
///
/// While one chunk commits, the next is built on the job as that commit leaves it (at most one
/// commit in flight, and a chunk commits only after the one before it did).
pub async fn run<R: Resource>(cx: Cx<'_>, mut job: ImportJob, until: Instant) -> Result<ImportJob, ApiError> {
    let Some(key) = crate::store::files::ObjectKey::stored(cx.tenant(), &job.object_key) else {
        return super::fail(cx, job, "The import's file is not where it was stored.").await;
    };
    let Some(file) = cx.files().get(&key).await? else {
        return super::fail(cx, job, "The import's file is gone from the object store.").await;
    };
    let memo = custom::DefinitionsMemo::default();
    let cx = cx.with_memo(&memo);
    let source = Source {
        bytes: rows::without_bom(&file.bytes),
        shape: BodyShape::of::<R::In>(),
        definitions: match R::CUSTOM_FIELDS {
            true => custom::definitions_of(cx, R::KIND).await?,
            false => Default::default(),
        },
    };
    let mut ids = IdsInHand::default();
    let mut size = FIRST_CHUNK;
    let mut one_by_one = 0u8;
    let mut ahead: Option<Chunk> = None;
    while !job.state.finished() && Instant::now() < until {
        let chunk = match ahead.take() {
            Some(chunk) => chunk,
            None => {
                let limit = if one_by_one > 0 { 1 } else { size };
                let draw = fresh_draw::<R>(cx, &job).await?;
                chunk_of::<R>(cx, &source, &job, limit, draw, &mut ids, false).await?
            }
        };
        size = chunk.next_size;
        // An upsert's next rows may match records this chunk creates, which no condition of
        // theirs would notice: it builds each chunk on the last one's writes.
        let overlap = one_by_one == 0 && !chunk.ends && job.mode != ImportMode::Upsert && Instant::now() < until;
        let Chunk {
            after,
            writes,
            draw,
            numbered,
            series_at,
            no_webhooks_at,
            speculative,
            ..
        } = chunk;
        let (committed, next) = match overlap {
            true => {
                if job.mode != ImportMode::DryRun {
                    ids.hold::<R>(cx, size as u64).await?;
                }
                let next_draw = draw.as_ref().map(|d| d.followed(numbered));
                let (committed, next) = futures::future::join(
                    cx.store().transact(writes),
                    chunk_of::<R>(cx, &source, &after, size, next_draw, &mut ids, true),
                )
                .await;
                // A chunk that could not be built is built again, on fresh reads.
                (committed, next.ok())
            }
            false => (cx.store().transact(writes).await, None),
        };
        match committed {
            Ok(()) => {
                job = after;
                one_by_one = one_by_one.saturating_sub(1);
                ahead = next;
            }
            // Another document took these numbers, or a webhook was added: build the chunk again
            // on the series and the webhooks as they are now.
            Err(StoreError::ConditionFailed { index })
                if index.is_some() && (index == series_at || index == no_webhooks_at) => {}
            // Its reads missed the last chunk's writes: build it again on what is stored now.
            Err(StoreError::ConditionFailed { .. }) if speculative => {}
            Err(StoreError::ConditionFailed { .. }) => {
                let current = ops::load::<ImportJob>(cx, job.meta.id).await?;
                if current.meta.version != job.meta.version {
                    // Cancelled, or another worker moved it on: go on from where it is.
                    job = current;
                } else if one_by_one == 0 {
                    // A row's write met a change made meanwhile: go row by row, reading each again.
                    one_by_one = 2;
                } else {
                    job = fail_contended_row(cx, &source, job).await?;
                    one_by_one = 0;
                }
            }
            Err(other) => return Err(other.into()),
        }
    }
    Ok(job)
}

/// The series a numbered kind's created rows take their numbers from, as stored now.
async fn fresh_draw<R: Resource>(cx: Cx<'_>, job: &ImportJob) -> Result<Option<Draw>, ApiError> {
    match R::SERIES {
        Some(series) if job.mode != ImportMode::DryRun => Ok(Some(Draw::read(cx, series).await?)),
        _ => Ok(None),
    }
}

/// The next row, which keeps meeting concurrent changes, fails with the reason; the job after it.
async fn fail_contended_row(cx: Cx<'_>, source: &Source<'_>, job: ImportJob) -> Result<ImportJob, ApiError> {
    let rows = rows::read_rows(job.format, source.bytes, job.next_offset, job.next_line, 1);
    let Some(row) = rows.first() else { return Ok(job) };
    let mut after = job.clone();
    after.rows_done += 1;
    after.rows_failed += 1;
    after.next_offset = row.next_offset;
    after.next_line = row.line + 1;
    let errors = serde_json::json!({"row": ["Another change to the same records was made at the same time; import the row again."]});
    let mut all = ops::change_writes(cx, &job, &mut after)?;
    all.push(Write::put(
        failure_item(cx.tenant(), job.meta.id, row.line, errors, row_value(row))?,
        crate::store::Condition::Always,
    ));
    ops::commit(cx, all).await?;
    Ok(after)
}

/// The next chunk of `job`'s rows (up to `limit`, as many as fit one transaction), made ready to
/// commit; numbered rows take their numbers from `draw`.
async fn chunk_of<R: Resource>(
    cx: Cx<'_>,
    source: &Source<'_>,
    job: &ImportJob,
    limit: usize,
    mut draw: Option<Draw>,
    ids: &mut IdsInHand,
    speculative: bool,
) -> Result<Chunk, ApiError> {
    let rows = rows::read_rows(job.format, source.bytes, job.next_offset, job.next_line, limit);
    let mut after = job.clone();
    after.state = JobState::Running;
    after.started_at.get_or_insert_with(now_rfc3339);
    let mut writes: Vec<Write> = Vec::new();
    let mut ends = rows.is_empty();
    let mut numbered = 0;
    let mut next_size = limit;
    // Room for the job's own writes (itself, its due entry, a finish event), the series' and the
    // webhooks check.
    let mut room = Room::new(cx.store().transaction_writes(), 6);
    // Without a webhook the outbox would leave every created row's event out at commit: they are
    // not built at all, and one check in the chunk keeps that true.
    let announce = match job.mode != ImportMode::DryRun && !ends && !ops::has_webhooks(cx).await? {
        true => ops::Announce::Nothing,
        false => ops::Announce::Events,
    };
    let mut created_any = false;
    if !ends {
        let outcomes = outcomes::<R>(cx, job, source, &rows, draw.as_mut(), ids, announce).await?;
        let mut fitted = 0;
        let mut full = false;
        let mut ids_unused = 0;
        for (row, (outcome, took_id)) in rows.iter().zip(outcomes) {
            let created = matches!(outcome, Outcome::Created(_));
            let (row_writes, counter) = match outcome {
                Outcome::Created(w) => (w, &mut after.rows_created),
                Outcome::Updated(w) => (w, &mut after.rows_updated),
                Outcome::Checked => (Vec::new(), &mut after.rows_created),
                Outcome::Failed(errors) => (
                    vec![Write::put(
                        failure_item(cx.tenant(), job.meta.id, row.line, errors, row_value(row))?,
                        crate::store::Condition::Always,
                    )],
                    &mut after.rows_failed,
                ),
            };
            // The first row goes alone if need be (its own transaction says whether it fits);
            // the rows left over are read again by the next chunk, and take their ids again.
            if full || (!room.take(&row_writes) && fitted > 0) {
                full = true;
                ids_unused += u64::from(took_id);
                continue;
            }
            writes.extend(row_writes);
            created_any |= created;
            numbered += u64::from(created && draw.is_some());
            *counter += 1;
            after.rows_done += 1;
            after.next_offset = row.next_offset;
            after.next_line = row.line + 1;
            fitted += 1;
        }
        ids.give_back(ids_unused);
        // Twice as many rows next time while they all fit (SQLite takes hundreds in one
        // transaction), else one more than did.
        next_size = match fitted == rows.len() {
            true => (limit * 2).min(MOST_ROWS_PER_CHUNK),
            false => fitted + 1,
        };
        ends = after.next_offset as usize >= source.bytes.len();
    }
    let mut all = match ends {
        true => super::end_writes(cx, job, &mut after, JobState::Completed, None)?,
        false => ops::change_writes(cx, job, &mut after)?,
    };
    all.extend(writes);
    // The fitted rows' numbers are the first drawn, in row order.
    if numbered > 0 {
        if let Some(draw) = draw.as_ref() {
            all.push(draw.write(numbered)?);
        }
    }
    let mut writes = index::merge_adds(all);
    let series_at = match (&draw, numbered) {
        (Some(draw), 1..) => writes.iter().position(|w| draw.is_its(w)),
        _ => None,
    };
    // Last, after the merge (which moves counter adds to the end), so its place is known.
    let no_webhooks_at = (announce == ops::Announce::Nothing && created_any).then(|| {
        writes.push(ops::no_webhooks_check(cx));
        writes.len() - 1
    });
    Ok(Chunk {
        after,
        writes,
        draw,
        numbered,
        series_at,
        no_webhooks_at,
        next_size,
        ends,
        speculative,
    })
}

/// The room left in a chunk's transaction, filled row by row: its writes once counter adds
/// merge, and the keys it names (a transaction names each key once). Keys are kept as hashes:
/// a chunk names thousands, and a collision only ends the chunk one row early.
struct Room {
    most: usize,
    writes: usize,
    hasher: foldhash::fast::FixedState,
    added: HashSet<u64, foldhash::fast::FixedState>,
    named: HashSet<u64, foldhash::fast::FixedState>,
}

impl Room {
    /// A transaction of the store's size ([`crate::store::Store::transaction_writes`]) with
    /// `spare` writes kept for the job's own.
    fn new(store_writes: usize, spare: usize) -> Self {
        Self {
            most: store_writes.saturating_sub(spare),
            writes: 0,
            hasher: foldhash::fast::FixedState::default(),
            added: HashSet::default(),
            named: HashSet::default(),
        }
    }

    /// Takes `writes` (one row's) when they fit beside what is taken; whether they did.
    fn take(&mut self, writes: &[Write]) -> bool {
        use std::hash::BuildHasher;
        let mut added: Vec<u64> = Vec::new();
        let mut named: Vec<u64> = Vec::new();
        for write in writes {
            let key = self.hasher.hash_one(write.key());
            match write {
                Write::Add { .. } => {
                    if !self.added.contains(&key) && !added.contains(&key) {
                        added.push(key);
                    }
                }
                _ => {
                    if self.named.contains(&key) || named.contains(&key) {
                        return false;
                    }
                    named.push(key);
                }
            }
        }
        let grown = self.writes + added.len() + named.len();
        if grown > self.most {
            return false;
        }
        self.writes = grown;
        self.added.extend(added);
        self.named.extend(named);
        true
    }
}

/// Each row's outcome, decided together: the records built, their unique values checked in one
/// read, ids taken from `ids` in row order. With each, whether it took an id.
async fn outcomes<R: Resource>(
    cx: Cx<'_>,
    job: &ImportJob,
    source: &Source<'_>,
    rows: &[Row],
    mut draw: Option<&mut Draw>,
    ids: &mut IdsInHand,
    announce: ops::Announce,
) -> Result<Vec<(Outcome, bool)>, ApiError> {
    let mut changes: Vec<Result<(Option<R>, R), Value>> = Vec::with_capacity(rows.len());
    let mut matched: HashSet<u64> = HashSet::new();
    for row in rows {
        let change = match body_of(job, &source.shape, &source.definitions, row) {
            Err(errors) => Err(errors),
            Ok(body) => match change_for::<R>(cx, job, body, &mut matched).await {
                Ok(change) => Ok(change),
                Err(refused) => Err(errors_of(refused)?),
            },
        };
        changes.push(change);
    }
    let mut took_id = vec![false; changes.len()];
    if job.mode != ImportMode::DryRun {
        let unnumbered = changes
            .iter()
            .filter(|c| matches!(c, Ok((None, r)) if r.meta().id == 0))
            .count() as u64;
        ids.hold::<R>(cx, unnumbered).await?;
        let mut taken = ids.take(unnumbered);
        for (change, took) in changes.iter_mut().zip(took_id.iter_mut()) {
            if let Ok((None, record)) = change {
                if record.meta().id == 0 {
                    record.meta_mut().id = taken.next().expect("an id drawn for each");
                    *took = true;
                }
            }
        }
    }
    let pairs: Vec<(Option<&R>, &R)> = changes.iter().flatten().map(|(b, a)| (b.as_ref(), a)).collect();
    let mut verdicts = crate::resource::unique::check_many(cx, &pairs).await?.into_iter();
    let mut outcomes = Vec::with_capacity(changes.len());
    for (change, took) in changes.into_iter().zip(took_id) {
        let (before, after) = match change {
            Ok(pair) => pair,
            Err(errors) => {
                outcomes.push((Outcome::Failed(errors), took));
                continue;
            }
        };
        if let Err(refused) = verdicts.next().expect("a verdict for each") {
            outcomes.push((Outcome::Failed(errors_of(refused)?), took));
            continue;
        }
        if job.mode == ImportMode::DryRun {
            outcomes.push((Outcome::Checked, took));
            continue;
        }
        let staged = match &before {
            // A numbered kind's new record takes the next number once nothing can refuse it.
            None => match ops::stage_side(cx, after, Vec::new()).await {
                Ok((mut record, side)) => {
                    if let Some(draw) = draw.as_deref_mut() {
                        record.set_number(draw.take());
                    }
                    let mut writes = ops::prepare_with(cx, &mut record, announce)?;
                    writes.extend(side);
                    Ok(Outcome::Created(writes))
                }
                Err(refused) => Err(refused),
            },
            Some(before) => ops::stage_save(cx, before, after, Vec::new())
                .await
                .map(|(_, w)| Outcome::Updated(w)),
        };
        outcomes.push((
            match staged {
                Ok(outcome) => outcome,
                Err(refused) => Outcome::Failed(errors_of(refused)?),
            },
            took,
        ));
    }
    Ok(outcomes)
}

/// A row's change: a new record, or (an upsert whose row matches one) the record changed.
async fn change_for<R: Resource>(
    cx: Cx<'_>,
    job: &ImportJob,
    body: Value,
    matched: &mut HashSet<u64>,
) -> Result<(Option<R>, R), ApiError> {
    if job.mode == ImportMode::Upsert {
        let field = job.match_field.as_deref().unwrap_or_default();
        if let Some(current) = matching::<R>(cx, field, &body).await? {
            if !matched.insert(current.meta().id) {
                return Err(ApiError::invalid(
                    field,
                    "An earlier row of this chunk matched the same record; the file names it twice.",
                ));
            }
            let mut after = current.clone();
            after.apply(cx, crate::resource::parse_patch::<R::Patch>(body)?).await?;
            return Ok((Some(current), after));
        }
    }
    let record = R::build(cx, parse_value::<R::In>(body)?).await?;
    Ok((None, record))
}

/// The one record whose `field` has the row's value, if one does; 422 when several do.
async fn matching<R: Resource>(cx: Cx<'_>, field: &str, body: &Value) -> Result<Option<R>, ApiError> {
    let value = match field.strip_prefix("custom_fields.") {
        Some(key) => body.get("custom_fields").and_then(|c| c.get(key)),
        None => body.get(field),
    };
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Err(ApiError::invalid(
            field,
            format!("An upsert matches rows by {field}: the row has none."),
        ));
    };
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if let Some(unique) = R::UNIQUE.iter().find(|u| u.field == field) {
        return match crate::resource::unique::holder::<R>(cx, unique.field, &text).await? {
            Some(id) => ops::find::<R>(cx, id).await,
            None => Ok(None),
        };
    }
    let mut params = crate::http::ListParams {
        per_page: Some(2),
        ..Default::default()
    };
    let filters: R::Filters = match field.strip_prefix("custom_fields.") {
        Some(key) => {
            params.custom = vec![(key.to_owned(), text.clone())];
            parse_value(Value::Object(Map::new()))?
        }
        None => parse_value(serde_json::json!({ field: value }))
            .map_err(|_| ApiError::invalid(field, format!("`{text}` is not a value records can be matched by.")))?,
    };
    let listing = crate::http::Listing { params, filters };
    let found = index::list::<R, R::Filters>(cx, &listing, None).await?.records()?.data;
    // The index folds case and accents: keep the records whose value is the row's.
    let same = |r: &R| {
        let stored = serde_json::to_value(r).ok();
        let stored = match field.strip_prefix("custom_fields.") {
            Some(key) => stored
                .as_ref()
                .and_then(|s| s.get("custom_fields"))
                .and_then(|c| c.get(key))
                .cloned(),
            None => stored.as_ref().and_then(|s| s.get(field)).cloned(),
        };
        match (stored, value) {
            (Some(Value::String(a)), Value::String(b)) => a.to_lowercase() == b.to_lowercase(),
            (Some(a), b) => &a == b,
            (None, _) => false,
        }
    };
    let mut found: Vec<R> = found.into_iter().filter(same).collect();
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.pop()),
        _ => Err(ApiError::invalid(
            field,
            format!(
                "More than one {} has this {field}; an upsert needs one.",
                R::NAME.to_lowercase()
            ),
        )),
    }
}
