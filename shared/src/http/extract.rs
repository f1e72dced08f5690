//! Extractors that turn bad input into the documented errors instead of axum's plain-text ones.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;

use super::ApiError;

/// A route's own JSON body limit (set by its route-table row), replacing [`super::JSON_BODY_LIMIT`].
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);

/// A JSON body: 415 without `Content-Type: application/json`, 413 over the limit, 400 when it is not
/// JSON, 422 naming the field when a field has the wrong type.
pub struct ValidJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ValidJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|mime| {
                let mime = mime.trim().to_ascii_lowercase();
                mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
            })
            .unwrap_or(false);
        if !is_json {
            return Err(ApiError::UnsupportedMediaType(
                "Send the body as JSON with `Content-Type: application/json`.".into(),
            ));
        }
        let limit = req
            .extensions()
            .get::<BodyLimit>()
            .map_or(super::JSON_BODY_LIMIT, |l| l.0);
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|r| body_rejection(r, limit))?;
        if bytes.len() > limit {
            return Err(too_large(limit));
        }
        parse_json(&bytes).map(ValidJson)
    }
}

/// An optional JSON body (`Option<ValidJson<T>>`): a request with no body and no content type is
/// `None`; anything else is checked exactly as [`ValidJson`] checks it.
impl<T: DeserializeOwned, S: Send + Sync> axum::extract::OptionalFromRequest<S> for ValidJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let declared = req.headers().contains_key(header::CONTENT_TYPE);
        let length = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if !declared && length.unwrap_or(0) == 0 {
            return Ok(None);
        }
        <Self as FromRequest<S>>::from_request(req, state).await.map(Some)
    }
}

/// Maps a failure to read the body; an oversized body is 413.
pub(crate) fn body_rejection(rejection: BytesRejection, limit: usize) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(limit)
    } else {
        ApiError::MalformedJson(format!("The request body could not be read: {rejection}"))
    }
}

fn too_large(limit: usize) -> ApiError {
    let size = if limit >= 1024 * 1024 {
        format!("{} MiB", limit / (1024 * 1024))
    } else {
        format!("{} KiB", limit / 1024)
    };
    ApiError::PayloadTooLarge(format!("A JSON body here may be at most {size}."))
}

/// Parses JSON bytes into `T`: syntax errors are 400, shape errors are 422 with the field named.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::MalformedJson(format!("The request body is not valid JSON ({e}).")))?;
    parse_value(value)
}

/// Reads a JSON object already parsed (one body read two ways, as the create-or-update RPC routes
/// do) into `T`, with the same 422 naming the field.
pub fn parse_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    if !value.is_object() {
        return Err(ApiError::invalid("body", "The request body must be a JSON object."));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "body".to_string() } else { path };
        ApiError::invalid(&field, shape_message(&e.into_inner().to_string()))
    })
}

/// Serde's messages name Rust types ("invalid type: integer `5`, expected a string"); keep the part
/// a person can act on.
fn shape_message(raw: &str) -> String {
    let trimmed = raw.split(" at line ").next().unwrap_or(raw);
    let mut message = trimmed.replace("a sequence", "an array").replace("a map", "an object");
    if let Some(first) = message.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    format!("{message}.")
}

/// Query parameters: a parameter that does not parse is 422 naming it.
pub struct ValidQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ValidQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(value)| ValidQuery(value))
            .map_err(|rejection| {
                let text = rejection.body_text();
                let detail = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text);
                let field = detail.split(':').next().filter(|f| !f.contains(' ')).unwrap_or("query");
                ApiError::invalid(field, format!("Invalid query parameter: {detail}."))
            })
    }
}

/// Takes the whole-number field `name` out of a JSON object (a body read as a `Value` so that the
/// rest can be parsed with field names intact): `None` when absent or null, 422 naming it when it
/// is not a whole number.
pub fn take_u64(body: &mut serde_json::Value, name: &str) -> Result<Option<u64>, ApiError> {
    let Some(map) = body.as_object_mut() else {
        return Ok(None);
    };
    match map.remove(name) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| ApiError::invalid(name, format!("The {name} field must be a whole number."))),
    }
}

/// Path parameters. Ids (parameters named `id` or `..._id`) are canonical decimals: `1`, never
/// `01` or `+1`, so one record has one URL. A parameter that is not what the route takes names no
/// record: 404, in JSON.
pub struct ValidPath<T>(pub T);

fn no_such_record() -> ApiError {
    ApiError::NotFound(
        "No record has this id; ids are positive whole numbers written without a sign or leading zeros.".into(),
    )
}

/// `1`, `42`: digits only, and no leading zero.
/// Path parameters named like ids that hold another system's identifier, as text (a payment
/// provider's `sub_...`): not whole numbers.
pub const TEXT_ID_PARAMS: &[&str] = &["payment_subscription_id"];

/// Whether path parameter `name` is one of our ids (a whole number from 1).
pub fn is_id_param(name: &str) -> bool {
    (name == "id" || name.ends_with("_id")) && !TEXT_ID_PARAMS.contains(&name)
}

fn is_canonical_id(raw: &str) -> bool {
    !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) && !raw.starts_with('0')
}

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ValidPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let raw = axum::extract::RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| no_such_record())?;
        let ids_canonical = raw
            .iter()
            .filter(|(name, _)| is_id_param(name))
            .all(|(_, value)| is_canonical_id(value));
        if !ids_canonical {
            return Err(no_such_record());
        }
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| ValidPath(value))
            .map_err(|_| no_such_record())
    }
}

/// An `If-Match` header's version (`3`, `"3"` or `W/"3"`), when one was sent.
pub struct IfMatch(pub Option<u64>);

impl<S: Send + Sync> FromRequestParts<S> for IfMatch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let Some(raw) = parts.headers.get(header::IF_MATCH) else {
            return Ok(IfMatch(None));
        };
        raw.to_str()
            .ok()
            .map(|v| v.trim().trim_start_matches("W/").trim_matches('"'))
            .and_then(|v| v.parse().ok())
            .map(|v| IfMatch(Some(v)))
            .ok_or_else(|| ApiError::invalid("If-Match", "Send the record's `version` number, e.g. `\"3\"`."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Body {
        name: Option<String>,
        age: Option<u32>,
    }

    #[test]
    fn ids_are_canonical_decimals() {
        for good in ["1", "42", "18446744073709551615"] {
            assert!(is_canonical_id(good), "{good}");
        }
        for bad in ["", "0", "01", "+1", "-1", "1.0", " 1", "1e3", "0x1", "null,null"] {
            assert!(!is_canonical_id(bad), "{bad}");
        }
    }

    #[test]
    fn non_json_is_malformed_and_wrong_types_name_the_field() {
        assert_eq!(parse_json::<Body>(b"{nope").unwrap_err().code(), "malformed_json");
        let err = parse_json::<Body>(br#"{"age": "ten"}"#).unwrap_err();
        match err {
            ApiError::Validation(errors) => assert!(errors.contains("age"), "{errors:?}"),
            other => panic!("expected a validation error, got {other:?}"),
        }
        assert_eq!(parse_json::<Body>(b"[1]").unwrap_err().code(), "validation_failed");
    }
}
