//! Clock helpers: one place that formats timestamps the way the API promises (RFC 3339, UTC).

use chrono::{SecondsFormat, Utc};

/// Now as an RFC 3339 UTC timestamp with second precision, e.g. `2026-11-22T04:00:00Z`.
pub fn now_rfc3339() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Now in whole Unix seconds.
pub fn now_unix() -> i64 {
    Utc::now().timestamp()
}

/// Now in Unix milliseconds (delivery schedules, queue delays).
pub fn now_unix_ms() -> i64 {
    Utc::now().timestamp_millis()
}

/// Now in Unix microseconds (rate-limit arithmetic, where milliseconds round high rates away).
pub fn now_unix_micros() -> i64 {
    Utc::now().timestamp_micros()
}

/// Reads an RFC 3339 timestamp as Unix seconds.
pub fn rfc3339_to_unix(text: &str) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp())
}

/// Formats Unix seconds as RFC 3339 UTC.
pub fn unix_to_rfc3339(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Secs, true)
}
