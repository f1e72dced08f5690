//! The AWS SDK as every client of this deployment configures it.

/// AWS SDK configuration; `endpoint` points every client at moto in tests.
///
/// Every client (DynamoDB, SQS, S3) retries what AWS answers every day, throttling, 5xx and
/// connections dropped or timed out, up to 5 attempts with exponential backoff and full jitter
/// (50 ms doubling to 2 s at most), within the SDK's retry quota, which stops retrying when most
/// calls fail. What is still failing then is the caller's 503 with `Retry-After`. A retried write
/// must be safe to repeat: see `DynamoStore::write` and `transact`.
pub async fn aws_sdk_config(endpoint: Option<&str>) -> aws_config::SdkConfig {
    use std::time::Duration;
    let retry = aws_config::retry::RetryConfig::standard()
        .with_max_attempts(5)
        .with_initial_backoff(Duration::from_millis(50))
        .with_max_backoff(Duration::from_secs(2));
    // An answer that does not come within 10 s is a dropped call: tried again, not waited for.
    let timeouts = aws_config::timeout::TimeoutConfig::builder()
        .connect_timeout(Duration::from_secs(3))
        .operation_attempt_timeout(Duration::from_secs(10))
        .build();
    let mut loader = aws_config::defaults(aws_config::BehaviorVersion::latest())
        .retry_config(retry)
        .timeout_config(timeouts);
    if let Some(endpoint) = endpoint {
        loader = loader.endpoint_url(endpoint);
    }
    loader.load().await
}

/// An S3 client; path-style addressing for emulators, which serve no per-bucket host names.
pub fn s3_client(sdk: &aws_config::SdkConfig, path_style: bool) -> aws_sdk_s3::Client {
    let config = aws_sdk_s3::config::Builder::from(sdk)
        .force_path_style(path_style)
        .build();
    aws_sdk_s3::Client::from_conf(config)
}
