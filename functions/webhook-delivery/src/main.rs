//! The webhook-delivery function: SQS batches in, partial batch failures out.

use aws_lambda_events::sqs::SqsEvent;
use lambda_runtime::{service_fn, LambdaEvent};
use shared::config::Config;
use shared::webhooks::Deliverer;
use shared::AppState;
use webhook_delivery::{handle_batch, Queue, Received};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    let config = Config::from_env()?;
    shared::telemetry::init(&config.log_filter);
    let queue = Queue::from_config(&config).await?;
    let deliverer = Deliverer::new(config.webhook_allow_private);
    let mailer = shared::mail::Transport::from_config(&config).await?;
    let state = AppState::from_config(config, &[]).await?;
    lambda_runtime::run(service_fn(|event: LambdaEvent<SqsEvent>| {
        let (state, queue, deliverer, mailer) = (state.clone(), queue.clone(), deliverer.clone(), mailer.clone());
        async move {
            let messages = event.payload.records.into_iter().map(Received::from).collect();
            Ok::<_, lambda_runtime::Error>(handle_batch(&state, &deliverer, &mailer, &queue, messages).await)
        }
    }))
    .await
}
