//! The headers that tell a client it uses something deprecated: `Deprecation` (RFC 9745, since
//! when) and `Sunset` (RFC 8594, when it may stop working), with a `Link` to the changelog entry
//! that says what to do instead (docs/api-conventions.md, "Compatibility").

use axum::http::{header, HeaderMap, HeaderName, HeaderValue};
use chrono::NaiveDate;

/// Something deprecated: since when, until when it keeps working, and where the migration is.
#[derive(Clone, Copy, Debug)]
pub struct Deprecated {
    /// `YYYY-MM-DD` (UTC midnight).
    pub since: &'static str,
    /// `YYYY-MM-DD`: at least a year after `since`.
    pub sunset: &'static str,
    /// The changelog entry (an absolute URL or a path on the API's docs).
    pub link: &'static str,
}

impl Deprecated {
    /// `Deprecation: @<unix seconds>`, `Sunset: <HTTP-date>` and `Link: <...>; rel="deprecation"`.
    pub fn headers(&self) -> HeaderMap {
        let midnight = |date: &str| {
            NaiveDate::parse_from_str(date, "%Y-%m-%d")
                .expect("a deprecation's dates are YYYY-MM-DD")
                .and_hms_opt(0, 0, 0)
                .expect("midnight exists")
                .and_utc()
        };
        let values = [
            (
                HeaderName::from_static("deprecation"),
                format!("@{}", midnight(self.since).timestamp()),
            ),
            (
                HeaderName::from_static("sunset"),
                midnight(self.sunset).format("%a, %d %b %Y %H:%M:%S GMT").to_string(),
            ),
            (
                header::LINK,
                format!("<{}>; rel=\"deprecation\"; type=\"text/html\"", self.link),
            ),
        ];
        values
            .into_iter()
            .filter_map(|(name, value)| Some((name, HeaderValue::from_str(&value).ok()?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms the RFCs give: a structured-field date (`@` and Unix seconds) and an HTTP-date.
    #[test]
    fn headers_are_written_as_the_rfcs_say() {
        let deprecated = Deprecated {
            since: "2026-12-06",
            sunset: "2027-12-06",
            link: "https://example.com/changelog",
        };
        let headers = deprecated.headers();
        assert_eq!(headers["deprecation"], "@1796515200");
        assert_eq!(headers["sunset"], "Mon, 06 Dec 2027 00:00:00 GMT");
        assert_eq!(
            headers["link"],
            "<https://example.com/changelog>; rel=\"deprecation\"; type=\"text/html\""
        );
    }
}
