//! References between records, declared by the record that holds them.
//!
//! A lead names its pipeline, stage, labels and sources; the lead declares so (`REFS`), and the
//! layer keeps, in the lead's own transaction, one counter per referenced record (and one per
//! referenced record and holder kind, to say who holds it). A referenced record's delete then
//! needs to know nothing of who may point at it, so a module never imports another's records to
//! guard its own deletes:
//!
//! | what | partition (`T#<tenant>#…`) | sort key |
//! |---|---|---|
//! | references to a record | `<kind>~r` | `<id>` |
//! | the same, by holder | `<kind>~r` | `<id>#<holder name>` |
//!
//! Both sides are one serializable transaction each: a holder adds its counts with a check that
//! the record it names exists, and a delete removes the record with a check that its count is 0.
//! Whichever commits second fails, so no reference outlives its record.

use std::collections::BTreeSet;

use super::index::Indexed;
use super::Cx;
use crate::http::ApiError;
use crate::store::{id_sort_key, Condition, Key, Partition, Query, SortKeyRange, TenantId, Write};

/// A reference a record holds to records of another kind (a delete of one of those is refused
/// while the reference stands: 409 `in_use`).
pub struct Ref<R> {
    /// The kind referenced (`crm_label`).
    pub kind: &'static str,
    /// The ids of that kind the record names.
    pub ids: fn(&R) -> Vec<u64>,
}

impl<R> Ref<R> {
    pub const fn to(kind: &'static str, ids: fn(&R) -> Vec<u64>) -> Self {
        Self { kind, ids }
    }
}

fn partition(tenant: TenantId, kind: &str) -> Partition {
    Partition::tenant(tenant, &format!("{kind}~r"))
}

/// The count of all references to record `id` of `kind`.
fn total_key(tenant: TenantId, kind: &str, id: u64) -> Key {
    Key::new(partition(tenant, kind), id_sort_key(id))
}

fn holder_key(tenant: TenantId, kind: &str, id: u64, holder: &str) -> Key {
    Key::new(partition(tenant, kind), format!("{}#{holder}", id_sort_key(id)))
}

/// The writes that move `R`'s reference counts from `before` to `after` (`None`: not stored):
/// for each record newly named, +1 and a check that it exists; for each no longer named, -1.
pub fn writes_in<R: Indexed>(tenant: TenantId, before: Option<&R>, after: Option<&R>) -> Vec<Write> {
    let mut writes = Vec::new();
    for reference in R::REFS {
        let named = |record: Option<&R>| -> BTreeSet<u64> {
            record
                .map(|r| (reference.ids)(r).into_iter().collect())
                .unwrap_or_default()
        };
        let (old, new) = (named(before), named(after));
        for id in new.difference(&old) {
            writes.push(Write::Check {
                key: Key::record(tenant, reference.kind, *id),
                condition: Condition::Exists,
            });
            writes.push(Write::add(total_key(tenant, reference.kind, *id), 1));
            writes.push(Write::add(holder_key(tenant, reference.kind, *id, R::NAME), 1));
        }
        for id in old.difference(&new) {
            writes.push(Write::add(total_key(tenant, reference.kind, *id), -1));
            writes.push(Write::add(holder_key(tenant, reference.kind, *id, R::NAME), -1));
        }
    }
    writes
}

/// The write a delete of record `id` of `kind` commits with: it fails the delete while anything
/// still references the record (and removes the spent counter).
pub fn guard(tenant: TenantId, kind: &str, id: u64) -> Write {
    Write::delete(total_key(tenant, kind, id), Condition::CountZero)
}

/// 409 `in_use`, naming who still holds a reference to record `id` of `kind` (`name` is what a
/// person calls it): one query of its counters.
pub async fn refuse_if_referenced(cx: Cx<'_>, kind: &str, name: &str, id: u64) -> Result<(), ApiError> {
    let mut query = Query::partition(partition(cx.tenant(), kind));
    query.range = SortKeyRange::Prefix(format!("{}#", id_sort_key(id)));
    query.limit = 100;
    let holders: Vec<String> = cx
        .store()
        .query(query)
        .await?
        .items
        .into_iter()
        .filter(|item| item.counter() > 0)
        .map(|item| {
            let holder = item.key.sk.split_once('#').map_or("", |(_, h)| h).to_lowercase();
            match item.counter() {
                1 => format!("1 {holder}"),
                n => format!("{n} {holder}s"),
            }
        })
        .collect();
    if holders.is_empty() {
        return Ok(());
    }
    Err(ApiError::in_use(format!(
        "This {} is still used by {}; remove those references first.",
        name.to_lowercase(),
        holders.join(" and ")
    )))
}

/// Drops the existence checks on records the same transaction writes (a seed storing a pipeline
/// and the leads in it): the put's own condition stands for the check, and a transaction may
/// name a key once.
pub fn drop_implied_checks(writes: Vec<Write>) -> Vec<Write> {
    let written: BTreeSet<(String, String)> = writes
        .iter()
        .filter(|w| matches!(w, Write::Put { .. }))
        .map(|w| (w.key().pk.as_str().to_owned(), w.key().sk.clone()))
        .collect();
    let mut checked = BTreeSet::new();
    writes
        .into_iter()
        .filter(|w| match w {
            Write::Check {
                key,
                condition: Condition::Exists,
            } => {
                let named = (key.pk.as_str().to_owned(), key.sk.clone());
                !written.contains(&named) && checked.insert(named)
            }
            _ => true,
        })
        .collect()
}
