//! Changes larger than one DynamoDB transaction (100 writes): a document of hundreds of stocked
//! lines. The change comes as [`Writes`]: its `head` (the records it is about, the conditions that
//! decide it, its events: at most [`MAX_HEAD_WRITES`]) and its `ahead` (bulk effects: stock takes
//! and adds, new movement records and their index entries, reference checks and counts), which
//! are stored first, in chunks, each undoable exactly. The head's transaction is the commit point:
//!
//! 1. An **intent** item names the change (a global partition, by time, for the recovery sweep).
//! 2. Each chunk of `ahead` (takes first, so a shortage fails early) commits in a transaction with
//!    its **undo record** (the chunk's inverse: an add back per take or add, a delete per new
//!    item) and a check that the intent still stands. A chunk that fails its condition (a take
//!    short of stock) changed nothing; the chunks before it are undone and the change is refused
//!    with that write's index, as one transaction would have been.
//! 3. The head commits with the intent's delete: from then on the change is whole. A head that
//!    fails its conditions (the document moved) is refused and the chunks are undone.
//! 4. The undo records of a committed change are deleted (they also expire after a week).
//!
//! A head with more events than it has room for (a sale taking 300 products below their reorder
//! level: a `stock.low` event each) keeps what fits; the others are staged as **tail records**
//! (which no relay sees) before the effects, and stored as outbox entries just after the commit
//! point, which then marks the intent committed instead of deleting it. The sweep finishes the
//! tail of a committed intent; it drops the tail of one it aborts. So no event of a refused change
//! is ever sent, and none of a committed change is lost.
//!
//! A crash between 1 and 3 leaves the intent: the sweep ([`recover`], run by the scheduler) marks
//! it aborted (so no chunk of a still-running request can apply after), applies every undo record
//! there is, and deletes it. So after at most one sweep a change is all there or not at all.
//! While a change is in flight, reads can see its effects ahead of its document (stock taken for a
//! sale not yet stored, a movement naming it); never the document without its effects.
//!
//! SQLite holds any change in one transaction and never comes here.

use serde::{Deserialize, Serialize};

use super::{
    commit_marker, now, Condition, GlobalIndex, Item, Key, Partition, Query, SortKeyRange, Store, StoreError, StoreExt,
    Write, Writes, MAX_TRANSACTION_WRITES,
};

/// The most writes a large change's head may have: a transaction, less the intent's delete and
/// an idempotency record ([`commit_marker`]).
pub const MAX_HEAD_WRITES: usize = MAX_TRANSACTION_WRITES - 2;
/// Effects per chunk: a transaction, less the undo record and the intent's check.
const CHUNK: usize = MAX_TRANSACTION_WRITES - 2;
/// How old an unfinished change's intent must be before the sweep finishes or undoes it: past
/// the longest any function runs (the API's 10 s; the import worker's 900 s), so no request
/// still working on it loses it.
pub const RECOVER_AFTER_SECS: i64 = 960;
/// How long an undo record is kept: well past any sweep.
const UNDO_KEPT_SECS: i64 = 7 * 24 * 3600;

#[derive(Debug, Serialize, Deserialize)]
struct Intent {
    id: String,
    /// [`OPEN`], [`ABORTED`] or [`COMMITTED`].
    version: u64,
}

/// The change may still commit.
const OPEN: u64 = 1;
/// The sweep gave the change up: no chunk may apply any more.
const ABORTED: u64 = 2;
/// The head committed; the tail is still to be stored.
const COMMITTED: u64 = 3;

/// Events a head had no room for, stored just after its commit.
#[derive(Debug, Serialize, Deserialize)]
struct Tail {
    entries: Vec<TailEntry>,
}

#[derive(Debug, Serialize, Deserialize)]
struct TailEntry {
    pk: String,
    sk: String,
    data: serde_json::Map<String, serde_json::Value>,
    expires_at: Option<i64>,
}

/// One write of an undo record.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Inverse {
    /// Add this to the counter (a take's or an add's amount back).
    Add(String, String, i64),
    /// Delete the item the chunk created.
    Delete(String, String),
}

#[derive(Debug, Serialize, Deserialize)]
struct Undo {
    inverse: Vec<Inverse>,
}

fn intents() -> Partition {
    Partition::global(GlobalIndex::Commits, "open")
}

fn intent_key(created: i64, id: &str) -> Key {
    Key::new(intents(), format!("{created:012}#{id}"))
}

fn undo_partition(id: &str) -> Partition {
    Partition::global(GlobalIndex::Commits, id)
}

fn undo_key(id: &str, chunk: usize) -> Key {
    Key::new(undo_partition(id), format!("u{chunk:06}"))
}

fn tail_key(id: &str, part: usize) -> Key {
    Key::new(undo_partition(id), format!("t{part:06}"))
}

/// Whether `write` puts an event in the outbox.
fn is_event(write: &Write) -> bool {
    match write {
        Write::PutIfCounted { item, .. } | Write::Put { item, .. } => is_event_item(item),
        _ => false,
    }
}

fn is_event_item(item: &Item) -> bool {
    item.key.pk == crate::events::outbox_partition()
}

fn key_of(pk: &str, sk: &str) -> Key {
    Key::new(Partition::from_stored(pk.to_owned()), sk)
}

/// The inverse of an effect (`None`: a check, which changes nothing), or why it cannot be one.
fn inverse(write: &Write) -> Result<Option<Inverse>, StoreError> {
    let stored = |key: &Key| (key.pk.as_str().to_owned(), key.sk.clone());
    match write {
        Write::Take { key, amount } => {
            let (pk, sk) = stored(key);
            Ok(Some(Inverse::Add(pk, sk, *amount)))
        }
        Write::Add { key, by } => {
            let (pk, sk) = stored(key);
            Ok(Some(Inverse::Add(pk, sk, -by)))
        }
        Write::Put {
            item,
            condition: Condition::NotExists,
        } => {
            let (pk, sk) = stored(&item.key);
            Ok(Some(Inverse::Delete(pk, sk)))
        }
        Write::Check { .. } => Ok(None),
        other => Err(StoreError::internal(anyhow::anyhow!(
            "a change's effects are takes, adds, checks and puts of new items; got {other:?}"
        ))),
    }
}

fn undo_writes(undo: &Undo) -> Vec<Write> {
    undo.inverse
        .iter()
        .map(|inverse| match inverse {
            Inverse::Add(pk, sk, by) => Write::add(key_of(pk, sk), *by),
            Inverse::Delete(pk, sk) => Write::delete(key_of(pk, sk), Condition::Always),
        })
        .collect()
}

/// Commits `writes` as one change, however many effects it has (see the module's notes).
/// `ConditionFailed` names the failing write's index in `head` then `ahead`, as one transaction
/// of them would.
pub async fn commit<S: Store + ?Sized>(store: &S, writes: Writes) -> Result<(), StoreError> {
    let Writes { head: given, ahead } = writes;
    let given_len = given.len();
    // The head's writes with their indexes in `given`; events past its room go to the tail.
    let mut head: Vec<(usize, Write)> = Vec::new();
    let mut tail: Vec<Item> = Vec::new();
    let others = given.iter().filter(|w| !is_event(w)).count();
    let mut room_for_events = MAX_HEAD_WRITES.saturating_sub(others);
    for (at, write) in given.into_iter().enumerate() {
        match write {
            Write::Put { item, .. } | Write::PutIfCounted { item, .. }
                if room_for_events == 0 && is_event_item(&item) =>
            {
                tail.push(item);
            }
            write => {
                room_for_events = room_for_events.saturating_sub(usize::from(is_event(&write)));
                head.push((at, write));
            }
        }
    }
    if head.len() > MAX_HEAD_WRITES {
        return Err(StoreError::TooLarge(format!(
            "its records and conditions need {others} writes in one transaction; the most is {MAX_HEAD_WRITES}"
        )));
    }
    // Checks and takes first: a refusal fails the first chunks, before much is written.
    let mut effects: Vec<(usize, Write)> = ahead.into_iter().enumerate().map(|(i, w)| (given_len + i, w)).collect();
    effects.sort_by_key(|(_, w)| !matches!(w, Write::Check { .. } | Write::Take { .. }));
    let inverses = effects.iter().map(|(_, w)| inverse(w)).collect::<Result<Vec<_>, _>>()?;

    let id = uuid::Uuid::new_v4().simple().to_string();
    let intent = intent_key(now(), &id);
    let unmarked = |writes: Vec<Write>| commit_marker::unmarked(store.transact(writes));
    unmarked(vec![Write::put(
        Item::from_value(
            intent.clone(),
            &Intent {
                id: id.clone(),
                version: OPEN,
            },
        )?,
        Condition::NotExists,
    )])
    .await?;
    let tails = stage_tail(store, &id, tail).await;
    if let Err(error) = tails {
        abandon(store, &id, &intent, 0).await;
        return Err(error);
    }

    let mut applied = 0;
    for (chunk, (effects, inverses)) in effects.chunks(CHUNK).zip(inverses.chunks(CHUNK)).enumerate() {
        let undo = Undo {
            inverse: inverses.iter().flatten().cloned().collect(),
        };
        let mut writes: Vec<Write> = effects.iter().map(|(_, w)| w.clone()).collect();
        writes.push(Write::put(
            Item::from_value(undo_key(&id, chunk), &undo)?.expiring_at(now() + UNDO_KEPT_SECS),
            Condition::NotExists,
        ));
        writes.push(Write::Check {
            key: intent.clone(),
            condition: Condition::Version(OPEN),
        });
        match unmarked(writes).await {
            Ok(()) => applied += 1,
            Err(StoreError::ConditionFailed { index: Some(at) }) if at < effects.len() => {
                abandon(store, &id, &intent, applied).await;
                return Err(StoreError::ConditionFailed {
                    index: Some(effects[at].0),
                });
            }
            Err(StoreError::CounterLimit) => {
                abandon(store, &id, &intent, applied).await;
                return Err(StoreError::CounterLimit);
            }
            Err(other) => {
                // Applied or not, the chunk's undo record says so: undo what is there.
                abandon(store, &id, &intent, applied + 1).await;
                return Err(match other {
                    StoreError::ConditionFailed { .. } => aborted(),
                    other => other,
                });
            }
        }
    }

    // The commit point: the head, with the intent gone (or, with a tail to store, committed).
    let (positions, mut writes): (Vec<usize>, Vec<Write>) = head.into_iter().unzip();
    let intent_at = writes.len();
    let tails = tails.unwrap_or_default();
    writes.push(match tails {
        0 => Write::delete(intent.clone(), Condition::Version(OPEN)),
        _ => Write::put(
            Item::from_value(
                intent.clone(),
                &Intent {
                    id: id.clone(),
                    version: COMMITTED,
                },
            )?,
            Condition::Version(OPEN),
        ),
    });
    match store.transact(writes).await {
        Ok(()) => {
            if tails > 0 {
                if let Err(error) = finish(store, &id, &intent).await {
                    // Committed: the sweep stores the rest of its events.
                    tracing::warn!(error = %error, commit = id, "a committed change's events are left for the recovery sweep");
                    return Ok(());
                }
            }
            forget(store, &id, applied).await;
            Ok(())
        }
        Err(StoreError::ConditionFailed { index: Some(at) }) if at == intent_at => Err(aborted()),
        Err(StoreError::ConditionFailed { index }) => {
            abandon(store, &id, &intent, applied).await;
            Err(StoreError::ConditionFailed {
                index: index.and_then(|at| positions.get(at).copied()),
            })
        }
        Err(refused @ (StoreError::CounterLimit | StoreError::NoRoomForMark)) => {
            abandon(store, &id, &intent, applied).await;
            Err(refused)
        }
        // The head's outcome is unknown (the store was out of reach past its retries): the intent
        // says which it was, and the sweep finishes the change either way.
        Err(other) => Err(other),
    }
}

/// Stages the events a head had no room for as tail records; how many.
async fn stage_tail<S: Store + ?Sized>(store: &S, id: &str, events: Vec<Item>) -> Result<usize, StoreError> {
    let parts: Vec<Tail> = events
        .chunks(CHUNK)
        .map(|part| Tail {
            entries: part
                .iter()
                .map(|item| TailEntry {
                    pk: item.key.pk.as_str().to_owned(),
                    sk: item.key.sk.clone(),
                    data: item.data.clone(),
                    expires_at: item.expires_at,
                })
                .collect(),
        })
        .collect();
    let count = parts.len();
    let records: Vec<Write> = parts
        .iter()
        .enumerate()
        .map(|(part, tail)| {
            Ok(Write::put(
                Item::from_value(tail_key(id, part), tail)?.expiring_at(now() + UNDO_KEPT_SECS),
                Condition::NotExists,
            ))
        })
        .collect::<Result<_, StoreError>>()?;
    for group in records.chunks(8) {
        commit_marker::unmarked(store.transact(group.to_vec())).await?;
    }
    Ok(count)
}

/// Stores a committed change's tail (each part once: the part's delete is in its transaction)
/// and deletes its intent.
async fn finish<S: Store + ?Sized>(store: &S, id: &str, intent: &Key) -> Result<(), StoreError> {
    let mut query = Query::partition(undo_partition(id));
    query.range = SortKeyRange::Prefix("t".into());
    for record in store.query_all(query).await? {
        let tail: Tail = record.parse()?;
        let mut writes: Vec<Write> = tail
            .entries
            .into_iter()
            .map(|entry| {
                let mut item = Item {
                    key: key_of(&entry.pk, &entry.sk),
                    data: entry.data,
                    expires_at: None,
                    api_form: None,
                };
                item.expires_at = entry.expires_at;
                Write::put(item, Condition::Always)
            })
            .collect();
        writes.push(Write::delete(record.key, Condition::Exists));
        match commit_marker::unmarked(store.transact(writes)).await {
            // Stored by another sweep first.
            Ok(()) | Err(StoreError::ConditionFailed { .. }) => {}
            Err(other) => return Err(other),
        }
    }
    commit_marker::unmarked(store.write(Write::delete(intent.clone(), Condition::Always))).await
}

/// The change took so long that the sweep gave it up.
fn aborted() -> StoreError {
    StoreError::Unavailable(anyhow::anyhow!(
        "the change was abandoned by the recovery sweep before it could commit; nothing of it stays"
    ))
}

/// Undoes the first `chunks` chunks of change `id` and deletes its intent; what fails here the
/// sweep finishes.
async fn abandon<S: Store + ?Sized>(store: &S, id: &str, intent: &Key, chunks: usize) {
    let undone = async {
        for chunk in 0..chunks {
            undo_chunk(store, &undo_key(id, chunk)).await?;
        }
        drop_tail(store, id).await?;
        commit_marker::unmarked(store.write(Write::delete(intent.clone(), Condition::Always))).await
    };
    if let Err(error) = undone.await {
        tracing::warn!(error = %error, commit = id, "a refused change is left for the recovery sweep to undo");
    }
}

/// Applies the undo record at `key`, once: the record's delete is in the same transaction.
async fn undo_chunk<S: Store + ?Sized>(store: &S, key: &Key) -> Result<(), StoreError> {
    let Some(undo) = store.get_as::<Undo>(key).await? else {
        return Ok(());
    };
    let mut writes = undo_writes(&undo);
    writes.push(Write::delete(key.clone(), Condition::Exists));
    match commit_marker::unmarked(store.transact(writes)).await {
        // Another sweep undid it first.
        Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(()),
        Err(other) => Err(other),
    }
}

/// Deletes the tail records of a change that did not commit: its events are never sent.
async fn drop_tail<S: Store + ?Sized>(store: &S, id: &str) -> Result<(), StoreError> {
    let mut query = Query::partition(undo_partition(id));
    query.range = SortKeyRange::Prefix("t".into());
    for record in store.query_all(query).await? {
        commit_marker::unmarked(store.write(Write::delete(record.key, Condition::Always))).await?;
    }
    Ok(())
}

/// Deletes a committed change's undo records (best effort: they expire anyway).
async fn forget<S: Store + ?Sized>(store: &S, id: &str, chunks: usize) {
    let keys: Vec<Write> = (0..chunks)
        .map(|chunk| Write::delete(undo_key(id, chunk), Condition::Always))
        .collect();
    for group in keys.chunks(MAX_TRANSACTION_WRITES) {
        if let Err(error) = commit_marker::unmarked(store.transact(group.to_vec())).await {
            tracing::debug!(error = %error, commit = id, "undo records left to expire");
        }
    }
}

/// The recovery sweep: every change whose intent is older than `older_than` seconds is finished
/// if its head committed (its tail of events stored) and undone otherwise (its request died, or
/// gave up). Returns how many.
pub async fn recover<S: Store + ?Sized>(store: &S, older_than: i64) -> Result<usize, StoreError> {
    let cutoff = format!("{:012}~", now() - older_than);
    let mut query = Query::partition(intents());
    query.range = SortKeyRange::Between("0".into(), cutoff);
    let mut recovered = 0;
    for item in store.query_all(query).await? {
        let mut intent: Intent = item.parse()?;
        // Aborted first: a chunk still in flight can no longer apply, nor the head commit.
        if intent.version == OPEN {
            let aborted = Item::from_value(
                item.key.clone(),
                &Intent {
                    id: intent.id.clone(),
                    version: ABORTED,
                },
            )?;
            match commit_marker::unmarked(store.write(Write::put(aborted, Condition::Version(OPEN)))).await {
                Ok(()) => intent.version = ABORTED,
                // Committed (or finished) meanwhile: read it again next time.
                Err(StoreError::ConditionFailed { .. }) => continue,
                Err(other) => return Err(other),
            }
        }
        if intent.version == COMMITTED {
            finish(store, &intent.id, &item.key).await?;
            let mut undo = Query::partition(undo_partition(&intent.id));
            undo.range = SortKeyRange::Prefix("u".into());
            for record in store.query_all(undo).await? {
                commit_marker::unmarked(store.write(Write::delete(record.key, Condition::Always))).await?;
            }
        } else {
            let mut undo = Query::partition(undo_partition(&intent.id));
            undo.range = SortKeyRange::Prefix("u".into());
            for record in store.query_all(undo).await? {
                undo_chunk(store, &record.key).await?;
            }
            drop_tail(store, &intent.id).await?;
            commit_marker::unmarked(store.write(Write::delete(item.key, Condition::Always))).await?;
        }
        recovered += 1;
    }
    Ok(recovered)
}
