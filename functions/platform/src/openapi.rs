//! `GET /api/openapi.json`: the OpenAPI 3.0.3 document of every route table, and
//! `GET /api/postman.json`: the Postman collection made from it. Both are made by `monolith docs`
//! from every module (`docs/openapi.json`, `docs/postman.json`; a test keeps them current) and
//! gzipped into this crate's build ([`crate::embedded`]): the platform function serves them
//! without linking the modules they describe.

use std::sync::OnceLock;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::{header, HeaderMap};
use axum::response::Response;
use shared::auth::{Module, Permission, Principal};
use shared::http::{etag_of, revalidated, ApiError};
use shared::module::Registry;
use shared::resource::custom::{CustomField, MAX_FIELDS_PER_KIND};
use shared::resource::{index, Cx};
use shared::AppState;

use crate::embedded::{gunzip, gzipped};

const TITLE: &str = "Worktop API";

/// The contract's version: the latest released one in `docs/changelog.md` (a heading `## 1.2.0
/// (2026-12-06)`), so the document and the changelog cannot disagree.
pub fn contract_version() -> &'static str {
    const CHANGELOG: &str = include_str!("../../../docs/changelog.md");
    let is_semver = |v: &str| v.split('.').count() == 3 && v.split('.').all(|n| n.parse::<u32>().is_ok());
    CHANGELOG
        .lines()
        .filter_map(|line| line.strip_prefix("## ")?.split_whitespace().next())
        .find(|version| is_semver(version))
        .expect("docs/changelog.md names a released version")
}

/// The document of every module of `registry`.
pub fn document_value(registry: &Registry) -> serde_json::Value {
    shared::openapi::document(TITLE, contract_version(), registry.route_docs(), registry.event_types())
}

/// The collection (`docs/postman.json` holds a copy, kept current by a contract test).
pub fn collection_value(registry: &Registry) -> serde_json::Value {
    shared::postman::collection(TITLE, &document_value(registry), registry.route_docs())
}

// Read once per process: a process serves one deployment, whose modules do not change.

const DOCUMENT_GZ: &[u8] = gzipped!("openapi.json");
const COLLECTION_GZ: &[u8] = gzipped!("postman.json");

/// One of the generated files the build holds.
fn generated(gzipped: &[u8]) -> serde_json::Value {
    serde_json::from_slice(&gunzip(gzipped)).expect("`monolith docs` wrote the file as JSON")
}

/// The document, read once.
fn generic() -> &'static serde_json::Value {
    static DOCUMENT: OnceLock<serde_json::Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| generated(DOCUMENT_GZ))
}

/// A JSON answer serialised once, with its `ETag`.
struct Serialised {
    json: String,
    etag: String,
}

impl Serialised {
    fn of(value: &serde_json::Value) -> Self {
        let json = serde_json::to_string(value).unwrap_or_else(|_| "{}".into());
        Self {
            etag: etag_of(json.as_bytes()),
            json,
        }
    }

    /// The answer: kept by shared caches for [`GENERIC_CACHE_CONTROL`], revalidated by its `ETag`.
    fn answer(&'static self, request: &HeaderMap) -> Response {
        let mut answer = revalidated(request, &self.etag, GENERIC_CACHE_CONTROL, JSON, self.json.as_str());
        // A request with a token may get the workspace's own document instead.
        answer.headers_mut().append(header::VARY, header::AUTHORIZATION.into());
        answer
    }
}

/// The generic document and the collection change only with a deployment.
const GENERIC_CACHE_CONTROL: &str = "public, max-age=300";
/// A workspace's document changes with its custom fields, and is its own.
const WORKSPACE_CACHE_CONTROL: &str = "private, no-cache";
const JSON: &str = "application/json";

/// The document, serialised once.
fn document() -> &'static Serialised {
    static DOCUMENT: OnceLock<Serialised> = OnceLock::new();
    DOCUMENT.get_or_init(|| Serialised::of(generic()))
}

/// The collection, serialised once.
fn collection() -> &'static Serialised {
    static COLLECTION: OnceLock<Serialised> = OnceLock::new();
    COLLECTION.get_or_init(|| Serialised::of(&generated(COLLECTION_GZ)))
}

/// Without a token, the generic document; with one whose holder may read the workspace's
/// settings (`users:read`), the workspace's own, its custom fields spelled out. A token that is
/// not valid is 401. Each with an `ETag` (304 to a matching `If-None-Match`).
pub async fn serve(State(state): State<AppState>, request: Request) -> Result<Response, ApiError> {
    let (mut parts, _) = request.into_parts();
    if !parts.headers.contains_key(header::AUTHORIZATION) {
        return Ok(document().answer(&parts.headers));
    }
    let principal = Principal::from_request_parts(&mut parts, &state).await?;
    if !principal.can(Permission::read(Module::Users)) {
        return Ok(document().answer(&parts.headers));
    }
    let cx = Cx::new(&state, &principal);
    let registry = state.registry();
    let most = registry.catalog().customizable_kinds().len() * MAX_FIELDS_PER_KIND;
    let definitions = index::top::<CustomField>(cx, None, "position", false, most).await?;
    let document = shared::openapi::for_workspace(generic(), registry, &definitions);
    let json = serde_json::to_string(&document).map_err(ApiError::internal)?;
    let etag = etag_of(json.as_bytes());
    Ok(revalidated(&parts.headers, &etag, WORKSPACE_CACHE_CONTROL, JSON, json))
}

/// The collection, with its `ETag` (304 to a matching `If-None-Match`).
pub async fn serve_collection(headers: HeaderMap) -> Response {
    collection().answer(&headers)
}
