//! Field validation that reports every problem at once, in the shape of Laravel's validation errors
//! (`{"field": ["message", ...]}`), which the original product's clients already parse.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::domain::{Choice, Color, Date, Email, IdIn, Text, TextList};
use crate::money::Money;

/// How long a password is, in characters: what [`FieldErrors::password`] checks and the
/// document says ([`super::schema::password`]).
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;

/// Field name to the list of what is wrong with it.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_string()).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The errors of `from` reported under `to` (a shaped body naming a library's field its own way).
    pub fn rename(&mut self, from: &str, to: &str) {
        if let Some(messages) = self.0.remove(from) {
            self.0.entry(to.to_string()).or_default().extend(messages);
        }
    }

    pub fn contains(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// Adds every error of `other` (a part of the body checked on its own).
    pub fn absorb(&mut self, other: FieldErrors) {
        for (field, messages) in other.0 {
            self.0.entry(field).or_default().extend(messages);
        }
    }

    /// The errors, by field.
    pub fn into_entries(self) -> impl Iterator<Item = (String, Vec<String>)> {
        self.0.into_iter()
    }

    /// `Ok(value)` when nothing was reported, else the 422 error carrying every field.
    pub fn into_result<T>(self, value: T) -> Result<T, super::ApiError> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(super::ApiError::Validation(self))
        }
    }

    /// Every error at once (422), or the checked required values: `let (email, password) =
    /// errors.finish((email, password))?`. A required value that is missing without an error
    /// reported is a bug in the handler: 500, never a panic.
    pub fn finish<V: Required>(self, values: V) -> Result<V::Values, super::ApiError> {
        self.into_result(values)?.all().ok_or_else(|| {
            super::ApiError::internal(anyhow::anyhow!("a required field passed validation without a value"))
        })
    }

    /// The value of one check alone, or its errors (422): `self.name.assign(FieldErrors::check(|e|
    /// e.text("name", patch.name))?)`.
    pub fn check<T>(check: impl FnOnce(&mut Self) -> Option<T>) -> Result<Option<T>, super::ApiError> {
        let mut errors = Self::default();
        let value = check(&mut errors);
        errors.into_result(value)
    }

    /// [`Self::check`] of a required value.
    pub fn check_required<T>(check: impl FnOnce(&mut Self) -> Option<T>) -> Result<T, super::ApiError> {
        let mut errors = Self::default();
        let value = check(&mut errors);
        errors.finish(value)
    }

    /// The value of a required field, or a "required" error for it.
    pub fn required<T>(&mut self, field: &str, value: Option<T>) -> Option<T> {
        if value.is_none() {
            self.add(field, format!("The {} field is required.", human(field)));
        }
        value
    }

    /// A body's id field read as any value ([`IdIn`]): `None` when absent or `null`, and an
    /// error on the field when it is not a whole number.
    pub fn id(&mut self, field: &str, value: Option<IdIn>) -> Option<u64> {
        let value = value?;
        let id = value.whole();
        if id.is_none() {
            self.add(field, format!("The {field} field must be a whole number."));
        }
        id
    }

    /// A body's text field ([`Text`]), trimmed, non-empty and at most its type's bound.
    pub fn text<const MAX: usize>(&mut self, field: &str, value: Option<Text<MAX>>) -> Option<String> {
        self.text_within(field, value.map(Text::unchecked), MAX)
    }

    /// A required [`Self::text`].
    pub fn required_text<const MAX: usize>(&mut self, field: &str, value: Option<Text<MAX>>) -> Option<String> {
        let value = self.required(field, value)?;
        self.text(field, Some(value))
    }

    /// An update's clearable [`Self::text`]: absent, cleared (`null`), or checked (`None` inside
    /// with an error reported).
    pub fn clearable_text<const MAX: usize>(
        &mut self,
        field: &str,
        value: Option<Option<Text<MAX>>>,
    ) -> Option<Option<String>> {
        match value {
            None => None,
            Some(None) => Some(None),
            Some(Some(text)) => self.text(field, Some(text)).map(Some),
        }
    }

    /// A non-empty text field of at most its type's bound, kept exactly as sent, white space
    /// included: for a value compared byte for byte, such as an OAuth redirect URI.
    pub fn untrimmed_text<const MAX: usize>(&mut self, field: &str, value: Option<Text<MAX>>) -> Option<String> {
        self.bounded(field, value.map(Text::unchecked), MAX)
    }

    /// A trimmed, non-empty string of at most `max` characters: a value no body field's type
    /// bounds (one read from elsewhere, or checked as part of another).
    pub fn text_within(&mut self, field: &str, value: Option<String>, max: usize) -> Option<String> {
        self.bounded(field, value.map(|v| v.trim().to_string()), max)
    }

    fn bounded(&mut self, field: &str, value: Option<String>, max: usize) -> Option<String> {
        match value {
            Some(v) if v.is_empty() => {
                self.add(field, format!("The {} field must not be empty.", human(field)));
                None
            }
            Some(v) if v.chars().count() > max => {
                self.add(
                    field,
                    format!("The {} field must be at most {max} characters.", human(field)),
                );
                None
            }
            other => other,
        }
    }

    /// A syntactically valid e-mail address, lower-cased.
    pub fn email(&mut self, field: &str, value: Option<String>) -> Option<Email> {
        let value = self.text_within(field, value, crate::domain::EMAIL_MAX_CHARS)?;
        let email = Email::parse(&value);
        if email.is_none() {
            self.add(
                field,
                format!("The {} field must be a valid email address.", human(field)),
            );
        }
        email
    }

    /// A password of [`PASSWORD_CHARS`] characters.
    pub fn password(&mut self, field: &str, value: Option<String>) -> Option<String> {
        let value = value?;
        let len = value.chars().count();
        if !PASSWORD_CHARS.contains(&len) {
            let (min, max) = (PASSWORD_CHARS.start(), PASSWORD_CHARS.end());
            self.add(
                field,
                format!("The {} field must be between {min} and {max} characters.", human(field)),
            );
            return None;
        }
        Some(value)
    }

    /// One of a closed set of values.
    pub fn one_of(&mut self, field: &str, value: Option<String>, allowed: &[&str]) -> Option<String> {
        let value = value?;
        if allowed.contains(&value.as_str()) {
            Some(value)
        } else {
            self.add(
                field,
                format!("The {} field must be one of: {}.", human(field), allowed.join(", ")),
            );
            None
        }
    }
}

impl FieldErrors {
    /// A calendar date written `YYYY-MM-DD`.
    pub fn date(&mut self, field: &str, value: Option<String>) -> Option<Date> {
        let date = Date::parse(&value?);
        if date.is_none() {
            self.add(
                field,
                format!(
                    "The {} field must be a date written YYYY-MM-DD, from {} to {}.",
                    human(field),
                    Date::FIRST,
                    Date::LAST
                ),
            );
        }
        date
    }

    /// `amount` unless it is below 0 (amounts are rounded to cents as they are read). A body field
    /// it checks says so with [`crate::money::at_least_zero`].
    pub fn not_negative(&mut self, field: &str, amount: Option<Money>) -> Option<Money> {
        match amount {
            Some(a) if a.is_negative() => {
                self.add(field, format!("The {} field must be at least 0.", human(field)));
                None
            }
            other => other,
        }
    }

    /// Reports `end_field` when `end` is before `start` (either may be unknown).
    pub fn dates_in_order(&mut self, end_field: &str, start: Option<&Date>, end: Option<&Date>) {
        if let (Some(start), Some(end)) = (start, end) {
            if end.naive() < start.naive() {
                self.add(
                    end_field,
                    format!("The {} field must not be before the start date.", human(end_field)),
                );
            }
        }
    }

    /// A colour written `#RRGGBB`, upper-cased.
    pub fn color(&mut self, field: &str, value: Option<String>) -> Option<Color> {
        let color = Color::parse(&value?);
        if color.is_none() {
            self.add(
                field,
                format!("The {} field must be a colour written #RRGGBB.", human(field)),
            );
        }
        color
    }

    /// One of a [`Choice`]'s values, read without case and with spaces or hyphens as `_`.
    pub fn choice<C: Choice>(&mut self, field: &str, value: Option<String>) -> Option<C> {
        let written = value?.trim().to_lowercase().replace([' ', '-'], "_");
        let choice = serde_json::from_value(serde_json::Value::String(written)).ok();
        if choice.is_none() {
            self.add(
                field,
                format!("The {} field must be one of: {}.", human(field), C::VALUES.join(", ")),
            );
        }
        choice
    }

    /// A body's list of texts ([`TextList`]): each trimmed and 1 to its type's `CHARS`
    /// characters, repeats dropped, at most its `ITEMS`.
    pub fn text_list<const ITEMS: usize, const CHARS: usize>(
        &mut self,
        field: &str,
        value: Option<TextList<ITEMS, CHARS>>,
    ) -> Option<Vec<String>> {
        self.text_list_within(field, value.map(TextList::unchecked), ITEMS, CHARS)
    }

    /// A list of at most `max` trimmed, non-empty strings of at most `len` characters, without repeats.
    pub fn text_list_within(
        &mut self,
        field: &str,
        value: Option<Vec<String>>,
        max: usize,
        len: usize,
    ) -> Option<Vec<String>> {
        let mut out: Vec<String> = Vec::new();
        for item in value? {
            let item = item.trim().to_string();
            if item.is_empty() || item.chars().count() > len {
                self.add(
                    field,
                    format!("Each of {} must be 1 to {len} characters.", human(field)),
                );
                return None;
            }
            if !out.contains(&item) {
                out.push(item);
            }
        }
        if out.len() > max {
            self.add(
                field,
                format!("The {} field may hold at most {max} items.", human(field)),
            );
            return None;
        }
        Some(out)
    }
}

fn human(field: &str) -> String {
    field.replace('_', " ")
}

/// A pragmatic address check: one `@`, a non-empty local part, a dotted domain, no spaces.
/// `ids` (of `field`) without repeats, in their order: each positive, at most `max` of them as
/// sent (repeats count, as the document's `maxItems` says).
pub fn distinct_ids(field: &str, ids: Vec<u64>, max: usize) -> Result<Vec<u64>, super::ApiError> {
    if ids.len() > max {
        return Err(super::ApiError::invalid(field, format!("At most {max} ids.")));
    }
    let mut unique: Vec<u64> = Vec::with_capacity(ids.len());
    for id in ids {
        if id == 0 {
            return Err(super::ApiError::invalid(field, "Ids are positive integers."));
        }
        if !unique.contains(&id) {
            unique.push(id);
        }
    }
    Ok(unique)
}

/// Required values as [`FieldErrors`] checks them: `Option`s that hold a value once no error was
/// reported.
pub trait Required {
    type Values;
    fn all(self) -> Option<Self::Values>;
}

impl<A> Required for Option<A> {
    type Values = A;
    fn all(self) -> Option<A> {
        self
    }
}

macro_rules! required_tuple {
    ($($t:ident $i:tt),+) => {
        impl<$($t),+> Required for ($(Option<$t>,)+) {
            type Values = ($($t,)+);
            fn all(self) -> Option<Self::Values> {
                Some(($(self.$i?,)+))
            }
        }
    };
}
required_tuple!(A 0, B 1);
required_tuple!(A 0, B 1, C 2);
required_tuple!(A 0, B 1, C 2, D 3);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_reported_at_once() {
        let mut errors = FieldErrors::default();
        errors.required_text::<190>("name", None);
        errors.email("email", Some("not-an-email".into()));
        errors.password("password", Some("short".into()));
        assert!(errors.contains("name") && errors.contains("email") && errors.contains("password"));
    }

    #[test]
    fn emails_are_checked_and_lowercased() {
        let mut errors = FieldErrors::default();
        assert_eq!(
            errors.email("email", Some(" Ann@Example.COM ".into())),
            crate::domain::Email::parse("ann@example.com")
        );
        for bad in ["a@b", "@b.com", "a b@c.com", "a@@b.com", "a@.com"] {
            assert!(!crate::domain::is_email(bad), "{bad}");
        }
    }

    crate::choice! {
        enum Status { Open = "open" | "active", OnHold = "on_hold" }
    }

    #[test]
    fn choices_take_their_spellings_and_aliases() {
        let mut errors = FieldErrors::default();
        assert_eq!(errors.choice("status", Some(" Active ".into())), Some(Status::Open));
        assert_eq!(errors.choice("status", Some("On hold".into())), Some(Status::OnHold));
        assert!(errors.is_empty());
        assert_eq!(errors.choice::<Status>("status", Some("closed".into())), None);
        let reported = serde_json::to_value(&errors).unwrap();
        assert_eq!(reported["status"][0], "The status field must be one of: open, on_hold.");
        assert_eq!(Status::OnHold.as_str(), "on_hold");
    }
}
