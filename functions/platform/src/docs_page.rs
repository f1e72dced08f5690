//! `GET /docs`: the API reference page (Redoc over `GET /api/openapi.json`, with a guide to
//! authentication, errors, paging, idempotency, rate limits and webhook signatures), and
//! `GET /docs/redoc.standalone.js`: the Redoc bundle it runs, served from the binary.
//!
//! Nothing is loaded from a CDN: the bundle is vendored in `functions/platform/assets` (the pinned
//! npm package's file, `infra/check_vendored.sh` compares them), and the page's text lives in
//! `assets/docs.html`. The page loads the bundle as `/docs/redoc.standalone.js?v=<hash of the
//! bundle>`, so the bundle may be cached for a year: a new bundle is a new URL.

use std::sync::OnceLock;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// The page; `__REDOC_VERSION__` stands for the bundle's hash.
const PAGE: &str = include_str!("../assets/docs.html");
const BUNDLE: &[u8] = include_bytes!("../assets/redoc.standalone.js");
const BUNDLE_VERSION_PLACEHOLDER: &str = "__REDOC_VERSION__";
/// A year: the page names the bundle by its hash.
const BUNDLE_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// The first 16 hex digits of the bundle's SHA-256: its version in the page's URL and its `ETag`.
fn bundle_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| hex::encode(&Sha256::digest(BUNDLE)[..8]))
}

/// The page, with the bundle's URL versioned.
fn page_html() -> &'static str {
    static HTML: OnceLock<String> = OnceLock::new();
    HTML.get_or_init(|| PAGE.replace(BUNDLE_VERSION_PLACEHOLDER, bundle_hash()))
}

/// `GET /docs` (public): the reference page.
pub async fn page() -> impl IntoResponse {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        page_html(),
    )
}

/// `GET /docs/redoc.standalone.js` (public): the vendored Redoc bundle, cached for a year and
/// revalidated by its `ETag` (304 on a matching `If-None-Match`).
pub async fn redoc_bundle(headers: HeaderMap) -> Response {
    let etag = format!("\"{}\"", bundle_hash());
    let cache = [
        (header::CACHE_CONTROL, HeaderValue::from_static(BUNDLE_CACHE_CONTROL)),
        (
            header::ETAG,
            HeaderValue::from_str(&etag).unwrap_or_else(|_| HeaderValue::from_static("\"redoc\"")),
        ),
    ];
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    if matches {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        cache,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/javascript; charset=utf-8"),
        )],
        BUNDLE,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_bundle_by_its_hash_and_the_document_it_renders() {
        let html = page_html();
        assert!(!html.contains(BUNDLE_VERSION_PLACEHOLDER));
        assert!(html.contains(&format!("/docs/redoc.standalone.js?v={}", bundle_hash())));
        assert!(html.contains("/api/openapi.json"));
        for foreign in ["src=\"http", "src='http", "href=\"http", "url(http"] {
            assert!(!html.contains(foreign), "the page loads nothing from another origin");
        }
    }

    #[tokio::test]
    async fn the_bundle_is_304_for_its_etag() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"{}\"", bundle_hash())).unwrap(),
        );
        assert_eq!(redoc_bundle(headers).await.status(), StatusCode::NOT_MODIFIED);
        let full = redoc_bundle(HeaderMap::new()).await;
        assert_eq!(full.status(), StatusCode::OK);
        assert_eq!(
            full.headers()[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
    }
}
