//! Strict query strings: a parameter a route does not take is a 422 naming it and listing the ones
//! it does, so that a mistyped filter (`?emial=`) is not read as no filter and a "find" step does
//! not quietly match the first record.

use std::sync::{Arc, OnceLock};

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{ApiError, FieldErrors};

/// The parameter a client sends (`unknown_params=ignore`) to have unknown parameters ignored.
pub const OPT_OUT: &str = "unknown_params";
const OPT_OUT_VALUE: &str = "ignore";
/// Custom field filters on a list: `custom_fields.<key>=<value>` ([`super::Listing`]).
const CUSTOM_FIELD_PREFIX: &str = "custom_fields.";

/// The query parameters one route takes, read from its documentation at its first request (not at
/// start: a function serves a few of its routes per instance).
#[derive(Clone)]
pub struct KnownParams {
    /// Reads the names from the route's documentation (`crate::openapi::query_param_names`).
    read_names: Arc<dyn Fn() -> Vec<String> + Send + Sync>,
    /// Whether the route is a list, which takes custom field filters.
    paged: bool,
    names: Arc<OnceLock<Vec<String>>>,
}

impl KnownParams {
    pub fn new(read_names: impl Fn() -> Vec<String> + Send + Sync + 'static, paged: bool) -> Self {
        Self {
            read_names: Arc::new(read_names),
            paged,
            names: Arc::default(),
        }
    }

    fn names(&self) -> &[String] {
        self.names.get_or_init(|| (self.read_names)())
    }

    fn takes(&self, name: &str) -> bool {
        name == OPT_OUT
            || self.names().iter().any(|known| known == name)
            || (self.paged && name.starts_with(CUSTOM_FIELD_PREFIX) && name.len() > CUSTOM_FIELD_PREFIX.len())
    }

    /// 422 naming each parameter of `query` the route does not take, unless the client opted out.
    pub fn check(&self, query: &str) -> Result<(), ApiError> {
        let params: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
            .map(|(name, value)| (name.into_owned(), value.into_owned()))
            .collect();
        let mut errors = FieldErrors::default();
        match params.iter().find(|(name, _)| name == OPT_OUT) {
            Some((_, value)) if value == OPT_OUT_VALUE => return Ok(()),
            Some(_) => errors.add(
                OPT_OUT,
                format!("The only value {OPT_OUT} takes is `{OPT_OUT_VALUE}` (ignore query parameters this route does not take)."),
            ),
            None => {}
        }
        for (name, _) in &params {
            let field = if name.is_empty() { "query" } else { name.as_str() };
            if !self.takes(name) && !errors.contains(field) {
                errors.add(field, self.refusal());
            }
        }
        errors.into_result(())
    }

    fn refusal(&self) -> String {
        let mut accepted = self.names().to_vec();
        if self.paged {
            accepted.push(format!("{CUSTOM_FIELD_PREFIX}<key>"));
        }
        let accepted = match accepted.is_empty() {
            true => "This route takes no query parameters".to_string(),
            false => format!("This route takes: {}", accepted.join(", ")),
        };
        format!(
            "Unknown query parameter. {accepted}. To have unknown parameters ignored instead, add \
             {OPT_OUT}={OPT_OUT_VALUE}."
        )
    }
}

/// The middleware: refuses a request whose query string names a parameter the route does not take.
pub async fn refuse_unknown_params(known: KnownParams, request: Request, next: Next) -> Response {
    if let Some(query) = request.uri().query() {
        if let Err(refusal) = known.check(query) {
            return refusal.into_response();
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names a list route filtering by `email` and `stage_id` documents, with its paging
    /// (`crate::openapi::query_param_names` reads them from the route; tested there).
    fn by_email_list() -> Vec<String> {
        ["page", "per_page", "sort", "search", "cursor", "email", "stage_id"]
            .map(String::from)
            .to_vec()
    }

    fn by_email() -> Vec<String> {
        vec!["email".into(), "stage_id".into()]
    }

    fn faulty(known: &KnownParams, query: &str) -> Vec<String> {
        match known.check(query) {
            Ok(()) => Vec::new(),
            Err(ApiError::Validation(errors)) => errors.into_entries().map(|(field, _)| field).collect(),
            Err(other) => panic!("not a validation error: {other:?}"),
        }
    }

    #[test]
    fn a_list_takes_its_filters_paging_and_custom_fields() {
        let known = KnownParams::new(by_email_list, true);
        assert!(faulty(&known, "email=a%40b.co&stage_id=2&page=2&per_page=5&sort=-id&search=x").is_empty());
        assert!(faulty(&known, "custom_fields.region=north&cursor=abcd").is_empty());
        assert_eq!(faulty(&known, "emial=a%40b.co&page=1&emial=c"), vec!["emial"]);
        assert_eq!(faulty(&known, "custom_fields.=x"), vec!["custom_fields."]);
    }

    #[test]
    fn a_route_without_a_query_takes_none_and_says_so() {
        let known = KnownParams::new(Vec::new, false);
        assert!(faulty(&known, "").is_empty());
        let Err(ApiError::Validation(errors)) = known.check("page=1") else {
            panic!("page=1 was taken by a route without a query");
        };
        let message: String = errors.into_entries().flat_map(|(_, messages)| messages).collect();
        assert!(message.contains("takes no query parameters"), "{message}");
        assert!(message.contains("unknown_params=ignore"), "{message}");
    }

    #[test]
    fn the_opt_out_ignores_unknown_parameters_and_takes_one_value() {
        let known = KnownParams::new(by_email, false);
        assert!(faulty(&known, "emial=x&unknown_params=ignore").is_empty());
        assert_eq!(
            faulty(&known, "emial=x&unknown_params=yes"),
            vec!["emial", "unknown_params"]
        );
        assert_eq!(
            faulty(&known, "page=1"),
            vec!["page"],
            "a route that is not a list takes no paging"
        );
    }
}
