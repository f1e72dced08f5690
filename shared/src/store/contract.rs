//! The storage contract: one suite, run unchanged on SQLite and on DynamoDB (moto's server, when
//! `AWS_ENDPOINT_URL` is set; with `WORKTOP_REQUIRE_AWS=1` a missing endpoint fails instead of skipping).

use std::sync::Arc;

use serde_json::json;

use super::dynamo::DynamoStore;
use super::files::{DirObjectStore, Object, ObjectKey, ObjectStore, S3ObjectStore};
use super::sqlite::SqliteStore;
use super::*;

const T: TenantId = TenantId(1);
const OTHER: TenantId = TenantId(2);

fn doc(key: Key, value: serde_json::Value) -> Item {
    Item::from_value(key, &value).unwrap()
}

async fn dynamo() -> Option<(Arc<dyn Store>, aws_sdk_s3::Client)> {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL") else {
        assert!(
            std::env::var("WORKTOP_REQUIRE_AWS").is_err(),
            "WORKTOP_REQUIRE_AWS is set but AWS_ENDPOINT_URL is not"
        );
        eprintln!("skipped: AWS_ENDPOINT_URL is not set (infra/test.sh starts moto and sets it)");
        return None;
    };
    let sdk = crate::aws::aws_sdk_config(Some(&endpoint)).await;
    let client = aws_sdk_dynamodb::Client::new(&sdk);
    let table = format!("contract-{}", uuid::Uuid::new_v4());
    DynamoStore::create_records_table(&client, &table).await.unwrap();
    let s3 = crate::aws::s3_client(&sdk, true);
    Some((Arc::new(DynamoStore::new(client, table)), s3))
}

fn sqlite() -> (Arc<dyn Store>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (Arc::new(SqliteStore::open(&dir.path().join("db.sqlite")).unwrap()), dir)
}

/// Declares each contract test once and runs it on both backends.
macro_rules! contract {
    ($($name:ident($store:ident) $body:block)*) => {
        mod on_sqlite {
            use super::*;
            $(#[tokio::test] async fn $name() { let (store, _dir) = sqlite(); let $store: &dyn Store = &*store; $body })*
        }
        mod on_dynamodb {
            use super::*;
            $(#[tokio::test] async fn $name() { let Some((store, _)) = dynamo().await else { return }; let $store: &dyn Store = &*store; $body })*
        }
    };
}

contract! {
    count_counts_a_range_up_to_the_limit(store) {
        let pk = Partition::tenant(T, "entries");
        for n in 0..7 {
            let expires = if n == 6 { Some(1) } else { None };
            let mut item = doc(Key::new(pk.clone(), format!("b{n}")), json!({}));
            item.expires_at = expires;
            store.write(Write::put(item, Condition::Always)).await.unwrap();
        }
        store.write(Write::put(doc(Key::new(pk.clone(), "c0"), json!({})), Condition::Always)).await.unwrap();
        let range = |low: &str, high: &str, limit: usize| Query {
            range: SortKeyRange::Between(low.into(), high.into()),
            limit,
            ..Query::partition(pk.clone())
        };
        // b0..b5 are live; b6 has expired; c0 is out of range.
        assert_eq!(store.count(range("b", "b~", 100)).await.unwrap(), 6);
        assert_eq!(store.count(range("b", "b~", 4)).await.unwrap(), 4);
        assert_eq!(store.count(range("b2", "b4", 100)).await.unwrap(), 3);
        assert_eq!(store.count(Query::partition(pk.clone())).await.unwrap(), 7);
        assert_eq!(store.count(Query::partition(Partition::tenant(OTHER, "entries"))).await.unwrap(), 0);
    }

    query_and_get_reads_a_page_and_keys_beside_it(store) {
        let pk = Partition::tenant(T, "entries");
        for n in 0..5 {
            store.write(Write::put(doc(Key::new(pk.clone(), format!("e{n}")), json!({"n": n})), Condition::Always)).await.unwrap();
        }
        let total = Key::new(Partition::tenant(T, "counts"), "entries");
        store.transact(vec![Write::Add { key: total.clone(), by: 5 }]).await.unwrap();
        let query = Query { limit: 3, descending: true, ..Query::partition(pk.clone()) };
        let missing = Key::new(Partition::tenant(T, "counts"), "none");
        let (page, found) = store.query_and_get(query.clone(), &[total.clone(), missing]).await.unwrap();
        assert!(page.next.is_some(), "a full page says there may be more");
        assert_eq!(page.partition, pk);
        let read: Vec<(String, Option<Listed<Value>>)> = page.read_only(0..3, None).unwrap();
        let parsed = |n: u64| Some(Listed::Record(json!({"n": n})));
        assert_eq!(read, [("e4".into(), parsed(4)), ("e3".into(), parsed(3)), ("e2".into(), parsed(2))]);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].as_ref().unwrap().counter(), 5);
        assert!(found[1].is_none());
        let (alone, none) = store.query_and_get(query, &[]).await.unwrap();
        assert_eq!(alone.documents.len(), 3);
        assert!(none.is_empty());
    }

    read_only_parses_the_documents_asked_for(store) {
        #[derive(Debug, PartialEq, serde::Deserialize)]
        struct Entry {
            n: u64,
        }
        let pk = Partition::tenant(T, "entries");
        for n in 0..5 {
            // e0 and e4 would not parse as an `Entry`.
            let data = if n % 4 == 0 { json!({"n": "not a number"}) } else { json!({"n": n}) };
            store.write(Write::put(doc(Key::new(pk.clone(), format!("e{n}")), data), Condition::Always)).await.unwrap();
        }
        let (page, _) = store.query_and_get(Query::partition(pk.clone()), &[]).await.unwrap();
        let read: Vec<(String, Option<Listed<Entry>>)> = page.read_only(1..4, None).unwrap();
        let expected = |n: u64| Some(Listed::Record(Entry { n }));
        assert_eq!(
            read,
            [("e0".into(), None), ("e1".into(), expected(1)), ("e2".into(), expected(2)), ("e3".into(), expected(3)), ("e4".into(), None)]
        );
        let (page, _) = store.query_and_get(Query::partition(pk), &[]).await.unwrap();
        let err = page.read_only::<Entry>(3..5, None).unwrap_err().to_string();
        assert!(err.contains("does not parse"), "{err}");
    }

    a_document_in_the_asked_api_form_may_come_back_as_its_text(store) {
        let pk = Partition::tenant(T, "entries");
        let value = |n: u64| json!({"n": n, "name": format!("entry {n}")});
        let put = |n: u64, form: Option<i64>| {
            let key = Key::new(pk.clone(), format!("e{n}"));
            let item = match form {
                Some(form) => Item::in_api_form(key, &value(n), form).unwrap(),
                None => doc(key, value(n)),
            };
            Write::put(item, Condition::Always)
        };
        // e0 in form 7; e1 in form 8; e2 in none; e3 in form 7 and then written again without.
        for write in [put(0, Some(7)), put(1, Some(8)), put(2, None), put(3, Some(7)), put(3, None)] {
            store.write(write).await.unwrap();
        }
        let (page, _) = store.query_and_get(Query::partition(pk.clone()), &[]).await.unwrap();
        let read: Vec<(String, Option<Listed<Value>>)> = page.read_only(0..4, Some(7)).unwrap();
        // A store may keep the document alone (DynamoDB does): then it is parsed.
        match &read[0].1 {
            Some(Listed::Text(text)) => assert_eq!(text, &serde_json::to_string(&value(0)).unwrap()),
            other => assert_eq!(other, &Some(Listed::Record(value(0)))),
        }
        for (n, (sk, listed)) in read.into_iter().enumerate().skip(1) {
            assert_eq!((sk, listed), (format!("e{n}"), Some(Listed::Record(value(n as u64)))));
        }
        // Without a form asked for, every document is parsed.
        let (page, _) = store.query_and_get(Query::partition(pk), &[]).await.unwrap();
        let read: Vec<(String, Option<Listed<Value>>)> = page.read_only(0..1, None).unwrap();
        assert_eq!(read[0].1, Some(Listed::Record(value(0))));
    }

    get_document_parses_into_the_callers_type(store) {
        #[derive(Debug, PartialEq, serde::Deserialize)]
        struct Contact {
            name: String,
            tags: Vec<String>,
        }
        let key = Key::record(T, "contact", 1);
        store.write(Write::put(doc(key.clone(), json!({"name": "Ann", "tags": ["a"]})), Condition::Always)).await.unwrap();
        let ann = Contact { name: "Ann".into(), tags: vec!["a".into()] };
        assert_eq!(store.get_document(&key).await.unwrap().unwrap().parse::<Contact>(&key.pk).unwrap(), ann);
        assert_eq!(store.get_as::<Contact>(&key).await.unwrap(), Some(ann));
        assert!(store.get_document(&Key::record(T, "contact", 2)).await.unwrap().is_none());
        assert!(store.get_document(&Key::record(OTHER, "contact", 1)).await.unwrap().is_none(), "another tenant's key");
        let err = store.get_as::<u64>(&key).await.unwrap_err().to_string();
        assert!(err.contains("does not parse"), "{err}");
        // A counter's value, kept beside its document, is in the document.
        let total = Key::new(Partition::tenant(T, "counts"), "contacts");
        store.transact(vec![Write::Add { key: total.clone(), by: 3 }]).await.unwrap();
        let counted = store.get_document(&total).await.unwrap().unwrap();
        assert_eq!(counted.counter(), 3);
        assert_eq!(counted.parse::<Value>(&total.pk).unwrap()[COUNTER_FIELD], 3);
        // Several at once, in the order of the keys.
        let keys = [key.clone(), Key::record(T, "contact", 2), total.clone()];
        let mut found = store.get_documents(&keys).await.unwrap();
        assert_eq!(found.len(), 3);
        assert_eq!(found.pop().unwrap().unwrap().counter(), 3);
        assert!(found.pop().unwrap().is_none());
        let first = found.pop().unwrap().unwrap();
        assert_eq!(first.counter(), 0, "a record has no counter");
        assert_eq!(first.parse::<Contact>(&key.pk).unwrap().name, "Ann");
    }

    put_then_get_returns_the_document(store) {
        let key = Key::record(T, "contact", 1);
        store.write(Write::put(doc(key.clone(), json!({"name": "Ann", "version": 1, "tags": ["a"], "n": 1.5, "nil": null})), Condition::Always)).await.unwrap();
        let got = store.get(&key).await.unwrap().unwrap();
        assert_eq!(got.data["name"], "Ann");
        assert_eq!(got.data["tags"], json!(["a"]));
        assert_eq!(got.data["n"], json!(1.5));
        assert_eq!(got.version(), 1);
        assert!(store.get(&Key::record(T, "contact", 2)).await.unwrap().is_none());
    }

    tenants_never_see_each_others_records(store) {
        store.write(Write::put(doc(Key::record(T, "contact", 1), json!({"name": "mine"})), Condition::Always)).await.unwrap();
        assert!(store.get(&Key::record(OTHER, "contact", 1)).await.unwrap().is_none());
        let page = store.query(Query::partition(Partition::tenant(OTHER, "contact"))).await.unwrap();
        assert!(page.items.is_empty());
    }

    not_exists_condition_refuses_a_second_put(store) {
        let key = Key::global(GlobalIndex::LoginEmail, "ann@example.com");
        store.write(Write::put(doc(key.clone(), json!({"v": 1})), Condition::NotExists)).await.unwrap();
        let err = store.write(Write::put(doc(key.clone(), json!({"v": 2})), Condition::NotExists)).await.unwrap_err();
        assert!(matches!(err, StoreError::ConditionFailed { .. }), "{err:?}");
        assert_eq!(store.get(&key).await.unwrap().unwrap().data["v"], 1);
    }

    version_condition_detects_a_stale_update(store) {
        let key = Key::record(T, "deal", 1);
        store.write(Write::put(doc(key.clone(), json!({"version": 1})), Condition::NotExists)).await.unwrap();
        store.write(Write::put(doc(key.clone(), json!({"version": 2})), Condition::Version(1))).await.unwrap();
        let err = store.write(Write::put(doc(key.clone(), json!({"version": 2, "lost": true})), Condition::Version(1))).await.unwrap_err();
        assert!(matches!(err, StoreError::ConditionFailed { .. }));
        assert_eq!(store.get(&key).await.unwrap().unwrap().version(), 2);
        let err = store.write(Write::put(doc(Key::record(T, "deal", 9), json!({})), Condition::Version(1))).await.unwrap_err();
        assert!(matches!(err, StoreError::ConditionFailed { .. }), "a version condition on a missing record fails");
    }

    conditional_delete_and_exists(store) {
        let key = Key::record(T, "x", 1);
        let err = store.write(Write::delete(key.clone(), Condition::Exists)).await.unwrap_err();
        assert!(matches!(err, StoreError::ConditionFailed { .. }));
        store.write(Write::put(doc(key.clone(), json!({"version": 3})), Condition::Always)).await.unwrap();
        assert!(store.write(Write::delete(key.clone(), Condition::Version(2))).await.is_err());
        store.write(Write::delete(key.clone(), Condition::Version(3))).await.unwrap();
        assert!(store.get(&key).await.unwrap().is_none());
        // An unconditional delete of a missing item is fine.
        store.write(Write::delete(key, Condition::Always)).await.unwrap();
    }

    transactions_are_all_or_nothing_and_name_the_failing_write(store) {
        let taken = Key::global(GlobalIndex::LoginEmail, "taken@example.com");
        store.write(Write::put(doc(taken.clone(), json!({})), Condition::Always)).await.unwrap();
        let user = Key::record(T, "user", 5);
        let err = store.transact(vec![
            Write::put(doc(user.clone(), json!({"name": "x"})), Condition::NotExists),
            Write::put(doc(taken.clone(), json!({"user": 5})), Condition::NotExists),
        ]).await.unwrap_err();
        assert!(matches!(err, StoreError::ConditionFailed { index: Some(1) }), "{err:?}");
        assert!(store.get(&user).await.unwrap().is_none(), "the first write must not have applied");

        let check_fails = store.transact(vec![
            Write::Check { key: Key::record(T, "user", 99), condition: Condition::Exists },
            Write::put(doc(user.clone(), json!({})), Condition::Always),
        ]).await.unwrap_err();
        assert!(matches!(check_fails, StoreError::ConditionFailed { index: Some(0) }));
        assert!(store.get(&user).await.unwrap().is_none());

        store.transact(vec![
            Write::put(doc(user.clone(), json!({"name": "x"})), Condition::NotExists),
            Write::delete(taken.clone(), Condition::Exists),
        ]).await.unwrap();
        assert!(store.get(&user).await.unwrap().is_some());
        assert!(store.get(&taken).await.unwrap().is_none());
    }

    a_count_zero_condition_holds_for_an_absent_or_zero_counter_only(store) {
        let refs = Key::new(Partition::tenant(T, "label~r"), "00000000000000000007");
        store.transact(vec![Write::Check { key: refs.clone(), condition: Condition::CountZero }]).await.unwrap();
        store.transact(vec![Write::add(refs.clone(), 2)]).await.unwrap();
        let held = store.transact(vec![Write::delete(refs.clone(), Condition::CountZero)]).await.unwrap_err();
        assert!(matches!(held, StoreError::ConditionFailed { index: Some(0) }), "{held:?}");
        store.transact(vec![Write::add(refs.clone(), -2)]).await.unwrap();
        store.transact(vec![Write::delete(refs.clone(), Condition::CountZero)]).await.unwrap();
        assert!(store.get(&refs).await.unwrap().is_none());
    }

    a_take_never_leaves_a_counter_below_zero(store) {
        let stock = Key::new(Partition::tenant(T, "stock~q"), "7");
        let empty = store.transact(vec![Write::take(stock.clone(), 1)]).await.unwrap_err();
        assert!(matches!(empty, StoreError::ConditionFailed { index: Some(0) }), "{empty:?}");
        store.write(Write::add(stock.clone(), 5)).await.unwrap();
        let other = Key::new(Partition::tenant(T, "stock~q"), "8");
        // A failed take fails its whole transaction: the other write is not applied either.
        let short = store.transact(vec![Write::add(other.clone(), 1), Write::take(stock.clone(), 6)]).await.unwrap_err();
        assert!(matches!(short, StoreError::ConditionFailed { index: Some(1) }), "{short:?}");
        assert_eq!(store.counters(&[stock.clone(), other.clone()]).await.unwrap(), vec![5, 0]);
        store.write(Write::take(stock.clone(), 5)).await.unwrap();
        let results = futures::future::join_all((0..4).map(|_| store.write(Write::take(stock.clone(), 1)))).await;
        assert!(results.iter().all(Result::is_err));
        store.write(Write::add(stock.clone(), 3)).await.unwrap();
        let results = futures::future::join_all((0..6).map(|_| store.transact(vec![Write::take(stock.clone(), 1)]))).await;
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 3);
        assert_eq!(store.counters(&[stock]).await.unwrap(), vec![0]);
    }

    a_counter_never_passes_its_limit_and_a_refused_add_changes_nothing(store) {
        let total = Key::new(Partition::tenant(T, "ledger~n"), "1000-debit");
        let other = Key::new(Partition::tenant(T, "ledger~n"), "4000-credit");
        store.transact(vec![Write::add(total.clone(), COUNTER_LIMIT - 5)]).await.unwrap();
        // Past the limit, alone or in a transaction: refused whole, by name.
        let alone = store.write(Write::add(total.clone(), 6)).await.unwrap_err();
        assert!(matches!(alone, StoreError::CounterLimit), "{alone:?}");
        let together = store
            .transact(vec![
                Write::add(other.clone(), 6),
                Write::put(doc(Key::new(Partition::tenant(T, "entry"), "1"), json!({})), Condition::NotExists),
                Write::add(total.clone(), 6),
            ])
            .await
            .unwrap_err();
        assert!(matches!(together, StoreError::CounterLimit), "{together:?}");
        assert!(store.get(&Key::new(Partition::tenant(T, "entry"), "1")).await.unwrap().is_none());
        assert_eq!(store.counters(&[total.clone(), other.clone()]).await.unwrap(), vec![COUNTER_LIMIT - 5, 0]);
        // Up to the limit, and back down, and the same the other way.
        store.transact(vec![Write::add(total.clone(), 5)]).await.unwrap();
        store.transact(vec![Write::add(total.clone(), -COUNTER_LIMIT)]).await.unwrap();
        store.transact(vec![Write::add(total.clone(), -COUNTER_LIMIT)]).await.unwrap();
        let below = store.transact(vec![Write::add(total.clone(), -1)]).await.unwrap_err();
        assert!(matches!(below, StoreError::CounterLimit), "{below:?}");
        let huge = store.transact(vec![Write::add(other.clone(), i64::MAX)]).await.unwrap_err();
        assert!(matches!(huge, StoreError::CounterLimit), "{huge:?}");
        assert_eq!(store.counters(&[total, other]).await.unwrap(), vec![-COUNTER_LIMIT, 0]);
    }

    a_marked_request_commits_its_record_with_each_transaction_and_cannot_commit_once_taken_over(store) {
        use super::commit_marker::{self, Answer, CommitMarker, Marked};
        let mark = Key::new(Partition::tenant(T, "idempotency"), "k");
        let record = {
            let mark = mark.clone();
            move |at: Marked, answer: Option<&Answer>| {
                let answer = answer.map(|a| json!([a.status, a.body]));
                Item::from_value(mark.clone(), &json!({"version": at.version, "commits": at.commits, "answer": answer}))
            }
        };
        store.write(Write::put(record(Marked { version: 1, commits: 0 }, None).unwrap(), Condition::NotExists)).await.unwrap();
        let marker = CommitMarker::new(1, record);
        let contact = |n: u32| Key::new(Partition::tenant(T, "contact"), format!("{n}"));
        marker
            .scope(async {
                store.write(Write::put(doc(contact(1), json!({})), Condition::NotExists)).await.unwrap();
                store.transact(vec![Write::put(doc(contact(2), json!({})), Condition::NotExists)]).await.unwrap();
                // A refused transaction is not counted.
                let refused = store.transact(vec![Write::put(doc(contact(2), json!({})), Condition::NotExists)]).await;
                assert!(matches!(refused, Err(StoreError::ConditionFailed { index: Some(0) })), "{refused:?}");
                assert_eq!(store.get(&mark).await.unwrap().unwrap().data["answer"], json!(null));
                // A request that answers with the record it stores: the transaction storing it
                // carries the answer made from it.
                commit_marker::answer_with::<u32>(|n| Answer::json(201, &json!({"n": n})));
                commit_marker::committing(&7u32);
                store.transact(vec![Write::put(doc(contact(5), json!({})), Condition::NotExists)]).await.unwrap();
            })
            .await;
        assert_eq!(marker.marked().await, Marked { version: 4, commits: 3 });
        let stored = store.get(&mark).await.unwrap().unwrap();
        assert_eq!((stored.version(), stored.data["commits"].as_u64()), (4, Some(3)));
        assert_eq!(stored.data["answer"], json!([201, r#"{"n":7}"#]));
        // Writes outside the scope carry nothing.
        store.write(Write::put(doc(contact(3), json!({})), Condition::NotExists)).await.unwrap();
        assert_eq!(store.get(&mark).await.unwrap().unwrap().version(), 4);
        // Another request took the key over: this one's writes fail whole.
        store.write(Write::put(doc(mark.clone(), json!({"version": 5})), Condition::Version(4))).await.unwrap();
        let late = marker
            .scope(store.transact(vec![Write::put(doc(contact(4), json!({})), Condition::NotExists)]))
            .await
            .unwrap_err();
        assert!(matches!(late, StoreError::ConditionFailed { index: Some(1) }), "{late:?}");
        assert!(store.get(&contact(4)).await.unwrap().is_none());
        // A transaction as large as DynamoDB's leaves it no room for the record: refused. SQLite's
        // takes any change, so there the record goes in and, taken over, fails it whole.
        let full: Vec<Write> = (100..100 + MAX_TRANSACTION_WRITES as u32)
            .map(|n| Write::put(doc(contact(n), json!({})), Condition::NotExists))
            .collect();
        let full = marker.scope(store.transact(full)).await.unwrap_err();
        match store.transaction_writes() == MAX_TRANSACTION_WRITES {
            true => assert!(matches!(full, StoreError::NoRoomForMark), "{full:?}"),
            false => assert!(
                matches!(full, StoreError::ConditionFailed { index: Some(i) } if i == MAX_TRANSACTION_WRITES),
                "{full:?}"
            ),
        }
        assert!(store.get(&contact(100)).await.unwrap().is_none());
    }

    a_put_if_counted_is_written_while_its_counter_is_above_zero(store) {
        // What both stores share; SQLite also leaves it out at zero (its own test).
        let pk = Partition::tenant(T, "outbox");
        let count = Key::new(Partition::tenant(T, "webhook~n"), "*");
        store.write(Write::add(count.clone(), 1)).await.unwrap();
        let entry = |sk: &str| Write::PutIfCounted {
            item: doc(Key::new(pk.clone(), sk), json!({"sk": sk})),
            condition: Condition::NotExists,
            counted: count.clone(),
        };
        store.transact(vec![entry("a"), Write::put(doc(Key::new(pk.clone(), "b"), json!({})), Condition::NotExists)]).await.unwrap();
        store.write(entry("c")).await.unwrap();
        for sk in ["a", "b", "c"] {
            assert!(store.get(&Key::new(pk.clone(), sk)).await.unwrap().is_some(), "{sk}");
        }
        let refused = store.write(entry("a")).await;
        assert!(matches!(refused, Err(StoreError::ConditionFailed { .. })), "{refused:?}");
    }

    counters_are_atomic_under_concurrency(store) {
        let key = Key::new(Partition::tenant(T, "counter"), "contact");
        let results = futures::future::join_all((0..20).map(|_| store.increment(&key, 1, None))).await;
        let mut values: Vec<i64> = results.into_iter().map(Result::unwrap).collect();
        values.sort_unstable();
        assert_eq!(values, (1..=20).collect::<Vec<_>>());
        assert_eq!(store.next_id(T, "contact").await.unwrap(), 21);
        assert_eq!(store.next_id(OTHER, "contact").await.unwrap(), 1);
    }

    queries_page_by_prefix_and_range_in_both_directions(store) {
        let pk = Partition::tenant(T, "activity");
        for sk in ["a1", "a2", "a3", "b1", "b2"] {
            store.write(Write::put(doc(Key::new(pk.clone(), sk), json!({"sk": sk})), Condition::Always)).await.unwrap();
        }
        let sks = |items: &[Item]| items.iter().map(|i| i.key.sk.clone()).collect::<Vec<_>>();

        let mut q = Query::partition(pk.clone());
        q.range = SortKeyRange::Prefix("a".into());
        q.limit = 2;
        let first = store.query(q.clone()).await.unwrap();
        assert_eq!(sks(&first.items), ["a1", "a2"]);
        q.after = first.next.clone();
        let second = store.query(q.clone()).await.unwrap();
        assert_eq!(sks(&second.items), ["a3"]);

        let mut between = Query::partition(pk.clone());
        between.range = SortKeyRange::Between("a2".into(), "b1".into());
        assert_eq!(sks(&store.query(between).await.unwrap().items), ["a2", "a3", "b1"]);

        let mut desc = Query::partition(pk.clone());
        desc.descending = true;
        desc.limit = 2;
        let page = store.query(desc.clone()).await.unwrap();
        assert_eq!(sks(&page.items), ["b2", "b1"]);
        desc.after = page.next;
        assert_eq!(sks(&store.query(desc).await.unwrap().items), ["a3", "a2"]);

        assert_eq!(store.query_all(Query { limit: 2, ..Query::partition(pk) }).await.unwrap().len(), 5);
    }

    expired_items_are_invisible_and_replaceable(store) {
        let key = Key::record(T, "session#1", 1);
        let past = crate::time::now_unix() - 10;
        store.write(Write::put(doc(key.clone(), json!({"v": 1})).expiring_at(past), Condition::Always)).await.unwrap();
        assert!(store.get(&key).await.unwrap().is_none());
        assert!(store.get_many(std::slice::from_ref(&key)).await.unwrap()[0].is_none());
        assert!(store.get_document(&key).await.unwrap().is_none());
        assert!(store.query(Query::partition(key.pk.clone())).await.unwrap().items.is_empty());
        store.write(Write::put(doc(key.clone(), json!({"v": 2})), Condition::NotExists)).await.unwrap();
        assert_eq!(store.get(&key).await.unwrap().unwrap().data["v"], 2);

        let counter = Key::global(GlobalIndex::LoginThrottle, "h");
        assert_eq!(store.increment(&counter, 1, Some(past)).await.unwrap(), 1);
        assert_eq!(store.increment(&counter, 1, Some(past)).await.unwrap(), 1, "an expired counter restarts");
    }

    purging_removes_only_expired_items(store) {
        let pk = Partition::tenant(T, "idempotency");
        let past = crate::time::now_unix() - 10;
        store.write(Write::put(doc(Key::new(pk.clone(), "old"), json!({})).expiring_at(past), Condition::Always)).await.unwrap();
        store.write(Write::put(doc(Key::new(pk.clone(), "live"), json!({})).expiring_at(past + 3600), Condition::Always)).await.unwrap();
        store.write(Write::put(doc(Key::new(pk.clone(), "forever"), json!({})), Condition::Always)).await.unwrap();
        store.purge_expired(100).await.unwrap();
        let left: Vec<String> = store.query(Query::partition(pk.clone())).await.unwrap().items.into_iter().map(|i| i.key.sk).collect();
        assert_eq!(left, ["forever", "live"]);
    }

    empty_sort_key_bounds_are_refused_alike(store) {
        let mut q = Query::partition(Partition::tenant(T, "x"));
        q.range = SortKeyRange::Between(String::new(), "z".into());
        assert!(store.query(q).await.is_err());
    }

    adds_count_inside_transactions_and_read_back(store) {
        let total = Key::new(Partition::tenant(T, "contact~n"), "*");
        let by_tag = Key::new(Partition::tenant(T, "contact~n"), "tag=a");
        let record = Key::record(T, "contact", 1);
        assert_eq!(store.counters(&[total.clone(), by_tag.clone()]).await.unwrap(), [0, 0], "never added to");
        store.transact(vec![
            Write::put(doc(record.clone(), json!({"v": 1})), Condition::NotExists),
            Write::add(total.clone(), 1),
            Write::add(by_tag.clone(), 2),
        ]).await.unwrap();
        store.write(Write::add(total.clone(), 5)).await.unwrap();
        assert_eq!(store.counters(&[total.clone(), by_tag.clone()]).await.unwrap(), [6, 2]);
        // A failed transaction adds nothing.
        let failed = store.transact(vec![
            Write::put(doc(record.clone(), json!({"v": 2})), Condition::NotExists),
            Write::add(total.clone(), 1),
        ]).await;
        assert!(matches!(failed, Err(StoreError::ConditionFailed { index: Some(0) })), "{failed:?}");
        store.write(Write::add(by_tag.clone(), -2)).await.unwrap();
        assert_eq!(store.counters(&[total, by_tag]).await.unwrap(), [6, 0]);
    }

    get_many_returns_items_in_key_order(store) {
        let keys: Vec<Key> = (1..=3).map(|i| Key::record(T, "user", i)).collect();
        store.write(Write::put(doc(keys[0].clone(), json!({"i": 1})), Condition::Always)).await.unwrap();
        store.write(Write::put(doc(keys[2].clone(), json!({"i": 3})), Condition::Always)).await.unwrap();
        let got = store.get_many(&keys).await.unwrap();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].as_ref().unwrap().data["i"], 1);
        assert!(got[1].is_none());
        assert_eq!(got[2].as_ref().unwrap().data["i"], 3);
        assert!(store.get_many(&[]).await.unwrap().is_empty());
    }
}

async fn object_store_contract(files: &dyn ObjectStore) {
    let key = ObjectKey::new(T, "users/1/photo");
    assert!(files.get(&key).await.unwrap().is_none());
    files
        .put(
            &key,
            Object {
                bytes: Bytes::from_static(b"\x89PNGdata"),
                content_type: "image/png".into(),
            },
        )
        .await
        .unwrap();
    let got = files.get(&key).await.unwrap().unwrap();
    assert_eq!(&got.bytes[..], b"\x89PNGdata");
    assert_eq!(got.content_type, "image/png");
    files.delete(&key).await.unwrap();
    assert!(files.get(&key).await.unwrap().is_none());
    files.delete(&key).await.unwrap();
}

use bytes::Bytes;

#[tokio::test]
async fn object_store_contract_on_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    object_store_contract(&DirObjectStore::new(dir.path().to_path_buf())).await;
}

#[tokio::test]
async fn object_store_contract_on_s3() {
    let Some((_, s3)) = dynamo().await else {
        return;
    };
    let files = S3ObjectStore::new(s3, format!("contract-{}", uuid::Uuid::new_v4()));
    files.create_bucket().await.unwrap();
    object_store_contract(&files).await;
}

#[tokio::test]
async fn sqlite_purges_expired_rows_from_disk() {
    let (store, _dir) = sqlite();
    let past = crate::time::now_unix() - 10;
    for i in 0..5 {
        let key = Key::new(Partition::tenant(T, "idempotency"), format!("k{i}"));
        store
            .write(Write::put(doc(key, json!({})).expiring_at(past), Condition::Always))
            .await
            .unwrap();
    }
    assert_eq!(store.purge_expired(3).await.unwrap(), 3, "at most the limit");
    assert_eq!(store.purge_expired(100).await.unwrap(), 2);
    assert_eq!(store.purge_expired(100).await.unwrap(), 0);
}

#[test]
fn stored_object_keys_must_stay_in_their_tenant() {
    assert!(ObjectKey::stored(T, "t/1/users/1/photo").is_some());
    assert!(ObjectKey::stored(T, "t/2/users/1/photo").is_none());
    assert!(ObjectKey::stored(T, "t/1/../2/x").is_none());
}
