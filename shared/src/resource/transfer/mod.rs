//! Bulk import and export of a resource's records, as jobs that run in the background.
//!
//! `POST <base>/import` (a CSV or JSON Lines upload, beside the resource's own routes, so it
//! routes inside the function that owns the resource) stores the file in the object store and
//! queues an [`ImportJob`]; `POST <base>/export` queues an [`ExportJob`] with the list's filters.
//! The job routes (`/api/imports/{id}`, `/api/exports/{id}`, ...) show a job's state, cancel an
//! import, and serve its failed rows or the export's file.
//!
//! A job is queued in the cross-tenant due index ([`index::due`]) while it is not finished.
//! Locally the worker ([`spawn_worker`]) works through them ([`run_due`]), woken by each new
//! job. In the cloud each new job is also a message on the transfer queue, which invokes the
//! `transfer` function for it ([`handle_invocation`]); a scheduled sweep there takes the jobs
//! no worker is on (a message that could not be sent, a worker stopped). An import commits each chunk of rows in one store transaction with
//! its checkpoint (the job's next row), conditioned on the job's version, so a crash resumes at
//! the first row not committed and no row is imported twice ([`import`]).

pub mod export;
pub mod import;
pub mod rows;

use std::time::{Duration, Instant};

use axum::body::Body as HttpBody;
use axum::response::Response;
use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::index::Lists;
use super::{ops, Cx, Meta, NoChange, NoFilters, Resource, Services};
use crate::auth::Module;
use crate::events::EventType;
use crate::http::ApiError;
use crate::store::{id_sort_key, Key, Partition, Query, SortKeyRange, TenantId};
pub use rows::FileFormat;

pub const IMPORT_FINISHED: EventType = EventType::new(
    "import.finished",
    "An import job finished: completed, failed or cancelled (its state says which).",
)
.with_record::<ImportJob>();
pub const EXPORT_FINISHED: EventType = EventType::new(
    "export.finished",
    "An export job finished: its file is ready to download, or it failed.",
)
.with_record::<ExportJob>();

/// Largest import file.
pub const IMPORT_FILE_LIMIT: usize = 32 * 1024 * 1024;
/// How long an export's file can be downloaded after it is written.
pub const EXPORT_KEPT_FOR: Duration = Duration::from_secs(24 * 3600);
/// How long a download link from `GET /api/exports/{id}` works (at most until the file goes).
pub const DOWNLOAD_LINK_FOR: Duration = Duration::from_secs(3600);

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobState {
    Queued,
    Running,
    Completed,
    Failed,
    Cancelled,
}

impl JobState {
    pub fn finished(self) -> bool {
        matches!(self, Self::Completed | Self::Failed | Self::Cancelled)
    }
}

/// How an import treats its rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportMode {
    /// Each row creates a record.
    #[default]
    Create,
    /// A row whose `match_field` value a record has changes that record; others create one.
    Upsert,
    /// Every row is checked as `create` would, and nothing is written but the failed rows.
    DryRun,
}

/// One column of an import file and the field it fills.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ColumnMapping {
    /// The column's header (CSV) or key (JSON Lines).
    pub column: String,
    /// A field of the resource's create body, or `custom_fields.<key>`.
    pub field: String,
    /// The column's place in a CSV row, from 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub index: Option<usize>,
}

/// The form `POST <base>/import` takes (`multipart/form-data`).
#[derive(Debug, JsonSchema)]
pub struct ImportForm {
    /// The file: CSV with a header row naming the record's fields (its required ones at least), or
    /// JSON Lines; UTF-8; at most 32 MiB.
    #[schemars(extend("format" = "binary", "x-content-type" = "text/csv, application/x-ndjson"), length(min = 1))]
    pub file: String,
    /// `create` (default), `upsert` or `dry_run`.
    pub mode: Option<ImportMode>,
    /// For an upsert: the field whose value matches a row to a record (a unique field, a filter
    /// of the list, or a filterable custom field `custom_fields.<key>`).
    pub match_field: Option<String>,
    /// A JSON object from column (header, or JSON Lines key) to field: `{"E-mail": "email",
    /// "Tier": "custom_fields.tier", "Notes": null}`. Without it, each column whose header is a
    /// field's name fills that field.
    pub mapping: Option<String>,
    /// `csv` or `jsonl`; without it, from the file's name or content type (CSV otherwise).
    pub format: Option<FileFormat>,
}

/// An import job's record.
#[derive(Clone, Debug, Serialize, crate::RecordDeserialize)]
pub struct ImportJob {
    #[serde(flatten)]
    pub meta: Meta,
    /// The kind of record it imports (`crm_contact`).
    pub resource: String,
    pub module: Module,
    pub format: FileFormat,
    pub mode: ImportMode,
    pub match_field: Option<String>,
    pub mapping: Vec<ColumnMapping>,
    pub ignored_columns: Vec<String>,
    /// A CSV's header, in file order.
    pub columns: Vec<String>,
    pub file_name: String,
    pub size: u64,
    pub object_key: String,
    pub state: JobState,
    pub rows_total: u64,
    pub rows_done: u64,
    pub rows_created: u64,
    pub rows_updated: u64,
    pub rows_failed: u64,
    /// The checkpoint: where the first row not yet committed starts, and its line.
    pub next_offset: u64,
    pub next_line: u64,
    pub error: Option<String>,
    pub created_by: u64,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
}

/// An import job as the API shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ImportJobOut {
    #[serde(flatten)]
    pub meta: Meta,
    /// The kind of record it imports (`crm_contact`).
    pub resource: String,
    pub format: FileFormat,
    pub mode: ImportMode,
    /// The field an upsert matches rows to records by.
    pub match_field: Option<String>,
    pub mapping: Vec<ColumnMapping>,
    /// The file's columns that fill no field.
    pub ignored_columns: Vec<String>,
    pub file_name: String,
    /// Bytes.
    pub size: u64,
    pub state: JobState,
    /// The file's rows (blank lines left out).
    pub rows_total: u64,
    /// Rows handled so far: created, updated or failed (in a dry run: checked).
    pub rows_done: u64,
    pub rows_created: u64,
    pub rows_updated: u64,
    pub rows_failed: u64,
    /// Why the job failed, when it did.
    pub error: Option<String>,
    /// A CSV of the failed rows with their errors, while there are any.
    pub failed_rows_url: Option<String>,
    pub created_by: u64,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
}

impl From<ImportJob> for ImportJobOut {
    fn from(job: ImportJob) -> Self {
        let failed_rows_url = (job.rows_failed > 0).then(|| format!("/api/imports/{}/failed-rows", job.meta.id));
        Self {
            meta: job.meta,
            resource: job.resource,
            format: job.format,
            mode: job.mode,
            match_field: job.match_field,
            // Where a column sits in a row is the worker's business.
            mapping: job
                .mapping
                .into_iter()
                .map(|m| ColumnMapping { index: None, ..m })
                .collect(),
            ignored_columns: job.ignored_columns,
            file_name: job.file_name,
            size: job.size,
            state: job.state,
            rows_total: job.rows_total,
            rows_done: job.rows_done,
            rows_created: job.rows_created,
            rows_updated: job.rows_updated,
            rows_failed: job.rows_failed,
            error: job.error,
            failed_rows_url,
            created_by: job.created_by,
            started_at: job.started_at,
            finished_at: job.finished_at,
        }
    }
}

/// The due-index date of a job still to run: before every real date, so [`run_due`] finds it
/// (with [`WAITING_UNTIL`], the due index's bound, which is exclusive).
const WAITING: &str = "0000-00-00";
const WAITING_UNTIL: &str = "0000-00-01";

impl Resource for ImportJob {
    const KIND: &'static str = "import_job";
    const NAME: &'static str = "Import";
    const MODULE: Module = Module::Account;
    const LISTS: &'static Lists<Self> = &Lists::BY_ID;
    type In = NoChange;
    type Patch = NoChange;
    type Out = ImportJobOut;
    type Filters = NoFilters;
    crate::meta_field!();

    fn search_text(&self) -> String {
        self.file_name.clone()
    }

    fn due_date(&self) -> Option<String> {
        (!self.state.finished()).then(|| WAITING.to_owned())
    }
}

/// An export job's record.
#[derive(Clone, Debug, Serialize, crate::RecordDeserialize)]
pub struct ExportJob {
    #[serde(flatten)]
    pub meta: Meta,
    pub resource: String,
    pub module: Module,
    pub format: FileFormat,
    /// The list's query string the export reads with (filters, sort, search).
    pub query: String,
    pub state: JobState,
    pub rows_done: u64,
    pub object_key: Option<String>,
    pub size: u64,
    pub expires_at: Option<String>,
    pub error: Option<String>,
    pub created_by: u64,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
}

/// An export job as the API shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ExportJobOut {
    #[serde(flatten)]
    pub meta: Meta,
    /// The kind of record it exports (`crm_contact`).
    pub resource: String,
    pub format: FileFormat,
    /// The list query it exports (`status=open&sort=-created_at`).
    pub query: String,
    pub state: JobState,
    /// Records written so far.
    pub rows_done: u64,
    /// The file's size in bytes, once written.
    pub size: u64,
    /// Until when the file can be downloaded.
    pub expires_at: Option<String>,
    /// Where to download the file, once the job completed and until it expires: a signed link
    /// that needs no token (in the cloud, valid for an hour) or this API's download route.
    pub download_url: Option<String>,
    pub error: Option<String>,
    pub created_by: u64,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
}

impl From<ExportJob> for ExportJobOut {
    fn from(job: ExportJob) -> Self {
        let download_url = (job.state == JobState::Completed && !expired(job.expires_at.as_deref()))
            .then(|| format!("/api/exports/{}/download", job.meta.id));
        Self {
            meta: job.meta,
            resource: job.resource,
            format: job.format,
            query: job.query,
            state: job.state,
            rows_done: job.rows_done,
            size: job.size,
            expires_at: job.expires_at,
            download_url,
            error: job.error,
            created_by: job.created_by,
            started_at: job.started_at,
            finished_at: job.finished_at,
        }
    }
}

fn expired(expires_at: Option<&str>) -> bool {
    expires_at.is_some_and(|at| at <= crate::time::now_rfc3339().as_str())
}

impl Resource for ExportJob {
    const KIND: &'static str = "export_job";
    const NAME: &'static str = "Export";
    const MODULE: Module = Module::Account;
    const LISTS: &'static Lists<Self> = &Lists::BY_ID;
    type In = NoChange;
    type Patch = NoChange;
    type Out = ExportJobOut;
    type Filters = NoFilters;
    crate::meta_field!();

    fn search_text(&self) -> String {
        self.resource.clone()
    }

    fn due_date(&self) -> Option<String> {
        (!self.state.finished()).then(|| WAITING.to_owned())
    }
}

/// What the worker runs for one resource's jobs: its import and export, for `R` (registered by
/// [`Routes::transfer`] beside the resource's routes).
pub struct Transfer {
    pub kind: &'static str,
    pub import: for<'a> fn(Cx<'a>, ImportJob, Instant) -> BoxFuture<'a, Result<ImportJob, ApiError>>,
    pub export: for<'a> fn(Cx<'a>, ExportJob) -> BoxFuture<'a, Result<ExportJob, ApiError>>,
}

/// `R`'s [`Transfer`], a constant so that it lives for the whole program.
pub struct TransferOf<R>(std::marker::PhantomData<R>);

impl<R: Resource> TransferOf<R> {
    pub const FNS: Transfer = Transfer {
        kind: R::KIND,
        import: |cx, job, until| Box::pin(import::run::<R>(cx, job, until)),
        export: |cx, job| Box::pin(export::run::<R>(cx, job)),
    };
}

static WAKE: tokio::sync::Notify = tokio::sync::Notify::const_new();

/// What the transfer queue carries: the job to run (a wake-up; the job itself is in the store).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QueuedJob {
    /// [`ImportJob::KIND`] or [`ExportJob::KIND`].
    pub kind: &'static str,
    pub tenant: u64,
    pub id: u64,
}

impl QueuedJob {
    fn of<J: Job>(tenant: TenantId, job: &J) -> Self {
        Self {
            kind: J::KIND,
            tenant: tenant.0,
            id: job.meta().id,
        }
    }

    /// Reads a queue message's body; `None` for one that names no job.
    pub fn parse(body: &str) -> Option<Self> {
        #[derive(Deserialize)]
        struct Wire {
            kind: String,
            tenant: u64,
            id: u64,
        }
        let wire: Wire = serde_json::from_str(body).ok()?;
        let kind = [ImportJob::KIND, ExportJob::KIND]
            .into_iter()
            .find(|k| *k == wire.kind)?;
        Some(Self {
            kind,
            tenant: wire.tenant,
            id: wire.id,
        })
    }
}

/// Wakes a worker for `job`, just committed: the local worker, and in the cloud the `transfer`
/// function through its queue. The job is already stored, so a message that cannot be sent
/// loses nothing: the function's schedule finds the job within minutes (and the failure is
/// logged).
async fn wake(services: &Services, job: QueuedJob) {
    WAKE.notify_one();
    let (Some(sqs), Some(url)) = (services.sqs(), services.config().transfer_queue_url.as_deref()) else {
        return;
    };
    let body = serde_json::to_string(&job).expect("a queued job serialises");
    if let Err(e) = sqs.send_message().queue_url(url).message_body(body).send().await {
        tracing::warn!(error = %aws_sdk_sqs::error::DisplayErrorContext(&e), kind = job.kind, id = job.id,
            "the transfer queue did not take a job; the schedule will run it");
    }
}

/// How long one [`run_due`] works on one import before it lets the next job have a turn.
const TURN: Duration = Duration::from_secs(10);

/// What an import and an export share: a kind of record it works on, the user who started it,
/// a state that ends, and an event when it does.
pub trait Job: Resource {
    /// The event its end fires (the job as `GET` shows it is the data).
    const FINISHED: EventType;
    /// The kind of record it works on, and who started it.
    fn owner(&self) -> (&str, u64);
    /// Ends it in `state` (with `error` when it failed).
    fn end(&mut self, state: JobState, error: Option<String>);
    /// Whether it has ended.
    fn finished(&self) -> bool;
    /// Works on it for a turn with `transfer`, its kind's functions.
    fn run<'a>(transfer: &Transfer, cx: Cx<'a>, job: Self) -> BoxFuture<'a, Result<Self, ApiError>>;
}

/// What [`Job`] reads and writes on both kinds, whose fields of the same names mean the same.
macro_rules! job_fields {
    () => {
        fn owner(&self) -> (&str, u64) {
            (&self.resource, self.created_by)
        }
        fn end(&mut self, state: JobState, error: Option<String>) {
            (self.state, self.error) = (state, error);
            self.finished_at = Some(crate::time::now_rfc3339());
        }
        fn finished(&self) -> bool {
            self.state.finished()
        }
    };
}

impl Job for ImportJob {
    const FINISHED: EventType = IMPORT_FINISHED;
    job_fields!();
    fn run<'a>(transfer: &Transfer, cx: Cx<'a>, job: Self) -> BoxFuture<'a, Result<Self, ApiError>> {
        (transfer.import)(cx, job, Instant::now() + TURN)
    }
}

impl Job for ExportJob {
    const FINISHED: EventType = EXPORT_FINISHED;
    job_fields!();
    fn run<'a>(transfer: &Transfer, cx: Cx<'a>, job: Self) -> BoxFuture<'a, Result<Self, ApiError>> {
        (transfer.export)(cx, job)
    }
}

/// The writes that store `after` (changed from `job`) ended in `state`, with its event.
pub(crate) fn end_writes<J: Job>(
    cx: Cx<'_>,
    job: &J,
    after: &mut J,
    state: JobState,
    error: Option<String>,
) -> Result<Vec<crate::store::Write>, ApiError> {
    after.end(state, error);
    let mut writes = ops::change_writes(cx, job, after)?;
    writes.push(ops::event_write(cx, J::FINISHED.name, &*after)?);
    Ok(writes)
}

/// Ends `job` as failed, with `why`.
pub async fn fail<J: Job>(cx: Cx<'_>, job: J, why: &str) -> Result<J, ApiError> {
    let mut after = job.clone();
    let writes = end_writes(cx, &job, &mut after, JobState::Failed, Some(why.to_owned()))?;
    ops::commit(cx, writes).await?;
    Ok(after)
}

/// Runs the queued and unfinished jobs of every tenant that no worker has touched for
/// `idle_for`, a turn each; how many turns succeeded. The local worker takes every job (zero);
/// the cloud's scheduled sweep only those a queued worker is not on (an import's worker
/// commits a checkpoint every few seconds), so the two do not work one import side by side.
pub async fn run_due(services: &Services, idle_for: Duration) -> anyhow::Result<usize> {
    let touched_before = (!idle_for.is_zero())
        .then(|| crate::time::unix_to_rfc3339(crate::time::now_unix() - idle_for.as_secs() as i64));
    let touched_before = touched_before.as_deref();
    Ok(run_due_of::<ImportJob>(services, touched_before).await?
        + run_due_of::<ExportJob>(services, touched_before).await?)
}

async fn run_due_of<J: Job>(services: &Services, touched_before: Option<&str>) -> anyhow::Result<usize> {
    let mut worked = 0;
    for due in super::index::due::<J>(services.store(), WAITING_UNTIL, 50).await? {
        match turn::<J>(services, due.tenant, due.id, touched_before).await {
            Ok(Turn::Busy) => {}
            Ok(_) => worked += 1,
            // Taken again next round (an import from its checkpoint, an export anew); not
            // counted, so the local worker waits before it retries instead of spinning.
            Err(e) => tracing::error!(error = %e, kind = J::KIND, "a job's turn failed; it runs again"),
        }
    }
    Ok(worked)
}

/// How a job is after [`turn`].
#[derive(Debug, PartialEq, Eq)]
enum Turn {
    /// Ended (or gone).
    Finished,
    /// Left for another turn (a long import).
    Unfinished,
    /// Not taken: touched too recently, so another worker is on it.
    Busy,
}

/// Gives the job `id` of `tenant` a turn (an import, [`TURN`]; an export, the whole file),
/// unless it was last changed at or after `touched_before`.
async fn turn<J: Job>(
    services: &Services,
    tenant: TenantId,
    id: u64,
    touched_before: Option<&str>,
) -> Result<Turn, ApiError> {
    let Some(job) = ops::find::<J>(Cx::system(services, tenant, 0), id).await? else {
        return Ok(Turn::Finished);
    };
    if job.finished() {
        return Ok(Turn::Finished);
    }
    if touched_before.is_some_and(|before| job.meta().updated_at.as_str() >= before) {
        return Ok(Turn::Busy);
    }
    let (kind, user_id) = job.owner();
    let cx = Cx::system(services, tenant, user_id);
    let after = match services.catalog().transfer(kind) {
        Some(transfer) => J::run(transfer, cx, job).await?,
        None => fail(cx, job, "This kind of record can no longer be imported or exported.").await?,
    };
    Ok(if after.finished() {
        Turn::Finished
    } else {
        Turn::Unfinished
    })
}

/// Runs the job a transfer queue message names until it is finished or `until` passes. A job
/// still unfinished then (a long import) is queued again, to go on at once in a new invocation
/// from its checkpoint. Safe to receive twice: a finished job is left alone, and two workers
/// on one import each commit only from the checkpoint they read (see [`import`]).
pub async fn run_queued(services: &Services, job: QueuedJob, until: Instant) -> Result<(), ApiError> {
    let tenant = TenantId(job.tenant);
    loop {
        let turn = match job.kind {
            k if k == ImportJob::KIND => turn::<ImportJob>(services, tenant, job.id, None).await?,
            _ => turn::<ExportJob>(services, tenant, job.id, None).await?,
        };
        if turn == Turn::Finished {
            return Ok(());
        }
        if Instant::now() + TURN >= until {
            wake(services, job).await;
            return Ok(());
        }
    }
}

/// How long the cloud's scheduled sweep leaves a job alone after its last change, for the
/// queued worker on it (whose import commits a checkpoint every few seconds).
pub const SWEEP_IDLE: Duration = Duration::from_secs(120);

/// One invocation of the cloud's `transfer` function, given its event and when to stop:
/// an SQS batch from the transfer queue runs the jobs its messages name (the answer lists the
/// messages to receive again, as SQS's partial batch response); any other event (the schedule)
/// sweeps the jobs no worker is on ([`SWEEP_IDLE`]), for a message lost or a worker stopped.
pub async fn handle_invocation(services: &Services, event: &Value, until: Instant) -> anyhow::Result<Value> {
    let Some(records) = event.get("Records").and_then(Value::as_array) else {
        let mut turns = 0;
        while Instant::now() + TURN < until {
            let worked = run_due(services, SWEEP_IDLE).await?;
            if worked == 0 {
                break;
            }
            turns += worked;
        }
        return Ok(serde_json::json!({"turns": turns}));
    };
    let mut failures = Vec::new();
    for record in records {
        let message_id = record.get("messageId").and_then(Value::as_str).unwrap_or_default();
        let body = record.get("body").and_then(Value::as_str).unwrap_or_default();
        let Some(job) = QueuedJob::parse(body) else {
            // It would never parse: receiving it again cannot help.
            tracing::error!(message_id, "a transfer queue message names no job; dropped");
            continue;
        };
        if let Err(e) = run_queued(services, job, until).await {
            tracing::error!(error = %e, kind = job.kind, id = job.id, "a queued job's turn failed; it runs again");
            failures.push(serde_json::json!({"itemIdentifier": message_id}));
        }
    }
    Ok(serde_json::json!({"batchItemFailures": failures}))
}

/// The local worker: runs the queued jobs as they come (woken by each new job) and at least
/// every few seconds, so jobs left by a stopped server resume.
pub fn spawn_worker<S>(services: S) -> tokio::task::JoinHandle<()>
where
    S: std::ops::Deref<Target = Services> + Send + Sync + 'static,
{
    tokio::spawn(async move {
        loop {
            match run_due(&services, Duration::ZERO).await {
                // Jobs may be left (an import gets a turn at a time): go on at once.
                Ok(worked) if worked > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "the import and export worker failed a round"),
            }
            tokio::select! {
                () = WAKE.notified() => {}
                () = tokio::time::sleep(Duration::from_secs(3)) => {}
            }
        }
    })
}

/// Where a job's failed rows are kept: one item per row, by line.
fn failures_partition(tenant: TenantId, job_id: u64) -> Partition {
    Partition::tenant(tenant, &format!("{}~e~{}", ImportJob::KIND, id_sort_key(job_id)))
}

fn failure_key(tenant: TenantId, job_id: u64, line: u64) -> Key {
    Key::new(failures_partition(tenant, job_id), id_sort_key(line))
}

/// Queues the import of `upload` into records of `R` ([`import::queue`]) and wakes a worker.
pub async fn start_import<R: Resource>(
    cx: Cx<'_>,
    upload: crate::http::Upload,
    allowance: &impl import::Allowance,
) -> Result<ImportJob, ApiError> {
    let job = import::queue::<R>(cx, upload, allowance).await?;
    wake(cx.services, QueuedJob::of(cx.tenant(), &job)).await;
    Ok(job)
}

/// Queues the export of records of `R` that `body` asks for ([`export::queue`]) and wakes a
/// worker.
pub async fn start_export<R: Resource>(cx: Cx<'_>, body: Value) -> Result<ExportJob, ApiError> {
    let job = export::queue::<R>(cx, body).await?;
    wake(cx.services, QueuedJob::of(cx.tenant(), &job)).await;
    Ok(job)
}

/// Stops queued or running import `job` after the chunk it is on (the rows committed stay); 409
/// for one already finished.
pub async fn cancel_import(cx: Cx<'_>, job: ImportJob) -> Result<ImportJob, ApiError> {
    if job.state.finished() {
        return Err(ApiError::invalid_transition(format!(
            "The import is {} already; only a queued or running one can be cancelled.",
            serde_json::to_value(job.state)
                .ok()
                .and_then(|s| s.as_str().map(str::to_owned))
                .unwrap_or_default()
        )));
    }
    let mut after = job.clone();
    let writes = end_writes(cx, &job, &mut after, JobState::Cancelled, None)?;
    ops::commit(cx, writes).await?;
    Ok(after)
}

/// A CSV of import `job`'s failed rows (`line`, `errors`, then the row as the file had it), read
/// from the store a page at a time as the answer streams.
pub fn failed_rows_file(cx: Cx<'_>, job: &ImportJob) -> Response {
    let (store, tenant, id) = (cx.services.store_arc(), cx.tenant(), job.meta.id);
    let mut header = vec!["line".to_owned(), "errors".to_owned()];
    match job.format {
        FileFormat::Csv => header.extend(job.mapping_header()),
        FileFormat::Jsonl => header.push("row".to_owned()),
    }
    let first = rows::csv_record(&header);
    let width = header.len();
    let stream = futures::stream::unfold(Some((first, None::<String>, false)), move |at| {
        let store = store.clone();
        async move {
            let (pending, after, done) = at?;
            if !pending.is_empty() {
                return Some((
                    Ok::<_, std::io::Error>(bytes::Bytes::from(pending)),
                    Some((Vec::new(), after, done)),
                ));
            }
            if done {
                return None;
            }
            let mut query = Query::partition(failures_partition(tenant, id));
            query.range = SortKeyRange::All;
            query.limit = 500;
            query.after = after.map(crate::store::PageToken);
            let page = match store.query(query).await {
                Ok(page) => page,
                Err(e) => return Some((Err(std::io::Error::other(e.to_string())), None)),
            };
            let mut out = Vec::new();
            let last = page.items.last().map(|i| i.key.sk.clone());
            for item in &page.items {
                out.extend(failure_line(&item.data, width));
            }
            let done = page.next.is_none() || last.is_none();
            Some((Ok(bytes::Bytes::from(out)), Some((Vec::new(), last, done))))
        }
    });
    crate::http::served_file(
        "text/csv; charset=utf-8",
        // Fused: a body layer (compression) may poll once more after the end, which `unfold`
        // does not allow.
        HttpBody::from_stream(futures::StreamExt::fuse(stream)),
        Some(&format!("import-{id}-failed-rows.csv")),
    )
}

/// A failed row's CSV line: its line, its errors (`field: message; ...`), then its cells.
fn failure_line(data: &serde_json::Map<String, Value>, width: usize) -> Vec<u8> {
    let line = data.get("line").and_then(Value::as_u64).unwrap_or(0).to_string();
    let errors = data
        .get("errors")
        .and_then(Value::as_object)
        .map(|errors| {
            errors
                .iter()
                .flat_map(|(field, messages)| {
                    let messages: Vec<String> = match messages {
                        Value::Array(m) => m.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                        other => vec![rows::cell(other)],
                    };
                    messages.into_iter().map(move |m| format!("{field}: {m}"))
                })
                .collect::<Vec<_>>()
                .join("; ")
        })
        .unwrap_or_default();
    let mut cells = vec![line, errors];
    match data.get("row") {
        Some(Value::Array(row)) => cells.extend(row.iter().map(rows::cell)),
        None | Some(Value::Null) => {}
        Some(other) => cells.push(other.to_string()),
    }
    // Every line as wide as the header (a row that could not be read has no cells).
    if cells.len() < width {
        cells.resize(width, String::new());
    }
    rows::csv_record(&cells)
}

impl ImportJob {
    /// A CSV's columns in file order, as the failed-rows file repeats them.
    fn mapping_header(&self) -> Vec<String> {
        self.columns.clone()
    }
}

/// A link to completed export `job`'s file, signed for [`DOWNLOAD_LINK_FOR`], where the object
/// store signs links (S3); `None` elsewhere or before the file is ready.
pub async fn export_link(cx: Cx<'_>, job: &ExportJob) -> Result<Option<String>, ApiError> {
    match (&job.object_key, job.state) {
        (Some(key), JobState::Completed) if !expired(job.expires_at.as_deref()) => {
            let key = crate::store::files::ObjectKey::stored(cx.tenant(), key)
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("an export's key is outside its tenant")))?;
            Ok(cx
                .files()
                .download_url(&key, &job.download_name(), DOWNLOAD_LINK_FOR)
                .await?)
        }
        _ => Ok(None),
    }
}

impl ExportJob {
    fn download_name(&self) -> String {
        format!("{}-export-{}.{}", self.resource, self.meta.id, self.format.extension())
    }
}

/// Export `job`'s file as an answer: 409 `not_ready` before it is done, `expired` once it is gone.
pub async fn export_file(cx: Cx<'_>, job: &ExportJob) -> Result<Response, ApiError> {
    let key = match (&job.object_key, job.state) {
        (Some(key), JobState::Completed) => key,
        _ => {
            return Err(ApiError::Conflict {
                code: "not_ready",
                message: "The export has no file yet: wait until its state is completed.".into(),
            })
        }
    };
    if expired(job.expires_at.as_deref()) {
        return Err(ApiError::Conflict {
            code: "expired",
            message: "The export's file has expired; start a new export.".into(),
        });
    }
    let key = crate::store::files::ObjectKey::stored(cx.tenant(), key)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("an export's key is outside its tenant")))?;
    let object = cx.files().get(&key).await?.ok_or_else(|| ApiError::Conflict {
        code: "expired",
        message: "The export's file has expired; start a new export.".into(),
    })?;
    Ok(crate::http::served_file(
        &object.content_type,
        object.bytes,
        Some(&job.download_name()),
    ))
}

/// The failed-row item of row `line`: its errors and the row as the file had it.
pub(crate) fn failure_item(
    tenant: TenantId,
    job_id: u64,
    line: u64,
    errors: Value,
    row: Value,
) -> Result<crate::store::Item, ApiError> {
    Ok(crate::store::Item::from_value(
        failure_key(tenant, job_id, line),
        &serde_json::json!({"line": line, "errors": errors, "row": row}),
    )?)
}
