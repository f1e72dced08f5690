//! Answers that send a stored file's bytes (a photo, a logo, an export): whatever a client
//! uploaded must never run as a page of this origin.

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

/// What every served file carries: the browser takes the declared type as it is (no sniffing a
/// PNG that holds HTML into a page), and a document opened anyway runs no script, loads nothing
/// and gets a unique origin.
const SERVED_FILE_HEADERS: [(header::HeaderName, &str); 2] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"),
];

/// A stored file's bytes as an answer: its content type (`application/octet-stream` when it is
/// no valid header value), the [`SERVED_FILE_HEADERS`], and with `download_as` a
/// `Content-Disposition: attachment` under that name.
pub fn served_file(content_type: &str, bytes: impl Into<Body>, download_as: Option<&str>) -> Response {
    let mut response = bytes.into().into_response();
    let headers = response.headers_mut();
    let content_type =
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, content_type);
    for (name, value) in SERVED_FILE_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if let Some(name) = download_as {
        let quoted: String = name
            .chars()
            .filter(|c| *c != '"' && *c != '\\' && !c.is_control())
            .collect();
        if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{quoted}\"")) {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_served_file_is_neither_sniffed_nor_scripted() {
        let response = served_file("image/png", "bytes", Some("logo \"1\".png"));
        let headers = response.headers();
        assert_eq!(headers[header::CONTENT_TYPE], "image/png");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(headers[header::CONTENT_SECURITY_POLICY], "default-src 'none'; sandbox");
        assert_eq!(
            headers[header::CONTENT_DISPOSITION],
            "attachment; filename=\"logo 1.png\""
        );
        let response = served_file("text/html\n", "x", None);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/octet-stream");
        assert!(response.headers().get(header::CONTENT_DISPOSITION).is_none());
    }
}
