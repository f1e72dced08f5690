//! The embedded backend: SQLite in WAL mode with `synchronous=FULL`, so a write acknowledged to a
//! client is on disk and survives `kill -9` (and power loss). Reads run on read-only connections.
//! Writes go to one writer thread that commits them in groups: it takes every write transaction
//! waiting, runs each (checking all its conditions before it writes, so a failed condition leaves
//! nothing of that one alone), commits the group with one fsync, and only then answers each
//! caller. Counters alone commit without their own fsync (see `increment`).

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{Map, Value};

mod wal_writes;

use super::{
    commit_marker, counter_takes, ids_from_counter, now, ApiForm, Condition, Document, DocumentPage, Item, Key,
    PageToken, Partition, Query, QueryPage, SortKeyRange, Store, StoreError, TenantId, Write, COUNTER_FIELD,
    COUNTER_LIMIT, MAX_CHANGE_WRITES,
};

pub struct SqliteStore {
    /// The one connection that writes, used by the writer thread.
    conn: Arc<Mutex<Connection>>,
    /// The writer thread's queue (it ends when the store is dropped).
    writes: std::sync::mpsc::Sender<Job>,
    /// Read-only connections for point reads. In WAL mode a reader never waits for the writer, and
    /// a point read takes microseconds, so these run on the calling thread: a hop to the blocking
    /// pool would cost more than the read.
    readers: Vec<Mutex<Connection>>,
    next_reader: std::sync::atomic::AtomicUsize,
    calls: AtomicU64,
    items_written: AtomicU64,
    items_read: AtomicU64,
    /// Ids reserved and not yet handed out (see [`SqliteStore::next_ids`]).
    id_blocks: IdBlocks,
}

/// Ids the store has reserved from a kind's counter, by tenant and kind. A create then takes its
/// id without a write job of its own: in a profile of creates the id's job (a round trip to the
/// writer thread, and a commit of its own when it came alone) was a second writer job per
/// create. Ids stay in creation order within the process; the price is a gap: what a block had
/// left when the server stopped is never used (at most [`ID_BLOCK`] - 1 per tenant and kind).
/// One process owns the data file (`Sharing::Exclusive`), and a second store in the same process
/// (the tests' second server) reserves blocks of its own from the same counter, so ids stay unique.
#[derive(Default)]
struct IdBlocks {
    blocks: Mutex<HashMap<(TenantId, String), IdBlock>>,
}

/// The ids left in one tenant and kind's block, behind its own lock.
type IdBlock = Arc<tokio::sync::Mutex<Range<u64>>>;

/// Ids reserved at a time.
const ID_BLOCK: u64 = 64;
/// Tenant and kind blocks kept at most: past it they are dropped (their ids are never used).
const ID_BLOCKS_KEPT: usize = 4096;

impl IdBlocks {
    /// The block of `kind` in `tenant` (empty when new), behind its own lock: a create waits only
    /// for another create of the same kind that is reserving the next block.
    fn of(&self, tenant: TenantId, kind: &str) -> IdBlock {
        let mut blocks = self.blocks.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(block) = blocks.get(&(tenant, kind.to_owned())) {
            return Arc::clone(block);
        }
        if blocks.len() >= ID_BLOCKS_KEPT {
            blocks.clear();
        }
        let block = Arc::new(tokio::sync::Mutex::new(0..0));
        blocks.insert((tenant, kind.to_owned()), Arc::clone(&block));
        block
    }
}

/// Read connections per store.
const READERS: usize = 4;
/// Prepared statements kept per connection: every statement either kind of connection runs
/// (a query's variants by the bounds it has included), so none is parsed twice.
const STATEMENTS: usize = 32;
/// Write jobs committed together at most (each one's own writes are at most
/// [`MAX_TRANSACTION_WRITES`]).
const GROUP: usize = 64;

/// A write for the writer thread, with where its answer goes.
enum Job {
    Transact(Batch, tokio::sync::oneshot::Sender<Result<(), StoreError>>),
    Increment {
        key: Key,
        by: i64,
        expires_at: Option<i64>,
        answer: tokio::sync::oneshot::Sender<Result<i64, StoreError>>,
    },
}

impl Job {
    /// Whether its commit must reach the disk before it is answered (counters need not).
    fn durable(&self) -> bool {
        matches!(self, Self::Transact(..))
    }

    /// The outcome of a job its group never ran: the group's error is its answer.
    fn unrun(&self) -> Outcome {
        match self {
            Self::Transact(..) => Outcome::Transact(Ok(())),
            Self::Increment { .. } => Outcome::Increment(Ok(0)),
        }
    }
}

/// One transaction's writes, readied by its caller so the one writer thread does only the
/// writing.
struct Batch {
    writes: Vec<Prepared>,
    /// Whether two writes name one item (then a later condition may depend on an earlier write,
    /// and the job runs write by write under a savepoint).
    names_a_key_twice: bool,
}

/// What a job did inside the group, to answer once the group is committed.
enum Outcome {
    Transact(Result<(), StoreError>),
    Increment(Result<i64, StoreError>),
}

impl Job {
    /// Answers the caller: its own outcome, or the group's commit error when the group failed
    /// (a job's own error stands either way).
    fn answer(self, outcome: Outcome, committed: &Result<(), GroupFailed>) {
        let failed = |e: &GroupFailed| match e.busy {
            true => StoreError::Throttled(anyhow::anyhow!("the database is busy: {}", e.message)),
            false => StoreError::internal(anyhow::anyhow!("the commit failed: {}", e.message)),
        };
        match (self, outcome) {
            (Self::Transact(_, tx), Outcome::Transact(outcome)) => {
                let _ = tx.send(match (outcome, committed) {
                    (Ok(()), Err(e)) => Err(failed(e)),
                    (outcome, _) => outcome,
                });
            }
            (Self::Increment { answer, .. }, Outcome::Increment(outcome)) => {
                let _ = answer.send(match (outcome, committed) {
                    (Ok(_), Err(e)) => Err(failed(e)),
                    (outcome, _) => outcome,
                });
            }
            (Self::Transact(_, tx), Outcome::Increment(_)) => {
                let _ = tx.send(Err(StoreError::internal(anyhow::anyhow!(
                    "a job's outcome was mixed up"
                ))));
            }
            (Self::Increment { answer, .. }, Outcome::Transact(_)) => {
                let _ = answer.send(Err(StoreError::internal(anyhow::anyhow!(
                    "a job's outcome was mixed up"
                ))));
            }
        }
    }
}

/// Why a group did not commit, for each of its callers.
struct GroupFailed {
    busy: bool,
    message: String,
}

impl From<rusqlite::Error> for GroupFailed {
    fn from(e: rusqlite::Error) -> Self {
        Self {
            busy: matches!(&e, rusqlite::Error::SqliteFailure(f, _)
                if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)),
            message: e.to_string(),
        }
    }
}

/// The writer thread: waits for a job, takes the others waiting (up to [`GROUP`]), runs them in
/// one transaction, commits once, then answers them all.
fn run_writer(conn: Arc<Mutex<Connection>>, jobs: std::sync::mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut group = vec![first];
        while group.len() < GROUP {
            match jobs.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        // A panic while holding the lock cannot leave SQLite half-written (transactions roll
        // back), so a poisoned lock is safe to reuse.
        let mut conn = conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (done, committed) = commit_group(&mut conn, group);
        drop(conn);
        for (job, outcome) in done {
            job.answer(outcome, &committed);
        }
    }
}

/// What running one job inside the group's transaction gave.
enum Ran {
    /// Done, or refused before it wrote anything: the group goes on.
    Kept(Outcome),
    /// Failed after writing part of its writes: the group's transaction is rolled back and run
    /// again without it.
    Broke(Outcome),
}

/// Runs `group` in one transaction and commits it; gives each job with its outcome, and the
/// commit's result.
fn commit_group(conn: &mut Connection, mut group: Vec<Job>) -> (Vec<(Job, Outcome)>, Result<(), GroupFailed>) {
    // A group of counters alone commits without its own fsync: in WAL mode the next synced
    // commit (the record an id is for) makes it durable too, and an increment lost to a power
    // cut only ever belongs to a write that was never acknowledged. One fsync per create.
    let durable = group.iter().any(Job::durable);
    let mut done: Vec<(Job, Outcome)> = Vec::with_capacity(group.len());
    let committed = loop {
        let began = (|| {
            if !durable {
                conn.pragma_update(None, "synchronous", "NORMAL")?;
            }
            conn.prepare_cached("BEGIN IMMEDIATE").and_then(|mut s| s.execute([]))
        })();
        if let Err(e) = began {
            for job in group.drain(..) {
                let outcome = job.unrun();
                done.push((job, outcome));
            }
            break Err(GroupFailed::from(e));
        }
        let mut outcomes = Vec::with_capacity(group.len());
        let mut broke = None;
        let mut statements = Statements::new(conn);
        for (at, job) in group.iter().enumerate() {
            match run_job(&mut statements, job) {
                Ran::Kept(outcome) => outcomes.push(outcome),
                Ran::Broke(outcome) => {
                    broke = Some((at, outcome));
                    break;
                }
            }
        }
        drop(statements);
        if let Some((at, outcome)) = broke {
            // Rare (an I/O error mid-job): nothing of the group is kept; the job that broke is
            // answered its error and the others run again, as if it had never been queued.
            let _ = conn.execute_batch("ROLLBACK");
            done.push((group.remove(at), outcome));
            if group.is_empty() {
                break Ok(());
            }
            continue;
        }
        let committed = conn
            .prepare_cached("COMMIT")
            .and_then(|mut s| s.execute([]))
            .map(|_| ())
            .map_err(GroupFailed::from);
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        done.extend(group.drain(..).zip(outcomes));
        break committed;
    };
    if !durable {
        let _ = conn.pragma_update(None, "synchronous", "FULL");
    }
    (done, committed)
}

/// Runs `job` inside the group's transaction. Every condition is checked before anything is
/// written (DynamoDB's semantics: a transaction names each item once), so a refused job leaves
/// nothing and needs no savepoint: a savepoint copied every page a job touched into its
/// sub-journal, a sixth of the writer's time in a profile of creates. A job that names a key
/// twice (a later condition may depend on an earlier write) runs write by write under one.
fn run_job(statements: &mut Statements<'_>, job: &Job) -> Ran {
    let conn = statements.conn;
    match job {
        Job::Transact(batch, _) if batch.names_a_key_twice => {
            if let Err(e) = execute(conn, "SAVEPOINT job") {
                return Ran::Kept(Outcome::Transact(Err(e)));
            }
            let outcome = transact_in(statements, &batch.writes);
            let end = match outcome {
                Ok(()) => execute(conn, "RELEASE job"),
                Err(_) => execute(conn, "ROLLBACK TO job").and_then(|()| execute(conn, "RELEASE job")),
            };
            match end {
                Ok(()) => Ran::Kept(Outcome::Transact(outcome)),
                Err(e) => Ran::Broke(Outcome::Transact(Err(e))),
            }
        }
        Job::Transact(Batch { writes, .. }, _) => {
            for (index, write) in writes.iter().enumerate() {
                match statements.holds(&write.key, write.condition) {
                    Ok(true) => {}
                    Ok(false) => {
                        return Ran::Kept(Outcome::Transact(Err(StoreError::ConditionFailed {
                            index: Some(index),
                        })))
                    }
                    Err(e) => return Ran::Kept(Outcome::Transact(Err(e))),
                }
            }
            let left_out = match left_out(statements, writes) {
                Ok(left_out) => left_out,
                Err(e) => return Ran::Kept(Outcome::Transact(Err(e))),
            };
            let kept = writes.iter().zip(left_out).filter(|(_, left_out)| !left_out);
            let applied = statements.apply_all(kept.map(|(write, _)| write));
            match applied {
                Ok(()) => Ran::Kept(Outcome::Transact(Ok(()))),
                Err(e) => Ran::Broke(Outcome::Transact(Err(e))),
            }
        }
        Job::Increment {
            key, by, expires_at, ..
        } => match increment_in(conn, key, *by, *expires_at) {
            Ok(n) => Ran::Kept(Outcome::Increment(Ok(n))),
            Err(e) => Ran::Broke(Outcome::Increment(Err(e))),
        },
    }
}

/// One job's writes, write by write (under the job's savepoint): every condition must hold.
fn transact_in(statements: &mut Statements<'_>, writes: &[Prepared]) -> Result<(), StoreError> {
    let left_out = left_out(statements, writes)?;
    for (index, (write, left_out)) in writes.iter().zip(left_out).enumerate() {
        if !statements.holds(&write.key, write.condition)? {
            return Err(StoreError::ConditionFailed { index: Some(index) });
        }
        if !left_out {
            statements.apply(write)?;
        }
    }
    Ok(())
}

/// Which of a job's writes are left out: each `PutIfCounted` whose counter is zero before the
/// job writes anything (an event's outbox entry in a workspace without webhooks). A job names
/// one or two counters however many events it has (an import's chunk: hundreds), so each is
/// read once.
fn left_out(statements: &mut Statements<'_>, writes: &[Prepared]) -> Result<Vec<bool>, StoreError> {
    let mut zero: Vec<(&Key, bool)> = Vec::new();
    let mut left_out = Vec::with_capacity(writes.len());
    for write in writes {
        let Change::Put {
            counted: Some(counted), ..
        } = &write.change
        else {
            left_out.push(false);
            continue;
        };
        let is_zero = match zero.iter().find(|(key, _)| *key == counted) {
            Some((_, is_zero)) => *is_zero,
            None => {
                let is_zero = statements.holds(counted, Condition::CountZero)?;
                zero.push((counted, is_zero));
                is_zero
            }
        };
        left_out.push(is_zero);
    }
    Ok(left_out)
}

/// Whether two of `writes` name the same item (then a later condition may depend on an earlier
/// write, and the job runs write by write under a savepoint).
fn names_a_key_twice(writes: &[Prepared]) -> bool {
    // Sorted rather than hashed: a few dozen short keys compare faster than they hash.
    let mut keys: Vec<(&str, &str)> = writes.iter().map(|w| (w.key.pk.as_str(), w.key.sk.as_str())).collect();
    keys.sort_unstable();
    keys.windows(2).any(|pair| pair[0] == pair[1])
}

fn execute(conn: &Connection, sql: &str) -> Result<(), StoreError> {
    conn.prepare_cached(sql)
        .and_then(|mut s| s.execute([]))
        .map(|_| ())
        .map_err(db_err)
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS records (
    pk TEXT NOT NULL,
    sk TEXT NOT NULL,
    data TEXT NOT NULL,
    expires_at INTEGER,
    n INTEGER,
    form INTEGER,
    PRIMARY KEY (pk, sk)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS records_expiry ON records (expires_at) WHERE expires_at IS NOT NULL;
";

/// Adds `form` (the fingerprint of a document's API form, [`ApiForm`]) to a table made before it
/// had one: its rows keep NULL, and are parsed as before until rewritten. The check and the
/// change are one write transaction, so two processes opening an old shared file (the regions'
/// directory) add it once: the second waits for the first's lock, then finds the column.
fn add_form_column(conn: &Connection) -> Result<(), StoreError> {
    let change = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)
        .map_err(StoreError::internal)?;
    let has_form = change
        .prepare("SELECT 1 FROM pragma_table_info('records') WHERE name = 'form'")
        .and_then(|mut s| s.exists([]))
        .map_err(StoreError::internal)?;
    if !has_form {
        change
            .execute_batch("ALTER TABLE records ADD COLUMN form INTEGER")
            .map_err(StoreError::internal)?;
    }
    // (Dropped on an error, the transaction rolls back.)
    change.commit().map_err(StoreError::internal)
}

/// How the process shares the database file with others.
#[derive(Clone, Copy)]
enum Sharing {
    /// This process alone (the server's own data): SQLite's `unix-excl` file system. The first
    /// connection takes an exclusive lock on the file for the process, and from then on the
    /// process's connections coordinate in memory (the WAL's index on the heap, no `-shm` file).
    /// A read transaction's begin and end took two `fcntl` system calls each time, 7% of a point
    /// read's CPU. A second process on the same file is refused instead of sharing it. The WAL's
    /// writes are gathered into one system call per commit (`wal_writes`).
    Exclusive,
    /// With other processes (the regions' directory, which two local servers share): SQLite's
    /// default, locks in the file system.
    Shared,
}

fn open_connection(path: &Path, sharing: Sharing) -> Result<Connection, StoreError> {
    let flags = rusqlite::OpenFlags::default();
    match sharing {
        Sharing::Exclusive => {
            wal_writes::register().map_err(|code| {
                StoreError::internal(anyhow::anyhow!(
                    "registering the SQLite file system failed: code {code}"
                ))
            })?;
            Connection::open_with_flags_and_vfs(path, flags, wal_writes::NAME)
        }
        Sharing::Shared => Connection::open_with_flags(path, flags),
    }
    .map_err(StoreError::internal)
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path`, for this process alone: a second
    /// process that opens it is refused (see [`SqliteStore::open_shared`]).
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Self::open_with(path, Sharing::Exclusive)
    }

    /// Opens (creating if needed) the database file at `path`, which other processes may open
    /// too (the regions' directory).
    pub fn open_shared(path: &Path) -> Result<Self, StoreError> {
        Self::open_with(path, Sharing::Shared)
    }

    fn open_with(path: &Path, sharing: Sharing) -> Result<Self, StoreError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(StoreError::internal)?;
        }
        let conn = open_connection(path, sharing)?;
        // The first statement takes the file's lock: held by another process, it is refused at
        // once (no busy timeout is set yet).
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::DatabaseBusy) => StoreError::internal(anyhow::anyhow!(
                    "{} is in use by another process: the local server opens its data alone. Stop \
                 the other server, or give this one another DATA_DIR",
                    path.display()
                )),
                _ => StoreError::internal(e),
            })?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(StoreError::internal)?;
        conn.pragma_update(None, "busy_timeout", 5000)
            .map_err(StoreError::internal)?;
        // A savepoint (a job that names a key twice runs under one) keeps the pages it changes
        // in a sub-journal: in memory, not a temporary file.
        conn.pragma_update(None, "temp_store", "MEMORY")
            .map_err(StoreError::internal)?;
        conn.execute_batch(SCHEMA).map_err(StoreError::internal)?;
        add_form_column(&conn)?;
        plan_once(&conn)?;
        let mut readers = Vec::with_capacity(READERS);
        for _ in 0..READERS {
            let reader = open_connection(path, sharing)?;
            reader
                .pragma_update(None, "query_only", true)
                .map_err(StoreError::internal)?;
            plan_once(&reader)?;
            reader
                .pragma_update(None, "busy_timeout", 5000)
                .map_err(StoreError::internal)?;
            readers.push(Mutex::new(reader));
        }
        let conn = Arc::new(Mutex::new(conn));
        let (writes, jobs) = std::sync::mpsc::channel();
        let writer = Arc::clone(&conn);
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run_writer(writer, jobs))
            .map_err(StoreError::internal)?;
        Ok(Self {
            conn,
            writes,
            readers,
            next_reader: std::sync::atomic::AtomicUsize::new(0),
            calls: AtomicU64::new(0),
            items_written: AtomicU64::new(0),
            items_read: AtomicU64::new(0),
            id_blocks: IdBlocks::default(),
        })
    }

    /// Runs a read (a point read or a partition query) on a free read connection, on the calling
    /// thread.
    fn read(&self, items: usize) {
        self.items_read.fetch_add(items as u64, Ordering::Relaxed);
    }

    fn with_reader<T>(&self, f: impl FnOnce(&Connection) -> Result<T, StoreError>) -> Result<T, StoreError> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let start = self.next_reader.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.readers.len() {
            if let Ok(guard) = self.readers[(start + i) % self.readers.len()].try_lock() {
                return f(&guard);
            }
        }
        // All busy (each for microseconds): wait for one.
        let guard = self.readers[start % self.readers.len()]
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        f(&guard)
    }

    /// `read` of each key in one read transaction: one consistent snapshot, and the WAL's locks
    /// taken once instead of once per key.
    fn read_each<T>(
        &self,
        keys: &[Key],
        read: impl Fn(&Connection, &Key) -> Result<Option<T>, StoreError>,
    ) -> Result<Vec<Option<T>>, StoreError> {
        let found: Vec<Option<T>> = self.with_reader(|conn| {
            if keys.len() < 2 {
                return keys.iter().map(|k| read(conn, k)).collect();
            }
            in_one_read(conn, || keys.iter().map(|k| read(conn, k)).collect())
        })?;
        self.read(found.iter().flatten().count());
        Ok(found)
    }

    /// Runs `f` with the connection on the blocking pool (work that is not a write group's).
    async fn with_conn<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut guard = conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            f(&mut guard)
        })
        .await
        .map_err(StoreError::internal)?
    }

    /// Hands `job` to the writer thread and waits for its group's commit.
    async fn submit<T>(
        &self,
        job: Job,
        answer: tokio::sync::oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let stopped = || StoreError::internal(anyhow::anyhow!("the SQLite writer stopped"));
        self.writes.send(job).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// Makes every statement `conn` runs prepared once. Without the query planner stability guarantee
/// SQLite plans some statements with their bound values (a `LIMIT ?`, for one), so binding a new
/// value expired the statement and every list query was parsed and planned again (14% of a page's
/// CPU); our plans never depend on the values (one table, keyed by `(pk, sk)`).
fn plan_once(conn: &Connection) -> Result<(), StoreError> {
    conn.set_prepared_statement_cache_capacity(STATEMENTS);
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)
        .map_err(StoreError::internal)?;
    Ok(())
}

fn db_err(e: rusqlite::Error) -> StoreError {
    match e {
        rusqlite::Error::SqliteFailure(f, _)
            if matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
            ) =>
        {
            StoreError::Throttled(e.into())
        }
        other => StoreError::internal(other),
    }
}

fn read_row(
    pk: Partition,
    sk: String,
    data: String,
    expires_at: Option<i64>,
    counter: Option<i64>,
) -> Result<Item, StoreError> {
    let mut data: Map<String, Value> = serde_json::from_str(&data).map_err(StoreError::internal)?;
    if let Some(n) = counter {
        data.insert(COUNTER_FIELD.into(), n.into());
    }
    Ok(Item {
        key: Key::new(pk, sk),
        data,
        expires_at,
        api_form: None,
    })
}

/// One page of `query` on `conn` (see [`Store::query`]), and how many items it read (expired
/// ones too, as DynamoDB counts them).
fn query_in(conn: &Connection, query: &Query) -> Result<(QueryPage, usize), StoreError> {
    let (items, next, read) = rows_in(conn, query, |sk, row| {
        read_row(query.pk.clone(), sk, row.data, row.expires_at, row.counter)
    })?;
    Ok((QueryPage { items, next }, read))
}

/// [`query_in`] with the documents left as text (see [`Store::query_and_get`]).
fn documents_in(conn: &Connection, query: &Query) -> Result<(DocumentPage, usize), StoreError> {
    let (documents, next, read) = rows_in(conn, query, |sk, row| row_document(&query.pk, sk, row))?;
    let page = DocumentPage {
        partition: query.pk.clone(),
        documents,
        next,
    };
    Ok((page, read))
}

/// A row's document as text; with a counter beside it (its value lives in its own column),
/// decoded and merged as `get` does.
fn row_document(pk: &Partition, sk: String, row: Row) -> Result<Document, StoreError> {
    let Row {
        data,
        expires_at,
        counter,
        form,
    } = row;
    Ok(match counter {
        Some(_) => read_row(pk.clone(), sk, data, expires_at, counter)?.into(),
        None => Document::text(sk, data, form),
    })
}

/// The live rows of one page of `query`, each made by `make` from its sort key and the rest of
/// the row, all of `query.pk`; the cursor to the next page; and how many rows were read.
fn rows_in<T>(
    conn: &Connection,
    query: &Query,
    make: impl Fn(String, Row) -> Result<T, StoreError>,
) -> Result<(Vec<T>, Option<PageToken>, usize), StoreError> {
    let (low, high) = sql_bounds(&query.range);
    // Only the bounds this query has, as `?N` of fixed meaning: a plan that depends on
    // whether a parameter is NULL would be re-prepared on every new binding (SQLite
    // plans with the bound values), which cost more than the read.
    let after = query.after.as_ref().map(|PageToken(sk)| sk.clone());
    let mut sql = String::from("SELECT sk, data, expires_at, n, form FROM records WHERE pk = ?1 AND sk >= ?2");
    if high.is_some() {
        sql.push_str(" AND sk < ?3");
    }
    if after.is_some() {
        sql.push_str(if query.descending {
            " AND sk < ?4"
        } else {
            " AND sk > ?4"
        });
    }
    sql.push_str(if query.descending {
        " ORDER BY sk DESC LIMIT ?5"
    } else {
        " ORDER BY sk ASC LIMIT ?5"
    });
    let limit = query.limit.max(1);
    let mut stmt = conn.prepare_cached(&sql).map_err(db_err)?;
    let mut bind = vec![
        (1, rusqlite::types::Value::from(query.pk.as_str().to_owned())),
        (2, low.into()),
        (5, i64::try_from(limit).unwrap_or(i64::MAX).into()),
    ];
    if let Some(high) = high {
        bind.push((3, high.into()));
    }
    if let Some(after) = after {
        bind.push((4, after.into()));
    }
    for (index, value) in bind {
        stmt.raw_bind_parameter(index, value).map_err(db_err)?;
    }
    let rows = stmt.raw_query().mapped(|r| {
        let row = Row {
            data: r.get(1)?,
            expires_at: r.get(2)?,
            counter: r.get(3)?,
            form: r.get(4)?,
        };
        Ok((r.get::<_, String>(0)?, row))
    });
    let time = now();
    let (mut live, mut read, mut next) = (Vec::new(), 0usize, None);
    for row in rows {
        let (sk, row) = row.map_err(db_err)?;
        read += 1;
        // Like DynamoDB: a full page says there may be more; the cursor is the last key read
        // (copied for that row alone: the query stops there).
        if read == limit {
            next = Some(PageToken(sk.clone()));
        }
        if row.expires_at.is_none_or(|at| at > time) {
            live.push(make(sk, row)?);
        }
    }
    Ok((live, next, read))
}

/// Runs the reads of `f` in one read transaction on `conn`: one snapshot, and the WAL's locks
/// taken once instead of once per statement.
fn in_one_read<T>(conn: &Connection, f: impl FnOnce() -> Result<T, StoreError>) -> Result<T, StoreError> {
    execute(conn, "BEGIN")?;
    let found = f();
    // Ended whatever the reads gave: the connection is reused.
    let ended = execute(conn, "COMMIT");
    let found = found?;
    ended?;
    Ok(found)
}

/// Reads the live item at `key` inside a connection or transaction.
fn get_live(conn: &Connection, key: &Key) -> Result<Option<Item>, StoreError> {
    let mut statement = conn.prepare_cached(GET).map_err(db_err)?;
    get_live_with(&mut statement, key)
}

const GET: &str = "SELECT data, expires_at, n, form FROM records WHERE pk = ?1 AND sk = ?2";
const PUT: &str = "INSERT OR REPLACE INTO records (pk, sk, data, expires_at, form) VALUES (?1, ?2, ?3, ?4, ?5)";
const DELETE: &str = "DELETE FROM records WHERE pk = ?1 AND sk = ?2";
/// Puts in one statement ([`Statements::apply_all`]).
const PUTS_PER_STATEMENT: usize = 32;

/// [`PUT`] of [`PUTS_PER_STATEMENT`] rows.
fn put_many_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| {
        // PUT's own statement up to its row: the columns are declared once.
        let (insert, _) = PUT.split_once("VALUES").expect("PUT names its values");
        let rows = vec!["(?, ?, ?, ?, ?)"; PUTS_PER_STATEMENT].join(", ");
        format!("{insert}VALUES {rows}")
    })
}
/// An add within [`COUNTER_LIMIT`] (`?4`): a stored counter is within it and so is `?3`, so the
/// sum cannot overflow; an add past it changes no row.
const ADD: &str = "INSERT INTO records (pk, sk, data, n) VALUES (?1, ?2, '{}', ?3)
                   ON CONFLICT (pk, sk) DO UPDATE SET n = COALESCE(n, 0) + ?3
                   WHERE COALESCE(n, 0) + ?3 BETWEEN -?4 AND ?4";

/// [`get_live`] with the statement already in hand.
fn get_live_with(statement: &mut rusqlite::Statement<'_>, key: &Key) -> Result<Option<Item>, StoreError> {
    match live_row(statement, key)? {
        Some(row) => read_row(key.pk.clone(), key.sk.clone(), row.data, row.expires_at, row.counter).map(Some),
        None => Ok(None),
    }
}

/// [`get_live`] with the document left as text (see [`Store::get_document`]).
fn get_live_document(conn: &Connection, key: &Key) -> Result<Option<Document>, StoreError> {
    let mut statement = conn.prepare_cached(GET).map_err(db_err)?;
    match live_row(&mut statement, key)? {
        Some(row) => row_document(&key.pk, key.sk.clone(), row).map(Some),
        None => Ok(None),
    }
}

/// A row but its key.
struct Row {
    data: String,
    expires_at: Option<i64>,
    counter: Option<i64>,
    /// The fingerprint of the API form `data` is in ([`ApiForm`]), if it is in one.
    form: Option<i64>,
}

/// The row at `key` unless it is absent or has expired.
fn live_row(statement: &mut rusqlite::Statement<'_>, key: &Key) -> Result<Option<Row>, StoreError> {
    let row = statement
        .query_row(params![key.pk.as_str(), key.sk], |r| {
            Ok(Row {
                data: r.get(0)?,
                expires_at: r.get(1)?,
                counter: r.get(2)?,
                form: r.get(3)?,
            })
        })
        .optional()
        .map_err(db_err)?;
    let time = now();
    Ok(row.filter(|row| row.expires_at.is_none_or(|at| at > time)))
}

/// The writer's statements for one group, each taken from the connection's cache at its first
/// use and kept for the group: a create runs about 17 statements, and each lookup in rusqlite's
/// cache hashed its SQL (5% of the writer's instructions in a profile of creates).
struct Statements<'c> {
    conn: &'c Connection,
    get: Option<rusqlite::CachedStatement<'c>>,
    put: Option<rusqlite::CachedStatement<'c>>,
    put_many: Option<rusqlite::CachedStatement<'c>>,
    delete: Option<rusqlite::CachedStatement<'c>>,
    add: Option<rusqlite::CachedStatement<'c>>,
}

impl<'c> Statements<'c> {
    fn new(conn: &'c Connection) -> Self {
        Self {
            conn,
            get: None,
            put: None,
            put_many: None,
            delete: None,
            add: None,
        }
    }

    fn prepared<'s>(
        conn: &'c Connection,
        slot: &'s mut Option<rusqlite::CachedStatement<'c>>,
        sql: &str,
    ) -> Result<&'s mut rusqlite::CachedStatement<'c>, StoreError> {
        match slot {
            Some(statement) => Ok(statement),
            None => Ok(slot.insert(conn.prepare_cached(sql).map_err(db_err)?)),
        }
    }

    fn holds(&mut self, key: &Key, condition: Condition) -> Result<bool, StoreError> {
        if condition == Condition::Always {
            return Ok(true);
        }
        let current = get_live_with(Self::prepared(self.conn, &mut self.get, GET)?, key)?;
        Ok(condition_holds(condition, current))
    }

    /// Applies the writes of a job that names each key once (so their order does not matter):
    /// the puts [`PUTS_PER_STATEMENT`] to a statement, which spares SQLite a statement's start,
    /// cursor and end per item (an import's chunk puts thousands of index entries).
    fn apply_all<'w>(&mut self, writes: impl Iterator<Item = &'w Prepared>) -> Result<(), StoreError> {
        let mut puts: Vec<&Prepared> = Vec::with_capacity(PUTS_PER_STATEMENT);
        for write in writes {
            match write.change {
                Change::Put { .. } => {
                    puts.push(write);
                    if puts.len() == PUTS_PER_STATEMENT {
                        self.put_many(&puts)?;
                        puts.clear();
                    }
                }
                _ => self.apply(write)?,
            }
        }
        puts.into_iter().try_for_each(|write| self.apply(write))
    }

    fn put_many(&mut self, puts: &[&Prepared]) -> Result<(), StoreError> {
        let statement = Self::prepared(self.conn, &mut self.put_many, put_many_sql())?;
        for (at, write) in puts.iter().enumerate() {
            let Change::Put {
                data, expires_at, form, ..
            } = &write.change
            else {
                continue;
            };
            let first = at * 5;
            statement
                .raw_bind_parameter(first + 1, write.key.pk.as_str())
                .map_err(db_err)?;
            statement
                .raw_bind_parameter(first + 2, write.key.sk.as_str())
                .map_err(db_err)?;
            statement.raw_bind_parameter(first + 3, data.as_str()).map_err(db_err)?;
            statement.raw_bind_parameter(first + 4, expires_at).map_err(db_err)?;
            statement.raw_bind_parameter(first + 5, form).map_err(db_err)?;
        }
        statement.raw_execute().map_err(db_err)?;
        Ok(())
    }

    fn apply(&mut self, write: &Prepared) -> Result<(), StoreError> {
        let key = &write.key;
        match &write.change {
            Change::Put {
                data, expires_at, form, ..
            } => {
                Self::prepared(self.conn, &mut self.put, PUT)?
                    .execute(params![key.pk.as_str(), key.sk, data, expires_at, form])
                    .map_err(db_err)?;
            }
            Change::Delete => {
                Self::prepared(self.conn, &mut self.delete, DELETE)?
                    .execute(params![key.pk.as_str(), key.sk])
                    .map_err(db_err)?;
            }
            Change::Check => {}
            Change::Add(by) => {
                let changed = match counter_takes(0, *by) {
                    true => Self::prepared(self.conn, &mut self.add, ADD)?
                        .execute(params![key.pk.as_str(), key.sk, by, COUNTER_LIMIT])
                        .map_err(db_err)?,
                    false => 0,
                };
                if changed == 0 {
                    return Err(StoreError::CounterLimit);
                }
            }
        }
        Ok(())
    }
}

/// Whether `condition` holds of the live item `current` (`None`: there is none).
fn condition_holds(condition: Condition, current: Option<Item>) -> bool {
    match condition {
        Condition::Always => true,
        Condition::NotExists => current.is_none(),
        Condition::Exists => current.is_some(),
        Condition::Version(v) => current.is_some_and(|item| item.version() == v),
        Condition::CountZero => current.is_none_or(|item| item.counter() == 0),
        Condition::CountAtLeast(n) => current.map_or(0, |item| item.counter()) >= n,
    }
}

/// A write as the writer thread applies it: its document already serialised, on the caller's
/// thread, so the one writer spends its time in SQLite (serialising and freeing documents were
/// a tenth of its time in a profile of creates).
struct Prepared {
    key: Key,
    condition: Condition,
    change: Change,
}

enum Change {
    /// With `counted` (a `Write::PutIfCounted`), left out when that counter is zero as the job
    /// begins ([`left_out`]).
    Put {
        data: String,
        expires_at: Option<i64>,
        /// The fingerprint of the API form `data` is in, if it is in one ([`ApiForm`]).
        form: Option<i64>,
        counted: Option<Key>,
    },
    Delete,
    Check,
    Add(i64),
}

impl Prepared {
    fn new(write: Write) -> Result<Self, StoreError> {
        let condition = condition_of(&write);
        let put = |item: Item, counted: Option<Key>| -> Result<Self, StoreError> {
            // A record's text in its API form is stored as it is (the same document as `data`,
            // in the record's field order, which a list page then sends without parsing it).
            let (data, form) = match item.api_form {
                Some(ApiForm { text, form }) => (text, Some(form)),
                None => (serde_json::to_string(&item.data).map_err(StoreError::internal)?, None),
            };
            Ok(Self {
                change: Change::Put {
                    data,
                    expires_at: item.expires_at,
                    form,
                    counted,
                },
                key: item.key,
                condition,
            })
        };
        Ok(match write {
            Write::Put { item, .. } => put(item, None)?,
            Write::PutIfCounted { item, counted, .. } => put(item, Some(counted))?,
            Write::Delete { key, .. } => Self {
                key,
                condition,
                change: Change::Delete,
            },
            Write::Check { key, .. } => Self {
                key,
                condition,
                change: Change::Check,
            },
            Write::Add { key, by } => Self {
                key,
                condition,
                change: Change::Add(by),
            },
            Write::Take { key, amount } => Self {
                key,
                condition,
                change: Change::Add(-amount),
            },
        })
    }
}

fn condition_of(write: &Write) -> Condition {
    match write {
        Write::Put { condition, .. }
        | Write::PutIfCounted { condition, .. }
        | Write::Delete { condition, .. }
        | Write::Check { condition, .. } => *condition,
        Write::Add { .. } => Condition::Always,
        Write::Take { amount, .. } => Condition::CountAtLeast(*amount),
    }
}

#[async_trait]
impl Store for SqliteStore {
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError> {
        let found = self.with_reader(|conn| get_live(conn, key))?;
        self.read(usize::from(found.is_some()));
        Ok(found)
    }

    async fn get_document(&self, key: &Key) -> Result<Option<Document>, StoreError> {
        let found = self.with_reader(|conn| get_live_document(conn, key))?;
        self.read(usize::from(found.is_some()));
        Ok(found)
    }

    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
        self.read_each(keys, get_live)
    }

    async fn get_documents(&self, keys: &[Key]) -> Result<Vec<Option<Document>>, StoreError> {
        self.read_each(keys, get_live_document)
    }

    async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.transact(vec![write]).await
    }

    fn transaction_writes(&self) -> usize {
        MAX_CHANGE_WRITES
    }

    async fn recover(&self, older_than: i64) -> Result<usize, StoreError> {
        // Every change is one transaction here; only a large change written by hand (a test of
        // the protocol itself) leaves anything to sweep, and the sweep reads one partition.
        super::large::recover(self, older_than).await
    }

    async fn transact(&self, mut writes: Vec<Write>) -> Result<(), StoreError> {
        // Any change is one transaction here ([`Store::commit`]).
        if writes.len() > MAX_CHANGE_WRITES {
            return Err(StoreError::TooLarge(format!(
                "it needs {} writes; the most is {MAX_CHANGE_WRITES}",
                writes.len()
            )));
        }
        let mark = commit_marker::attach(&mut writes, MAX_CHANGE_WRITES).await?;
        let count = writes.len() as u64;
        let writes: Vec<Prepared> = writes.into_iter().map(Prepared::new).collect::<Result<_, _>>()?;
        let batch = Batch {
            names_a_key_twice: names_a_key_twice(&writes),
            writes,
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        let result = self.submit(Job::Transact(batch, tx), rx).await;
        if result.is_ok() {
            self.items_written.fetch_add(count, Ordering::Relaxed);
        }
        if let Some(mark) = mark {
            mark.settle(result.is_ok());
        }
        result
    }

    async fn increment(&self, key: &Key, by: i64, expires_at: Option<i64>) -> Result<i64, StoreError> {
        let (answer, rx) = tokio::sync::oneshot::channel();
        let job = Job::Increment {
            key: key.clone(),
            by,
            expires_at,
            answer,
        };
        let value = self.submit(job, rx).await?;
        self.items_written.fetch_add(1, Ordering::Relaxed);
        Ok(value)
    }

    /// From the kind's block ([`IdBlocks`]); a block that has fewer than `n` left is dropped and
    /// `n` more than a block reserved at once, so the `n` are consecutive.
    async fn next_ids(&self, tenant: TenantId, kind: &str, n: u64) -> Result<Range<u64>, StoreError> {
        let block = self.id_blocks.of(tenant, kind);
        let mut block = block.lock().await;
        if block.end - block.start < n {
            *block = ids_from_counter(self, tenant, kind, n.saturating_add(ID_BLOCK)).await?;
        }
        let ids = block.start..block.start + n;
        block.start += n;
        Ok(ids)
    }

    async fn query(&self, query: Query) -> Result<QueryPage, StoreError> {
        reject_empty_bounds(&query.range)?;
        // On a read-only connection, like point reads: lists no longer queue behind writes.
        let (page, read) = self.with_reader(|conn| query_in(conn, &query))?;
        self.read(read);
        Ok(page)
    }

    async fn query_and_get(&self, query: Query, keys: &[Key]) -> Result<(DocumentPage, Vec<Option<Item>>), StoreError> {
        reject_empty_bounds(&query.range)?;
        if keys.is_empty() {
            let (page, read) = self.with_reader(|conn| documents_in(conn, &query))?;
            self.read(read);
            return Ok((page, Vec::new()));
        }
        let ((page, read), found) = self.with_reader(|conn| {
            in_one_read(conn, || {
                let page = documents_in(conn, &query)?;
                let found = keys.iter().map(|k| get_live(conn, k)).collect::<Result<Vec<_>, _>>()?;
                Ok((page, found))
            })
        })?;
        self.read(read + found.iter().flatten().count());
        Ok((page, found))
    }

    async fn count(&self, query: Query) -> Result<u64, StoreError> {
        reject_empty_bounds(&query.range)?;
        self.with_reader(move |conn| {
            let (low, high) = sql_bounds(&query.range);
            let limit = i64::try_from(query.limit.max(1)).unwrap_or(i64::MAX);
            // As in `query`: only the bounds it has.
            let n: i64 = match high {
                Some(high) => conn
                    .prepare_cached(
                        "SELECT count(*) FROM (SELECT 1 FROM records
                         WHERE pk = ?1 AND sk >= ?2 AND sk < ?3 AND (expires_at IS NULL OR expires_at > ?4)
                         LIMIT ?5)",
                    )
                    .and_then(|mut s| s.query_row(params![query.pk.as_str(), low, high, now(), limit], |r| r.get(0))),
                None => conn
                    .prepare_cached(
                        "SELECT count(*) FROM (SELECT 1 FROM records
                         WHERE pk = ?1 AND sk >= ?2 AND (expires_at IS NULL OR expires_at > ?3)
                         LIMIT ?4)",
                    )
                    .and_then(|mut s| s.query_row(params![query.pk.as_str(), low, now(), limit], |r| r.get(0))),
            }
            .map_err(db_err)?;
            let n = u64::try_from(n).unwrap_or(0);
            self.read(usize::try_from(n).unwrap_or(usize::MAX));
            Ok(n)
        })
    }

    async fn purge_expired(&self, limit: usize) -> Result<usize, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_conn(move |conn| {
            conn.execute(
                "DELETE FROM records WHERE (pk, sk) IN (
                     SELECT pk, sk FROM records WHERE expires_at IS NOT NULL AND expires_at <= ?1 LIMIT ?2)",
                params![now(), limit],
            )
            .map_err(db_err)
        })
        .await
    }

    fn round_trips(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }

    fn items_read(&self) -> u64 {
        self.items_read.load(Ordering::Relaxed)
    }

    fn items_written(&self) -> u64 {
        self.items_written.load(Ordering::Relaxed)
    }
}

/// DynamoDB refuses empty strings in key conditions; refusing them here too keeps the backends alike.
pub(super) fn reject_empty_bounds(range: &SortKeyRange) -> Result<(), StoreError> {
    let empty = match range {
        SortKeyRange::All => false,
        SortKeyRange::Prefix(p) => p.is_empty(),
        SortKeyRange::Between(a, b) => a.is_empty() || b.is_empty(),
    };
    if empty {
        return Err(StoreError::internal(anyhow::anyhow!(
            "a sort-key bound must not be empty"
        )));
    }
    Ok(())
}

/// The smallest string greater than every string starting with `prefix`.
/// A range as SQL bounds: `sk >= low` and, when there is one, `sk < high`.
fn sql_bounds(range: &SortKeyRange) -> (String, Option<String>) {
    match range {
        SortKeyRange::All => (String::new(), None),
        SortKeyRange::Prefix(p) => (p.clone(), Some(prefix_upper_bound(p))),
        SortKeyRange::Between(a, b) => (a.clone(), Some(format!("{b}\u{0}"))),
    }
}

fn prefix_upper_bound(prefix: &str) -> String {
    format!("{prefix}\u{10FFFF}")
}

/// The counter update of [`SqliteStore::increment`], inside the group's transaction.
fn increment_in(conn: &Connection, key: &Key, by: i64, expires_at: Option<i64>) -> Result<i64, StoreError> {
    // One statement (the id of every create comes from here). An expired counter starts again
    // from zero, as its TTL deletion would have done; the SET expressions all see the old row.
    conn.prepare_cached(
        "INSERT INTO records (pk, sk, data, expires_at, n) VALUES (?1, ?2, '{}', ?4, ?3)
         ON CONFLICT (pk, sk) DO UPDATE SET
             n = CASE WHEN expires_at <= ?5 THEN ?3 ELSE COALESCE(n, 0) + ?3 END,
             data = CASE WHEN expires_at <= ?5 THEN '{}' ELSE data END,
             expires_at = CASE WHEN expires_at <= ?5 THEN ?4 ELSE expires_at END
         RETURNING n",
    )
    .and_then(|mut s| s.query_row(params![key.pk.as_str(), key.sk, by, expires_at, now()], |r| r.get(0)))
    .map_err(db_err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Partition, StoreExt, TenantId};

    /// Ids come out of blocks: in order, one reservation per block (a store call then, none
    /// between), a request for more than a block has left gets consecutive ids from a new one, a
    /// second store on the same file (as the tests' second server is) never repeats an id, and a
    /// reopened store goes on after everything reserved (the rest of a block is a gap).
    #[tokio::test]
    async fn ids_come_from_reserved_blocks_in_order_and_are_never_repeated() {
        const T: TenantId = TenantId(1);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("test.db");
        let first = SqliteStore::open(&path).unwrap();
        let calls = first.round_trips();
        for expected in 1..=3 {
            assert_eq!(first.next_id(T, "contact").await.unwrap(), expected);
        }
        assert_eq!(first.round_trips() - calls, 1, "one reservation for three ids");
        assert_eq!(first.next_id(TenantId(2), "contact").await.unwrap(), 1, "per tenant");
        assert_eq!(first.next_id(T, "invoice").await.unwrap(), 1, "per kind");

        let second = SqliteStore::open(&path).unwrap();
        let from_second = second.next_id(T, "contact").await.unwrap();
        assert_eq!(from_second, 1 + 1 + ID_BLOCK, "after the first store's block");
        assert_eq!(
            first.next_id(T, "contact").await.unwrap(),
            4,
            "the first store's block goes on"
        );

        // 61 left in the first store's block (5 to 65): 100 more come from a new block.
        let many = first.next_ids(T, "contact", 100).await.unwrap();
        assert_eq!(many.end - many.start, 100);
        assert!(
            many.start > from_second + ID_BLOCK,
            "{many:?} after the second store's block"
        );
        assert_eq!(
            first.next_id(T, "contact").await.unwrap(),
            many.end,
            "then the block goes on"
        );
        drop((first, second));

        let reopened = SqliteStore::open(&path).unwrap();
        let after = reopened.next_id(T, "contact").await.unwrap();
        assert_eq!(after, many.end + ID_BLOCK, "past every id reserved before");
    }

    /// Concurrent transactions share commit groups, each under its own savepoint: the one whose
    /// condition fails is refused alone and leaves nothing, the others are all stored.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failed_condition_in_a_commit_group_refuses_that_transaction_alone() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SqliteStore::open(&dir.path().join("test.db")).unwrap());
        fn key(n: u64) -> Key {
            Key::new(Partition::tenant(TenantId(1), "thing"), format!("{n:04}"))
        }
        fn item(n: u64) -> Item {
            Item {
                key: key(n),
                data: serde_json::json!({"n": n}).as_object().unwrap().clone(),
                expires_at: None,
                api_form: None,
            }
        }
        store.write(Write::put(item(7), Condition::Always)).await.unwrap();
        let writes = (0..64u64).map(|n| {
            let store = Arc::clone(&store);
            async move {
                // Number 7 exists already: its create (and the second write beside it) fails.
                let writes = vec![
                    Write::put(item(n), Condition::NotExists),
                    Write::put(item(1000 + n), Condition::Always),
                ];
                (n, store.transact(writes).await)
            }
        });
        let handles: Vec<_> = writes.map(tokio::spawn).collect();
        for handle in handles {
            let (n, outcome) = handle.await.unwrap();
            match n {
                7 => assert!(matches!(outcome, Err(StoreError::ConditionFailed { index: Some(0) }))),
                _ => outcome.unwrap(),
            }
        }
        for n in 0..64u64 {
            assert!(store.get(&key(n)).await.unwrap().is_some());
            assert_eq!(store.get(&key(1000 + n)).await.unwrap().is_some(), n != 7, "{n}");
        }
    }

    /// A transaction that names one item twice (against the contract, which follows DynamoDB)
    /// still runs write by write: a later condition sees the earlier write, and a refusal leaves
    /// nothing of it.
    #[tokio::test]
    async fn a_transaction_naming_an_item_twice_sees_its_own_writes() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("test.db")).unwrap();
        let key = |sk: &str| Key::new(Partition::tenant(TenantId(1), "thing"), sk);
        let item = |sk: &str, version: u64| Item {
            key: key(sk),
            data: serde_json::json!({"version": version}).as_object().unwrap().clone(),
            expires_at: None,
            api_form: None,
        };
        let counted = vec![
            Write::Add {
                key: key("count"),
                by: 2,
            },
            Write::Check {
                key: key("count"),
                condition: Condition::CountAtLeast(2),
            },
        ];
        store.transact(counted).await.unwrap();
        assert_eq!(store.get(&key("count")).await.unwrap().unwrap().counter(), 2);
        let refused = vec![
            Write::put(item("a", 1), Condition::Always),
            Write::put(item("a", 2), Condition::Version(5)),
        ];
        let outcome = store.transact(refused).await;
        assert!(
            matches!(outcome, Err(StoreError::ConditionFailed { index: Some(1) })),
            "{outcome:?}"
        );
        assert!(store.get(&key("a")).await.unwrap().is_none());
        let replaced = vec![
            Write::put(item("b", 1), Condition::NotExists),
            Write::put(item("b", 2), Condition::Version(1)),
        ];
        store.transact(replaced).await.unwrap();
        assert_eq!(store.get(&key("b")).await.unwrap().unwrap().version(), 2);
    }

    /// A transaction of more puts than one statement takes ([`PUTS_PER_STATEMENT`]) stores every
    /// item with its document and expiry, replaces the ones already there, and still applies the
    /// other writes among them.
    #[tokio::test]
    async fn a_transaction_of_many_puts_stores_each_one() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("test.db")).unwrap();
        let key = |n: usize| Key::new(Partition::tenant(TenantId(1), "thing"), format!("{n:04}"));
        let item = |n: usize, round: u64| Item {
            key: key(n),
            data: serde_json::json!({"n": n, "round": round}).as_object().unwrap().clone(),
            expires_at: n.is_multiple_of(3).then_some(4_102_444_800),
            api_form: None,
        };
        let many = 2 * PUTS_PER_STATEMENT + 5;
        store
            .transact((0..many).map(|n| Write::put(item(n, 1), Condition::Always)).collect())
            .await
            .unwrap();
        let mut again: Vec<Write> = (0..many).map(|n| Write::put(item(n, 2), Condition::Always)).collect();
        again.insert(7, Write::add(key(9_999), 3));
        again.insert(40, Write::delete(key(9_998), Condition::Always));
        store.transact(again).await.unwrap();
        for n in 0..many {
            let stored = store.get(&key(n)).await.unwrap().expect("each put stored");
            assert_eq!(stored.data["n"], n, "{n}");
            assert_eq!(stored.data["round"], 2, "{n}");
            assert_eq!(stored.expires_at, item(n, 2).expires_at, "{n}");
        }
        assert_eq!(store.get(&key(9_999)).await.unwrap().unwrap().counter(), 3);
    }

    /// An event's outbox entry in a workspace without webhooks: left out while its counter is
    /// zero as the transaction begins (also when the same transaction adds to it, and under a
    /// savepoint), written once it is above zero, and its condition holds either way.
    #[tokio::test]
    async fn a_put_if_counted_is_left_out_while_its_counter_is_zero() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("test.db")).unwrap();
        let key = |sk: &str| Key::new(Partition::tenant(TenantId(1), "thing"), sk);
        let item = |sk: &str| Item {
            key: key(sk),
            data: serde_json::json!({"sk": sk}).as_object().unwrap().clone(),
            expires_at: None,
            api_form: None,
        };
        let if_counted = |sk: &str| Write::PutIfCounted {
            item: item(sk),
            condition: Condition::NotExists,
            counted: key("count"),
        };
        let exists = |sk: &'static str| {
            let store = &store;
            async move { store.get(&key(sk)).await.unwrap().is_some() }
        };

        store
            .transact(vec![Write::put(item("record"), Condition::NotExists), if_counted("a")])
            .await
            .unwrap();
        assert!(exists("record").await);
        assert!(!exists("a").await, "left out: nothing counted");
        store
            .transact(vec![if_counted("b"), Write::add(key("count"), 1)])
            .await
            .unwrap();
        assert!(
            !exists("b").await,
            "left out: the count was zero as the transaction began"
        );
        store.transact(vec![if_counted("c")]).await.unwrap();
        assert!(exists("c").await, "written: one counted");
        let twice = vec![
            Write::put(item("d"), Condition::NotExists),
            Write::put(item("d"), Condition::Exists),
            if_counted("e"),
        ];
        store.transact(twice).await.unwrap();
        assert!(exists("e").await, "written under a savepoint too");
        let refused = store
            .transact(vec![Write::put(item("f"), Condition::Always), if_counted("c")])
            .await;
        assert!(
            matches!(refused, Err(StoreError::ConditionFailed { index: Some(1) })),
            "{refused:?}"
        );
        assert!(!exists("f").await);

        store.write(Write::add(key("count"), -1)).await.unwrap();
        store.transact(vec![if_counted("g")]).await.unwrap();
        let twice = vec![
            Write::put(item("h"), Condition::Always),
            Write::put(item("h"), Condition::Exists),
            if_counted("i"),
        ];
        store.transact(twice).await.unwrap();
        assert!(exists("h").await);
        assert!(!exists("g").await && !exists("i").await, "left out again at zero");
    }

    #[tokio::test]
    async fn a_counter_leaves_the_writer_syncing_every_later_commit() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("test.db")).unwrap();
        let key = Key::new(Partition::tenant(TenantId(1), "counter"), "thing");
        assert_eq!(store.increment(&key, 3, None).await.unwrap(), 3);
        let level: i64 = store
            .conn
            .lock()
            .unwrap()
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(level, 2, "FULL again after the counter's own commit");
    }

    /// A record written in its API form is stored as that text and read back as it, in its form
    /// alone; a file made before the `form` column gets it on opening, and its rows are parsed.
    #[tokio::test]
    async fn api_form_text_is_stored_as_written_and_old_files_gain_the_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("test.db");
        let pk = Partition::tenant(TenantId(1), "thing");
        {
            // The table as it was before `form`, with one row.
            let old = Connection::open(&path).unwrap();
            old.execute_batch(
                "CREATE TABLE records (pk TEXT NOT NULL, sk TEXT NOT NULL, data TEXT NOT NULL,
                     expires_at INTEGER, n INTEGER, PRIMARY KEY (pk, sk)) WITHOUT ROWID;",
            )
            .unwrap();
            old.execute(
                "INSERT INTO records (pk, sk, data) VALUES (?1, 'old', '{\"b\":1,\"a\":2}')",
                [pk.as_str()],
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        // Serialised in the struct's order (`b` before `a`), not a map's.
        #[derive(serde::Serialize)]
        struct Thing {
            b: u64,
            a: u64,
        }
        let item = Item::in_api_form(Key::new(pk.clone(), "new"), &Thing { b: 3, a: 4 }, 42).unwrap();
        store.write(Write::put(item, Condition::Always)).await.unwrap();
        let (page, _) = store.query_and_get(Query::partition(pk.clone()), &[]).await.unwrap();
        let read: Vec<(String, Option<crate::store::Listed<Value>>)> = page.read_only(0..2, Some(42)).unwrap();
        assert_eq!(
            read,
            [
                (
                    "new".into(),
                    Some(crate::store::Listed::Text(r#"{"b":3,"a":4}"#.into()))
                ),
                (
                    "old".into(),
                    Some(crate::store::Listed::Record(serde_json::json!({"a": 2, "b": 1})))
                ),
            ]
        );
        // Asked for another form, the same text is parsed.
        let document = store.get_document(&Key::new(pk, "new")).await.unwrap().unwrap();
        let parsed = document.read::<Value>(&Partition::tenant(TenantId(1), "thing"), Some(41));
        assert_eq!(
            parsed.unwrap(),
            crate::store::Listed::Record(serde_json::json!({"a": 4, "b": 3}))
        );
    }

    /// Servers sharing a file made before `form` (the regions' directory) that start together
    /// all open it, and it gains the column once.
    #[test]
    fn servers_opening_an_old_shared_file_at_once_add_the_form_column_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("regions.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "PRAGMA journal_mode = WAL;
                 CREATE TABLE records (pk TEXT NOT NULL, sk TEXT NOT NULL, data TEXT NOT NULL,
                     expires_at INTEGER, n INTEGER, PRIMARY KEY (pk, sk)) WITHOUT ROWID;",
            )
            .unwrap();
        let start = std::sync::Barrier::new(4);
        std::thread::scope(|scope| {
            let opening: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        start.wait();
                        SqliteStore::open_shared(&path).map(|_| ())
                    })
                })
                .collect();
            for opened in opening {
                opened.join().unwrap().unwrap();
            }
        });
        let columns: Vec<String> = Connection::open(&path)
            .unwrap()
            .prepare("SELECT name FROM pragma_table_info('records')")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(columns, ["pk", "sk", "data", "expires_at", "n", "form"]);
    }
}
