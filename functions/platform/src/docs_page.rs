//! `GET /docs`: the API reference page (Redoc over `GET /api/openapi.json`, with a guide to
//! authentication, errors, paging, idempotency, rate limits and webhook signatures), and
//! `GET /docs/redoc.standalone.js`: the Redoc bundle it runs, served from the binary.
//!
//! Nothing is loaded from a CDN: the bundle (Redoc 3, an ES module) is vendored in
//! `functions/platform/assets` (the pinned npm package's file, `infra/check_vendored.sh` compares
//! them; the build holds it gzipped, [`crate::embedded`]), and the page's text lives in
//! `assets/docs.html`. The page imports the bundle as
//! `/docs/redoc.standalone.js?v=<hash of the bundle>`, so the bundle may be cached for a year: a
//! new bundle is a new URL. Redoc 3 draws one page of the reference at a time (the introduction, a
//! tag, an operation), so the page draws in seconds however large the document
//! (`infra/docs_page_check.mjs` reports the times).
//!
//! The page comes with a `Content-Security-Policy` that holds it to its own origin: scripts from
//! it and the page's one inline script (allowed by its SHA-256), requests to it only, the styles
//! and the font Redoc writes inline, `data:` images, and no framing.

use std::sync::OnceLock;

use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use sha2::{Digest, Sha256};
use shared::http::revalidated;

use crate::embedded::{gunzip, gzipped};

/// The page; `__REDOC_VERSION__` stands for the bundle's hash.
const PAGE: &str = include_str!("../assets/docs.html");
const BUNDLE_GZ: &[u8] = gzipped!("redoc.standalone.js");
const BUNDLE_VERSION_PLACEHOLDER: &str = "__REDOC_VERSION__";
/// A year: the page names the bundle by its hash.
const BUNDLE_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";
/// The opening tag of the page's one inline script, which the policy allows by its hash.
const START_SCRIPT_TAG: &str = "<script id=\"start\">";

/// The bundle, read once.
fn bundle() -> &'static [u8] {
    static BUNDLE: OnceLock<Vec<u8>> = OnceLock::new();
    BUNDLE.get_or_init(|| gunzip(BUNDLE_GZ))
}

/// The first 16 hex digits of the bundle's SHA-256: its version in the page's URL and its `ETag`.
fn bundle_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| hex::encode(&Sha256::digest(bundle())[..8]))
}

/// The page, with the bundle's URL versioned.
fn page_html() -> &'static str {
    static HTML: OnceLock<String> = OnceLock::new();
    HTML.get_or_init(|| PAGE.replace(BUNDLE_VERSION_PLACEHOLDER, bundle_hash()))
}

/// The text of the page's inline script, between its tags, as the browser hashes it (the HTML
/// parser reads a CR LF or a lone CR as LF); empty when the page has none.
fn start_script(html: &str) -> String {
    html.split_once(START_SCRIPT_TAG)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map_or_else(String::new, |(script, _)| {
            script.replace("\r\n", "\n").replace('\r', "\n")
        })
}

/// The page's `Content-Security-Policy`: scripts from this origin (the bundle) and the page's
/// inline script, by its hash; requests to this origin only (the document); the styles Redoc
/// writes inline (styled-components) and the icon font it inlines as `data:`; images from this
/// origin or `data:` (the favicon, the footer's logo); no `<base>`, no form, no framing.
fn content_security_policy() -> &'static str {
    static POLICY: OnceLock<String> = OnceLock::new();
    POLICY.get_or_init(|| {
        let script_hash = B64.encode(&Sha256::digest(start_script(page_html()).as_bytes())[..]);
        format!(
            "default-src 'none'; script-src 'self' 'sha256-{script_hash}'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src data:; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
    })
}

/// `GET /docs` (public): the reference page, with its `Content-Security-Policy`.
pub async fn page() -> impl IntoResponse {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_str(content_security_policy())
                    .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'")),
            ),
        ],
        page_html(),
    )
}

/// `GET /docs/redoc.standalone.js` (public): the vendored Redoc bundle, cached for a year and
/// revalidated by its `ETag` (304 on a matching `If-None-Match`).
pub async fn redoc_bundle(headers: HeaderMap) -> Response {
    revalidated(
        &headers,
        &format!("\"{}\"", bundle_hash()),
        BUNDLE_CACHE_CONTROL,
        "application/javascript; charset=utf-8",
        bundle(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[test]
    fn the_page_names_the_bundle_by_its_hash_and_the_document_it_renders() {
        let html = page_html();
        assert!(!html.contains(BUNDLE_VERSION_PLACEHOLDER));
        assert!(html.contains(&format!("import('/docs/redoc.standalone.js?v={}')", bundle_hash())));
        assert!(html.contains("/api/openapi.json"));
        for foreign in ["src=\"http", "src='http", "href=\"http", "url(http"] {
            assert!(!html.contains(foreign), "the page loads nothing from another origin");
        }
    }

    #[test]
    fn the_policy_allows_the_pages_one_inline_script_by_its_hash() {
        let html = page_html();
        let script = start_script(html);
        assert!(script.contains("redoc.init("), "the inline script draws the reference");
        // The only other script element is the guide, Markdown that does not run.
        assert_eq!(html.matches("<script").count(), 2);
        assert!(html.contains("<script type=\"text/markdown\" id=\"guide\">"));
        let hash = B64.encode(&Sha256::digest(script.as_bytes())[..]);
        let policy = content_security_policy();
        assert!(policy.starts_with("default-src 'none'; "));
        assert!(policy.contains(&format!("script-src 'self' 'sha256-{hash}';")));
        assert!(!policy.contains("  "), "one space between directives: {policy}");
        assert_eq!(
            start_script("<p>\r\n<script id=\"start\">a\r\nb\rc</script>"),
            "a\nb\nc"
        );
    }

    #[tokio::test]
    async fn the_page_carries_its_policy() {
        let response = page().await.into_response();
        assert_eq!(
            response.headers()[header::CONTENT_SECURITY_POLICY],
            content_security_policy()
        );
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
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
