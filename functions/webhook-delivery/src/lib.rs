//! Webhook delivery in the cloud. The outbox relay puts each new event on the webhook queue; this
//! function consumes the queue in batches:
//!
//! - an `event` message fans out: one delivery record per subscribed endpoint, and one `attempt`
//!   message for each;
//! - an `attempt` message makes the attempt (the same code as the local worker,
//!   `shared::webhooks::delivery::attempt_delivery`) and, when a retry is due, sends the next `attempt`
//!   message with a delay. SQS delays a message 15 minutes at most; a later attempt hides its
//!   message (visibility, up to 12 hours) and hands it back until it is due;
//! - a `mail` message sends one mail of the mail outbox (`shared::mail::send_one`).
//!
//! Failed messages are reported as partial batch failures, so only they come back; a message that
//! keeps failing ends in the dead-letter queue. Delivery is at-least-once: receivers deduplicate on
//! `webhook-id`.

use aws_lambda_events::sqs::{BatchItemFailure, SqsBatchResponse};
use serde::{Deserialize, Serialize};
use shared::events::OutboxEntry;
use shared::mail::Transport;
use shared::store::TenantId;
use shared::webhooks::delivery::{attempt_delivery, delivery_once, fanout, DeliveryStatus, Fanout};
use shared::webhooks::Deliverer;
use shared::AppState;

/// SQS's longest message delay.
const MAX_DELAY_SECS: i64 = 900;
/// SQS's longest visibility timeout.
const MAX_VISIBILITY_SECS: i64 = 43_200;

/// What travels on the webhook queue.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Message {
    /// A new event from the outbox: fan it out to the tenant's endpoints.
    Event { entry: OutboxEntry },
    /// One delivery's next attempt, not before `not_before` (Unix milliseconds).
    Attempt {
        tenant: TenantId,
        delivery_id: u64,
        not_before: i64,
    },
    /// A mail of the mail outbox to send ([`shared::mail::send_one`]).
    Mail { id: String },
}

/// The webhook queue, and the dead-letter queue deliveries that failed for good are put on.
#[derive(Clone)]
pub struct Queue {
    client: aws_sdk_sqs::Client,
    url: String,
    dead_letters: Option<String>,
}

impl Queue {
    pub fn new(client: aws_sdk_sqs::Client, url: impl Into<String>) -> Self {
        Self {
            client,
            url: url.into(),
            dead_letters: None,
        }
    }

    /// The queues the configuration names: `WEBHOOK_QUEUE_URL` (required) and
    /// `WEBHOOK_DEAD_LETTER_QUEUE_URL`.
    pub async fn from_config(config: &shared::config::Config) -> anyhow::Result<Self> {
        let url = config
            .webhook_queue_url
            .clone()
            .ok_or_else(|| anyhow::anyhow!("WEBHOOK_QUEUE_URL is required"))?;
        let sdk = shared::aws::aws_sdk_config(config.aws_endpoint_url.as_deref()).await;
        let queue = Self::new(aws_sdk_sqs::Client::new(&sdk), url);
        Ok(match config.webhook_dead_letter_queue_url.clone() {
            Some(dead_letters) => queue.with_dead_letters(dead_letters),
            None => queue,
        })
    }

    /// One `GetQueueAttributes` during a function's init, so the first send does not pay for the
    /// connection (TLS included). A failure is logged, not fatal.
    pub async fn warm_up(&self) {
        let call = self
            .client
            .get_queue_attributes()
            .queue_url(&self.url)
            .attribute_names(aws_sdk_sqs::types::QueueAttributeName::ApproximateNumberOfMessages);
        if let Err(error) = call.send().await {
            tracing::warn!(error = %aws_sdk_sqs::error::DisplayErrorContext(&error), "warm-up call failed");
        }
    }

    /// Puts deliveries that failed for good on `url` too (their record in the log says so anyway).
    pub fn with_dead_letters(mut self, url: impl Into<String>) -> Self {
        self.dead_letters = Some(url.into());
        self
    }

    async fn dead_letter(
        &self,
        delivery: &shared::webhooks::delivery::Delivery,
        tenant: TenantId,
    ) -> anyhow::Result<()> {
        let Some(url) = &self.dead_letters else { return Ok(()) };
        let body = serde_json::json!({"kind": "failed_delivery", "tenant": tenant, "delivery": delivery});
        self.client
            .send_message()
            .queue_url(url)
            .message_body(body.to_string())
            .send()
            .await?;
        Ok(())
    }

    /// Sends a message; an `attempt` due later waits in the queue (up to SQS's 15 minutes).
    pub async fn send(&self, message: &Message) -> anyhow::Result<()> {
        let delay = match message {
            Message::Attempt { not_before, .. } => ((not_before - shared::time::now_unix_ms()).max(0) + 999) / 1000,
            Message::Event { .. } | Message::Mail { .. } => 0,
        };
        self.client
            .send_message()
            .queue_url(&self.url)
            .message_body(serde_json::to_string(message)?)
            .delay_seconds(i32::try_from(delay.min(MAX_DELAY_SECS)).unwrap_or(0))
            .send()
            .await?;
        Ok(())
    }

    /// Hides a received message for `secs`, after which SQS hands it out again.
    async fn postpone(&self, receipt_handle: &str, secs: i64) -> anyhow::Result<()> {
        self.client
            .change_message_visibility()
            .queue_url(&self.url)
            .receipt_handle(receipt_handle)
            .visibility_timeout(i32::try_from(secs.clamp(1, MAX_VISIBILITY_SECS)).unwrap_or(1))
            .send()
            .await?;
        Ok(())
    }
}

/// A message as Lambda hands it over.
#[derive(Clone, Debug)]
pub struct Received {
    pub message_id: String,
    pub body: String,
    pub receipt_handle: String,
}

impl From<aws_lambda_events::sqs::SqsMessage> for Received {
    fn from(m: aws_lambda_events::sqs::SqsMessage) -> Self {
        Self {
            message_id: m.message_id.unwrap_or_default(),
            body: m.body.unwrap_or_default(),
            receipt_handle: m.receipt_handle.unwrap_or_default(),
        }
    }
}

enum Handled {
    Done,
    /// Not due yet: hidden until it is, and handed back.
    Postponed,
}

/// Handles a batch; the answer names the messages that must come back.
pub async fn handle_batch(
    state: &AppState,
    deliverer: &Deliverer,
    mailer: &Transport,
    queue: &Queue,
    messages: Vec<Received>,
) -> SqsBatchResponse {
    let mut response = SqsBatchResponse::default();
    for message in messages {
        let outcome = handle_one(state, deliverer, mailer, queue, &message).await;
        match outcome {
            Ok(Handled::Done) => {}
            Ok(Handled::Postponed) => response.batch_item_failures.push(failure(&message)),
            Err(e) => {
                tracing::warn!(
                    message.id = message.message_id,
                    error = format!("{e:#}"),
                    "webhook message failed"
                );
                response.batch_item_failures.push(failure(&message));
            }
        }
    }
    response
}

fn failure(message: &Received) -> BatchItemFailure {
    let mut failure = BatchItemFailure::default();
    failure.item_identifier = message.message_id.clone();
    failure
}

async fn handle_one(
    state: &AppState,
    deliverer: &Deliverer,
    mailer: &Transport,
    queue: &Queue,
    received: &Received,
) -> anyhow::Result<Handled> {
    let message: Message =
        serde_json::from_str(&received.body).map_err(|e| anyhow::anyhow!("not a webhook queue message ({e})"))?;
    match message {
        Message::Mail { id } => {
            shared::mail::send_one(state, mailer, &id).await?;
            Ok(Handled::Done)
        }
        Message::Event { entry } => {
            // This message handed over again (SQS delivers at least once, the relay may queue a
            // stream record twice) finds the deliveries the first made and asks their attempts
            // again; an attempt of a delivery already made or not yet due changes nothing.
            match fanout(state, &entry, &mut Default::default()).await? {
                Fanout::Retry(delivery_id) => {
                    queue
                        .send(&Message::Attempt {
                            tenant: entry.tenant,
                            delivery_id,
                            not_before: shared::time::now_unix_ms(),
                        })
                        .await?;
                }
                Fanout::New(subscriptions) => {
                    for subscription in subscriptions {
                        let delivery_id =
                            delivery_once(state, entry.tenant, subscription.meta.id, &entry.event).await?;
                        let attempt = Message::Attempt {
                            tenant: entry.tenant,
                            delivery_id,
                            not_before: shared::time::now_unix_ms(),
                        };
                        queue.send(&attempt).await?;
                    }
                }
            }
            Ok(Handled::Done)
        }
        Message::Attempt {
            tenant,
            delivery_id,
            not_before,
        } => {
            let wait_ms = not_before - shared::time::now_unix_ms();
            if wait_ms > 0 {
                queue.postpone(&received.receipt_handle, (wait_ms + 999) / 1000).await?;
                return Ok(Handled::Postponed);
            }
            let Some(attempted) = attempt_delivery(state, deliverer, tenant, delivery_id, |_| Ok(Vec::new())).await?
            else {
                return Ok(Handled::Done);
            };
            match attempted.next_attempt_at {
                Some(not_before) => {
                    queue
                        .send(&Message::Attempt {
                            tenant,
                            delivery_id,
                            not_before,
                        })
                        .await?
                }
                // Failed for good: the record in the log says so, and the dead-letter queue keeps it.
                None if attempted.delivery.status == DeliveryStatus::Failed => {
                    queue.dead_letter(&attempted.delivery, tenant).await?;
                }
                None => {}
            }
            Ok(Handled::Done)
        }
    }
}
