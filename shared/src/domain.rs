//! Values a record keeps once a [`crate::http::FieldErrors`] check has parsed them: the type says
//! the check ran, so a record cannot hold an unchecked address, colour or date. Each serializes as
//! the plain string it was always stored as, so stored records and the API are unchanged.

use std::fmt;

use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};
use serde_json::json;
use unicode_normalization::UnicodeNormalization;

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
    email_schema
);
checked_string!(
    /// A colour written `#RRGGBB`, upper-cased.
    Color,
    color_schema
);
checked_string!(
    /// A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
    // Not `Date` in the document: generated TypeScript would shadow the built-in `Date`.
    Date as "CalendarDate",
    date_schema
);

/// Whether `value` reads as an e-mail address: one `@`, a dotted domain, no spaces.
pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// The form two values are compared in when they must differ (a SKU, a login e-mail): canonical
/// composition (NFC) and lower case, so `José` typed precomposed or as `e` + combining accent, in
/// any case, is one value. Unicode's full lower-case mapping stands in for case folding (they
/// differ on a few letters such as `ß`); ASCII values just lose their case, as before.
pub fn unique_form(value: &str) -> String {
    // Lower-casing a composed letter can leave it decomposed-equivalent: compose last.
    value.nfd().collect::<String>().to_lowercase().nfc().collect()
}

/// The longest e-mail address (RFC 5321's path limit less its angle brackets).
pub const EMAIL_MAX_CHARS: usize = 254;

/// [`Email`] (`crate::http::FieldErrors::email`): an address of at most [`EMAIL_MAX_CHARS`].
pub fn email_schema(schema: &mut Schema) {
    schema.insert("format".into(), json!("email"));
    schema.insert("minLength".into(), json!(3));
    schema.insert("maxLength".into(), json!(EMAIL_MAX_CHARS));
}

/// [`Color`] (`crate::http::FieldErrors::color`): `#RRGGBB`.
pub fn color_schema(schema: &mut Schema) {
    schema.insert("pattern".into(), json!("^#[0-9A-Fa-f]{6}$"));
}

/// [`Date`] (`crate::http::FieldErrors::date`): `YYYY-MM-DD`.
pub fn date_schema(schema: &mut Schema) {
    schema.insert("format".into(), json!("date"));
    // Years 1900 to 2999 ([`Date::FIRST`] and `LAST`).
    schema.insert("pattern".into(), json!("^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$"));
}

impl Email {
    /// `value` if it is an address, lower-cased (`None` otherwise).
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim();
        (value.len() <= EMAIL_MAX_CHARS && is_email(value)).then(|| Self(unique_form(value)))
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

    #[test]
    fn they_serialize_as_plain_strings() {
        let email = Email::parse("a@b.co").unwrap();
        assert_eq!(serde_json::to_value(&email).unwrap(), serde_json::json!("a@b.co"));
        let back: Email = serde_json::from_value(serde_json::json!("a@b.co")).unwrap();
        assert_eq!(back, email);
    }

    #[test]
    fn unique_forms_compose_and_drop_case_and_leave_ascii_as_it_was() {
        let composed = "Jos\u{e9}";
        for same in ["jos\u{e9}", "Jose\u{301}", "JOSE\u{301}", "JOS\u{c9}"] {
            assert_eq!(unique_form(same), unique_form(composed), "{same:?}");
        }
        assert_eq!(unique_form(composed), "jos\u{e9}", "stored composed");
        assert_ne!(unique_form("Jose"), unique_form(composed));
        // ASCII keys are what lower-casing alone made of them, so older claims still match.
        for ascii in ["ABC-100", "Bolt-1", "code#7", "x y_z"] {
            assert_eq!(unique_form(ascii), ascii.to_lowercase());
        }
    }
}

/// A text field of a request body, of at most `MAX` characters: the one place the field's bound
/// is written. The document reads it (`minLength` 1, `maxLength`, a non-blank `pattern`) and so
/// does the check, [`crate::http::FieldErrors::text`], which trims it and refuses it empty or
/// longer. Received as any string, so a body's every field error is still reported at once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Text<const MAX: usize>(String);

impl<const MAX: usize> Text<MAX> {
    /// The text as received, not yet checked.
    pub fn unchecked(self) -> String {
        self.0
    }
}

impl<const MAX: usize> From<&str> for Text<MAX> {
    fn from(value: &str) -> Self {
        Self(value.to_owned())
    }
}

impl<const MAX: usize> From<String> for Text<MAX> {
    fn from(value: String) -> Self {
        Self(value)
    }
}

impl<const MAX: usize> JsonSchema for Text<MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("Text_{MAX}").into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> Schema {
        let mut schema = String::json_schema(generator);
        schema.insert("minLength".into(), json!(1));
        schema.insert("maxLength".into(), json!(MAX));
        schema.insert("pattern".into(), json!(r"\S"));
        schema
    }
}

/// A list field of a request body: at most `ITEMS` texts of at most `CHARS` characters each
/// (tags). Both bounds are written once, here, and read by the document (`maxItems`, each item a
/// [`Text`]) and by [`crate::http::FieldErrors::text_list`], which trims each, drops repeats and
/// refuses an empty or longer one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct TextList<const ITEMS: usize, const CHARS: usize>(Vec<String>);

impl<const ITEMS: usize, const CHARS: usize> TextList<ITEMS, CHARS> {
    /// The texts as received, not yet checked.
    pub fn unchecked(self) -> Vec<String> {
        self.0
    }
}

impl<const ITEMS: usize, const CHARS: usize> JsonSchema for TextList<ITEMS, CHARS> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("TextList_{ITEMS}_{CHARS}").into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> Schema {
        let mut schema = Vec::<Text<CHARS>>::json_schema(generator);
        schema.insert("maxItems".into(), json!(ITEMS));
        schema
    }
}

/// A record's id as a create body names it, read as whatever JSON the body holds there, so a
/// wrong one is that field's error among the body's others ([`crate::http::FieldErrors::id`])
/// rather than the whole body's: a field the body type takes from a part it shares with other
/// kinds (`#[serde(flatten)]`, whose errors serde reports at the body) keeps its name.
#[derive(Clone, Debug, Deserialize)]
#[serde(transparent)]
pub struct IdIn(serde_json::Value);

impl IdIn {
    /// The id, when the body holds a whole number there.
    pub fn whole(&self) -> Option<u64> {
        self.0.as_u64()
    }
}

/// Documented as the id it stands for.
impl JsonSchema for IdIn {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        u64::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> Schema {
        u64::json_schema(generator)
    }
}
