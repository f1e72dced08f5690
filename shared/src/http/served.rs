//! Answers that send a stored file's bytes (a photo, a logo, an export): whatever a client
//! uploaded must never run as a page of this origin.

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

use crate::store::files::attachment_disposition;

/// What every served file carries: the browser takes the declared type as it is (no sniffing a
/// PNG that holds HTML into a page), and a document opened anyway runs no script, loads nothing
/// and gets a unique origin.
const SERVED_FILE_HEADERS: [(header::HeaderName, &str); 2] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"),
];

/// A stored file's bytes as an answer: its content type (`application/octet-stream` when it is
/// no valid header value), the [`SERVED_FILE_HEADERS`], and with `download_as` a
/// `Content-Disposition: attachment` under that name ([`attachment_disposition`]).
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
        if let Ok(value) = HeaderValue::from_str(&attachment_disposition(name)) {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
    }
    response
}

/// How long the signed link a download route redirects to stays valid: it is followed at once,
/// and a link copied out of the redirect should not keep the file public for long.
pub const SIGNED_DOWNLOAD_FOR: std::time::Duration = std::time::Duration::from_secs(300);

/// The download answer for the stored file `object_key` of a record of `tenant`, once the caller
/// was found allowed to read the record. Where the object store signs links (S3) a `307` to one valid for
/// [`SIGNED_DOWNLOAD_FOR`], which serves the file as an attachment named `file_name`: the bytes
/// never pass through the function, whose answers are at most 6 MB. Elsewhere (a local
/// directory) the bytes themselves as a [`served_file`] attachment. 404 (`what`) when the bytes
/// are missing.
pub async fn download(
    files: &dyn crate::store::files::ObjectStore,
    tenant: crate::store::TenantId,
    object_key: &str,
    file_name: &str,
    what: &str,
) -> Result<Response, super::ApiError> {
    let key = crate::store::files::ObjectKey::stored(tenant, object_key)
        .ok_or_else(|| super::ApiError::internal(anyhow::anyhow!("a stored file's key is outside its tenant")))?;
    let key = &key;
    if let Some(url) = files.download_url(key, file_name, SIGNED_DOWNLOAD_FOR).await? {
        let location = HeaderValue::from_str(&url).map_err(super::ApiError::internal)?;
        let mut response = axum::http::StatusCode::TEMPORARY_REDIRECT.into_response();
        let headers = response.headers_mut();
        headers.insert(header::LOCATION, location);
        // The link expires: no cache may answer with it later.
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return Ok(response);
    }
    let object = files.get(key).await?.ok_or_else(|| super::ApiError::not_found(what))?;
    Ok(served_file(&object.content_type, object.bytes, Some(file_name)))
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

    #[test]
    fn a_file_name_outside_ascii_is_sent_both_ways() {
        assert_eq!(
            attachment_disposition("Résumé 2\u{7}.pdf"),
            "attachment; filename=\"R_sum_ 2.pdf\"; filename*=UTF-8''R%C3%A9sum%C3%A9%202.pdf"
        );
        let response = served_file("application/pdf", "x", Some("€.pdf"));
        assert_eq!(
            response.headers()[header::CONTENT_DISPOSITION],
            "attachment; filename=\"_.pdf\"; filename*=UTF-8''%E2%82%AC.pdf"
        );
    }
}
