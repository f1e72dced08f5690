//! Typed configuration, read from the environment once. The only module that reads `std::env`.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// A secret value that never prints: `Debug` and `Display` show `[redacted]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    /// The secret itself; call only where it is used, never to log it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Which storage backend serves records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreKind {
    /// SQLite in `DATA_DIR`: the local default.
    Embedded,
    /// DynamoDB tables `RECORDS_TABLE` and `RATELIMITS_TABLE`, files in S3 `FILES_BUCKET`.
    DynamoDb,
}

/// Everything the platform reads from the environment.
#[derive(Clone, Debug)]
pub struct Config {
    pub port: u16,
    pub store: StoreKind,
    pub data_dir: PathBuf,
    pub records_table: String,
    pub ratelimits_table: String,
    pub files_bucket: String,
    /// Set in tests to reach moto; unset in the cloud.
    pub aws_endpoint_url: Option<String>,
    /// Create the tables and bucket when missing (local development and tests against moto).
    pub create_tables: bool,
    /// Required in the cloud; locally generated once and kept in `DATA_DIR`.
    pub jwt_secret: Option<Secret>,
    pub admin_email: Option<String>,
    pub admin_password: Option<Secret>,
    /// Lifetime of a session token (`expires_in` of the login response).
    pub session_ttl: Duration,
    /// True inside AWS Lambda (`AWS_LAMBDA_RUNTIME_API` is set).
    pub in_lambda: bool,
    /// `RUST_LOG`-style filter for the JSON logs.
    pub log_filter: String,
    /// Per-token rate limiting (`RATE_LIMITS=off` turns it off, for benchmarks).
    pub rate_limits: bool,
    /// A new (or reset) sandbox gets every module's demo data; `SANDBOX_DEMO_DATA=off` gives it
    /// only what a live workspace starts with (the chart of accounts, a pipeline), which is what
    /// most tests need and costs a fraction of the seed.
    pub sandbox_demo_data: bool,
    /// The window a plan's "requests per hour" refers to. 3600 in production; tests shrink it so
    /// a bucket refills in seconds.
    pub rate_limit_window: Duration,
    /// `AUTH_CACHE_SECONDS` (at most 3600): how long an instance keeps what a token resolved to
    /// (its principal) and a workspace's custom field definitions before reading them again; the
    /// longest another instance's revocation, role, plan, module or definition change takes to
    /// reach it (this instance's own changes apply at once). 0 turns the caches off.
    pub auth_cache_ttl: Duration,
    /// How often an instance adds the requests it counted to the accounts' usage counters
    /// (`crate::usage`); zero writes on every request.
    pub usage_flush_interval: Duration,
    /// `IDEMPOTENCY_CLAIM_SECONDS` (1 to 3600, default 60): how long a request with an
    /// `Idempotency-Key` holds the key before a retry may take it over as abandoned (its process
    /// died before it wrote anything).
    pub idempotency_claim: Duration,
    /// Lets webhooks reach private and loopback addresses over http (local development, tests).
    pub webhook_allow_private: bool,
    /// The first retry's delay; retry n waits base x 4^(n-1), at most `webhook_retry_max`.
    pub webhook_retry_base: Duration,
    pub webhook_retry_max: Duration,
    /// How long finished deliveries stay in the delivery log.
    pub webhook_log_retention: Duration,
    /// The SQS queue webhook deliveries go through in the cloud.
    pub webhook_queue_url: Option<String>,
    /// Where deliveries that failed for good are kept in the cloud.
    pub webhook_dead_letter_queue_url: Option<String>,
    /// `TRANSFER_QUEUE_URL`: the SQS queue that wakes the `transfer` function for each import
    /// or export job queued in the cloud (unset, its schedule finds the jobs).
    pub transfer_queue_url: Option<String>,
    /// `WORKTOP_SECRETS_KEY`: the 32-byte master key that encrypts the data keys of stored
    /// secrets (SMTP and integration passwords), given as base64 or 64 hex digits. Required in the
    /// cloud (`STORE=dynamodb` or inside Lambda); locally generated once into `DATA_DIR`.
    pub secrets_key: Option<SecretKey>,
    /// `DNS_OVER_HTTPS_URL`: the DNS-over-HTTPS JSON endpoint a custom domain's TXT record is
    /// checked through (`?name=...&type=TXT`, answering `application/dns-json`).
    pub dns_over_https_url: String,
    /// `PUBLIC_BASE_URL`: the URL clients reach the API at (`https://api.example.com`), the
    /// OAuth issuer. Unset, the issuer follows each request's `Host` (local development).
    pub public_base_url: Option<String>,
    /// `SMTP_URL`: the SMTP server mail goes through: `smtps://user:pass@host:465` (TLS),
    /// `smtp://user:pass@host:587?tls=required` (STARTTLS), or `smtp://host:25` (plain text, for
    /// a server on this machine). Unset, mail is written to `DATA_DIR/mail` ([`crate::mail`]).
    pub smtp_url: Option<Secret>,
    /// `MAIL_FROM`: the sender of the API's mail (`Worktop <no-reply@example.com>`).
    pub mail_from: String,
    /// `STRIPE_API_BASE`: where white-label billing calls Stripe (`localstripe` in tests).
    pub stripe_api_base: String,
    /// `STRIPE_SECRET_KEY`: billing is off (422 `billing_not_configured`) without it.
    pub stripe_secret_key: Option<Secret>,
    /// `STRIPE_WEBHOOK_SECRET`: the signing secret `/api/wl/webhook-callback` verifies
    /// `Stripe-Signature` with; without it every callback is refused.
    pub stripe_webhook_secret: Option<Secret>,
    /// `CLOCK_OFFSET_FILE`: a file holding the whole seconds the trial clock runs ahead of the
    /// real one, read each time the trial job runs, so a test moves a trial to its end without
    /// waiting 14 days. Unset (always, in production), the trial clock is the real one.
    pub clock_offset_file: Option<PathBuf>,
    /// `REGION` and `REGIONS`: this cell and the platform's cells ([`crate::region`]); `None`,
    /// one cell.
    pub regions: Option<crate::region::Regions>,
    /// `DIRECTORY_TABLE` (DynamoDB) or `DIRECTORY_PATH` (a SQLite file): the regions' shared
    /// directory ([`crate::region::Directory`]), with `REGIONS` only; unset, logins are not routed
    /// between regions.
    pub directory_table: Option<String>,
    pub directory_path: Option<PathBuf>,
    /// `CELL_SECRET`: the key every region of the platform shares to sign calls between cells
    /// ([`crate::cell`]); unset, a platform provisions sub-tenants in its own region only.
    pub cell_secret: Option<Secret>,
}

/// 32 bytes of key material that never print.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretKey([u8; 32]);

impl SecretKey {
    pub fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }
    /// Reads base64 (standard or URL-safe, padded or not) or 64 hex digits.
    pub fn parse(raw: &str) -> Option<Self> {
        use base64::Engine;
        let raw = raw.trim();
        let bytes = if raw.len() == 64 && raw.bytes().all(|b| b.is_ascii_hexdigit()) {
            hex::decode(raw).ok()?
        } else {
            let engines = [
                base64::engine::general_purpose::STANDARD,
                base64::engine::general_purpose::STANDARD_NO_PAD,
                base64::engine::general_purpose::URL_SAFE,
                base64::engine::general_purpose::URL_SAFE_NO_PAD,
            ];
            engines.iter().find_map(|e| e.decode(raw).ok())?
        };
        <[u8; 32]>::try_from(bytes).ok().map(Self)
    }
    /// The key itself; call only where it is used, never to log it.
    pub fn expose(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// A configuration variable that is present but unusable.
#[derive(Debug, thiserror::Error)]
#[error("configuration variable {name}: {problem}")]
pub struct ConfigError {
    pub name: &'static str,
    pub problem: String,
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads configuration through `lookup`, so tests can build one without touching the environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let port = match get("PORT") {
            Some(v) => v.parse().map_err(|_| ConfigError {
                name: "PORT",
                problem: format!("expected a port number, got {v:?}"),
            })?,
            None => 8080,
        };
        let store = match get("STORE").as_deref() {
            None | Some("embedded") => StoreKind::Embedded,
            Some("dynamodb") => StoreKind::DynamoDb,
            Some(other) => {
                return Err(ConfigError {
                    name: "STORE",
                    problem: format!("expected `embedded` or `dynamodb`, got {other:?}"),
                })
            }
        };
        let flag = |name: &str| {
            get(name)
                .map(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
                .unwrap_or(false)
        };
        let session_ttl = match get("SESSION_TTL_SECONDS") {
            Some(v) => Duration::from_secs(v.parse().map_err(|_| ConfigError {
                name: "SESSION_TTL_SECONDS",
                problem: format!("expected whole seconds, got {v:?}"),
            })?),
            None => Duration::from_secs(3600),
        };
        let millis = |name: &'static str, default: u64| -> Result<Duration, ConfigError> {
            match get(name) {
                Some(v) => v.parse().map(Duration::from_millis).map_err(|_| ConfigError {
                    name,
                    problem: format!("expected whole milliseconds, got {v:?}"),
                }),
                None => Ok(Duration::from_millis(default)),
            }
        };
        let rate_limit_window = match get("RATE_LIMIT_WINDOW_SECONDS") {
            // Fractions too: the benchmark shrinks it below a second so that no limit refuses
            // at its rates.
            Some(v) => match v.parse::<f64>() {
                Ok(secs) if secs >= 0.001 && secs.is_finite() => Duration::from_secs_f64(secs),
                _ => {
                    return Err(ConfigError {
                        name: "RATE_LIMIT_WINDOW_SECONDS",
                        problem: format!("expected a positive number of seconds, got {v:?}"),
                    })
                }
            },
            None => Duration::from_secs(3600),
        };
        // At most an hour: what another instance changes must reach this one in bounded time.
        let auth_cache_ttl = match get("AUTH_CACHE_SECONDS") {
            Some(v) => {
                Duration::from_secs(
                    v.parse::<u64>()
                        .ok()
                        .filter(|s| *s <= 3600)
                        .ok_or_else(|| ConfigError {
                            name: "AUTH_CACHE_SECONDS",
                            problem: format!("expected whole seconds from 0 to 3600, got {v:?}"),
                        })?,
                )
            }
            None => Duration::from_secs(5),
        };
        let usage_flush_interval = match get("USAGE_FLUSH_SECONDS") {
            Some(v) => Duration::from_secs(v.parse::<u64>().map_err(|_| ConfigError {
                name: "USAGE_FLUSH_SECONDS",
                problem: format!("expected whole seconds, got {v:?}"),
            })?),
            None => Duration::from_secs(10),
        };
        let idempotency_claim = match get("IDEMPOTENCY_CLAIM_SECONDS") {
            Some(v) => Duration::from_secs(v.parse::<u64>().ok().filter(|s| (1..=3600).contains(s)).ok_or_else(
                || ConfigError {
                    name: "IDEMPOTENCY_CLAIM_SECONDS",
                    problem: format!("expected whole seconds from 1 to 3600, got {v:?}"),
                },
            )?),
            None => Duration::from_secs(60),
        };
        let secrets_key = match get("WORKTOP_SECRETS_KEY") {
            Some(v) => Some(SecretKey::parse(&v).ok_or_else(|| ConfigError {
                name: "WORKTOP_SECRETS_KEY",
                problem: "expected 32 bytes as base64 or 64 hex digits".into(),
            })?),
            None => None,
        };
        Ok(Self {
            port,
            store,
            data_dir: PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "./data".into())),
            records_table: get("RECORDS_TABLE").unwrap_or_else(|| "Records".into()),
            ratelimits_table: get("RATELIMITS_TABLE").unwrap_or_else(|| "RateLimits".into()),
            files_bucket: get("FILES_BUCKET").unwrap_or_else(|| "worktop-files".into()),
            aws_endpoint_url: get("AWS_ENDPOINT_URL"),
            create_tables: flag("DYNAMODB_CREATE_TABLES"),
            jwt_secret: get("JWT_SECRET").map(Secret::new),
            admin_email: get("ADMIN_EMAIL"),
            admin_password: get("ADMIN_PASSWORD").map(Secret::new),
            session_ttl,
            in_lambda: get("AWS_LAMBDA_RUNTIME_API").is_some(),
            log_filter: get("RUST_LOG").unwrap_or_else(|| "info".into()),
            rate_limits: !matches!(get("RATE_LIMITS").as_deref(), Some("off" | "false" | "0")),
            sandbox_demo_data: !matches!(get("SANDBOX_DEMO_DATA").as_deref(), Some("off" | "false" | "0")),
            rate_limit_window,
            usage_flush_interval,
            auth_cache_ttl,
            idempotency_claim,
            webhook_allow_private: flag("WEBHOOK_ALLOW_PRIVATE"),
            webhook_retry_base: millis("WEBHOOK_RETRY_BASE_MS", 5_000)?,
            webhook_retry_max: millis("WEBHOOK_RETRY_MAX_MS", 12 * 3600 * 1000)?,
            webhook_queue_url: get("WEBHOOK_QUEUE_URL"),
            webhook_dead_letter_queue_url: get("WEBHOOK_DEAD_LETTER_QUEUE_URL"),
            transfer_queue_url: get("TRANSFER_QUEUE_URL"),
            secrets_key,
            dns_over_https_url: get("DNS_OVER_HTTPS_URL")
                .unwrap_or_else(|| "https://cloudflare-dns.com/dns-query".into()),
            public_base_url: match get("PUBLIC_BASE_URL") {
                Some(v) => match url::Url::parse(&v) {
                    Ok(u) if matches!(u.scheme(), "http" | "https") && u.path() == "/" && u.query().is_none() => {
                        Some(v.trim_end_matches('/').to_owned())
                    }
                    _ => {
                        return Err(ConfigError {
                            name: "PUBLIC_BASE_URL",
                            problem: format!("expected an http(s) origin such as https://api.example.com, got {v:?}"),
                        })
                    }
                },
                None => None,
            },
            smtp_url: get("SMTP_URL").map(Secret::new),
            mail_from: get("MAIL_FROM").unwrap_or_else(|| "Worktop <no-reply@worktop.localhost>".into()),
            stripe_api_base: get("STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".into()),
            stripe_secret_key: get("STRIPE_SECRET_KEY").map(Secret::new),
            stripe_webhook_secret: get("STRIPE_WEBHOOK_SECRET").map(Secret::new),
            clock_offset_file: get("CLOCK_OFFSET_FILE").map(PathBuf::from),
            regions: crate::region::Regions::parse(get("REGION"), get("REGIONS"))?,
            directory_table: get("DIRECTORY_TABLE"),
            directory_path: get("DIRECTORY_PATH").map(PathBuf::from),
            cell_secret: match get("CELL_SECRET") {
                // Anyone who has it can act as a region: it must not be guessable.
                Some(v) if v.len() < 32 => {
                    return Err(ConfigError {
                        name: "CELL_SECRET",
                        problem: format!("must be at least 32 characters, got {}", v.len()),
                    })
                }
                v => v.map(Secret::new),
            },
            webhook_log_retention: Duration::from_secs(
                86_400
                    * match get("WEBHOOK_LOG_RETENTION_DAYS") {
                        Some(v) => v.parse::<u64>().map_err(|_| ConfigError {
                            name: "WEBHOOK_LOG_RETENTION_DAYS",
                            problem: format!("expected whole days, got {v:?}"),
                        })?,
                        None => 30,
                    },
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_apply_when_nothing_is_set() {
        let config = Config::from_lookup(|_| None).unwrap();
        assert_eq!(config.port, 8080);
        assert_eq!(config.store, StoreKind::Embedded);
        assert_eq!(config.data_dir, PathBuf::from("./data"));
        assert!(!config.in_lambda);
    }

    #[test]
    fn the_public_base_url_is_an_origin() {
        let with = |v: &str| Config::from_lookup(|n| (n == "PUBLIC_BASE_URL").then(|| v.to_string()));
        assert_eq!(
            with("https://api.example.com/").unwrap().public_base_url.as_deref(),
            Some("https://api.example.com")
        );
        for bad in ["api.example.com", "ftp://api.example.com", "https://api.example.com/v1"] {
            assert_eq!(with(bad).unwrap_err().name, "PUBLIC_BASE_URL", "{bad}");
        }
        assert_eq!(Config::from_lookup(|_| None).unwrap().public_base_url, None);
    }

    #[test]
    fn the_cache_time_is_at_most_an_hour() {
        let with = |v: &str| Config::from_lookup(|n| (n == "AUTH_CACHE_SECONDS").then(|| v.to_string()));
        assert_eq!(with("3600").unwrap().auth_cache_ttl, Duration::from_secs(3600));
        assert_eq!(with("0").unwrap().auth_cache_ttl, Duration::ZERO);
        for bad in ["3601", "-1", "1.5", "soon"] {
            assert_eq!(with(bad).unwrap_err().name, "AUTH_CACHE_SECONDS", "{bad}");
        }
    }

    #[test]
    fn an_unknown_store_is_refused_with_the_variable_named() {
        let err = Config::from_lookup(|n| (n == "STORE").then(|| "mongo".to_string())).unwrap_err();
        assert_eq!(err.name, "STORE");
    }

    #[test]
    fn the_secrets_key_reads_hex_or_base64_and_never_prints() {
        let hex_key = "00".repeat(31) + "ff";
        let config = Config::from_lookup(|n| (n == "WORKTOP_SECRETS_KEY").then(|| hex_key.clone())).unwrap();
        let key = config.secrets_key.clone().unwrap();
        assert_eq!(key.expose()[31], 0xff);
        assert!(!format!("{config:?}").contains(&hex_key));
        let b64 = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP8=";
        let config = Config::from_lookup(|n| (n == "WORKTOP_SECRETS_KEY").then(|| b64.to_string())).unwrap();
        assert_eq!(config.secrets_key, Some(key));
        let err = Config::from_lookup(|n| (n == "WORKTOP_SECRETS_KEY").then(|| "short".to_string())).unwrap_err();
        assert_eq!(err.name, "WORKTOP_SECRETS_KEY");
    }

    #[test]
    fn secrets_do_not_print() {
        let config = Config::from_lookup(|n| (n == "JWT_SECRET").then(|| "s3cr3t-value".to_string())).unwrap();
        assert!(!format!("{config:?}").contains("s3cr3t-value"));
    }

    #[test]
    fn a_short_cell_secret_is_refused() {
        let with =
            |secret: &'static str| Config::from_lookup(move |n| (n == "CELL_SECRET").then(|| secret.to_string()));
        let refused = with("too-short").unwrap_err();
        assert_eq!(refused.name, "CELL_SECRET");
        let accepted = with("0123456789abcdef0123456789abcdef").unwrap();
        assert!(accepted.cell_secret.is_some());
        assert!(with("").unwrap().cell_secret.is_none());
    }
}
