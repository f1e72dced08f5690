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
//!
//! A record that lives only inside another (a pipeline's stages, a lead's tasks) declares its
//! reference [`Ref::cascade`] instead: no count holds the parent back, and the parent's delete
//! takes it along in the same transaction. The layer finds such holders through the modules'
//! [`Cascade`] lists (`ModuleDef::cascades`, gathered in the [`super::Catalog`]), so the parent's
//! code names none of them.

use std::collections::BTreeSet;

use futures::future::BoxFuture;

use super::index::{self, IndexValue, Indexed};
use super::Cx;
use crate::http::{ApiError, ReleasedUpload};
use crate::store::{id_sort_key, Condition, Key, Partition, Query, SortKeyRange, TenantId, Write, Writes};

/// A reference a record holds to records of another kind.
pub struct Ref<R> {
    /// The kind referenced (`crm_label`).
    pub kind: &'static str,
    /// The ids of that kind the record names.
    pub ids: fn(&R) -> Vec<u64>,
    pub on_delete: OnDelete,
}

/// What a delete of the referenced record does to the holder.
#[derive(Clone, Copy)]
pub enum OnDelete {
    /// The delete is refused while the reference stands: 409 `in_use`.
    Restrict,
    /// The holder is deleted with it. `filter` is the holder's list filter whose value `value`
    /// makes of the referenced record's id: how the layer finds the holders.
    Cascade {
        filter: &'static str,
        value: fn(u64) -> IndexValue,
    },
}

impl<R> Ref<R> {
    /// A reference that holds the referenced record's delete back.
    pub const fn to(kind: &'static str, ids: fn(&R) -> Vec<u64>) -> Self {
        Self {
            kind,
            ids,
            on_delete: OnDelete::Restrict,
        }
    }

    /// A reference to the record this one lives in, found by the holder's `filter` (valued
    /// `IndexValue::id(parent id)`): it goes when that record goes.
    pub const fn cascade(kind: &'static str, filter: &'static str, ids: fn(&R) -> Vec<u64>) -> Self {
        Self::cascade_by(kind, filter, IndexValue::id, ids)
    }

    /// [`Ref::cascade`] with a filter whose value is not the bare id (`value` makes it).
    pub const fn cascade_by(
        kind: &'static str,
        filter: &'static str,
        value: fn(u64) -> IndexValue,
        ids: fn(&R) -> Vec<u64>,
    ) -> Self {
        Self {
            kind,
            ids,
            on_delete: OnDelete::Cascade { filter, value },
        }
    }
}

/// The writes that delete the records of one kind living in record `id` of `kind`.
type DeleteChildren = for<'a> fn(Cx<'a>, &'static str, u64) -> BoxFuture<'a, Result<Children, ApiError>>;

/// What a parent's delete takes along: each child, and the checks that none is left (their
/// counts under the parent at 0), for a parent whose children do not fit its own transaction and
/// go first, in batches.
#[derive(Default)]
pub struct Children {
    pub each: Vec<Child>,
    pub none_left: Vec<Write>,
}

/// One child a parent's delete takes along: the writes that delete it (its record, its index
/// entries and its bytes' release markers), and its bytes, to discard once those commit.
pub struct Child {
    pub writes: Vec<Write>,
    pub released: Vec<ReleasedUpload>,
}

/// A kind whose records go with the records they live in ([`Ref::cascade`]), as a module lists it
/// (`ModuleDef::cascades`): `Cascade::of::<Stage<LeadBoard>>()`.
pub struct Cascade {
    /// The writes that delete every record of this kind living in record `id` of `kind` (none
    /// when this kind names no such parent).
    pub delete: DeleteChildren,
}

impl Cascade {
    pub const fn of<H: Indexed>() -> Self {
        Self {
            delete: delete_children::<H>,
        }
    }
}

/// Most records one parent's delete takes along (a parent with more is refused as too large to
/// delete at once).
const MAX_CASCADE: usize = 1000;

fn delete_children<'a, H: Indexed>(
    cx: Cx<'a>,
    parent_kind: &'static str,
    parent_id: u64,
) -> BoxFuture<'a, Result<Children, ApiError>> {
    Box::pin(async move {
        let mut children = Children::default();
        for reference in H::REFS.iter().filter(|r| r.kind == parent_kind) {
            let OnDelete::Cascade { filter, value } = reference.on_delete else {
                continue;
            };
            let found = index::top::<H>(cx, Some((filter, value(parent_id))), "id", false, MAX_CASCADE + 1).await?;
            if found.len() > MAX_CASCADE {
                return Err(ApiError::in_use(format!(
                    "It holds more than {MAX_CASCADE} records to delete with it; delete some first."
                )));
            }
            for child in found {
                let mut writes = vec![Write::delete(
                    Key::record(cx.tenant(), H::KIND, child.id()),
                    Condition::Always,
                )];
                writes.extend(index::writes(cx, Some(&child), None)?);
                let released = released(cx, &child)?;
                writes.extend(released.iter().map(ReleasedUpload::write));
                children.each.push(Child { writes, released });
            }
            children.none_left.push(Write::Check {
                key: index::count_key::<H>(cx, filter, &value(parent_id)),
                condition: Condition::CountZero,
            });
        }
        Ok(children)
    })
}

/// The release of each of `record`'s bytes ([`Indexed::object_keys`]): their markers go
/// in its delete's transaction, and the bytes once it has committed.
pub fn released<R: Indexed>(cx: Cx<'_>, record: &R) -> Result<Vec<ReleasedUpload>, ApiError> {
    let mut released = Vec::new();
    for key in record.object_keys() {
        released.extend(ReleasedUpload::new(cx.tenant(), key)?);
    }
    Ok(released)
}

/// The writes that delete, with record `id` of `kind`, every record living in it: each
/// module's [`Cascade`]s asked in turn.
pub async fn cascade_writes(cx: Cx<'_>, kind: &'static str, id: u64) -> Result<Children, ApiError> {
    let mut all = Children::default();
    for cascade in cx.catalog().cascades() {
        let children = (cascade.delete)(cx, kind, id).await?;
        all.each.extend(children.each);
        all.none_left.extend(children.none_left);
    }
    Ok(all)
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
        let counted = matches!(reference.on_delete, OnDelete::Restrict);
        for id in new.difference(&old) {
            writes.push(Write::Check {
                key: Key::record(tenant, reference.kind, *id),
                condition: Condition::Exists,
            });
            if !counted {
                continue;
            }
            writes.push(Write::add(total_key(tenant, reference.kind, *id), 1));
            writes.push(Write::add(holder_key(tenant, reference.kind, *id, R::NAME), 1));
        }
        for id in old.difference(&new).filter(|_| counted) {
            writes.push(Write::add(total_key(tenant, reference.kind, *id), -1));
            writes.push(Write::add(holder_key(tenant, reference.kind, *id, R::NAME), -1));
        }
    }
    writes
}

/// `writes` with its reference checks and counts ([`writes_in`]) moved ahead: a document naming
/// hundreds of products has that many of them, more than its head's one transaction holds
/// ([`crate::store::large`]). Stored ahead of the document, a count keeps a product it names from
/// being deleted a moment early, and a check that fails refuses the change as it would have.
/// Counter adds are merged in each list first ([`super::index::merge_adds`]).
pub fn ahead(writes: Writes) -> Writes {
    let Writes { head, mut ahead } = writes;
    let head = super::index::merge_adds(head);
    let mut kept = Vec::with_capacity(head.len());
    for write in head {
        let reference = match &write {
            Write::Check {
                condition: Condition::Exists,
                ..
            } => true,
            Write::Add { key, .. } => key.pk.as_str().ends_with("~r"),
            _ => false,
        };
        match reference {
            true => ahead.push(write),
            false => kept.push(write),
        }
    }
    Writes {
        head: kept,
        ahead: super::index::merge_adds(ahead),
    }
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
    let is_existence_check = |w: &Write| {
        matches!(
            w,
            Write::Check {
                condition: Condition::Exists,
                ..
            }
        )
    };
    // Most writes check nothing (a contact's create): nothing to drop, and no keys to copy.
    if !writes.iter().any(is_existence_check) {
        return writes;
    }
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
