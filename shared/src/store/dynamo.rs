//! The DynamoDB backend. Items are `{pk, sk, data: M, expires_at?: N, n?: N}`: the document lives
//! under `data` so no record field can collide with the key attributes; `data` maps convert with
//! `serde_dynamo`. Reads are strongly consistent.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, ConditionCheck, Delete, KeySchemaElement, KeyType,
    KeysAndAttributes, Put, ScalarAttributeType, StreamSpecification, StreamViewType, TransactWriteItem, Update,
};
use aws_sdk_dynamodb::Client;
use rand::Rng;
use serde_json::{Map, Value};

use super::{
    commit_marker, counter_takes, now, Condition, Item, Key, PageToken, Partition, Query, QueryPage, SortKeyRange,
    Store, StoreError, Write, Writes, COUNTER_FIELD, COUNTER_LIMIT, MAX_CHANGE_WRITES, MAX_TRANSACTION_WRITES,
};

/// The attribute that stamps a counter with the last add's id ([`DynamoStore::add_to_counter`]).
/// Most keys one BatchGetItem reads.
const BATCH_GET_KEYS: usize = 100;
const COUNTER_STAMP: &str = "op";

/// How long a transaction whose outcome is unknown is sent again with its token (see `transact`).
const UNSURE_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

/// Tries of a transaction that concurrent ones cancel (see `transact`).
const CONFLICT_ROUNDS: u64 = 4;

pub struct DynamoStore {
    client: Client,
    table: String,
    calls: AtomicU64,
    items_read: AtomicU64,
    items_written: AtomicU64,
}

type Attributes = HashMap<String, AttributeValue>;

impl DynamoStore {
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
            calls: AtomicU64::new(0),
            items_read: AtomicU64::new(0),
            items_written: AtomicU64::new(0),
        }
    }

    fn count(&self) {
        self.calls.fetch_add(1, Ordering::Relaxed);
    }

    fn read(&self, items: usize) {
        self.items_read.fetch_add(items as u64, Ordering::Relaxed);
    }

    fn wrote(&self, items: usize) {
        self.items_written.fetch_add(items as u64, Ordering::Relaxed);
    }

    /// One `TransactWriteItems` of `writes`, retried as below.
    async fn transact_writes(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        if writes.is_empty() {
            return Ok(());
        }
        self.count();
        let mut items = Vec::with_capacity(writes.len());
        for write in &writes {
            let entry = match write {
                Write::Put { item, condition } | Write::PutIfCounted { item, condition, .. } => {
                    let expr = condition_expr(*condition);
                    let put = Put::builder()
                        .table_name(&self.table)
                        .set_item(Some(to_attrs(item)?))
                        .set_condition_expression(expr.as_ref().map(|e| e.text.clone()))
                        .set_expression_attribute_names(expr.as_ref().map(|e| e.names.clone()))
                        .set_expression_attribute_values(expr.map(|e| e.values))
                        .build()
                        .map_err(StoreError::internal)?;
                    TransactWriteItem::builder().put(put).build()
                }
                Write::Delete { key, condition } => {
                    let expr = condition_expr(*condition);
                    let delete = Delete::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_attrs(key)))
                        .set_condition_expression(expr.as_ref().map(|e| e.text.clone()))
                        .set_expression_attribute_names(expr.as_ref().map(|e| e.names.clone()))
                        .set_expression_attribute_values(expr.map(|e| e.values))
                        .build()
                        .map_err(StoreError::internal)?;
                    TransactWriteItem::builder().delete(delete).build()
                }
                Write::Check { key, condition } => {
                    let expr = condition_expr(*condition)
                        .ok_or_else(|| StoreError::internal(anyhow::anyhow!("a check needs a condition")))?;
                    let check = ConditionCheck::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_attrs(key)))
                        .condition_expression(expr.text)
                        .set_expression_attribute_names(Some(expr.names))
                        .set_expression_attribute_values(Some(expr.values))
                        .build()
                        .map_err(StoreError::internal)?;
                    TransactWriteItem::builder().condition_check(check).build()
                }
                Write::Add { key, by } => {
                    let room = counter_room(*by)?;
                    let update = Update::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_attrs(key)))
                        .update_expression("ADD #n :by")
                        .condition_expression(room.text)
                        .set_expression_attribute_names(Some(room.names))
                        .set_expression_attribute_values(Some(room.values))
                        .build()
                        .map_err(StoreError::internal)?;
                    TransactWriteItem::builder().update(update).build()
                }
                Write::Take { key, amount } => {
                    let mut expr = condition_expr(Condition::CountAtLeast(*amount)).unwrap_or_default();
                    expr.names.insert("#n".into(), COUNTER_FIELD.into());
                    expr.values
                        .insert(":by".into(), AttributeValue::N((-amount).to_string()));
                    let update = Update::builder()
                        .table_name(&self.table)
                        .set_key(Some(key_attrs(key)))
                        .update_expression("ADD #n :by")
                        .set_condition_expression((!expr.text.is_empty()).then_some(expr.text))
                        .set_expression_attribute_names(Some(expr.names))
                        .set_expression_attribute_values(Some(expr.values))
                        .build()
                        .map_err(StoreError::internal)?;
                    TransactWriteItem::builder().update(update).build()
                }
            };
            items.push(entry);
        }
        // Transactions that add to one counter (a kind's count, a filter value's) conflict when
        // they run at once; a cancelled transaction changed nothing, so it is tried again, a few
        // times with a short random pause, before the caller hears of it.
        //
        // Every send carries a client request token, kept while the outcome is unknown: an
        // attempt that reached the table and whose answer was lost (a dropped connection, a
        // timeout, a 5xx), sent again with its token, is answered as committed instead of being
        // applied twice or failing its own conditions. The SDK resends within one `send` (up to
        // 5 attempts); when all of them fail without a definite answer, it is sent again with the
        // same token for up to `UNSURE_WINDOW`, so that a write is either acknowledged or, only
        // when DynamoDB stays out of reach that long, answered 503 with its outcome unknown.
        let mut round = 0;
        let mut token = uuid::Uuid::new_v4().to_string();
        let unsure_until = std::time::Instant::now() + UNSURE_WINDOW;
        loop {
            round += 1;
            let sent = self
                .client
                .transact_write_items()
                .set_transact_items(Some(items.clone()))
                .client_request_token(&token)
                .send()
                .await;
            let Err(err) = sent else {
                self.wrote(writes.len());
                return Ok(());
            };
            let Some(TransactWriteItemsError::TransactionCanceledException(cancelled)) = err.as_service_error() else {
                if outcome_unknown(&err) && std::time::Instant::now() < unsure_until {
                    let pause_ms = rand::rng().random_range(50..=200 * round.min(5));
                    tokio::time::sleep(std::time::Duration::from_millis(pause_ms)).await;
                    continue;
                }
                return Err(sdk_err(err));
            };
            // A condition failure names its write; any other cancellation (a conflicting
            // concurrent transaction, throttling) is worth a retry.
            let reasons = cancelled.cancellation_reasons();
            let index = reasons.iter().position(|r| r.code() == Some("ConditionalCheckFailed"));
            if let Some(Write::Add { .. }) = index.map(|at| &writes[at]) {
                return Err(StoreError::CounterLimit);
            }
            if index.is_some() || reasons.is_empty() {
                return Err(StoreError::ConditionFailed { index });
            }
            let conflict = reasons.iter().any(|r| r.code() == Some("TransactionConflict"));
            if !conflict || round >= CONFLICT_ROUNDS {
                return Err(StoreError::Throttled(anyhow::anyhow!(
                    "transaction cancelled: {reasons:?}"
                )));
            }
            let pause_ms = rand::rng().random_range(5..=25 * round);
            tokio::time::sleep(std::time::Duration::from_millis(pause_ms)).await;
            // Cancelled: nothing was applied, so the next try is a new request.
            token = uuid::Uuid::new_v4().to_string();
            self.count();
        }
    }

    /// `ADD n :by` (creating the counter), returning the counter's attributes after the update.
    ///
    /// Added once even when the SDK retries an attempt whose answer was lost: the update also
    /// stamps the counter with this call's random id, on the condition that the stamp is not
    /// already there. A retry of an applied attempt fails that condition, and the counter as the
    /// first attempt left it comes back with the refusal (no second read, no second add).
    async fn add_to_counter(&self, key: &Key, by: i64, expires_at: Option<i64>) -> Result<Attributes, StoreError> {
        self.count();
        let stamp = AttributeValue::S(format!("{:016x}", rand::rng().random::<u64>()));
        let names = HashMap::from([("#op".to_string(), COUNTER_STAMP.to_string())]);
        let room = counter_room(by)?;
        let mut names = room.names.into_iter().chain(names).collect::<HashMap<_, _>>();
        let mut values = HashMap::from([(":op".to_string(), stamp.clone())]);
        values.extend(room.values);
        let mut expression = "ADD #n :by SET #op = :op".to_string();
        if let Some(at) = expires_at {
            names.insert("#exp".into(), "expires_at".into());
            values.insert(":exp".into(), AttributeValue::N(at.to_string()));
            expression.push_str(", #exp = if_not_exists(#exp, :exp)");
        }
        let sent = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_attrs(key)))
            .update_expression(expression)
            .condition_expression(format!("(attribute_not_exists(#op) OR #op <> :op) AND ({})", room.text))
            .set_expression_attribute_names(Some(names))
            .set_expression_attribute_values(Some(values))
            .return_values(aws_sdk_dynamodb::types::ReturnValue::AllNew)
            .return_values_on_condition_check_failure(
                aws_sdk_dynamodb::types::ReturnValuesOnConditionCheckFailure::AllOld,
            )
            .send()
            .await;
        match sent {
            Ok(out) => {
                self.wrote(1);
                Ok(out.attributes.unwrap_or_default())
            }
            Err(err) => match err.as_service_error() {
                // Our own stamp: an earlier attempt of this call applied (its answer was lost).
                // Anyone else's: the add would pass the limit.
                Some(aws_sdk_dynamodb::operation::update_item::UpdateItemError::ConditionalCheckFailedException(
                    old,
                )) => match old.item().filter(|item| item.get(COUNTER_STAMP) == Some(&stamp)) {
                    Some(applied) => Ok(applied.clone()),
                    None => Err(StoreError::CounterLimit),
                },
                _ => Err(sdk_err(err)),
            },
        }
    }

    /// One read of a key no record has, during a function's init: it opens the connection (TLS
    /// included) that the first request would otherwise pay for, while Lambda's init phase is
    /// still running, with an action every function may already take (half a read unit). A
    /// failure is logged, not fatal: the first request then connects as usual. Not counted in
    /// [`Self::calls`] (no request makes it).
    pub async fn warm_up(&self) {
        let nothing = AttributeValue::S("~warm-up".into());
        let read = self
            .client
            .get_item()
            .table_name(&self.table)
            .key("pk", nothing.clone())
            .key("sk", nothing);
        if let Err(error) = read.send().await {
            tracing::warn!(table = %self.table, error = %aws_sdk_dynamodb::error::DisplayErrorContext(&error), "warm-up read failed");
        }
    }

    /// Creates the records table (pk + sk, streams on) if it does not exist: for local development
    /// and tests against moto; in the cloud the SAM template owns the tables.
    pub async fn create_records_table(client: &Client, table: &str) -> Result<(), StoreError> {
        let result = client
            .create_table()
            .table_name(table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(attr_def("pk"))
            .attribute_definitions(attr_def("sk"))
            .key_schema(key_schema("pk", KeyType::Hash))
            .key_schema(key_schema("sk", KeyType::Range))
            .stream_specification(
                StreamSpecification::builder()
                    .stream_enabled(true)
                    .stream_view_type(StreamViewType::NewImage)
                    .build()
                    .map_err(StoreError::internal)?,
            )
            .send()
            .await;
        ignore_existing(result)
    }

    /// Creates the rate-limit table (pk only) if it does not exist.
    pub async fn create_ratelimits_table(client: &Client, table: &str) -> Result<(), StoreError> {
        let result = client
            .create_table()
            .table_name(table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(attr_def("pk"))
            .key_schema(key_schema("pk", KeyType::Hash))
            .send()
            .await;
        ignore_existing(result)
    }
}

fn attr_def(name: &str) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ScalarAttributeType::S)
        .build()
        .expect("name and type are set")
}

fn key_schema(name: &str, key_type: KeyType) -> KeySchemaElement {
    KeySchemaElement::builder()
        .attribute_name(name)
        .key_type(key_type)
        .build()
        .expect("name and type are set")
}

fn ignore_existing<
    T,
    E: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
>(
    result: Result<T, SdkError<E, R>>,
) -> Result<(), StoreError> {
    match result {
        Ok(_) => Ok(()),
        Err(e) if e.code() == Some("ResourceInUseException") => Ok(()),
        Err(e) => Err(sdk_err(e)),
    }
}

/// Translates SDK errors by meaning, once.
fn sdk_err<E, R>(err: SdkError<E, R>) -> StoreError
where
    E: ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    match err.code() {
        Some("ConditionalCheckFailedException") => StoreError::ConditionFailed { index: None },
        Some("ProvisionedThroughputExceededException" | "RequestLimitExceeded" | "ThrottlingException") => {
            StoreError::Throttled(err.into())
        }
        Some("ResourceNotFoundException") => StoreError::Unavailable(err.into()),
        // The service's own failures, still failing after the SDK's retries: safe to retry later.
        Some("InternalServerError" | "InternalFailure" | "ServiceUnavailable") => StoreError::Unavailable(err.into()),
        Some(_) => StoreError::internal(err),
        // No service answer at all: timeouts, connection failures.
        None => StoreError::Unavailable(err.into()),
    }
}

/// Whether a failed call may have been applied: no answer came (a dropped connection, a
/// timeout), or the service failed or throttled it after the SDK's own retries.
fn outcome_unknown<E: ProvideErrorMetadata, R>(err: &SdkError<E, R>) -> bool {
    match err {
        SdkError::TimeoutError(_) | SdkError::DispatchFailure(_) | SdkError::ResponseError(_) => true,
        SdkError::ServiceError(_) => matches!(
            err.code(),
            Some(
                "InternalServerError"
                    | "InternalFailure"
                    | "ServiceUnavailable"
                    | "ThrottlingException"
                    | "ProvisionedThroughputExceededException"
                    | "RequestLimitExceeded"
            )
        ),
        _ => false,
    }
}

fn key_attrs(key: &Key) -> Attributes {
    HashMap::from([
        ("pk".to_string(), AttributeValue::S(key.pk.as_str().to_owned())),
        ("sk".to_string(), AttributeValue::S(key.sk.clone())),
    ])
}

fn to_attrs(item: &Item) -> Result<Attributes, StoreError> {
    let mut attrs = key_attrs(&item.key);
    let data: AttributeValue = serde_dynamo::to_attribute_value(&item.data).map_err(StoreError::internal)?;
    attrs.insert("data".into(), data);
    if let Some(at) = item.expires_at {
        attrs.insert("expires_at".into(), AttributeValue::N(at.to_string()));
    }
    Ok(attrs)
}

fn from_attrs(mut attrs: Attributes) -> Result<Item, StoreError> {
    let mut take_s = |name: &str| match attrs.remove(name) {
        Some(AttributeValue::S(s)) => Ok(s),
        other => Err(StoreError::internal(anyhow::anyhow!("attribute {name} is {other:?}"))),
    };
    let pk = take_s("pk")?;
    let sk = take_s("sk")?;
    let mut data: Map<String, Value> = match attrs.remove("data") {
        Some(value) => serde_dynamo::from_attribute_value(value).map_err(StoreError::internal)?,
        None => Map::new(),
    };
    if let Some(AttributeValue::N(n)) = attrs.remove(COUNTER_FIELD) {
        data.insert(
            COUNTER_FIELD.into(),
            n.parse::<i64>().map_err(StoreError::internal)?.into(),
        );
    }
    let expires_at = match attrs.remove("expires_at") {
        Some(AttributeValue::N(n)) => n.parse().ok(),
        _ => None,
    };
    Ok(Item {
        key: Key::new(Partition::from_stored(pk), sk),
        data,
        expires_at,
        api_form: None,
    })
}

/// A condition as an expression plus its names and values. Expired items count as absent, as they do
/// on reads, because TTL deletion lags.
#[derive(Default)]
struct Expr {
    text: String,
    names: HashMap<String, String>,
    values: Attributes,
}

fn condition_expr(condition: Condition) -> Option<Expr> {
    let now = AttributeValue::N(now().to_string());
    let mut names = HashMap::from([("#exp".to_string(), "expires_at".to_string())]);
    let mut values = HashMap::from([(":now".to_string(), now)]);
    let text = match condition {
        Condition::Always => return None,
        Condition::NotExists => "attribute_not_exists(pk) OR #exp <= :now".to_string(),
        Condition::Exists => "attribute_exists(pk) AND (attribute_not_exists(#exp) OR #exp > :now)".to_string(),
        Condition::Version(v) => {
            names.insert("#data".into(), "data".into());
            names.insert("#version".into(), "version".into());
            values.insert(":version".into(), AttributeValue::N(v.to_string()));
            "attribute_exists(pk) AND (attribute_not_exists(#exp) OR #exp > :now) AND #data.#version = :version"
                .to_string()
        }
        Condition::CountZero => {
            names.insert("#n".into(), COUNTER_FIELD.into());
            values.insert(":zero".into(), AttributeValue::N("0".into()));
            "attribute_not_exists(#n) OR #n = :zero OR #exp <= :now".to_string()
        }
        Condition::CountAtLeast(n) if n <= 0 => return None,
        Condition::CountAtLeast(n) => {
            names.insert("#n".into(), COUNTER_FIELD.into());
            values.insert(":least".into(), AttributeValue::N(n.to_string()));
            "attribute_exists(#n) AND #n >= :least AND (attribute_not_exists(#exp) OR #exp > :now)".to_string()
        }
    };
    Some(Expr { text, names, values })
}

/// The condition that keeps a counter within [`COUNTER_LIMIT`] after adding `by` (DynamoDB's
/// numbers would not overflow, but every reader takes a counter as an `i64`).
fn counter_room(by: i64) -> Result<Expr, StoreError> {
    if !counter_takes(0, by) {
        return Err(StoreError::CounterLimit);
    }
    let names = HashMap::from([("#n".to_string(), COUNTER_FIELD.to_string())]);
    let values = HashMap::from([
        (":by".to_string(), AttributeValue::N(by.to_string())),
        (":low".to_string(), AttributeValue::N((-COUNTER_LIMIT - by).to_string())),
        (":high".to_string(), AttributeValue::N((COUNTER_LIMIT - by).to_string())),
    ]);
    Ok(Expr {
        text: "attribute_not_exists(#n) OR #n BETWEEN :low AND :high".into(),
        names,
        values,
    })
}

type KeyCondition = (String, HashMap<String, String>, HashMap<String, AttributeValue>);

/// A query's key condition expression with its attribute names and values.
fn key_condition(query: &Query) -> KeyCondition {
    let mut names = HashMap::from([("#pk".to_string(), "pk".to_string())]);
    let mut values = HashMap::from([(":pk".to_string(), AttributeValue::S(query.pk.as_str().to_owned()))]);
    let mut condition = "#pk = :pk".to_string();
    match &query.range {
        SortKeyRange::All => {}
        SortKeyRange::Prefix(prefix) => {
            names.insert("#sk".into(), "sk".into());
            values.insert(":prefix".into(), AttributeValue::S(prefix.clone()));
            condition.push_str(" AND begins_with(#sk, :prefix)");
        }
        SortKeyRange::Between(low, high) => {
            names.insert("#sk".into(), "sk".into());
            values.insert(":low".into(), AttributeValue::S(low.clone()));
            values.insert(":high".into(), AttributeValue::S(high.clone()));
            condition.push_str(" AND #sk BETWEEN :low AND :high");
        }
    }
    (condition, names, values)
}

#[async_trait]
impl Store for DynamoStore {
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError> {
        self.count();
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_attrs(key)))
            .consistent_read(true)
            .send()
            .await
            .map_err(sdk_err)?;
        match out.item {
            Some(attrs) => {
                self.read(1);
                let item = from_attrs(attrs)?;
                Ok(item.is_live(now()).then_some(item))
            }
            None => Ok(None),
        }
    }

    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
        // A large document reads more than one BatchGetItem holds (100 keys): its batches go
        // out together.
        if keys.len() > BATCH_GET_KEYS {
            let batches = keys.chunks(BATCH_GET_KEYS).map(|batch| self.get_many(batch));
            let found = futures::future::try_join_all(batches).await?;
            return Ok(found.into_iter().flatten().collect());
        }
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let mut found: HashMap<(String, String), Item> = HashMap::new();
        let mut pending = KeysAndAttributes::builder()
            .set_keys(Some(keys.iter().map(key_attrs).collect()))
            .consistent_read(true)
            .build()
            .map_err(StoreError::internal)?;
        // BatchGetItem may return some keys unprocessed under load; ask again for those.
        for _attempt in 0..10 {
            self.count();
            let out = self
                .client
                .batch_get_item()
                .request_items(&self.table, pending.clone())
                .send()
                .await
                .map_err(sdk_err)?;
            let returned = out
                .responses
                .unwrap_or_default()
                .remove(&self.table)
                .unwrap_or_default();
            self.read(returned.len());
            for attrs in returned {
                let item = from_attrs(attrs)?;
                found.insert((item.key.pk.as_str().to_owned(), item.key.sk.clone()), item);
            }
            match out.unprocessed_keys.and_then(|mut u| u.remove(&self.table)) {
                Some(rest) if !rest.keys.is_empty() => pending = rest,
                _ => {
                    let time = now();
                    return Ok(keys
                        .iter()
                        .map(|k| {
                            found
                                .remove(&(k.pk.as_str().to_owned(), k.sk.clone()))
                                .filter(|i| i.is_live(time))
                        })
                        .collect());
                }
            }
        }
        Err(StoreError::Throttled(anyhow::anyhow!(
            "batch read left keys unprocessed after retries"
        )))
    }

    async fn write(&self, write: Write) -> Result<(), StoreError> {
        // A conditioned put or delete that the SDK retries after its first attempt reached the
        // table (the answer was lost) would fail its own condition and report a conflict for a
        // write that happened. As a transaction of one it carries a client request token, and
        // DynamoDB answers a repeat of a committed transaction as a success. An unconditioned
        // write is safe to repeat as it is.
        // DynamoDB cannot read another item in a transaction without failing it: a
        // `PutIfCounted` is a plain put here (the relay drops an entry nobody wants).
        if let Write::Put { condition, .. } | Write::PutIfCounted { condition, .. } | Write::Delete { condition, .. } =
            &write
        {
            if !matches!(condition, Condition::Always) {
                return self.transact(vec![write]).await;
            }
        }
        // A request's writes carry its idempotency record ([`commit_marker`]).
        if commit_marker::active() {
            return self.transact(vec![write]).await;
        }
        self.count();
        match write {
            Write::Put { item, condition } | Write::PutIfCounted { item, condition, .. } => {
                let expr = condition_expr(condition);
                self.client
                    .put_item()
                    .table_name(&self.table)
                    .set_item(Some(to_attrs(&item)?))
                    .set_condition_expression(expr.as_ref().map(|e| e.text.clone()))
                    .set_expression_attribute_names(expr.as_ref().map(|e| e.names.clone()))
                    .set_expression_attribute_values(expr.map(|e| e.values))
                    .send()
                    .await
                    .map_err(sdk_err)?;
                self.wrote(1);
            }
            Write::Delete { key, condition } => {
                let expr = condition_expr(condition);
                self.client
                    .delete_item()
                    .table_name(&self.table)
                    .set_key(Some(key_attrs(&key)))
                    .set_condition_expression(expr.as_ref().map(|e| e.text.clone()))
                    .set_expression_attribute_names(expr.as_ref().map(|e| e.names.clone()))
                    .set_expression_attribute_values(expr.map(|e| e.values))
                    .send()
                    .await
                    .map_err(sdk_err)?;
                self.wrote(1);
            }
            Write::Check { .. } => {
                // A lone check is a transaction of one.
                self.calls.fetch_sub(1, Ordering::Relaxed);
                return self.transact(vec![write]).await;
            }
            Write::Add { key, by } => {
                self.calls.fetch_sub(1, Ordering::Relaxed);
                self.add_to_counter(&key, by, None).await?;
            }
            Write::Take { .. } => {
                // Conditioned: a transaction of one, which reports a failed condition alike.
                self.calls.fetch_sub(1, Ordering::Relaxed);
                return self.transact(vec![write]).await;
            }
        }
        Ok(())
    }

    async fn transact(&self, mut writes: Vec<Write>) -> Result<(), StoreError> {
        if writes.len() > MAX_TRANSACTION_WRITES {
            return Err(StoreError::internal(anyhow::anyhow!(
                "a transaction holds at most {MAX_TRANSACTION_WRITES} writes; this one has {} (the first: {:?})",
                writes.len(),
                writes.first().map(Write::key)
            )));
        }
        let mark = commit_marker::attach(&mut writes, MAX_TRANSACTION_WRITES).await?;
        let result = self.transact_writes(writes).await;
        if let Some(mark) = mark {
            mark.settle(result.is_ok());
        }
        result
    }

    async fn commit(&self, writes: Writes) -> Result<(), StoreError> {
        // One transaction when it fits with a request's idempotency record.
        if writes.len() < MAX_TRANSACTION_WRITES {
            return self.transact(writes.into_all()).await;
        }
        if writes.len() > MAX_CHANGE_WRITES {
            return Err(StoreError::TooLarge(format!(
                "it needs {} writes; the most is {MAX_CHANGE_WRITES}",
                writes.len()
            )));
        }
        super::large::commit(self, writes).await
    }

    async fn recover(&self, older_than: i64) -> Result<usize, StoreError> {
        super::large::recover(self, older_than).await
    }

    async fn increment(&self, key: &Key, by: i64, expires_at: Option<i64>) -> Result<i64, StoreError> {
        // At most a few rounds: an ADD, and when the counter had outlived its TTL (deletion lags), a
        // conditional reset that only one concurrent caller can win.
        for _round in 0..3 {
            let attrs = self.add_to_counter(key, by, expires_at).await?;
            let expired = matches!(attrs.get("expires_at"), Some(AttributeValue::N(at)) if at.parse::<i64>().is_ok_and(|at| at <= now()));
            if !expired {
                return match attrs.get(COUNTER_FIELD) {
                    Some(AttributeValue::N(n)) => n.parse().map_err(StoreError::internal),
                    other => Err(StoreError::internal(anyhow::anyhow!("counter returned {other:?}"))),
                };
            }
            let mut fresh = key_attrs(key);
            fresh.insert(COUNTER_FIELD.into(), AttributeValue::N(by.to_string()));
            if let Some(at) = expires_at {
                fresh.insert("expires_at".into(), AttributeValue::N(at.to_string()));
            }
            self.count();
            let reset = self
                .client
                .put_item()
                .table_name(&self.table)
                .set_item(Some(fresh))
                .condition_expression("#exp <= :now")
                .expression_attribute_names("#exp", "expires_at")
                .expression_attribute_values(":now", AttributeValue::N(now().to_string()))
                .send()
                .await
                .map_err(sdk_err);
            match reset {
                Ok(_) => return Ok(by),
                Err(StoreError::ConditionFailed { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Throttled(anyhow::anyhow!("counter reset kept racing")))
    }

    async fn query(&self, query: Query) -> Result<QueryPage, StoreError> {
        self.count();
        let (condition, names, values) = key_condition(&query);
        let start = query.after.as_ref().map(|PageToken(sk)| {
            HashMap::from([
                ("pk".to_string(), AttributeValue::S(query.pk.as_str().to_owned())),
                ("sk".to_string(), AttributeValue::S(sk.clone())),
            ])
        });
        let out = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression(condition)
            .set_expression_attribute_names(Some(names))
            .set_expression_attribute_values(Some(values))
            .set_exclusive_start_key(start)
            .limit(i32::try_from(query.limit.max(1)).unwrap_or(i32::MAX))
            .scan_index_forward(!query.descending)
            .consistent_read(true)
            .send()
            .await
            .map_err(sdk_err)?;
        let time = now();
        let mut items = Vec::new();
        let returned = out.items.unwrap_or_default();
        self.read(returned.len());
        for attrs in returned {
            let item = from_attrs(attrs)?;
            if item.is_live(time) {
                items.push(item);
            }
        }
        let next = out.last_evaluated_key.and_then(|mut k| match k.remove("sk") {
            Some(AttributeValue::S(sk)) => Some(PageToken(sk)),
            _ => None,
        });
        Ok(QueryPage { items, next })
    }

    async fn count(&self, query: Query) -> Result<u64, StoreError> {
        let (condition, mut names, mut values) = key_condition(&query);
        names.insert("#exp".into(), "expires_at".into());
        values.insert(":now".into(), AttributeValue::N(now().to_string()));
        let wanted = query.limit.max(1);
        let (mut counted, mut start) = (0u64, None);
        // A page of a count stops at 1 MB scanned: go on from where it stopped, up to the limit.
        loop {
            self.count();
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .key_condition_expression(condition.clone())
                .filter_expression("attribute_not_exists(#exp) OR #exp > :now")
                .set_expression_attribute_names(Some(names.clone()))
                .set_expression_attribute_values(Some(values.clone()))
                .set_exclusive_start_key(start)
                .limit(i32::try_from(wanted - counted as usize).unwrap_or(i32::MAX))
                .select(aws_sdk_dynamodb::types::Select::Count)
                .consistent_read(true)
                .send()
                .await
                .map_err(sdk_err)?;
            self.read(usize::try_from(out.scanned_count).unwrap_or(0));
            counted += u64::try_from(out.count).unwrap_or(0);
            start = out.last_evaluated_key;
            if start.is_none() || counted as usize >= wanted {
                return Ok(counted);
            }
        }
    }

    async fn purge_expired(&self, _limit: usize) -> Result<usize, StoreError> {
        // The table's TTL on `expires_at` deletes expired items (within about two days).
        Ok(0)
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
