//! Large changes (`shared::store::large`) cut off mid-way, as a crash would leave them, are made
//! whole or absent by one recovery sweep (`Store::recover`), on both stores: a change stopped
//! among its chunks is undone; one stopped after its commit point has its events stored.

use std::sync::atomic::{AtomicUsize, Ordering};

use async_trait::async_trait;
use serde_json::json;
use shared::store::{Condition, Item, Key, Partition, Query, QueryPage, Store, StoreError, StoreExt, Write, Writes};
use shared::AppState;

use crate::harness::TestApp;
use crate::on_both_stores;

/// The app's store, whose transactions from the `stall_at`-th on never finish: the process
/// stopped there.
struct StallsAfter {
    state: AppState,
    transactions: AtomicUsize,
    stall_at: usize,
    stalled: tokio::sync::Notify,
}

#[async_trait]
impl Store for StallsAfter {
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError> {
        self.state.store().get(key).await
    }
    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
        self.state.store().get_many(keys).await
    }
    async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.transact(vec![write]).await
    }
    async fn transact(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        if self.transactions.fetch_add(1, Ordering::SeqCst) >= self.stall_at {
            self.stalled.notify_one();
            std::future::pending::<()>().await;
        }
        self.state.store().transact(writes).await
    }
    async fn increment(&self, key: &Key, by: i64, expires_at: Option<i64>) -> Result<i64, StoreError> {
        self.state.store().increment(key, by, expires_at).await
    }
    async fn query(&self, query: Query) -> Result<QueryPage, StoreError> {
        self.state.store().query(query).await
    }
    async fn count(&self, query: Query) -> Result<u64, StoreError> {
        self.state.store().count(query).await
    }
    async fn purge_expired(&self, limit: usize) -> Result<usize, StoreError> {
        self.state.store().purge_expired(limit).await
    }
    fn round_trips(&self) -> u64 {
        self.state.store().round_trips()
    }
    fn items_read(&self) -> u64 {
        self.state.store().items_read()
    }
    fn items_written(&self) -> u64 {
        self.state.store().items_written()
    }
}

/// Runs a large change on `app`'s store until its `stall_at`-th transaction, where it stops.
async fn cut_off(app: &TestApp, writes: Writes, stall_at: usize) {
    let store = StallsAfter {
        state: app.state.clone(),
        transactions: AtomicUsize::new(0),
        stall_at,
        stalled: tokio::sync::Notify::new(),
    };
    tokio::select! {
        done = shared::store::large::commit(&store, writes) => panic!("the change ran to its end: {done:?}"),
        () = store.stalled.notified() => {}
    }
}

fn counter(app: &TestApp, n: usize) -> Key {
    Key::new(Partition::tenant(app.tenant, "large_test~n"), format!("{n:04}"))
}

fn document(app: &TestApp) -> Key {
    Key::new(Partition::tenant(app.tenant, "large_test"), "document")
}

async fn counters(app: &TestApp, n: usize) -> Vec<i64> {
    let keys: Vec<Key> = (0..n).map(|i| counter(app, i)).collect();
    app.state.store().counters(&keys).await.unwrap()
}

async fn a_change_cut_off_among_its_chunks_is_undone_by_one_sweep(app: TestApp) {
    // 300 effects: chunks of 98, so the intent, two chunks, and the third stalls.
    let ahead: Vec<Write> = (0..300).map(|i| Write::add(counter(&app, i), 5)).collect();
    let head = vec![Write::put(
        Item::from_value(document(&app), &json!({"posted": true})).unwrap(),
        Condition::NotExists,
    )];
    cut_off(&app, Writes { head, ahead }, 3).await;
    let partial = counters(&app, 300).await;
    assert_eq!(
        partial.iter().filter(|n| **n == 5).count(),
        196,
        "two chunks applied before the stop"
    );
    assert!(app.state.store().get(&document(&app)).await.unwrap().is_none());

    assert_eq!(app.state.store().recover(0).await.unwrap(), 1);
    assert!(counters(&app, 300).await.iter().all(|n| *n == 0), "every chunk undone");
    assert!(app.state.store().get(&document(&app)).await.unwrap().is_none());
    assert_eq!(app.state.store().recover(0).await.unwrap(), 0, "nothing left");
}

async fn a_change_cut_off_after_its_commit_point_gets_its_events_from_the_sweep(app: TestApp) {
    // A head of 98 records and 10 events: the events past its room are its tail.
    let mut head: Vec<Write> = (0..98)
        .map(|i| {
            let key = Key::new(Partition::tenant(app.tenant, "large_test"), format!("{i:04}"));
            Write::put(Item::from_value(key, &json!({"n": i})).unwrap(), Condition::NotExists)
        })
        .collect();
    let events: Vec<Key> = (0..10)
        .map(|i| {
            Key::new(
                shared::events::outbox_partition(),
                format!("large-test-{}-{i:02}", app.tenant),
            )
        })
        .collect();
    head.extend(events.iter().map(|key| {
        Write::put(
            Item::from_value(key.clone(), &json!({"event": key.sk})).unwrap(),
            Condition::NotExists,
        )
    }));
    let ahead: Vec<Write> = (0..10).map(|i| Write::add(counter(&app, i), 1)).collect();
    // The intent, the tail's records, one chunk, the head; then the tail stalls.
    cut_off(&app, Writes { head, ahead }, 4).await;
    let stored = app.state.store().get_many(&events).await.unwrap();
    assert!(stored.iter().all(Option::is_none), "the tail waits: no event yet");
    assert!(counters(&app, 10).await.iter().all(|n| *n == 1), "committed");

    assert_eq!(app.state.store().recover(0).await.unwrap(), 1);
    let stored = app.state.store().get_many(&events).await.unwrap();
    assert!(stored.iter().all(Option::is_some), "every event stored");
    assert!(
        counters(&app, 10).await.iter().all(|n| *n == 1),
        "the change stays whole"
    );
    assert_eq!(app.state.store().recover(0).await.unwrap(), 0, "nothing left");
}

on_both_stores!(
    a_change_cut_off_among_its_chunks_is_undone_by_one_sweep,
    a_change_cut_off_after_its_commit_point_gets_its_events_from_the_sweep,
);
