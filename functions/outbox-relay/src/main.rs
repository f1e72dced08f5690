//! The outbox-relay function: DynamoDB stream batches in, webhook queue messages out.

use aws_lambda_events::dynamodb::Event;
use lambda_runtime::{service_fn, LambdaEvent};
use shared::config::Config;
use webhook_delivery::Queue;

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let queue_url = config
        .webhook_queue_url
        .clone()
        .ok_or("WEBHOOK_QUEUE_URL is required")?;
    let sdk = shared::state::aws_sdk_config(config.aws_endpoint_url.as_deref()).await;
    let queue = Queue::new(aws_sdk_sqs::Client::new(&sdk), queue_url);
    lambda_runtime::run(service_fn(|event: LambdaEvent<Event>| {
        let queue = queue.clone();
        async move {
            let images = event
                .payload
                .records
                .into_iter()
                .filter(|r| r.event_name == "INSERT")
                .map(|r| r.change.new_image)
                .collect();
            let queued = outbox_relay::relay(&queue, images).await?;
            tracing::info!(queued, "outbox entries relayed");
            Ok::<(), lambda_runtime::Error>(())
        }
    }))
    .await
}
