//! The outbox-relay function: DynamoDB stream batches in, webhook queue messages out.

use aws_lambda_events::dynamodb::Event;
use lambda_runtime::{service_fn, LambdaEvent};
use shared::config::Config;
use webhook_delivery::Queue;

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let queue = Queue::from_config(&config).await?;
    // Each invocation sends to the queue: connect during init.
    queue.warm_up().await;
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
