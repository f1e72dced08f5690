//! Money: a decimal (never a binary float) rounded to the minor unit, written as a JSON number and
//! read from a JSON number or a numeric string.
//!
//! Every amount is within ±[`Money::MAX`] (9,999,999,999,999.99): what a request gives is refused
//! beyond it, and so is a document whose lines or totals come to more. Fifteen significant digits,
//! so every amount is written exactly as a JSON number (a double holds any decimal of 15 digits),
//! and in cents it is far inside an `i64`. Running totals kept in counters (a ledger account's
//! debits) are bounded by the store instead ([`crate::store::COUNTER_LIMIT`]).

use std::fmt;
use std::iter::Sum;
use std::ops::Add;
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

std::thread_local! {
    /// Set while a stored record is parsed ([`reading_stored`]).
    static READING_STORED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `parse` (synchronous) with amounts read as stored: without the bound a request's amounts
/// have, which guards what comes in, not what is already there. A balance kept in a record (a bank
/// account's) is a sum of bounded amounts and may pass it; its record must still read.
pub fn reading_stored<T>(parse: impl FnOnce() -> T) -> T {
    let before = READING_STORED.with(|r| r.replace(true));
    let parsed = parse();
    READING_STORED.with(|r| r.set(before));
    parsed
}

/// Documents a field that holds a running total or a balance (a sum of amounts, not an amount
/// given): the same number, without [`Money::MAX`]'s bound.
pub fn running_total(schema: &mut Schema) {
    schema.remove("minimum");
    schema.remove("maximum");
    schema.insert(
        "description".into(),
        "A running total or balance with two decimal places: a sum of amounts, so it may pass the \
         bound a single amount has."
            .into(),
    );
}

/// An amount with two decimal places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(Decimal);

impl Money {
    pub const ZERO: Money = Money(Decimal::ZERO);
    /// The largest amount either way: 9,999,999,999,999.99.
    pub const MAX: Money = Money(Decimal::from_parts(2_764_472_319, 232_830, 0, false, 2));

    /// Parses `12`, `12.5` or `"12.50"`, rounding half away from zero to cents; `None` beyond
    /// ±[`Money::MAX`].
    pub fn parse(raw: &str) -> Option<Self> {
        let value = decimal_of(raw)?;
        Some(Self(
            value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero),
        ))
        .filter(|m| m.in_range())
    }

    /// Whether this amount is within ±[`Money::MAX`] (a computed sum may not be).
    pub fn in_range(self) -> bool {
        self.0.abs() <= Self::MAX.0
    }

    pub fn is_negative(self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    pub fn decimal(self) -> Decimal {
        self.0
    }

    /// The amount in cents (what sums kept in counters add up).
    pub fn cents(self) -> i64 {
        (self.0 * Decimal::ONE_HUNDRED).round().to_i64().unwrap_or(0)
    }

    pub fn from_cents(cents: i64) -> Self {
        Self(Decimal::new(cents, 2))
    }
}

impl Money {
    /// This amount times a whole quantity.
    pub fn times(self, quantity: i64) -> Money {
        Money(self.0 * Decimal::from(quantity))
    }

    /// `rate` percent of this amount, rounded half away from zero to cents.
    pub fn percent(self, rate: Percent) -> Money {
        Money(
            (self.0 * rate.0 / Decimal::ONE_HUNDRED).round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero),
        )
    }

    pub fn minus(self, other: Money) -> Money {
        Money(self.0 - other.0)
    }

    /// `part / whole` of this amount (a month's salary for 3 of 21 working days), rounded half
    /// away from zero to cents; zero when `whole` is zero.
    pub fn prorate(self, part: i64, whole: i64) -> Money {
        if whole == 0 {
            return Money::ZERO;
        }
        Money(
            (self.0 * Decimal::from(part) / Decimal::from(whole))
                .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero),
        )
    }
}

/// A percentage from 0 to 100 kept to four decimals (a tax rate), written as a JSON number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Percent(Decimal);

impl Percent {
    pub const ZERO: Percent = Percent(Decimal::ZERO);

    /// `20`, `7.25` or `"5.5"`, rounded half away from zero to four decimals; `None` outside
    /// 0..=100.
    pub fn parse(raw: &str) -> Option<Self> {
        let value = decimal_of(raw)?
            .round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero)
            .normalize();
        (value >= Decimal::ZERO && value <= Decimal::ONE_HUNDRED).then_some(Self(value))
    }

    pub fn decimal(self) -> Decimal {
        self.0
    }
}

impl Add for Percent {
    type Output = Percent;
    fn add(self, other: Percent) -> Percent {
        Percent(self.0 + other.0)
    }
}

impl Sum for Percent {
    fn sum<I: Iterator<Item = Percent>>(iter: I) -> Percent {
        iter.fold(Percent::ZERO, Add::add)
    }
}

impl Serialize for Percent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0.to_f64().unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Percent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = numeric_text(deserializer)?;
        Percent::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a percentage from 0 to 100")))
    }
}

impl JsonSchema for Percent {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Percent".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "description": "A percentage from 0 to 100, rounded to four decimals (a numeric string is accepted too).",
            "example": 20
        })
    }

    fn inline_schema() -> bool {
        true
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2}", self.0)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0 + other.0)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Two decimals fit an f64 exactly enough that its shortest form prints them back.
        serializer.serialize_f64(self.0.to_f64().unwrap_or_default())
    }
}

/// `raw` (`12.5`, `1.25e3`) as an exact decimal. A number too small for one (`2.55e-213`: past
/// its 28 decimals) is 0 at any precision an amount or a rate keeps, so it is read as 0.
fn decimal_of(raw: &str) -> Option<Decimal> {
    let raw = raw.trim();
    Decimal::from_str(raw)
        .or_else(|_| Decimal::from_scientific(raw))
        .ok()
        .or_else(|| {
            let tiny = raw.parse::<f64>().ok()?;
            (tiny.abs() < 1e-20).then_some(Decimal::ZERO)
        })
}

/// A JSON number or numeric string, as text for an exact decimal parse.
fn numeric_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(serde_json::Number),
        Text(String),
    }
    Ok(match Raw::deserialize(deserializer)? {
        Raw::Number(n) => n.to_string(),
        Raw::Text(s) => s,
    })
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = numeric_text(deserializer)?;
        if READING_STORED.with(|r| r.get()) {
            let value = Decimal::from_str(text.trim()).ok();
            return value
                .map(|v| Money(v.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)))
                .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not an amount of money")));
        }
        Money::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{text}` is not an amount of money from -{max} to {max}",
                max = Money::MAX
            ))
        })
    }
}

impl JsonSchema for Money {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Money".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "number",
            "minimum": -9_999_999_999_999.99,
            "maximum": 9_999_999_999_999.99,
            "description": "An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is accepted too).",
            "example": 1250.5
        })
    }

    fn inline_schema() -> bool {
        true
    }
}

/// Documents an amount field whose handler refuses a negative amount (the caller's check, such as
/// [`crate::http::FieldErrors::not_negative`]): `minimum: 0`. The amount is rounded to cents before
/// the check, so the server also takes -0.004 (as 0); the schema states the bound to the cent.
///
/// [`Money`]'s schema is inline (never a `$ref`), so a `Money` or `Option<Money>` field's schema is
/// Money's own object (`null` joins its `type`, or is `nullable`) and this replaces its
/// `minimum`, where a validator reads it.
pub fn at_least_zero(schema: &mut Schema) {
    schema.insert("minimum".into(), serde_json::json!(0));
}

/// Documents an amount field whose handler refuses 0 and less (the caller's check, such as
/// `accounting::banking::positive`): `minimum: 0.01`, the least positive amount. The amount is
/// rounded to cents before the check, so the server also takes 0.005 up (as 0.01). Placed as
/// [`at_least_zero`] is.
pub fn more_than_zero(schema: &mut Schema) {
    schema.insert("minimum".into(), serde_json::json!(0.01));
}

/// [`Money`]'s schema with [`more_than_zero`] in what the server reads only, for a field of a type
/// that a body and an answer share (`#[schemars(schema_with = "...")]` on a `Money` field): the
/// server checks what it is given, while what it writes may be 0 (a sale of nothing paid). The
/// document then has the type twice, the read one named `…Input`.
pub fn more_than_zero_when_read(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = Money::json_schema(generator);
    if generator.contract().is_deserialize() {
        more_than_zero(&mut schema);
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exponent forms are numbers too; one past a decimal's precision is 0, one past the range none.
    #[test]
    fn exponents_are_read_and_tiny_numbers_are_zero() {
        assert_eq!(Money::parse("1.25e3"), Money::parse("1250"));
        assert_eq!(Money::parse("2.55e-213"), Some(Money::ZERO));
        assert_eq!(Money::parse("-3e-40"), Some(Money::ZERO));
        assert_eq!(Money::parse("1e300"), None);
        assert_eq!(serde_json::from_str::<Money>("2.55e-213").unwrap(), Money::ZERO);
        assert_eq!(Percent::parse("2.5e1").map(Percent::decimal), Some(Decimal::from(25)));
        assert_eq!(Percent::parse("1e-100").map(Percent::decimal), Some(Decimal::ZERO));
        assert_eq!(Money::parse("ten"), None);
    }

    #[test]
    fn amounts_round_to_cents_and_add_exactly() {
        let a: Money = serde_json::from_str("0.1").unwrap();
        let b: Money = serde_json::from_str("\"0.2\"").unwrap();
        assert_eq!(serde_json::to_string(&(a + b)).unwrap(), "0.3");
        assert_eq!(Money::parse("2.345").unwrap().to_string(), "2.35");
        assert!(serde_json::from_str::<Money>("\"ten\"").is_err());
        assert!(Money::parse("-1").unwrap().is_negative());
    }

    #[test]
    fn amounts_are_bounded_and_the_largest_are_written_exactly() {
        assert_eq!(Money::MAX.to_string(), "9999999999999.99");
        assert_eq!(Money::MAX.cents(), 999_999_999_999_999);
        let largest: Money = serde_json::from_str("9999999999999.99").unwrap();
        assert_eq!(serde_json::to_string(&largest).unwrap(), "9999999999999.99");
        let negative: Money = serde_json::from_str("\"-9999999999999.99\"").unwrap();
        assert_eq!(serde_json::to_string(&negative).unwrap(), "-9999999999999.99");
        let exact: Money = serde_json::from_str("123456789012.67").unwrap();
        assert_eq!(serde_json::to_string(&exact).unwrap(), "123456789012.67");
        for beyond in [
            "10000000000000",
            "9999999999999.996",
            "-10000000000000",
            "1e18",
            "\"5e16\"",
        ] {
            let refused = serde_json::from_str::<Money>(beyond).unwrap_err().to_string();
            assert!(
                refused.contains("from -9999999999999.99 to 9999999999999.99"),
                "{beyond}: {refused}"
            );
        }
        assert!(!Money::MAX.times(2).in_range() && Money::MAX.in_range());
        // A stored record reads whatever it holds (a balance summed past the bound).
        let stored: Money = reading_stored(|| serde_json::from_str("10000000003150.49")).unwrap();
        assert_eq!(stored.to_string(), "10000000003150.49");
        assert!(
            serde_json::from_str::<Money>("10000000003150.49").is_err(),
            "and a request's still not"
        );
    }

    #[test]
    fn percentages_are_bounded_and_taken_to_the_cent() {
        assert!(Percent::parse("100").is_some() && Percent::parse("7.2525").is_some());
        assert!(Percent::parse("100.01").is_none() && Percent::parse("-1").is_none());
        assert_eq!(Percent::parse("1.00005").unwrap().decimal().to_string(), "1.0001");
        let rate = Percent::parse("20").unwrap();
        assert_eq!(Money::parse("10.05").unwrap().percent(rate).to_string(), "2.01");
        assert_eq!(Money::parse("2.50").unwrap().times(3).to_string(), "7.50");
    }
}
