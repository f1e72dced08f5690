//! Values no two records of a kind share (a product's sku), declared by the record type
//! (`UNIQUE`). The layer keeps one claim item per value, put with a not-exists condition in the
//! record's own transaction, so two concurrent writes cannot both take a value; a value already
//! taken is 422 on its field, checked before the write with one read.
//!
//! | what | partition (`T#<tenant>#…`) | sort key |
//! |---|---|---|
//! | a claimed value | `<kind>~u` | `<field>#<`[`unique_form`]` of the value>` |
//!
//! Claims made before values were normalised hold the value lower-cased only: the same key for
//! every ASCII value and every value written precomposed (NFC, what keyboards send); a value
//! stored decomposed keeps its old claim until the record's value changes.

use serde_json::json;

use super::index::Indexed;
use super::Cx;
use crate::domain::unique_form;
use crate::http::{ApiError, FieldErrors};
use crate::store::{Condition, Item, Key, Partition, StoreError, TenantId, Write};

/// A field whose value is unique among the records of its kind, compared by [`unique_form`].
pub struct Unique<R: 'static> {
    pub field: &'static str,
    /// The value, or `None` when the record has none (no claim).
    pub value: fn(&R) -> Option<String>,
}

impl<R> Unique<R> {
    pub const fn new(field: &'static str, value: fn(&R) -> Option<String>) -> Self {
        Self { field, value }
    }
}

/// The claim item of `value` in `field` of `kind`: what [`holder`] reads, for callers that read
/// many claims at once.
pub fn claim_key(tenant: TenantId, kind: &str, field: &str, value: &str) -> Key {
    Key::new(
        Partition::tenant(tenant, &format!("{kind}~u")),
        format!("{field}#{}", unique_form(value)),
    )
}

fn claimed<R: Indexed>(unique: &Unique<R>, record: Option<&R>) -> Option<String> {
    record.and_then(unique.value).map(|v| unique_form(&v))
}

/// The writes that move `R`'s claims from `before` to `after` (`None`: not stored).
pub fn writes_in<R: Indexed>(
    tenant: TenantId,
    before: Option<&R>,
    after: Option<&R>,
) -> Result<Vec<Write>, StoreError> {
    let mut writes = Vec::new();
    for unique in R::UNIQUE {
        let (old, new) = (claimed(unique, before), claimed(unique, after));
        if old == new {
            continue;
        }
        if let Some(old) = old {
            writes.push(Write::delete(
                claim_key(tenant, R::KIND, unique.field, &old),
                Condition::Always,
            ));
        }
        if let (Some(new), Some(record)) = (new, after) {
            let item = Item::from_value(
                claim_key(tenant, R::KIND, unique.field, &new),
                &json!({"id": record.id()}),
            )?;
            writes.push(Write::put(item, Condition::NotExists));
        }
    }
    Ok(writes)
}

/// The id of the record of `R` holding `value` in `field`, if any: one read.
pub async fn holder<R: Indexed>(cx: Cx<'_>, field: &str, value: &str) -> Result<Option<u64>, ApiError> {
    let item = cx.store().get(&claim_key(cx.tenant(), R::KIND, field, value)).await?;
    Ok(item.and_then(|item| item.data.get("id").and_then(serde_json::Value::as_u64)))
}

/// [`check`] for many changes at once (a batch): one read per 100 claims for all of them, and
/// a value two of them take is 422 on the later one. One result per change.
pub async fn check_many<R: Indexed>(
    cx: Cx<'_>,
    changes: &[(Option<&R>, &R)],
) -> Result<Vec<Result<(), ApiError>>, ApiError> {
    let mut wanted: Vec<(usize, &'static str, String, Key)> = Vec::new();
    for (i, (before, after)) in changes.iter().enumerate() {
        for unique in R::UNIQUE {
            let Some(new) = claimed(unique, Some(*after)) else {
                continue;
            };
            if claimed(unique, *before).as_ref() != Some(&new) {
                let key = claim_key(cx.tenant(), R::KIND, unique.field, &new);
                wanted.push((i, unique.field, new, key));
            }
        }
    }
    let mut holders: Vec<Option<u64>> = Vec::with_capacity(wanted.len());
    for chunk in wanted.chunks(100) {
        let keys: Vec<Key> = chunk.iter().map(|(_, _, _, key)| key.clone()).collect();
        // A batch naming one key twice is refused by DynamoDB: read each once.
        let mut distinct: Vec<Key> = Vec::new();
        for key in &keys {
            if !distinct.contains(key) {
                distinct.push(key.clone());
            }
        }
        let found = cx.store().get_many(&distinct).await?;
        for key in &keys {
            let at = distinct.iter().position(|k| k == key).expect("read");
            let item = found.get(at).cloned().flatten();
            holders.push(item.and_then(|item| item.data.get("id").and_then(serde_json::Value::as_u64)));
        }
    }
    let mut errors: Vec<FieldErrors> = changes.iter().map(|_| FieldErrors::default()).collect();
    let mut taken: Vec<&Key> = Vec::new();
    for ((i, field, value, key), holder) in wanted.iter().zip(holders) {
        let what = R::NAME.to_lowercase();
        if holder.is_some_and(|id| id != changes[*i].1.id()) {
            errors[*i].add(field, format!("Another {what} already has the {field} `{value}`."));
        } else if taken.contains(&key) {
            errors[*i].add(
                field,
                format!("An earlier item of this batch gives its {what} the {field} `{value}`."),
            );
        }
        taken.push(key);
    }
    Ok(errors.into_iter().map(|e| e.into_result(())).collect())
}

/// 422 on each field whose new value another record holds (one read for all of them); nothing to
/// read when no unique value changes.
pub async fn check<R: Indexed>(cx: Cx<'_>, before: Option<&R>, after: &R) -> Result<(), ApiError> {
    let changed: Vec<(&Unique<R>, String)> = R::UNIQUE
        .iter()
        .filter_map(|u| {
            let new = claimed(u, Some(after))?;
            (claimed(u, before).as_ref() != Some(&new)).then_some((u, new))
        })
        .collect();
    if changed.is_empty() {
        return Ok(());
    }
    let keys: Vec<Key> = changed
        .iter()
        .map(|(u, v)| claim_key(cx.tenant(), R::KIND, u.field, v))
        .collect();
    let found = cx.store().get_many(&keys).await?;
    let mut errors = FieldErrors::default();
    for ((unique, value), item) in changed.iter().zip(found) {
        let holder = item.and_then(|item| item.data.get("id").and_then(serde_json::Value::as_u64));
        if holder.is_some_and(|id| id != after.id()) {
            errors.add(
                unique.field,
                format!(
                    "Another {} already has the {} `{value}`.",
                    R::NAME.to_lowercase(),
                    unique.field
                ),
            );
        }
    }
    errors.into_result(())
}
