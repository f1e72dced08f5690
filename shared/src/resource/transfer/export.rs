//! Exports: a resource's list (its filters, sort and search) written to a file in the object
//! store a page at a time, through the list's own indexes, so memory holds one page and one part
//! of the file whatever the number of records.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::rows::{BodyShape, RowWriter};
use super::{ExportJob, FileFormat, JobState};

use crate::http::{parse_value, ApiError, ListParams, Listing, MAX_PER_PAGE};
use crate::resource::{custom, index, ops, Cx, Meta, Resource};
use crate::time::now_rfc3339;

/// Body of `POST <base>/export`: what its list takes, and the format.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(rename = "ExportRequest{F}")]
#[serde(deny_unknown_fields)]
pub struct ExportIn<F> {
    /// `csv` (default) or `jsonl`.
    pub format: Option<FileFormat>,
    /// The list's filters, as its query string takes them.
    pub filters: Option<F>,
    /// Filters on custom fields marked filterable: `{"tier": "gold"}`.
    pub custom_fields: Option<std::collections::BTreeMap<String, String>>,
    /// `field` ascending or `-field` descending, as the list takes it.
    pub sort: Option<String>,
    /// Words to look for, as the list takes them.
    pub search: Option<String>,
}

/// The list query string an export body stands for.
fn query_string<F: serde::Serialize>(body: &ExportIn<F>) -> Result<String, ApiError> {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    if let Some(filters) = &body.filters {
        if let Value::Object(filters) = serde_json::to_value(filters).map_err(ApiError::internal)? {
            for (name, value) in filters {
                match value {
                    Value::Null => {}
                    Value::String(s) => {
                        query.append_pair(&name, &s);
                    }
                    other => {
                        query.append_pair(&name, &other.to_string());
                    }
                }
            }
        }
    }
    for (key, value) in body.custom_fields.iter().flatten() {
        query.append_pair(&format!("custom_fields.{key}"), value);
    }
    if let Some(sort) = &body.sort {
        query.append_pair("sort", sort);
    }
    if let Some(search) = &body.search {
        query.append_pair("search", search);
    }
    Ok(query.finish())
}

/// The list request a query string makes, read as the list route reads it (422 as it would).
async fn listing<F: serde::de::DeserializeOwned>(query: &str) -> Result<Listing<F>, ApiError> {
    let request = axum::http::Request::builder()
        .uri(format!("/?{query}"))
        .body(())
        .map_err(ApiError::internal)?;
    let (mut parts, ()) = request.into_parts();
    <Listing<F> as axum::extract::FromRequestParts<()>>::from_request_parts(&mut parts, &()).await
}

/// Checks an export request (its filters as the list checks them) and queues it.
pub async fn queue<R: Resource>(cx: Cx<'_>, body: Value) -> Result<ExportJob, ApiError> {
    // The filters are the list's query parameters: an object (a filter-less list's is empty).
    if body.get("filters").is_some_and(|f| !f.is_object() && !f.is_null()) {
        return Err(ApiError::invalid(
            "filters",
            "The filters must be an object: {\"tag\": \"vip\"}.",
        ));
    }
    if let Some(filters) = body.get("filters").and_then(Value::as_object) {
        let takes = BodyShape::of::<R::Filters>();
        let mut errors = crate::http::FieldErrors::default();
        for name in filters.keys().filter(|name| !takes.fields.contains_key(*name)) {
            let names: Vec<&str> = takes.fields.keys().map(String::as_str).collect();
            errors.add(
                "filters",
                match names.is_empty() {
                    true => "This list takes no filters.".to_owned(),
                    false => format!("`{name}` is not a filter of this list; it takes: {}.", names.join(", ")),
                },
            );
        }
        errors.into_result(())?;
    }
    let body: ExportIn<R::Filters> = parse_value(body)?;
    let query = query_string(&body)?;
    let mut check: Listing<R::Filters> = listing(&query).await?;
    check.params.per_page = Some(1);
    // One page of one record: the list's own checks (a sort it has, an index being built).
    index::list::<R, _>(cx, &check, None).await?;
    let job = ExportJob {
        meta: Meta::default(),
        resource: R::KIND.to_owned(),
        module: R::MODULE,
        format: body.format.unwrap_or_default(),
        query,
        state: JobState::Queued,
        rows_done: 0,
        object_key: None,
        size: 0,
        expires_at: None,
        error: None,
        created_by: cx.user_id,
        started_at: None,
        finished_at: None,
    };
    ops::insert_built(cx, job, Vec::new()).await
}

/// The CSV columns of `R`: `id`, then its answer's fields by name, then its custom fields in
/// their order.
async fn columns<R: Resource>(cx: Cx<'_>) -> Result<Vec<String>, ApiError> {
    let shape = BodyShape::of::<R::Out>();
    let mut columns = vec!["id".to_owned()];
    columns.extend(
        shape
            .fields
            .keys()
            .filter(|f| f.as_str() != "id" && f.as_str() != "custom_fields")
            .cloned(),
    );
    if R::CUSTOM_FIELDS {
        for def in custom::definitions_of(cx, R::KIND).await?.iter() {
            columns.push(format!("custom_fields.{}", def.key));
        }
    }
    Ok(columns)
}

/// Writes the export's file and completes the job (a run that stops part way starts over: the
/// file is written anew and replaces nothing until it is whole).
pub async fn run<R: Resource>(cx: Cx<'_>, job: ExportJob) -> Result<ExportJob, ApiError> {
    let mut listing: Listing<R::Filters> = match listing(&job.query).await {
        Ok(listing) => listing,
        Err(refused) => return super::fail(cx, job, &refused.to_string()).await,
    };
    listing.params = ListParams {
        per_page: Some(MAX_PER_PAGE),
        page: None,
        cursor: None,
        ..listing.params
    };
    let started = ops::load::<ExportJob>(cx, job.meta.id).await?;
    let mut running = started.clone();
    running.state = JobState::Running;
    running.started_at = Some(now_rfc3339());
    let writes = ops::change_writes(cx, &started, &mut running)?;
    ops::commit(cx, writes).await?;
    let key = crate::store::files::ObjectKey::new(
        cx.tenant(),
        &format!("exports/{}/{}", job.meta.id, crate::events::new_message_id()),
    );
    let mut file = cx.files().writer(&key, job.format.content_type()).await?;
    let mut rows = RowWriter::new(job.format, columns::<R>(cx).await?);
    let mut done = 0u64;
    loop {
        let page = match index::list::<R, _>(cx, &listing, None).await {
            Ok(page) => page.records()?.map(R::Out::from),
            // The store failing, or a custom field index still being built: try again later.
            Err(e @ (ApiError::Internal(_) | ApiError::Unavailable(_) | ApiError::Conflict { .. })) => return Err(e),
            // A query the list no longer takes (a custom field deleted since): it never will.
            Err(refused) => return super::fail(cx, running, &refused.to_string()).await,
        };
        for record in &page.data {
            rows.record(&serde_json::to_value(record).map_err(ApiError::internal)?);
        }
        done += page.data.len() as u64;
        file.write(rows.take().into()).await?;
        match page.meta.next_cursor {
            Some(cursor) if !page.data.is_empty() => listing.params.cursor = Some(cursor),
            _ => break,
        }
    }
    let size = file.finish().await?;
    let mut after = running.clone();
    after.rows_done = done;
    after.size = size;
    after.object_key = Some(key.as_str().to_owned());
    after.expires_at =
        Some((chrono::Utc::now() + super::EXPORT_KEPT_FOR).to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    let writes = super::end_writes(cx, &running, &mut after, JobState::Completed, None)?;
    match ops::commit(cx, writes).await {
        Ok(()) => Ok(after),
        // Another worker finished it first (a sweep and a queued worker on one job): its file
        // stands, this one goes.
        Err(lost @ ApiError::Conflict { .. }) => {
            let current = ops::load::<ExportJob>(cx, job.meta.id).await?;
            if !current.state.finished() {
                return Err(lost);
            }
            cx.files().delete(&key).await?;
            Ok(current)
        }
        Err(other) => Err(other),
    }
}
