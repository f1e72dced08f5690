//! The state every handler receives: configuration, the store, the file store and the token keys.

use std::sync::Arc;

use anyhow::Context;

use crate::auth::cache::AuthCache;
use crate::auth::session::JwtKeys;
use crate::config::{Config, Secret, StoreKind};
use crate::http::ApiError;
use crate::module::{ModuleDef, Registry};
use crate::ratelimit::{DynamoLimiter, LocalLimiter, RateLimiter, Unlimited};
use crate::region::Directory;
use crate::resource::custom::DefinitionsCache;
use crate::store::dynamo::DynamoStore;
use crate::store::files::{DirObjectStore, ObjectStore, S3ObjectStore};
use crate::store::sqlite::SqliteStore;
use crate::store::Store;
use crate::usage::UsageMeter;

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    config: Config,
    store: Arc<dyn Store>,
    files: Arc<dyn ObjectStore>,
    limiter: Arc<dyn RateLimiter>,
    usage: UsageMeter,
    jwt: JwtKeys,
    auth_cache: AuthCache,
    definitions_cache: DefinitionsCache,
    /// SQS in the cloud (for the queues the configuration names); `None` on the embedded store.
    sqs: Option<aws_sdk_sqs::Client>,
    /// The regions' shared directory, when the platform has regions and names one.
    directory: Option<Directory>,
    registry: Registry,
}

impl AppState {
    /// Connects the configured backends (creating tables when asked) and loads the signing key.
    /// `modules` is every module of the deployment (`monolith::MODULES`), whichever this process
    /// serves: the OpenAPI document, the event catalogue and the seeders span them all.
    pub async fn from_config(config: Config, modules: &'static [ModuleDef]) -> anyhow::Result<Self> {
        let registry = Registry::new(modules);
        type Backends = (
            Arc<dyn Store>,
            Arc<dyn ObjectStore>,
            Arc<dyn RateLimiter>,
            Option<aws_sdk_sqs::Client>,
            Option<Arc<dyn Store>>,
        );
        let (store, files, limiter, sqs, directory): Backends = match config.store {
            StoreKind::Embedded => (
                Arc::new(SqliteStore::open(&config.data_dir.join("worktop.sqlite3"))?),
                Arc::new(DirObjectStore::new(config.data_dir.join("files"))),
                Arc::new(LocalLimiter::default()),
                None,
                match &config.directory_path {
                    Some(path) => Some(Arc::new(SqliteStore::open_shared(path)?)),
                    None => None,
                },
            ),
            StoreKind::DynamoDb => {
                let sdk = aws_sdk_config(config.aws_endpoint_url.as_deref()).await;
                let dynamo = aws_sdk_dynamodb::Client::new(&sdk);
                let s3 = S3ObjectStore::new(s3_client(&sdk, config.aws_endpoint_url.is_some()), &config.files_bucket);
                if config.create_tables {
                    DynamoStore::create_records_table(&dynamo, &config.records_table).await?;
                    DynamoStore::create_ratelimits_table(&dynamo, &config.ratelimits_table).await?;
                    s3.create_bucket().await?;
                }
                let limiter = Arc::new(DynamoLimiter::new(dynamo.clone(), &config.ratelimits_table));
                let directory: Option<Arc<dyn Store>> = match &config.directory_table {
                    Some(table) => {
                        if config.create_tables {
                            DynamoStore::create_records_table(&dynamo, table).await?;
                        }
                        Some(Arc::new(DynamoStore::new(dynamo.clone(), table)))
                    }
                    None => None,
                };
                let records = DynamoStore::new(dynamo, &config.records_table);
                records.warm_up().await;
                (
                    Arc::new(records),
                    Arc::new(s3),
                    limiter,
                    Some(aws_sdk_sqs::Client::new(&sdk)),
                    directory,
                )
            }
        };
        let limiter: Arc<dyn RateLimiter> = if config.rate_limits {
            limiter
        } else {
            Arc::new(Unlimited)
        };
        // Every write goes through the cache's watch, so this instance's changes reach it at once.
        let auth_cache = AuthCache::new(config.auth_cache_ttl);
        let definitions_cache = auth_cache.sharing();
        let store = auth_cache.watch(store);
        let secret = jwt_secret(&config)?;
        let jwt = JwtKeys::new(secret.expose().as_bytes());
        let usage = UsageMeter::new(config.usage_flush_interval);
        let directory = match (&config.regions, directory) {
            (Some(regions), Some(store)) => Some(Directory::new(store, regions.here())),
            _ => None,
        };
        Ok(Self {
            inner: Arc::new(Inner {
                usage,
                config,
                store,
                files,
                limiter,
                jwt,
                auth_cache,
                definitions_cache,
                sqs,
                directory,
                registry,
            }),
        })
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }
    /// The start of a credential of `kind` (`wt_live_`, `wto_`, ...) this instance issues: with
    /// its region when the platform has several ([`crate::region`]), so another cell can send the
    /// credential home without reading anything.
    /// Ok when `token` (a credential, or a public route's token) belongs to this instance's
    /// region; 421 `wrong_region` naming its home otherwise ([`crate::region`]). Always Ok with
    /// one region.
    pub fn admit_region(&self, token: &str) -> Result<(), ApiError> {
        match &self.inner.config.regions {
            Some(regions) => regions.admit(token),
            None => Ok(()),
        }
    }
    /// The regions' shared directory ([`crate::region::Directory`]), when configured.
    pub fn directory(&self) -> Option<&Directory> {
        self.inner.directory.as_ref()
    }
    pub fn credential_prefix(&self, kind: &str) -> String {
        match &self.inner.config.regions {
            Some(regions) => regions.credential_prefix(kind),
            None => kind.to_string(),
        }
    }
    pub fn store(&self) -> &dyn Store {
        &*self.inner.store
    }
    pub fn store_arc(&self) -> Arc<dyn Store> {
        Arc::clone(&self.inner.store)
    }
    pub fn files(&self) -> &dyn ObjectStore {
        &*self.inner.files
    }
    pub fn limiter(&self) -> &dyn RateLimiter {
        &*self.inner.limiter
    }
    pub fn usage(&self) -> &UsageMeter {
        &self.inner.usage
    }
    pub fn jwt(&self) -> &JwtKeys {
        &self.inner.jwt
    }
    /// What tokens resolved to, kept for `AUTH_CACHE_SECONDS` ([`crate::auth::cache`]).
    pub fn auth_cache(&self) -> &AuthCache {
        &self.inner.auth_cache
    }
    /// Custom field definitions by workspace and kind ([`crate::resource::custom::definitions_of`]).
    pub fn definitions_cache(&self) -> &DefinitionsCache {
        &self.inner.definitions_cache
    }
    /// The SQS client, on DynamoDB (the cloud).
    pub fn sqs(&self) -> Option<&aws_sdk_sqs::Client> {
        self.inner.sqs.as_ref()
    }
    /// What the deployment's modules add up to: every module, whichever this process serves.
    pub fn registry(&self) -> &Registry {
        &self.inner.registry
    }
}

/// `JWT_SECRET` when set (required in the cloud); locally, a secret generated once and kept in
/// `DATA_DIR/jwt_secret` so sessions survive restarts.
fn jwt_secret(config: &Config) -> anyhow::Result<Secret> {
    if let Some(secret) = &config.jwt_secret {
        anyhow::ensure!(secret.expose().len() >= 32, "JWT_SECRET must be at least 32 characters");
        return Ok(secret.clone());
    }
    anyhow::ensure!(
        config.store == StoreKind::Embedded && !config.in_lambda,
        "JWT_SECRET is required when STORE=dynamodb or inside Lambda"
    );
    let path = config.data_dir.join("jwt_secret");
    if let Ok(existing) = std::fs::read_to_string(&path) {
        if existing.trim().len() >= 32 {
            return Ok(Secret::new(existing.trim()));
        }
    }
    std::fs::create_dir_all(&config.data_dir).context("creating DATA_DIR")?;
    let generated = crate::auth::api_key::generate("").secret;
    std::fs::write(&path, &generated).context("writing the generated JWT secret")?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(Secret::new(generated))
}

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
