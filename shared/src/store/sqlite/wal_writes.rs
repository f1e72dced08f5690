//! The server's SQLite file system (`worktop-excl`): SQLite's `unix-excl`, with the WAL's writes
//! gathered into one system call per commit.
//!
//! SQLite writes each WAL frame as two `pwrite`s, its 24-byte header and then its page, so a group
//! commit of ~40 pages made ~85 system calls, and each page, 24 bytes off the kernel's page
//! boundaries, was copied into two of them. In a profile of creates at 64 connections those
//! writes were 8% of the machine's CPU, on the writer thread that every write waits for. This file
//! system passes every file straight to `unix-excl` except the WAL, whose appends it keeps in memory
//! and writes with one call (or one per 124 KiB, the most `unix-excl` writes at once):
//!
//! - when the last frame of a commit is in (its header's commit field is set), so the file holds a
//!   commit before SQLite publishes it to readers in the WAL index (which it does after writing the
//!   frames, and after syncing them when `synchronous=FULL`): readers read frames from the file;
//! - before anything else touches the file: a sync, a read, a truncation, its size, a file
//!   control, closing it, or a write that does not continue the gathered ones (SQLite rewriting a
//!   frame of the same transaction, or a new WAL header at the start);
//! - when [`MAX_GATHERED`] bytes are waiting (a large transaction spills frames before its commit).
//!
//! So what is durable and what readers see are unchanged: the same bytes reach the file, in the
//! same order relative to every sync and every read.
//!
//! This module is the project's only `unsafe` code (the workspace denies it elsewhere): a file
//! system is a table of C functions that SQLite calls with raw pointers.

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::OnceLock;

use rusqlite::ffi;

/// The name connections open the server's file with.
pub(super) const NAME: &CStr = c"worktop-excl";
const BASE: &CStr = c"unix-excl";
/// A WAL frame's header: the page number, then the database size after a commit (0 otherwise).
const FRAME_HEADER: usize = 24;
/// Bytes gathered at most before they are written (a transaction larger than this writes in parts).
const MAX_GATHERED: usize = 4 << 20;
/// Bytes passed on in one write: the unix file system writes at most 128 KiB - 1 in one call (it
/// masks the length to 17 bits), so larger ones go in parts of 31 pages of the kernel's.
const MAX_WRITE: usize = 31 * 4096;

/// Registers the file system once per process; the error is SQLite's code.
pub(super) fn register() -> Result<(), c_int> {
    static REGISTERED: OnceLock<c_int> = OnceLock::new();
    let rc = *REGISTERED.get_or_init(|| {
        // SAFETY: `sqlite3_vfs_find` initialises SQLite if needed; the registered copy is leaked, as
        // SQLite keeps the pointer for the life of the process.
        unsafe {
            let base = ffi::sqlite3_vfs_find(BASE.as_ptr());
            if base.is_null() {
                return ffi::SQLITE_ERROR;
            }
            let mut vfs = *base;
            vfs.szOsFile = c_int::try_from(size_of::<WalFile>()).unwrap_or(c_int::MAX) + (*base).szOsFile;
            vfs.zName = NAME.as_ptr();
            vfs.pAppData = base.cast();
            vfs.pNext = std::ptr::null_mut();
            // Only opening is ours. The unix file system's other calls ignore their file system
            // argument (`xFullPathname` reads its `mxPathname`, copied with the rest).
            vfs.xOpen = Some(open);
            ffi::sqlite3_vfs_register(Box::leak(Box::new(vfs)), 0)
        }
    });
    match rc {
        ffi::SQLITE_OK => Ok(()),
        code => Err(code),
    }
}

/// An open WAL: its gathered writes, then `unix-excl`'s own file (see [`inner`]).
#[repr(C)]
struct WalFile {
    /// Points to [`WAL_METHODS`]: SQLite sees this struct as its `sqlite3_file`.
    file: ffi::sqlite3_file,
    /// Bytes written and not yet passed on, starting at `start` in the file.
    gathered: Vec<u8>,
    start: i64,
    /// The last write was a commit frame's header: its page completes the commit.
    commit_header: bool,
}

/// `unix-excl`'s file, which lives after the [`WalFile`] in the memory SQLite allocates.
unsafe fn inner(file: *mut ffi::sqlite3_file) -> *mut ffi::sqlite3_file {
    // SAFETY (caller): `file` is a WAL opened by `open`, `szOsFile` bytes long.
    unsafe { file.cast::<u8>().add(size_of::<WalFile>()).cast() }
}

unsafe extern "C" fn open(
    vfs: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    // SAFETY: SQLite passes our file system, whose `pAppData` is `unix-excl`, and `szOsFile` bytes.
    unsafe {
        let base = (*vfs).pAppData.cast::<ffi::sqlite3_vfs>();
        let Some(base_open) = (*base).xOpen else {
            return ffi::SQLITE_ERROR;
        };
        if flags & ffi::SQLITE_OPEN_WAL == 0 {
            // Any other file is `unix-excl`'s, in the same memory: nothing in between.
            return base_open(base, name, file, flags, out_flags);
        }
        let rc = base_open(base, name, inner(file), flags, out_flags);
        if rc != ffi::SQLITE_OK || (*inner(file)).pMethods.is_null() {
            (*file).pMethods = std::ptr::null();
            return rc;
        }
        file.cast::<WalFile>().write(WalFile {
            file: ffi::sqlite3_file { pMethods: &WAL_METHODS },
            gathered: Vec::new(),
            start: 0,
            commit_header: false,
        });
        rc
    }
}

/// The WAL's own struct, its inner file and the inner file's methods.
unsafe fn parts<'a>(
    file: *mut ffi::sqlite3_file,
) -> (&'a mut WalFile, *mut ffi::sqlite3_file, &'a ffi::sqlite3_io_methods) {
    // SAFETY (caller): `file` is a WAL opened by `open` and not closed.
    unsafe {
        let inner = inner(file);
        (&mut *file.cast::<WalFile>(), inner, &*(*inner).pMethods)
    }
}

impl WalFile {
    /// Writes what is gathered to the inner file: one call per [`MAX_WRITE`] bytes.
    unsafe fn pass_on(&mut self, inner: *mut ffi::sqlite3_file, methods: &ffi::sqlite3_io_methods) -> c_int {
        if self.gathered.is_empty() {
            return ffi::SQLITE_OK;
        }
        let Some(write) = methods.xWrite else {
            return ffi::SQLITE_IOERR_WRITE;
        };
        let mut rc = ffi::SQLITE_OK;
        let mut offset = self.start;
        for part in self.gathered.chunks(MAX_WRITE) {
            #[cfg(test)]
            tests::WRITES_PASSED_ON.with(|n| n.set(n.get() + 1));
            // SAFETY: the inner file is open; the part is at most MAX_WRITE bytes.
            rc = unsafe { write(inner, part.as_ptr().cast(), part.len() as c_int, offset) };
            if rc != ffi::SQLITE_OK {
                break;
            }
            offset += part.len() as i64;
        }
        // Dropped even when a write failed: SQLite fails the transaction, and bytes kept for a
        // later write could land on frames written since.
        self.gathered.clear();
        self.commit_header = false;
        rc
    }
}

/// Passes on what is gathered, then runs `then` on the inner file.
unsafe fn after_passing_on(
    file: *mut ffi::sqlite3_file,
    then: impl FnOnce(*mut ffi::sqlite3_file, &ffi::sqlite3_io_methods) -> c_int,
) -> c_int {
    // SAFETY (caller): `file` is an open WAL.
    unsafe {
        let (wal, inner, methods) = parts(file);
        let rc = wal.pass_on(inner, methods);
        if rc != ffi::SQLITE_OK {
            return rc;
        }
        then(inner, methods)
    }
}

unsafe extern "C" fn wal_write(file: *mut ffi::sqlite3_file, data: *const c_void, amount: c_int, offset: i64) -> c_int {
    // SAFETY: SQLite passes an open WAL and `amount` readable bytes at `data`.
    unsafe {
        let (wal, inner, methods) = parts(file);
        let Ok(len) = usize::try_from(amount) else {
            return ffi::SQLITE_IOERR_WRITE;
        };
        let continues = wal.start + wal.gathered.len() as i64 == offset;
        if !wal.gathered.is_empty() && (!continues || wal.gathered.len() + len > MAX_GATHERED) {
            let rc = wal.pass_on(inner, methods);
            if rc != ffi::SQLITE_OK {
                return rc;
            }
        }
        if wal.gathered.is_empty() {
            wal.start = offset;
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len);
        wal.gathered.extend_from_slice(bytes);
        if len == FRAME_HEADER {
            wal.commit_header = bytes[4..8] != [0; 4];
            return ffi::SQLITE_OK;
        }
        if wal.commit_header {
            // The commit frame's page: the commit is complete, and SQLite publishes it next.
            return wal.pass_on(inner, methods);
        }
        ffi::SQLITE_OK
    }
}

unsafe extern "C" fn wal_close(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: SQLite closes an open WAL once; its struct is dropped here and never used again.
    unsafe {
        let (wal, inner, methods) = parts(file);
        let passed = wal.pass_on(inner, methods);
        let closed = methods.xClose.map_or(ffi::SQLITE_OK, |close| close(inner));
        std::ptr::drop_in_place(file.cast::<WalFile>());
        (*file).pMethods = std::ptr::null();
        if passed != ffi::SQLITE_OK {
            passed
        } else {
            closed
        }
    }
}

unsafe extern "C" fn wal_read(file: *mut ffi::sqlite3_file, data: *mut c_void, amount: c_int, offset: i64) -> c_int {
    // SAFETY: SQLite passes an open WAL and `amount` writable bytes at `data`.
    unsafe {
        after_passing_on(file, |inner, m| {
            m.xRead
                .map_or(ffi::SQLITE_IOERR_READ, |read| read(inner, data, amount, offset))
        })
    }
}

unsafe extern "C" fn wal_truncate(file: *mut ffi::sqlite3_file, size: i64) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        after_passing_on(file, |inner, m| {
            m.xTruncate
                .map_or(ffi::SQLITE_IOERR_TRUNCATE, |truncate| truncate(inner, size))
        })
    }
}

unsafe extern "C" fn wal_sync(file: *mut ffi::sqlite3_file, flags: c_int) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        after_passing_on(file, |inner, m| {
            m.xSync.map_or(ffi::SQLITE_IOERR_FSYNC, |sync| sync(inner, flags))
        })
    }
}

unsafe extern "C" fn wal_file_size(file: *mut ffi::sqlite3_file, size: *mut i64) -> c_int {
    // SAFETY: SQLite passes an open WAL and a place for the size.
    unsafe {
        after_passing_on(file, |inner, m| {
            m.xFileSize
                .map_or(ffi::SQLITE_IOERR_FSTAT, |file_size| file_size(inner, size))
        })
    }
}

unsafe extern "C" fn wal_file_control(file: *mut ffi::sqlite3_file, op: c_int, arg: *mut c_void) -> c_int {
    // SAFETY: SQLite passes an open WAL and the control's own argument.
    unsafe {
        after_passing_on(file, |inner, m| {
            m.xFileControl
                .map_or(ffi::SQLITE_NOTFOUND, |control| control(inner, op, arg))
        })
    }
}

// The rest reach the inner file as they are (a WAL is never locked, mapped or given shared memory,
// but they are passed on all the same).

unsafe extern "C" fn wal_lock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xLock.map_or(ffi::SQLITE_OK, |lock| lock(inner, level))
    }
}

unsafe extern "C" fn wal_unlock(file: *mut ffi::sqlite3_file, level: c_int) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xUnlock.map_or(ffi::SQLITE_OK, |unlock| unlock(inner, level))
    }
}

unsafe extern "C" fn wal_check_reserved_lock(file: *mut ffi::sqlite3_file, out: *mut c_int) -> c_int {
    // SAFETY: SQLite passes an open WAL and a place for the answer.
    unsafe {
        let (_, inner, m) = parts(file);
        match m.xCheckReservedLock {
            Some(check) => check(inner, out),
            None => {
                *out = 0;
                ffi::SQLITE_OK
            }
        }
    }
}

unsafe extern "C" fn wal_sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xSectorSize.map_or(4096, |sector_size| sector_size(inner))
    }
}

unsafe extern "C" fn wal_device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xDeviceCharacteristics
            .map_or(0, |characteristics| characteristics(inner))
    }
}

unsafe extern "C" fn wal_shm_map(
    file: *mut ffi::sqlite3_file,
    region: c_int,
    size: c_int,
    extend: c_int,
    out: *mut *mut c_void,
) -> c_int {
    // SAFETY: SQLite passes an open WAL and a place for the mapping.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xShmMap
            .map_or(ffi::SQLITE_IOERR_SHMMAP, |map| map(inner, region, size, extend, out))
    }
}

unsafe extern "C" fn wal_shm_lock(file: *mut ffi::sqlite3_file, offset: c_int, n: c_int, flags: c_int) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xShmLock
            .map_or(ffi::SQLITE_IOERR_SHMLOCK, |lock| lock(inner, offset, n, flags))
    }
}

unsafe extern "C" fn wal_shm_barrier(file: *mut ffi::sqlite3_file) {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        if let Some(barrier) = m.xShmBarrier {
            barrier(inner);
        }
    }
}

unsafe extern "C" fn wal_shm_unmap(file: *mut ffi::sqlite3_file, delete: c_int) -> c_int {
    // SAFETY: SQLite passes an open WAL.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xShmUnmap.map_or(ffi::SQLITE_OK, |unmap| unmap(inner, delete))
    }
}

unsafe extern "C" fn wal_fetch(
    file: *mut ffi::sqlite3_file,
    offset: i64,
    amount: c_int,
    out: *mut *mut c_void,
) -> c_int {
    // SAFETY: SQLite passes an open WAL and a place for the mapping.
    unsafe {
        after_passing_on(file, |inner, m| match m.xFetch {
            Some(fetch) => fetch(inner, offset, amount, out),
            None => {
                // No mapping: SQLite reads instead.
                *out = std::ptr::null_mut();
                ffi::SQLITE_OK
            }
        })
    }
}

unsafe extern "C" fn wal_unfetch(file: *mut ffi::sqlite3_file, offset: i64, page: *mut c_void) -> c_int {
    // SAFETY: SQLite passes an open WAL and a mapping the inner file gave.
    unsafe {
        let (_, inner, m) = parts(file);
        m.xUnfetch
            .map_or(ffi::SQLITE_OK, |unfetch| unfetch(inner, offset, page))
    }
}

static WAL_METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 3,
    xClose: Some(wal_close),
    xRead: Some(wal_read),
    xWrite: Some(wal_write),
    xTruncate: Some(wal_truncate),
    xSync: Some(wal_sync),
    xFileSize: Some(wal_file_size),
    xLock: Some(wal_lock),
    xUnlock: Some(wal_unlock),
    xCheckReservedLock: Some(wal_check_reserved_lock),
    xFileControl: Some(wal_file_control),
    xSectorSize: Some(wal_sector_size),
    xDeviceCharacteristics: Some(wal_device_characteristics),
    xShmMap: Some(wal_shm_map),
    xShmLock: Some(wal_shm_lock),
    xShmBarrier: Some(wal_shm_barrier),
    xShmUnmap: Some(wal_shm_unmap),
    xFetch: Some(wal_fetch),
    xUnfetch: Some(wal_unfetch),
};

#[cfg(test)]
pub(super) mod tests {
    use std::cell::Cell;
    use std::path::Path;

    use rusqlite::{Connection, OpenFlags};

    use super::{register, NAME};

    thread_local! {
        /// Writes passed on to `unix-excl` by this thread.
        pub(in super::super) static WRITES_PASSED_ON: Cell<u64> = const { Cell::new(0) };
    }

    fn open(path: &Path, synchronous: &str) -> Connection {
        register().unwrap();
        let conn = Connection::open_with_flags_and_vfs(path, OpenFlags::default(), NAME).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.pragma_update(None, "synchronous", synchronous).unwrap();
        conn
    }

    fn insert(conn: &Connection, rows: std::ops::Range<u32>) {
        let tx = conn.unchecked_transaction().unwrap();
        for k in rows {
            tx.execute("INSERT INTO t (k, v) VALUES (?1, ?2)", (k, "x".repeat(200)))
                .unwrap();
        }
        tx.commit().unwrap();
    }

    #[test]
    fn a_commit_reaches_the_log_in_one_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data.sqlite3");
        let conn = open(&path, "FULL");
        conn.execute_batch("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
            .unwrap();
        let log = std::fs::metadata(dir.path().join("data.sqlite3-wal")).unwrap().len();
        let before = WRITES_PASSED_ON.get();
        // About 20 pages of 4 KiB: 40 writes from SQLite.
        insert(&conn, 0..400);
        assert_eq!(WRITES_PASSED_ON.get() - before, 1);
        let grown = std::fs::metadata(dir.path().join("data.sqlite3-wal")).unwrap().len() - log;
        assert!(grown >= 20 * (4096 + 24), "the log grew by {grown} bytes");
        let count: u32 = conn.query_row("SELECT count(*) FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(count, 400);

        // A commit larger than one write of the unix file system's goes in parts.
        let log = std::fs::metadata(dir.path().join("data.sqlite3-wal")).unwrap().len();
        let before = WRITES_PASSED_ON.get();
        insert(&conn, 400..2400);
        let grown = std::fs::metadata(dir.path().join("data.sqlite3-wal")).unwrap().len() - log;
        assert_eq!(WRITES_PASSED_ON.get() - before, grown.div_ceil(super::MAX_WRITE as u64));
        assert!(WRITES_PASSED_ON.get() - before > 1);
        let (count, last): (u32, u32) = conn
            .query_row("SELECT count(*), max(k) FROM t", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap();
        assert_eq!((count, last), (2400, 2399));
        let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(check, "ok");
    }

    #[test]
    fn another_connection_sees_each_commit_made_without_a_sync() {
        // With synchronous=NORMAL a commit is not synced: only the commit frame passes the writes
        // on, and the reader reads the frames from the file with its own handle.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data.sqlite3");
        let writer = open(&path, "NORMAL");
        writer
            .execute_batch("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
            .unwrap();
        let reader = open(&path, "NORMAL");
        for round in 0..30u32 {
            insert(&writer, round * 50..(round + 1) * 50);
            let (count, last): (u32, u32) = reader
                .query_row("SELECT count(*), max(k) FROM t", [], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap();
            assert_eq!((count, last), ((round + 1) * 50, (round + 1) * 50 - 1));
        }
        drop(reader);
        drop(writer);
        // Everything is there once both are closed (the last one checkpoints) and opened again.
        let again = open(&path, "FULL");
        let check: String = again.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(check, "ok");
        let count: u32 = again.query_row("SELECT count(*) FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(count, 1500);
    }
}
