//! The cloud delivery path against moto: events written on DynamoDB reach the webhook queue
//! through the table's stream and the outbox relay; the webhook-delivery function handles SQS
//! batches (delivery, retry with a delay, partial failure, dead letter).

use std::time::Duration;

use aws_lambda_events::sqs::SqsBatchResponse;
use serde_json::{json, Value};
use webhook_delivery::{Message, Queue, Received};

use crate::harness::{subscribe, Backend, TestApp};
use crate::webhooks::Receiver;

struct Queues {
    /// What plays Lambda's poller and sets the queues up: AWS's part, so it talks to moto
    /// directly even in the fault phase (a receive whose answer the proxy drops hides its
    /// messages for the visibility timeout, which Lambda's own poller rides out and these
    /// step-by-step tests cannot). The function's own calls go through `queue`, faults and all.
    sqs: aws_sdk_sqs::Client,
    url: String,
    dead_letters: String,
    queue: Queue,
    /// SES, past the fault proxy: a send is not idempotent (an answer lost and retried sends
    /// twice), and these tests count sends.
    mailer: shared::mail::Transport,
    ses: aws_sdk_sesv2::Client,
}

/// A webhook queue whose messages go to a dead-letter queue after `max_receives` receives.
async fn queues(max_receives: u32) -> Option<Queues> {
    let endpoint = crate::harness::aws_endpoint()?;
    let direct = crate::harness::aws_direct_endpoint()?;
    let sqs = aws_sdk_sqs::Client::new(&shared::aws::aws_sdk_config(Some(&direct)).await);
    let function_sqs = aws_sdk_sqs::Client::new(&shared::aws::aws_sdk_config(Some(&endpoint)).await);
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    let dead_letters = sqs
        .create_queue()
        .queue_name(format!("dlq-{suffix}"))
        .send()
        .await
        .unwrap()
        .queue_url
        .unwrap();
    let dlq_arn = sqs
        .get_queue_attributes()
        .queue_url(&dead_letters)
        .attribute_names(aws_sdk_sqs::types::QueueAttributeName::QueueArn)
        .send()
        .await
        .unwrap()
        .attributes
        .unwrap()
        .remove(&aws_sdk_sqs::types::QueueAttributeName::QueueArn)
        .unwrap();
    let redrive = json!({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": max_receives.to_string()}).to_string();
    let url = sqs
        .create_queue()
        .queue_name(format!("webhooks-{suffix}"))
        .attributes(aws_sdk_sqs::types::QueueAttributeName::RedrivePolicy, redrive)
        .send()
        .await
        .unwrap()
        .queue_url
        .unwrap();
    let queue = Queue::new(function_sqs, url.clone()).with_dead_letters(dead_letters.clone());
    let ses = aws_sdk_sesv2::Client::new(&shared::aws::aws_sdk_config(Some(&direct)).await);
    Some(Queues {
        sqs,
        url,
        dead_letters,
        mailer: shared::mail::Transport::Ses(ses.clone()),
        ses,
        queue,
    })
}

impl Queues {
    /// Puts `body` on the queue past the fault proxy: a test's own setup must land exactly once
    /// (a faulted answer makes the SDK send again, and the queue then holds two).
    async fn send_direct(&self, body: impl Into<String>) -> String {
        self.sqs
            .send_message()
            .queue_url(&self.url)
            .message_body(body)
            .send()
            .await
            .unwrap()
            .message_id
            .unwrap()
    }

    /// What Lambda does with one poll: receive a batch, call the function, delete what succeeded.
    async fn run_batch(&self, app: &TestApp) -> (usize, SqsBatchResponse) {
        let out = self
            .sqs
            .receive_message()
            .queue_url(&self.url)
            .max_number_of_messages(10)
            .visibility_timeout(1)
            .send()
            .await
            .unwrap();
        let messages: Vec<Received> = out
            .messages
            .unwrap_or_default()
            .into_iter()
            .map(|m| Received {
                message_id: m.message_id.unwrap_or_default(),
                body: m.body.unwrap_or_default(),
                receipt_handle: m.receipt_handle.unwrap_or_default(),
            })
            .collect();
        let count = messages.len();
        let deliverer = shared::webhooks::Deliverer::new(true);
        let response =
            webhook_delivery::handle_batch(&app.state, &deliverer, &self.mailer, &self.queue, messages.clone()).await;
        for message in &messages {
            if !response
                .batch_item_failures
                .iter()
                .any(|f| f.item_identifier == message.message_id)
            {
                self.sqs
                    .delete_message()
                    .queue_url(&self.url)
                    .receipt_handle(&message.receipt_handle)
                    .send()
                    .await
                    .unwrap();
            }
        }
        (count, response)
    }
}

impl Queues {
    /// Polls as Lambda does (every 300 ms, 6 s at most) until `receiver` has `n` requests: a
    /// retry that waits in the queue for its delay.
    async fn until_received(&self, app: &TestApp, receiver: &Receiver, n: usize) {
        for _ in 0..20 {
            tokio::time::sleep(Duration::from_millis(300)).await;
            self.run_batch(app).await;
            if receiver.received().len() == n {
                return;
            }
        }
        panic!("the retry did not arrive after its delay");
    }
}

/// The NEW_IMAGEs of the items inserted into the app's records table, read from its DynamoDB stream.
/// The inserts of the live workspace's events and the rest of the table, not its mail: a new
/// user's invitation mail goes through the queue beside the event (its own test is
/// [`a_mail_goes_from_the_stream_through_the_queue_to_ses_once`]).
async fn inserted_images(app: &TestApp) -> Vec<serde_dynamo::Item> {
    let mut images = inserted_images_with_mail(app).await;
    images.retain(|image| {
        let doc: Value = serde_dynamo::from_item(image.clone()).unwrap();
        !doc["pk"].as_str().is_some_and(|pk| pk.starts_with("G#mail#"))
    });
    images
}

async fn inserted_images_with_mail(app: &TestApp) -> Vec<serde_dynamo::Item> {
    let sdk = shared::aws::aws_sdk_config(app.state.config().aws_endpoint_url.as_deref()).await;
    let dynamodb = aws_sdk_dynamodb::Client::new(&sdk);
    let streams = aws_sdk_dynamodbstreams::Client::new(&sdk);
    let table = dynamodb
        .describe_table()
        .table_name(&app.state.config().records_table)
        .send()
        .await
        .unwrap();
    let arn = table
        .table
        .unwrap()
        .latest_stream_arn
        .expect("the records table has a stream");
    let stream = streams
        .describe_stream()
        .stream_arn(&arn)
        .send()
        .await
        .unwrap()
        .stream_description
        .unwrap();
    let mut images = Vec::new();
    for shard in stream.shards.unwrap_or_default() {
        let mut iterator = streams
            .get_shard_iterator()
            .stream_arn(&arn)
            .shard_id(shard.shard_id.unwrap())
            .shard_iterator_type(aws_sdk_dynamodbstreams::types::ShardIteratorType::TrimHorizon)
            .send()
            .await
            .unwrap()
            .shard_iterator;
        // A page holds at most 1,000 records, and the seeds of a new account write more.
        while iterator.is_some() {
            let page = streams.get_records().set_shard_iterator(iterator).send().await.unwrap();
            let records = page.records.unwrap_or_default();
            if records.is_empty() {
                break;
            }
            for record in records {
                if record.event_name == Some(aws_sdk_dynamodbstreams::types::OperationType::Insert) {
                    if let Some(image) = record.dynamodb.and_then(|d| d.new_image) {
                        images.push(serde_dynamo::Item::from(image));
                    }
                }
            }
            iterator = page.next_shard_iterator;
        }
    }
    // The sandbox's seed (CRM contacts, leads, deals) writes events of its own; these tests follow
    // the live workspace's.
    images.retain(|image| {
        let doc: Value = serde_dynamo::from_item(image.clone()).unwrap();
        let is_outbox = doc["pk"].as_str().is_some_and(|pk| pk.starts_with("G#outbox"));
        !is_outbox || doc["data"]["tenant"] == json!(app.tenant.0)
    });
    images
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_written_on_dynamodb_reach_the_queue_and_are_delivered_through_it() {
    let Some(app) = TestApp::dynamodb().await else { return };
    let queues = queues(5).await.unwrap();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, None).await;
    let (webhook, _) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    let (_, email, _) = app.create_user(&token, "staff").await;

    // The stream carries every insert; the relay queues only the outbox entry.
    let images = inserted_images(&app).await;
    assert!(images.len() > 1);
    assert_eq!(outbox_relay::relay(&queues.queue, images).await.unwrap(), 1);

    let (count, response) = queues.run_batch(&app).await;
    assert_eq!(
        (count, response.batch_item_failures.len()),
        (1, 0),
        "the event fans out"
    );
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!(
        (count, response.batch_item_failures.len()),
        (1, 0),
        "the attempt is made"
    );
    let got = receiver.wait_for(1).await;
    assert_eq!(got[0].json()["type"], "user.created");
    assert_eq!(got[0].json()["data"]["email"], email.as_str());
    let log = app
        .get(&format!("/api/v1/webhooks/{webhook}/deliveries"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(log.body["data"][0]["status"], "delivered");
    assert_eq!(queues.run_batch(&app).await.0, 0, "nothing left on the queue");
}

/// Queues deliver at least once. The same stream record relayed twice puts the event on the
/// queue twice, and both copies fan out: one delivery in the log, one request at the receiver.
/// An attempt message handed over twice after its first copy failed and scheduled the retry
/// changes nothing; the retry is the one attempt more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_or_attempt_handed_over_twice_is_delivered_once() {
    let overrides = [("WEBHOOK_RETRY_BASE_MS", "1500"), ("WEBHOOK_RETRY_MAX_MS", "1500")];
    let Some(app) = TestApp::start(Backend::DynamoDb, &overrides).await else {
        return;
    };
    let queues = queues(5).await.unwrap();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(1, None).await;
    let (webhook, _) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    app.create_user(&token, "staff").await;
    let images = inserted_images(&app).await;
    assert_eq!(outbox_relay::relay(&queues.queue, images.clone()).await.unwrap(), 1);
    assert_eq!(outbox_relay::relay(&queues.queue, images).await.unwrap(), 1);

    // Both copies of the event fan out, to the one delivery. (Under the fault phase a send that
    // the proxy cut after it reached the queue is sent again: at least two copies, then.)
    let (count, response) = queues.run_batch(&app).await;
    assert!(count >= 2, "both copies are handed over: {count}");
    assert_eq!(response.batch_item_failures.len(), 0);
    let deliveries = || async {
        app.get(&format!("/api/v1/webhooks/{webhook}/deliveries"))
            .token(&token)
            .send()
            .await
            .expect(200)
            .body["data"]
            .as_array()
            .unwrap()
            .clone()
    };
    assert_eq!(deliveries().await.len(), 1, "one delivery for the event");
    // Both ask its attempt: the first is made (the receiver fails it once), the second finds
    // the retry scheduled and leaves it.
    let (count, response) = queues.run_batch(&app).await;
    assert!(count >= 2, "both ask the attempt: {count}");
    assert_eq!(response.batch_item_failures.len(), 0);
    assert_eq!(receiver.received().len(), 1, "one attempt, not two");
    queues.until_received(&app, &receiver, 2).await;
    let got = receiver.received();
    assert_eq!(got[0].id, got[1].id, "one webhook-id: one logical delivery");
    let log = deliveries().await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["status"], "delivered");
    assert_eq!(log[0]["attempts"].as_array().unwrap().len(), 2);
    assert_eq!(queues.run_batch(&app).await.0, 0, "nothing left on the queue");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_attempt_comes_back_after_its_delay() {
    let overrides = [("WEBHOOK_RETRY_BASE_MS", "2000"), ("WEBHOOK_RETRY_MAX_MS", "2000")];
    let Some(app) = TestApp::start(Backend::DynamoDb, &overrides).await else {
        return;
    };
    let queues = queues(5).await.unwrap();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(1, None).await;
    let (webhook, _) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    app.create_user(&token, "staff").await;
    outbox_relay::relay(&queues.queue, inserted_images(&app).await)
        .await
        .unwrap();
    queues.run_batch(&app).await; // fan out
    queues.run_batch(&app).await; // first attempt: 500
    assert_eq!(receiver.received().len(), 1);
    assert_eq!(
        queues.run_batch(&app).await.0,
        0,
        "the retry waits in the queue for its delay"
    );
    queues.until_received(&app, &receiver, 2).await;
    let log = app
        .get(&format!("/api/v1/webhooks/{webhook}/deliveries"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(log.body["data"][0]["status"], "delivered");
    assert_eq!(log.body["data"][0]["attempts"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partial_batch_failure_names_only_the_bad_message() {
    let Some(app) = TestApp::dynamodb().await else { return };
    let queues = queues(5).await.unwrap();
    // An attempt of a delivery that does not exist is done (nothing to do); garbage is not.
    let missing = Message::Attempt {
        tenant: app.tenant,
        delivery_id: 999,
        not_before: 0,
    };
    queues.send_direct(serde_json::to_string(&missing).unwrap()).await;
    let garbage = queues.send_direct("{not json").await;
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!(count, 2);
    let failed: Vec<&str> = response
        .batch_item_failures
        .iter()
        .map(|f| f.item_identifier.as_str())
        .collect();
    assert_eq!(failed, [garbage.as_str()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_that_keeps_failing_ends_in_the_dead_letter_queue() {
    let Some(app) = TestApp::dynamodb().await else { return };
    let queues = queues(2).await.unwrap();
    let id = queues.send_direct("{not json").await;
    for _ in 0..2 {
        let (count, response) = queues.run_batch(&app).await;
        assert_eq!((count, response.batch_item_failures.len()), (1, 1));
        tokio::time::sleep(Duration::from_millis(1200)).await; // its visibility timeout
    }
    // A third receive moves it to the dead-letter queue instead of handing it out.
    assert_eq!(queues.run_batch(&app).await.0, 0);
    let dead = queues
        .sqs
        .receive_message()
        .queue_url(&queues.dead_letters)
        .max_number_of_messages(10)
        .send()
        .await
        .unwrap();
    let ids: Vec<String> = dead
        .messages
        .unwrap_or_default()
        .into_iter()
        .filter_map(|m| m.message_id)
        .collect();
    assert_eq!(ids, [id]);
}

/// An attempt due later than SQS can delay a message (15 minutes) is hidden until it is due
/// (visibility change, up to 12 hours) and handed back, rather than made early.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_attempt_due_later_than_sqs_can_delay_is_hidden_until_due() {
    let Some(app) = TestApp::dynamodb().await else { return };
    let queues = queues(5).await.unwrap();
    let not_before = shared::time::now_unix_ms() + 2500;
    let body = serde_json::to_string(&Message::Attempt {
        tenant: app.tenant,
        delivery_id: 999,
        not_before,
    })
    .unwrap();
    // Sent without a delay, as when the wait exceeds what SQS can delay.
    let id = queues.send_direct(body).await;
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!(count, 1);
    assert_eq!(
        response.batch_item_failures[0].item_identifier, id,
        "handed back, not made early"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        queues.run_batch(&app).await.0,
        0,
        "hidden past the receive's own 1 s visibility"
    );
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!((count, response.batch_item_failures.len()), (1, 0), "made once due");
}

/// After the last failed attempt the delivery is failed in the log and put on the dead-letter queue.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delivery_failing_its_last_attempt_goes_to_the_dead_letter_queue() {
    let Some(app) = TestApp::dynamodb().await else { return };
    let queues = queues(5).await.unwrap();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, Some(503)).await;
    let (webhook, _) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    // A delivery that already failed 10 times: the next attempt is its last.
    let event = shared::events::Event::new("user.created", json!({"email": "last@example.com"}));
    let (mut delivery, _) = shared::webhooks::delivery::delivery_record(&app.state, app.tenant, webhook, &event)
        .await
        .unwrap();
    for n in 1..=10 {
        delivery.attempts.push(shared::webhooks::Attempt {
            attempt: n,
            at: shared::time::now_rfc3339(),
            status_code: Some(503),
            latency_ms: 1,
            error: None,
            response_excerpt: None,
        });
    }
    let key = shared::webhooks::delivery::delivery_key(app.tenant, delivery.id);
    let item = shared::store::Item::from_value(key, &delivery).unwrap();
    app.state
        .store()
        .write(shared::store::Write::put(item, shared::store::Condition::Always))
        .await
        .unwrap();

    let last_attempt = Message::Attempt {
        tenant: app.tenant,
        delivery_id: delivery.id,
        not_before: 0,
    };
    queues.send_direct(serde_json::to_string(&last_attempt).unwrap()).await;
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!((count, response.batch_item_failures.len()), (1, 0));
    assert_eq!(receiver.received().len(), 1);
    let log = app
        .get(&format!("/api/v1/webhooks/{webhook}/deliveries"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(log.body["data"][0]["status"], "failed");
    assert_eq!(log.body["data"][0]["attempts"].as_array().unwrap().len(), 11);
    assert_eq!(queues.run_batch(&app).await.0, 0, "no further attempt is queued");
    let dead = queues
        .sqs
        .receive_message()
        .queue_url(&queues.dead_letters)
        .send()
        .await
        .unwrap();
    let bodies: Vec<serde_json::Value> = dead
        .messages
        .unwrap_or_default()
        .iter()
        .map(|m| serde_json::from_str(m.body.as_deref().unwrap()).unwrap())
        .collect();
    assert_eq!(bodies.len(), 1);
    assert_eq!(bodies[0]["kind"], "failed_delivery");
    assert_eq!(bodies[0]["delivery"]["id"], delivery.id);
    assert_eq!(bodies[0]["delivery"]["status"], "failed");
}

/// How many messages SES (moto) has sent in the last day: SES v1's `GetSendQuota`, which moto
/// answers without checking the signature.
async fn ses_sent() -> f64 {
    let endpoint = crate::harness::aws_direct_endpoint().unwrap();
    let answer = reqwest::Client::new()
        .post(endpoint)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header(
            "Authorization",
            "AWS4-HMAC-SHA256 Credential=testing/20260101/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=0",
        )
        .body("Action=GetSendQuota&Version=2010-12-01")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let start = answer.find("<SentLast24Hours>").expect("a send quota") + "<SentLast24Hours>".len();
    let end = answer[start..].find('<').unwrap() + start;
    answer[start..end].parse().unwrap()
}

/// A mail of the mail outbox goes from the stream to the queue and out through SES: refused while
/// its sender is not a verified identity (kept, and handed back), sent once it is, and not sent
/// again when the stream record or the queue message comes twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_goes_from_the_stream_through_the_queue_to_ses_once() {
    // A sender of its own: SES identities are the emulator's, kept from test to test and run to run.
    let sender = format!("Worktop <no-reply-{}@example.com>", uuid::Uuid::new_v4().simple());
    let Some(app) = TestApp::start(Backend::DynamoDb, &[("MAIL_FROM", sender.as_str())]).await else {
        return;
    };
    let queues = queues(5).await.unwrap();
    app.post("/api/forgot-password")
        .json(json!({"email": crate::harness::OWNER_EMAIL}))
        .send()
        .await
        .expect(202);
    let images = inserted_images_with_mail(&app).await;
    assert_eq!(
        outbox_relay::relay(&queues.queue, images.clone()).await.unwrap(),
        1,
        "the mail, queued"
    );
    let before = ses_sent().await;
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!(
        (count, response.batch_item_failures.len()),
        (1, 1),
        "SES refuses an unverified sender"
    );
    assert_eq!(ses_sent().await, before);

    let address = sender
        .rsplit_once('<')
        .map_or(sender.as_str(), |(_, a)| a.trim_end_matches('>'));
    queues
        .ses
        .create_email_identity()
        .email_identity(address)
        .send()
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1200)).await; // the failed message's visibility timeout
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!((count, response.batch_item_failures.len()), (1, 0));
    assert_eq!(ses_sent().await, before + 1.0, "sent once");

    // The stream hands the record over again: its message finds the mail sent and gone.
    assert_eq!(outbox_relay::relay(&queues.queue, images).await.unwrap(), 1);
    let (count, response) = queues.run_batch(&app).await;
    assert_eq!((count, response.batch_item_failures.len()), (1, 0));
    assert_eq!(ses_sent().await, before + 1.0, "not sent twice");
}
