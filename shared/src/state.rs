//! The state every handler receives: the resource layer's [`Services`] (configuration, the stores,
//! the queue, the caches), which it derefs to, and what only the HTTP edge needs: the rate limiter,
//! the usage meter, the token keys and caches, the regions' directory and the module registry.

use std::sync::Arc;

use anyhow::Context;

use crate::auth::cache::AuthCache;
use crate::auth::session::JwtKeys;
use crate::aws::{aws_sdk_config, s3_client};
use crate::config::{Config, Secret, StoreKind};
use crate::module::{ModuleDef, Registry};
use crate::ratelimit::{DynamoLimiter, LocalLimiter, RateLimiter, Unlimited};
use crate::region::Directory;
use crate::resource::Services;
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
    /// What the resource layer works with (the stores, configuration, queue, caches), which the
    /// state derefs to.
    services: Services,
    limiter: Arc<dyn RateLimiter>,
    usage: UsageMeter,
    jwt: JwtKeys,
    auth_cache: AuthCache,
    /// The regions' shared directory, when the platform has regions and names one.
    directory: Option<Directory>,
    registry: Registry,
}

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.inner.services
    }
}

impl AppState {
    /// Connects the configured backends (creating tables when asked) and loads the signing key.
    /// `modules` are the definitions this process links (`modules::ALL` in the local server; a
    /// Lambda function's own, `shared::module::serving_only`): the registry serves their routes
    /// and runs their seeders, books and imports, and knows every module's kinds and event types
    /// from the generated description ([`crate::module::described`]).
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
        let item_cache = auth_cache.sharing();
        let value_cache = auth_cache.sharing();
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
                services: Services {
                    config,
                    store,
                    files,
                    sqs,
                    definitions_cache,
                    item_cache,
                    value_cache,
                    catalog: Arc::clone(registry.catalog()),
                },
                usage,
                limiter,
                jwt,
                auth_cache,
                directory,
                registry,
            }),
        })
    }

    /// The regions' shared directory ([`crate::region::Directory`]), when configured.
    pub fn directory(&self) -> Option<&Directory> {
        self.inner.directory.as_ref()
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
