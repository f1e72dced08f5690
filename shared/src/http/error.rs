//! One API error, one mapping to status, code and body.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::context::current_request_id;
use super::validate::FieldErrors;
use crate::store::StoreError;

/// Every way a request can fail, as the client sees it. Handlers return `Result<_, ApiError>`.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not JSON at all (400 `malformed_json`).
    #[error("{0}")]
    MalformedJson(String),
    /// A request refused as a whole before any field is read, with its own code (400): a
    /// provider callback whose signature does not verify (`invalid_signature`).
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// Missing, malformed, expired or revoked credentials (401).
    #[error("{0}")]
    Unauthenticated(String),
    /// The principal lacks the permission (403 `forbidden`).
    #[error("{0}")]
    Forbidden(String),
    /// The workspace was suspended by the platform that provisioned it (403 `tenant_suspended`).
    #[error("{0}")]
    TenantSuspended(String),
    /// The workspace holds as many of something as its plan allows (403 `plan_limit`); the message
    /// names the limit.
    #[error("{0}")]
    PlanLimit(String),
    /// The module is off on the tenant's plan (403 `module_disabled`).
    #[error("The {module} module is not enabled on the {plan} plan.")]
    ModuleDisabled { module: String, plan: String },
    /// No such record in this tenant (404 `not_found`); never says whether another tenant has it.
    #[error("{0}")]
    NotFound(String),
    /// No route serves the path (404 `route_not_found`).
    #[error("{0}")]
    RouteNotFound(String),
    /// The path exists, the method does not (405).
    #[error("{0}")]
    MethodNotAllowed(String),
    /// The request conflicts with the record's state (409); `code` says how
    /// (`invalid_transition`, `version_conflict`, `last_owner`, ...).
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// The credential belongs to another of the platform's regions (421 `wrong_region`): the
    /// body names the region and its base URL ([`crate::region`]).
    #[error("This credential belongs to region {region}; send the request to {base_url}.")]
    WrongRegion { region: String, base_url: String },
    /// Body over the limit (413).
    #[error("{0}")]
    PayloadTooLarge(String),
    /// Body with the wrong content type (415).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// A path and query longer than the server reads (414 `uri_too_long`).
    #[error("{0}")]
    UriTooLong(String),
    /// More or longer headers than the server reads (431 `headers_too_large`).
    #[error("{0}")]
    HeadersTooLarge(String),
    /// The workspace is read-only until it subscribes (402): its trial ended (`trial_ended`) or
    /// its subscription did (`subscription_ended`).
    #[error("{message}")]
    PaymentRequired { code: &'static str, message: String },
    /// Field-level validation failures (422 `validation_failed`, with `errors`).
    #[error("The given data was invalid.")]
    Validation(FieldErrors),
    /// A request that cannot be honoured as sent, without field errors (422 with its own code).
    #[error("{message}")]
    Unprocessable { code: &'static str, message: String },
    /// Too many requests; retry after the given whole seconds (429 `rate_limited`).
    #[error("{message}")]
    RateLimited { message: String, retry_after_secs: u64 },
    /// A dependency is briefly unavailable (503 `unavailable`); safe to retry.
    #[error("The service is briefly unavailable; retry in a few seconds.")]
    Unavailable(#[source] anyhow::Error),
    /// Anything else (500 `internal_error`); the cause is logged, never sent.
    #[error("Something went wrong on our side.")]
    Internal(#[source] anyhow::Error),
}

/// The JSON error body. `errors` appears only on validation failures.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ErrorBody {
    pub message: String,
    pub code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<FieldErrors>,
    /// On 421 `wrong_region`: the credential's home region.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// On 421 `wrong_region`: the base URL to send the request to instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    pub request_id: String,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::MalformedJson(_) | Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            Self::PaymentRequired { .. } => StatusCode::PAYMENT_REQUIRED,
            Self::Forbidden(_) | Self::TenantSuspended(_) | Self::PlanLimit(_) | Self::ModuleDisabled { .. } => {
                StatusCode::FORBIDDEN
            }
            Self::NotFound(_) | Self::RouteNotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::WrongRegion { .. } => StatusCode::MISDIRECTED_REQUEST,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Self::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::Validation(_) | Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::MalformedJson(_) => "malformed_json",
            Self::Unauthenticated(_) => "unauthenticated",
            Self::Forbidden(_) => "forbidden",
            Self::TenantSuspended(_) => "tenant_suspended",
            Self::ModuleDisabled { .. } => "module_disabled",
            Self::PlanLimit(_) => "plan_limit",
            Self::NotFound(_) => "not_found",
            Self::RouteNotFound(_) => "route_not_found",
            Self::MethodNotAllowed(_) => "method_not_allowed",
            Self::Conflict { code, .. }
            | Self::Unprocessable { code, .. }
            | Self::BadRequest { code, .. }
            | Self::PaymentRequired { code, .. } => code,
            Self::WrongRegion { .. } => "wrong_region",
            Self::PayloadTooLarge(_) => "payload_too_large",
            Self::UnsupportedMediaType(_) => "unsupported_media_type",
            Self::UriTooLong(_) => "uri_too_long",
            Self::HeadersTooLarge(_) => "headers_too_large",
            Self::Validation(_) => "validation_failed",
            Self::RateLimited { .. } => "rate_limited",
            Self::Unavailable(_) => "unavailable",
            Self::Internal(_) => "internal_error",
        }
    }

    /// A record of `what` (e.g. "User") with this id does not exist in the caller's tenant.
    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found."))
    }

    /// A single-field validation failure.
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, message);
        Self::Validation(errors)
    }

    /// The record changed since the caller read it.
    /// A validation error's field `from` named `to` (other errors as they are).
    pub fn renamed(mut self, from: &str, to: &str) -> Self {
        if let Self::Validation(errors) = &mut self {
            errors.rename(from, to);
        }
        self
    }

    pub fn version_conflict() -> Self {
        Self::Conflict {
            code: "version_conflict",
            message: "The record was changed by someone else; fetch it again and retry.".into(),
        }
    }

    /// 409 `conflict`: a record the change depends on (not the one it writes) changed at once.
    pub fn concurrent_change() -> Self {
        Self::Conflict {
            code: "conflict",
            message: "A record this change depends on changed at the same time; retry.".into(),
        }
    }

    /// 409 `in_use`: other records still refer to this one.
    pub fn in_use(message: impl Into<String>) -> Self {
        Self::Conflict {
            code: "in_use",
            message: message.into(),
        }
    }

    /// 409 `limit_reached`: the body is fine, but the record it would add is over a count the
    /// parent allows (a board's stages, a project's files); deleting one makes room.
    pub fn limit_reached(message: impl Into<String>) -> Self {
        Self::Conflict {
            code: "limit_reached",
            message: message.into(),
        }
    }

    /// The transition is not allowed from the record's current state.
    pub fn invalid_transition(message: impl Into<String>) -> Self {
        Self::Conflict {
            code: "invalid_transition",
            message: message.into(),
        }
    }

    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        Self::Internal(cause.into())
    }

    /// The body that goes on the wire.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            message: self.to_string(),
            code: self.code(),
            errors: match self {
                Self::Validation(errors) => Some(errors.clone()),
                _ => None,
            },
            region: match self {
                Self::WrongRegion { region, .. } => Some(region.clone()),
                _ => None,
            },
            base_url: match self {
                Self::WrongRegion { base_url, .. } => Some(base_url.clone()),
                _ => None,
            },
            request_id: current_request_id(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) | Self::Unavailable(cause) = &self {
            // Logged once, here, with the request id the client sees; the body says nothing internal.
            tracing::error!(request_id = %current_request_id(), error = format!("{cause:#}"), "request failed");
        }
        let mut response = (self.status(), super::Json(self.body())).into_response();
        let headers = response.headers_mut();
        match &self {
            Self::Unauthenticated(_) => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            Self::RateLimited { retry_after_secs, .. } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(*retry_after_secs));
            }
            Self::Unavailable(_) => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            _ => {}
        }
        response
    }
}

/// The one bridge from storage to HTTP. A condition failure means the record moved under the caller;
/// call sites that mean something else by it (a duplicate e-mail) map it themselves first.
impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::ConditionFailed { .. } => Self::version_conflict(),
            StoreError::NoRoomForMark => Self::Unprocessable {
                code: "too_large",
                message: format!(
                    "This change fills a whole store transaction ({} writes), and an Idempotency-Key needs \
                     one more to commit with it; split the change, or send it without the key.",
                    crate::store::MAX_TRANSACTION_WRITES
                ),
            },
            StoreError::CounterLimit => Self::Unprocessable {
                code: "total_out_of_range",
                message: "This change would take a running total (an account's balance, a stock level or a \
                          count) past the most the books hold, 10,000,000,000,000,000 (10^18 cents); nothing \
                          was changed."
                    .into(),
            },
            StoreError::TooLarge(why) => Self::Unprocessable {
                code: "too_large",
                message: format!("This change is too large to store at once: {why}. Split it."),
            },
            StoreError::Throttled(cause) | StoreError::Unavailable(cause) => Self::Unavailable(cause),
            StoreError::Internal(cause) => Self::Internal(cause),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn rendered(err: ApiError) -> (StatusCode, serde_json::Value, http::HeaderMap) {
        let response = err.into_response();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap(), headers)
    }

    /// Pins status, code and body shape for every variant in one table.
    #[tokio::test]
    async fn every_variant_maps_to_its_documented_status_code_and_body() {
        let cases: Vec<(ApiError, u16, &str)> = vec![
            (ApiError::MalformedJson("x".into()), 400, "malformed_json"),
            (ApiError::Unauthenticated("x".into()), 401, "unauthenticated"),
            (ApiError::Forbidden("x".into()), 403, "forbidden"),
            (
                ApiError::ModuleDisabled {
                    module: "crm".into(),
                    plan: "Starter".into(),
                },
                403,
                "module_disabled",
            ),
            (ApiError::not_found("User"), 404, "not_found"),
            (ApiError::RouteNotFound("x".into()), 404, "route_not_found"),
            (ApiError::MethodNotAllowed("x".into()), 405, "method_not_allowed"),
            (ApiError::invalid_transition("x"), 409, "invalid_transition"),
            (ApiError::version_conflict(), 409, "version_conflict"),
            (ApiError::in_use("x"), 409, "in_use"),
            (ApiError::limit_reached("x"), 409, "limit_reached"),
            (ApiError::PayloadTooLarge("x".into()), 413, "payload_too_large"),
            (
                ApiError::UnsupportedMediaType("x".into()),
                415,
                "unsupported_media_type",
            ),
            (ApiError::UriTooLong("x".into()), 414, "uri_too_long"),
            (ApiError::HeadersTooLarge("x".into()), 431, "headers_too_large"),
            (ApiError::invalid("email", "is required"), 422, "validation_failed"),
            (
                ApiError::Unprocessable {
                    code: "idempotency_mismatch",
                    message: "x".into(),
                },
                422,
                "idempotency_mismatch",
            ),
            (
                ApiError::RateLimited {
                    message: "x".into(),
                    retry_after_secs: 7,
                },
                429,
                "rate_limited",
            ),
            (ApiError::Unavailable(anyhow::anyhow!("db down")), 503, "unavailable"),
            (
                ApiError::internal(anyhow::anyhow!("secret detail")),
                500,
                "internal_error",
            ),
        ];
        for (err, status, code) in cases {
            let is_validation = matches!(err, ApiError::Validation(_));
            let (got_status, body, headers) = rendered(err).await;
            assert_eq!(got_status.as_u16(), status, "{code}");
            assert_eq!(body["code"], code);
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{code}");
            assert!(body.get("request_id").is_some(), "{code}");
            assert_eq!(body.get("errors").is_some(), is_validation, "{code}");
            if status == 401 {
                assert_eq!(headers[header::WWW_AUTHENTICATE], "Bearer");
            }
            if status == 429 {
                assert_eq!(headers[header::RETRY_AFTER], "7");
            }
        }
    }

    #[tokio::test]
    async fn internal_errors_never_show_their_cause() {
        let (_, body, _) = rendered(ApiError::internal(anyhow::anyhow!("password=hunter2"))).await;
        assert!(!body.to_string().contains("hunter2"));
    }

    #[tokio::test]
    async fn validation_errors_list_every_field() {
        let mut errors = FieldErrors::default();
        errors.add("email", "The email field is required.");
        errors.add("name", "The name field is required.");
        let (_, body, _) = rendered(ApiError::Validation(errors)).await;
        assert_eq!(body["errors"]["email"][0], "The email field is required.");
        assert_eq!(body["errors"]["name"][0], "The name field is required.");
    }
}
