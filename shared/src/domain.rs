//! Values a record keeps once a [`crate::http::FieldErrors`] check has parsed them: the type says
//! the check ran, so a record cannot hold an unchecked address, colour or date. Each serializes as
//! the plain string it was always stored as, so stored records and the API are unchanged.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

macro_rules! checked_string {
    ($(#[$doc:meta])* $name:ident $(as $schema_name:literal)?, $schema:path) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
        #[serde(transparent)]
        #[schemars(transform = $schema)]
        $(#[schemars(rename = $schema_name)])?
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// A value this code names itself (a default, a seed), already in its written form.
            pub fn known(value: &'static str) -> Self {
                debug_assert!(Self::parse(value).is_some_and(|v| v.0 == value), "{value} is not in its written form");
                Self(value.to_owned())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        /// Read as the string it is (never changed in place: only a check makes one).
        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                value.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }
    };
}

checked_string!(
    /// An e-mail address, trimmed and lower-cased.
    Email,
    crate::http::schema::email
);
checked_string!(
    /// A colour written `#RRGGBB`, upper-cased.
    Color,
    crate::http::schema::color
);
checked_string!(
    /// A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
    // Not `Date` in the document: generated TypeScript would shadow the built-in `Date`.
    Date as "CalendarDate",
    crate::http::schema::date
);

impl Email {
    /// `value` if it is an address, lower-cased (`None` otherwise).
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim();
        (value.len() <= 254 && crate::http::validate::is_email(value))
            .then(|| Self(crate::resource::unique::unique_form(value)))
    }
}

impl Color {
    /// `value` if it is written `#RRGGBB` (any case), upper-cased.
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim().to_uppercase();
        let valid = value.len() == 7 && value.starts_with('#') && value[1..].chars().all(|c| c.is_ascii_hexdigit());
        valid.then_some(Self(value))
    }
}

impl Date {
    /// The first date a record may hold.
    pub const FIRST: &'static str = "1900-01-01";
    /// The last date a record may hold.
    pub const LAST: &'static str = "2999-12-31";

    /// `value` if it is a real date written `YYYY-MM-DD` from [`Date::FIRST`] to [`Date::LAST`]:
    /// four digits of year, no sign (chrono alone also reads `+10000-01-01` and `-0001-01-01`).
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim();
        let shaped = value.len() == 10
            && value.bytes().enumerate().all(|(at, b)| {
                if at == 4 || at == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            });
        let in_range = (Self::FIRST..=Self::LAST).contains(&value);
        if !(shaped && in_range) {
            return None;
        }
        chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d")
            .ok()
            .map(Self::from)
    }

    /// Today in UTC.
    pub fn today() -> Self {
        Self::from(chrono::Utc::now().date_naive())
    }

    pub fn naive(&self) -> chrono::NaiveDate {
        // Only `parse` and `From<NaiveDate>` make one, so the text is always a date.
        chrono::NaiveDate::parse_from_str(&self.0, "%Y-%m-%d").unwrap_or_default()
    }
}

/// An optional `YYYY-MM-DD` date, as a query filter takes it: anything else is refused (422
/// naming the field), never read as a value that matches nothing.
pub fn optional_date<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(raw) => Date::parse(&raw).map(|date| Some(date.0)).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{raw}` is not a date written YYYY-MM-DD from {} to {}",
                Date::FIRST,
                Date::LAST
            ))
        }),
    }
}

impl From<chrono::NaiveDate> for Date {
    fn from(date: chrono::NaiveDate) -> Self {
        Self(date.format("%Y-%m-%d").to_string())
    }
}

/// A closed set of values written as snake_case strings: an enum made by [`crate::choice!`], which
/// [`crate::http::FieldErrors::choice`] parses from a body.
pub trait Choice: Copy + serde::de::DeserializeOwned + 'static {
    /// The written forms, in the order a message lists them.
    const VALUES: &'static [&'static str];
}

/// An enum of written values with the spellings it also accepts:
///
/// ```ignore
/// shared::choice! {
///     /// Where a deal stands.
///     pub enum DealStatus { Open = "open" | "active", Won = "won", Lost = "lost" | "loss" }
/// }
/// ```
#[macro_export]
macro_rules! choice {
    ($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($(#[$vmeta:meta])* $variant:ident = $text:literal $(| $alias:literal)*),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        $vis enum $name {
            $($(#[$vmeta])* #[serde(rename = $text $(, alias = $alias)*)] $variant),+
        }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }
        }

        impl $crate::domain::Choice for $name {
            const VALUES: &'static [&'static str] = &[$($text),+];
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_parsed_into_their_one_written_form() {
        assert_eq!(Email::parse(" Ann@Example.COM ").unwrap().as_str(), "ann@example.com");
        assert!(Email::parse("ann.example.com").is_none());
        assert_eq!(Color::parse("#a1b2c3").unwrap().as_str(), "#A1B2C3");
        assert!(Color::parse("#a1b2c").is_none());
        assert_eq!(Date::parse("2026-02-28").unwrap().as_str(), "2026-02-28");
        assert!(Date::parse("2026-02-30").is_none());
        for outside in [
            "0000-01-01",
            "-0001-01-01",
            "+10000-01-01",
            "1899-12-31",
            "3000-01-01",
            "2026-2-28",
            "20260228",
        ] {
            assert!(Date::parse(outside).is_none(), "{outside}");
        }
        assert!(Date::parse(Date::FIRST).is_some() && Date::parse(Date::LAST).is_some());
        assert_eq!(Date::parse("2026-02-28").unwrap().naive().to_string(), "2026-02-28");
    }

    crate::choice! {
        enum Status { Open = "open" | "active", OnHold = "on_hold" }
    }

    #[test]
    fn choices_take_their_spellings_and_aliases() {
        let mut errors = crate::http::FieldErrors::default();
        assert_eq!(errors.choice("status", Some(" Active ".into())), Some(Status::Open));
        assert_eq!(errors.choice("status", Some("On hold".into())), Some(Status::OnHold));
        assert!(errors.is_empty());
        assert_eq!(errors.choice::<Status>("status", Some("closed".into())), None);
        let reported = serde_json::to_value(&errors).unwrap();
        assert_eq!(reported["status"][0], "The status field must be one of: open, on_hold.");
        assert_eq!(Status::OnHold.as_str(), "on_hold");
    }

    #[test]
    fn they_serialize_as_plain_strings() {
        let email = Email::parse("a@b.co").unwrap();
        assert_eq!(serde_json::to_value(&email).unwrap(), serde_json::json!("a@b.co"));
        let back: Email = serde_json::from_value(serde_json::json!("a@b.co")).unwrap();
        assert_eq!(back, email);
    }
}
