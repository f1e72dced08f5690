//! Answers a client may keep, and how they travel: an `ETag` and a `Cache-Control` on answers
//! that change rarely (304 without a body to an `If-None-Match` naming the `ETag`), and gzip or
//! brotli on every larger text answer whose client asks for it.

use axum::http::{header, Extensions, HeaderMap, HeaderValue, StatusCode, Version};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::CompressionLayer;

/// An `ETag` for `bytes`: the first 12 bytes of their SHA-256, in hex, quoted.
pub fn etag_of(bytes: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(bytes)[..12]))
}

/// `body` (of `content_type`) as an answer a client keeps as `cache_control` says and
/// revalidates by `etag` (quoted, as [`etag_of`] makes it): 304 without a body when the request's
/// `If-None-Match` names it or is `*`.
pub fn revalidated(
    request: &HeaderMap,
    etag: &str,
    cache_control: &'static str,
    content_type: &'static str,
    body: impl IntoResponse,
) -> Response {
    let mut keep = HeaderMap::new();
    keep.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    if let Ok(value) = HeaderValue::from_str(etag) {
        keep.insert(header::ETAG, value);
    }
    let still_current = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| matches!(tag.trim(), "*") || tag.trim() == etag));
    if still_current {
        return (StatusCode::NOT_MODIFIED, keep).into_response();
    }
    (
        keep,
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
        body,
    )
        .into_response()
}

/// Smallest answer compressed: below it the encoding's own bytes and the time outweigh the saving.
pub const COMPRESS_ABOVE_BYTES: u16 = 1024;

/// Compresses, with gzip or brotli as the request's `Accept-Encoding` prefers, every answer of a
/// text type (JSON, CSV, HTML, JavaScript, SVG) above [`COMPRESS_ABOVE_BYTES`]. Photos, PDFs and
/// archives travel as stored: they are compressed already. On the Lambda path the runtime sends a
/// compressed answer base64-encoded, as API Gateway expects of bytes.
pub fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .no_deflate()
        .no_zstd()
        .compress_when(SizeAbove::new(COMPRESS_ABOVE_BYTES).and(is_text))
}

/// Whether an answer is text worth compressing, by its `Content-Type` (the shape tower-http asks
/// of a predicate). An event stream is left alone: it is sent as it is written.
fn is_text(_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions) -> bool {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    (essence.starts_with("text/") && essence != "text/event-stream")
        || essence.ends_with("json")
        || matches!(
            essence,
            "application/javascript" | "image/svg+xml" | "application/x-ndjson"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_matching_if_none_match_is_304_without_a_body() {
        let etag = etag_of(b"body");
        let mut request = HeaderMap::new();
        request.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"other\", {etag}")).unwrap(),
        );
        let answer = revalidated(&request, &etag, "no-cache", "application/json", "body");
        assert_eq!(answer.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(answer.headers()[header::ETAG], etag.as_str());
        assert!(!answer.headers().contains_key(header::CONTENT_TYPE));

        let fresh = revalidated(&HeaderMap::new(), &etag, "no-cache", "application/json", "body");
        assert_eq!(fresh.status(), StatusCode::OK);
        assert_eq!(fresh.headers()[header::CACHE_CONTROL], "no-cache");
        assert_eq!(fresh.headers()[header::CONTENT_TYPE], "application/json");
    }

    #[test]
    fn text_types_are_compressed_and_stored_bytes_are_not() {
        let of = |content_type: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(content_type).unwrap());
            is_text(StatusCode::OK, Version::HTTP_11, &headers, &Extensions::new())
        };
        for text in [
            "application/json",
            "application/problem+json",
            "text/csv; charset=utf-8",
            "image/svg+xml",
            "application/javascript; charset=utf-8",
        ] {
            assert!(of(text), "{text}");
        }
        for stored in [
            "text/event-stream",
            "image/png",
            "application/pdf",
            "application/zip",
            "application/octet-stream",
        ] {
            assert!(!of(stored), "{stored}");
        }
    }
}
