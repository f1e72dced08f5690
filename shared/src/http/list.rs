//! The list envelope and its paging: `page` + `per_page` (default 15, max 100) or an opaque `cursor`.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};

use super::{ApiError, FieldErrors};

pub const DEFAULT_PER_PAGE: usize = 15;
pub const MAX_PER_PAGE: usize = 100;

/// Cursors are unpadded base64url.
const CURSOR_PATTERN: &str = "^[A-Za-z0-9_-]+$";

/// Paging, sorting and search parameters every list accepts.
#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct ListParams {
    /// 1-based page number (at most 4294967295).
    #[schemars(range(min = 1))]
    pub page: Option<u32>,
    /// Records per page: 1 to 100, default 15.
    #[schemars(range(min = 1, max = 100))]
    pub per_page: Option<usize>,
    /// Opaque: a previous response's `meta.next_cursor`, for the same list (same filters, sort
    /// and search); any other is refused (422 naming `cursor`).
    #[schemars(length(min = 4, max = 1024), regex(pattern = CURSOR_PATTERN))]
    pub cursor: Option<String>,
    /// `field` ascending or `-field` descending. Without it, every list is in the order its records
    /// were made, oldest first (`created_at`).
    pub sort: Option<String>,
    /// Words to look for: each must begin a word of the record's searchable fields (name, e-mail,
    /// ...), compared without case or accents (`mar lop` finds "María López"). Without `sort`,
    /// results come in the order of the words they match; the total is then a lower bound
    /// (`meta.total_exact` false) while there is a next page.
    pub search: Option<String>,
    /// `custom_fields.<key>=<value>` filters on custom fields (read from the query string by
    /// [`Listing`]), in the order given.
    #[serde(skip)]
    #[schemars(skip)]
    pub custom: Vec<(String, String)>,
    /// The lower bounds on the records' times (read by [`Listing`]: a list of records that keep them).
    #[serde(skip)]
    #[schemars(skip)]
    pub since: Since,
}

/// What a poller asks of a list of records: those made, or changed, at or after a time. With
/// `sort=updated_at` (or `-updated_at`) the `updated_at` index serves `updated_since`; in the
/// id order (`created_at`, the default) the records themselves serve `created_since`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Since {
    /// RFC 3339 (`2026-03-01T09:30:00Z`): only records changed at or after it (to the second:
    /// a poller that sends its last record's `updated_at` sees that record again).
    #[schemars(length(min = 10, max = 40), extend("format" = "date-time"))]
    pub updated_since: Option<String>,
    /// RFC 3339: only records made at or after it (to the second).
    #[schemars(length(min = 10, max = 40), extend("format" = "date-time"))]
    pub created_since: Option<String>,
}

impl Since {
    /// The bounds, each as the records write their times (UTC, to the second), or 422 naming a
    /// bound that is not an RFC 3339 time.
    pub fn bounds(&self) -> Result<(Option<String>, Option<String>), ApiError> {
        let mut errors = FieldErrors::default();
        let mut read = |field: &str, raw: &Option<String>| {
            let raw = raw.as_deref()?;
            match chrono::DateTime::parse_from_rfc3339(raw) {
                Ok(time) => Some(
                    time.with_timezone(&chrono::Utc)
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                ),
                Err(_) => {
                    errors.add(
                        field,
                        format!("The {field} field must be an RFC 3339 time, such as 2026-03-01T09:30:00Z."),
                    );
                    None
                }
            }
        };
        let updated = read("updated_since", &self.updated_since);
        let created = read("created_since", &self.created_since);
        errors.into_result((updated, created))
    }

    pub fn is_empty(&self) -> bool {
        self.updated_since.is_none() && self.created_since.is_none()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortOrder {
    Ascending,
    Descending,
}

impl ListParams {
    /// The sort field and order, checked against the fields this list can sort by.
    pub fn sort_by<'a>(&'a self, allowed: &[&str], default: &'a str) -> Result<(&'a str, SortOrder), ApiError> {
        let raw = self.sort.as_deref().unwrap_or(default);
        let (field, order) = match raw.strip_prefix('-') {
            Some(field) => (field, SortOrder::Descending),
            None => (raw, SortOrder::Ascending),
        };
        if allowed.contains(&field) {
            Ok((field, order))
        } else {
            Err(ApiError::invalid(
                "sort",
                format!("Sort by one of: {}.", allowed.join(", ")),
            ))
        }
    }

    /// The search term, trimmed and lower-cased; `None` when empty.
    pub fn search_term(&self) -> Option<String> {
        self.search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_lowercase)
    }

    /// The page size, checked (1 to [`MAX_PER_PAGE`]; an error for `per_page` otherwise).
    pub fn page_size(&self, errors: &mut FieldErrors) -> usize {
        let per_page = self.per_page.unwrap_or(DEFAULT_PER_PAGE);
        if per_page == 0 || per_page > MAX_PER_PAGE {
            errors.add(
                "per_page",
                format!("The per page field must be between 1 and {MAX_PER_PAGE}."),
            );
        }
        per_page
    }

    fn window(&self) -> Result<(usize, usize), ApiError> {
        let mut errors = FieldErrors::default();
        let per_page = self.page_size(&mut errors);
        let offset = match (&self.cursor, self.page) {
            (Some(cursor), _) => decode_cursor(cursor).unwrap_or_else(|| {
                errors.add("cursor", "The cursor is not one this API issued.");
                0
            }),
            (None, Some(0)) => {
                errors.add("page", "The page field must be at least 1.");
                0
            }
            (None, page) => usize::try_from(page.unwrap_or(1) - 1)
                .unwrap_or(usize::MAX)
                .saturating_mul(per_page),
        };
        errors.into_result((offset, per_page))
    }
}

/// A list request: the paging parameters every list takes plus a list's own filters `F`, both read
/// from the one query string. (Not `#[serde(flatten)]`: flattened query strings turn numbers into
/// strings and break parsing.)
pub struct Listing<F> {
    pub params: ListParams,
    pub filters: F,
}

impl<F: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Listing<F> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        let super::ValidQuery(mut params) = super::ValidQuery::<ListParams>::from_request_parts(parts, state).await?;
        let super::ValidQuery(since) = super::ValidQuery::<Since>::from_request_parts(parts, state).await?;
        params.since = since;
        let super::ValidQuery(filters) = super::ValidQuery::<F>::from_request_parts(parts, state).await?;
        let query = parts.uri.query().unwrap_or_default();
        params.custom = url::form_urlencoded::parse(query.as_bytes())
            .filter_map(|(name, value)| Some((name.strip_prefix("custom_fields.")?.to_string(), value.into_owned())))
            .collect();
        Ok(Self { params, filters })
    }
}

/// Page metadata. `next_cursor` is null on the last page.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, schemars::JsonSchema)]
pub struct Meta {
    /// How many records the list holds; a lower bound when `total_exact` is false.
    pub total: usize,
    /// False when `total` is a lower bound: a search, or several filters at once, is counted only
    /// as far as it was read (what this page and the ones before it found, plus one when there is
    /// a next page).
    pub total_exact: bool,
    pub per_page: usize,
    pub current_page: usize,
    pub last_page: usize,
    pub next_cursor: Option<String>,
}

impl Meta {
    /// The page that starts `offset` records in: its number and the last page's follow from
    /// `total` and `per_page`.
    pub fn new(total: usize, total_exact: bool, per_page: usize, offset: usize, next_cursor: Option<String>) -> Self {
        Self {
            total,
            total_exact,
            per_page,
            current_page: offset / per_page + 1,
            last_page: total.div_ceil(per_page).max(1),
            next_cursor,
        }
    }
}

/// `{"data": [...], "meta": {...}}`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "{T}List")]
pub struct ListResponse<T> {
    pub data: Vec<T>,
    pub meta: Meta,
}

impl<T> ListResponse<T> {
    /// The same page with each entry made into a `U`.
    pub fn map<U>(self, each: impl FnMut(T) -> U) -> ListResponse<U> {
        ListResponse {
            data: self.data.into_iter().map(each).collect(),
            meta: self.meta,
        }
    }
}

/// Cuts one page out of an already filtered and sorted list.
pub fn paginate<T>(items: Vec<T>, params: &ListParams) -> Result<ListResponse<T>, ApiError> {
    let (offset, per_page) = params.window()?;
    let total = items.len();
    let data: Vec<T> = items.into_iter().skip(offset).take(per_page).collect();
    let end = offset + data.len();
    Ok(ListResponse {
        data,
        meta: Meta::new(total, true, per_page, offset, (end < total).then(|| encode_cursor(end))),
    })
}

fn encode_cursor(offset: usize) -> String {
    URL_SAFE_NO_PAD.encode(format!("o:{offset}"))
}

fn decode_cursor(cursor: &str) -> Option<usize> {
    let raw = URL_SAFE_NO_PAD.decode(cursor).ok()?;
    std::str::from_utf8(&raw).ok()?.strip_prefix("o:")?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_cursors_walk_the_whole_list() {
        let params = ListParams {
            per_page: Some(2),
            ..Default::default()
        };
        let first = paginate((1..=5).collect(), &params).unwrap();
        assert_eq!(first.data, vec![1, 2]);
        assert_eq!(
            (first.meta.total, first.meta.last_page, first.meta.current_page),
            (5, 3, 1)
        );
        let next = ListParams {
            per_page: Some(2),
            cursor: first.meta.next_cursor,
            ..Default::default()
        };
        let second = paginate((1..=5).collect(), &next).unwrap();
        assert_eq!(second.data, vec![3, 4]);
        let third = paginate(
            (1..=5).collect(),
            &ListParams {
                page: Some(3),
                per_page: Some(2),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(third.data, vec![5]);
        assert_eq!(third.meta.next_cursor, None);
    }

    #[test]
    fn out_of_range_paging_is_a_validation_error() {
        for params in [
            ListParams {
                per_page: Some(0),
                ..Default::default()
            },
            ListParams {
                per_page: Some(101),
                ..Default::default()
            },
            ListParams {
                page: Some(0),
                ..Default::default()
            },
            ListParams {
                cursor: Some("garbage!".into()),
                ..Default::default()
            },
        ] {
            assert_eq!(paginate(vec![1], &params).unwrap_err().code(), "validation_failed");
        }
    }
}
