//! A record that commits with a request's own writes: while a request that carries an
//! `Idempotency-Key` runs ([`crate::policy`]), every transaction it commits also writes the key's
//! record, one version on, conditioned on the version before. So the record says, atomically with
//! the writes, how many of the request's transactions committed: a retry after a crash that lost
//! the answer finds the writes done and does not run them again, and a request whose claim was
//! taken over (it looked abandoned) cannot commit at all.
//!
//! The record may also carry the request's answer: a handler that answers with the record it
//! creates says so ([`answer_with`]), and the transaction storing that record carries the answer
//! made from it, so a retry after a crash between the commit and the answer replays it at once.
//!
//! The mark follows the request's task (a task-local), not tasks it spawns: work a handler hands
//! to a background task (an import's rows) is idempotent on its own terms.

use std::any::Any;
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

/// The answer a request gives once the transaction carrying it commits: a JSON body and its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// The largest answer a transaction carries (DynamoDB holds at most 400 KB in an item); a larger
/// one is kept only once the request has answered, as before.
pub const MAX_CARRIED_ANSWER_BYTES: usize = 32 * 1024;

impl Answer {
    /// `value` as the JSON body [`crate::http::Json`] sends, or `None` when larger than a
    /// transaction carries.
    pub fn json(status: u16, value: &impl serde::Serialize) -> Option<Self> {
        let body = serde_json::to_string(value).ok()?;
        (body.len() <= MAX_CARRIED_ANSWER_BYTES).then_some(Self { status, body })
    }
}

type Document = dyn Fn(Marked, Option<&Answer>) -> Result<Item, StoreError> + Send + Sync;
type Recipe = dyn Fn(&dyn Any) -> Option<Answer> + Send + Sync;

/// The record a request's transactions carry; `document` makes it at a given [`Marked`], with
/// the answer the transaction carries, if any.
pub struct CommitMarker {
    document: Box<Document>,
    /// Held through each transaction, so two transactions of one request (joined futures) take
    /// the record's versions in turn instead of failing each other's condition.
    marked: Arc<Mutex<Marked>>,
    /// How the handler answers with a record it stores ([`answer_with`]).
    recipe: std::sync::Mutex<Option<Box<Recipe>>>,
    /// The answer made from the record the next transaction stores ([`committing`]).
    offered: std::sync::Mutex<Option<Answer>>,
}

impl CommitMarker {
    /// A marker whose record is at `version` with no commit yet.
    pub fn new(
        version: u64,
        document: impl Fn(Marked, Option<&Answer>) -> Result<Item, StoreError> + Send + Sync + 'static,
    ) -> Arc<Self> {
        Arc::new(Self {
            document: Box::new(document),
            marked: Arc::new(Mutex::new(Marked { version, commits: 0 })),
            recipe: std::sync::Mutex::default(),
            offered: std::sync::Mutex::default(),
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

/// Says that the running request, if marked, answers with the record of `R` it stores: `answer`
/// makes that answer, which the transaction storing the record then carries.
pub fn answer_with<R: Any>(answer: fn(&R) -> Option<Answer>) {
    if let Ok(marker) = CURRENT.try_with(Arc::clone) {
        let recipe = move |record: &dyn Any| record.downcast_ref::<R>().and_then(answer);
        *lock(&marker.recipe) = Some(Box::new(recipe));
    }
}

/// `record` is about to be stored by the running request's next transaction: the answer made
/// from it ([`answer_with`]) goes with that transaction.
pub(crate) fn committing<R: Any>(record: &R) {
    if let Ok(marker) = CURRENT.try_with(Arc::clone) {
        let answer = lock(&marker.recipe).as_ref().and_then(|recipe| recipe(record));
        *lock(&marker.offered) = answer;
    }
}

/// A lock no panic can leave unusable: what it guards is replaced whole.
fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
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
    let answer = lock(&marker.offered).take();
    writes.push(Write::put(
        (marker.document)(next, answer.as_ref())?,
        Condition::Version(marked.version),
    ));
    Ok(Some(Attached { marked, next }))
}

impl Attached {
    pub(crate) fn settle(mut self, committed: bool) {
        if committed {
            *self.marked = self.next;
        }
    }
}
