//! A record that commits with a request's own writes: while a request that carries an
//! `Idempotency-Key` runs ([`crate::policy`]), every transaction it commits also writes the key's
//! record, one version on, conditioned on the version before. So the record says, atomically with
//! the writes, how many of the request's transactions committed: a retry after a crash that lost
//! the answer finds the writes done and does not run them again, and a request whose claim was
//! taken over (it looked abandoned) cannot commit at all.
//!
//! The mark follows the request's task (a task-local), not tasks it spawns: work a handler hands
//! to a background task (an import's rows) is idempotent on its own terms.

use std::future::Future;
use std::sync::Arc;

use tokio::sync::{Mutex, OwnedMutexGuard};

use super::{Condition, Item, StoreError, Write};

tokio::task_local! {
    static CURRENT: Arc<CommitMarker>;
    static SUSPENDED: ();
}

/// How far the request's writes have got: the record's version and how many of its transactions
/// committed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marked {
    pub version: u64,
    pub commits: u32,
}

type Document = dyn Fn(Marked) -> Result<Item, StoreError> + Send + Sync;

/// The record a request's transactions carry; `document` makes it at a given [`Marked`].
pub struct CommitMarker {
    document: Box<Document>,
    /// Held through each transaction, so two transactions of one request (joined futures) take
    /// the record's versions in turn instead of failing each other's condition.
    marked: Arc<Mutex<Marked>>,
}

impl CommitMarker {
    /// A marker whose record is at `version` with no commit yet.
    pub fn new(
        version: u64,
        document: impl Fn(Marked) -> Result<Item, StoreError> + Send + Sync + 'static,
    ) -> Arc<Self> {
        Arc::new(Self {
            document: Box::new(document),
            marked: Arc::new(Mutex::new(Marked { version, commits: 0 })),
        })
    }

    /// Runs `request` with every transaction it commits marked.
    pub async fn scope<F: Future>(self: &Arc<Self>, request: F) -> F::Output {
        CURRENT.scope(Arc::clone(self), request).await
    }

    /// Where the request's writes have got (once it has finished, where they ended).
    pub async fn marked(&self) -> Marked {
        *self.marked.lock().await
    }
}

/// Whether the running task's transactions are marked (a single write then goes as a
/// transaction, to carry the mark).
pub(crate) fn active() -> bool {
    CURRENT.try_with(|_| ()).is_ok() && SUSPENDED.try_with(|_| ()).is_err()
}

/// Runs `writes` unmarked: the parts of a large change ([`super::large`]) that are not its commit
/// point, which say nothing of whether the request's change committed.
pub(crate) async fn unmarked<F: Future>(writes: F) -> F::Output {
    SUSPENDED.scope((), writes).await
}

/// A transaction's mark, added to its writes: settle it with the transaction's outcome.
pub(crate) struct Attached {
    marked: OwnedMutexGuard<Marked>,
    next: Marked,
}

/// Adds the running request's record to `writes` (last, so a failing write's index still names
/// the caller's own), when the task is marked; a transaction already holding the backend's `most`
/// writes is refused ([`StoreError::NoRoomForMark`]).
pub(crate) async fn attach(writes: &mut Vec<Write>, most: usize) -> Result<Option<Attached>, StoreError> {
    let Ok(marker) = CURRENT.try_with(Arc::clone) else {
        return Ok(None);
    };
    if SUSPENDED.try_with(|_| ()).is_ok() {
        return Ok(None);
    }
    if writes.is_empty() {
        return Ok(None);
    }
    if writes.len() >= most {
        return Err(StoreError::NoRoomForMark);
    }
    let marked = Arc::clone(&marker.marked).lock_owned().await;
    let next = Marked {
        version: marked.version + 1,
        commits: marked.commits + 1,
    };
    writes.push(Write::put((marker.document)(next)?, Condition::Version(marked.version)));
    Ok(Some(Attached { marked, next }))
}

impl Attached {
    pub(crate) fn settle(mut self, committed: bool) {
        if committed {
            *self.marked = self.next;
        }
    }
}
