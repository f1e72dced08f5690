//! Integration helpers: the calling workspace's configuration of a social network feed
//! (`/api/social-post`), a to-do service (`/api/todo-sync`) and an SMS gateway
//! (`/api/sms-gateway`). `GET` shows it, `POST` changes it (absent fields stay); each has one
//! write-only secret (an access token, an API token, an auth token), sealed like SMTP passwords
//! ([`shared::secrets`]) and shown only as `*_set: true`. One record per integration in the
//! caller's tenant (the sandbox keeps its own). They are the workspace's administration:
//! `users.read` to see, `users.write` to change, on every plan.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use shared::domain::Text;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson};
use shared::store::{Condition, Item, Key, Partition, StoreError, StoreExt, TenantId, Write};
use shared::time::now_rfc3339;

use shared::secrets::{self, Sealed};

/// One integration's settings: what the API shows (the secret only as a flag) and how a body
/// changes them.
pub trait Integration: Serialize + DeserializeOwned + Default + Clone + JsonSchema + Send + Sync + 'static {
    /// Its record's name: `social_post`.
    const NAME: &'static str;
    /// The secret's field in bodies: `access_token`.
    const SECRET: &'static str;
    type In: DeserializeOwned + JsonSchema + Send + 'static;

    /// Applies `input` (validated; every error at once) and returns what it does to the secret:
    /// `None` leaves it, `Some(None)` removes it, `Some(Some(s))` replaces it.
    fn apply(&mut self, errors: &mut FieldErrors, input: Self::In) -> Option<Option<String>>;
    /// The fields a first configuration must give, with whether each is still missing.
    fn missing(&self) -> Vec<(&'static str, bool)>;
    /// Sets the shown fields that the record does not hold (`*_set`, `configured`, ...).
    fn show(&mut self, secret_set: bool, updated_at: Option<String>, version: u64);
}

/// The stored form: the settings and the sealed secret.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Stored<I> {
    settings: I,
    secret: Option<Sealed>,
    updated_at: Option<String>,
    /// 0 while never stored.
    #[serde(default)]
    version: u64,
}

fn key<I: Integration>(tenant: TenantId) -> Key {
    Key::new(Partition::tenant(tenant, "wl_integration"), I::NAME)
}

/// Where an integration's secret is sealed: its associated data.
fn context<I: Integration>(tenant: TenantId) -> String {
    format!("t/{tenant}/integration/{}/{}", I::NAME, I::SECRET)
}

async fn load<I: Integration>(caller: &Caller) -> Result<Stored<I>, ApiError> {
    Ok(caller
        .state
        .store()
        .get_as(&key::<I>(caller.principal.tenant))
        .await?
        .unwrap_or_default())
}

fn shown<I: Integration>(stored: Stored<I>) -> I {
    let mut settings = stored.settings;
    settings.show(stored.secret.is_some(), stored.updated_at, stored.version);
    settings
}

/// `GET /api/<integration>`: the workspace's configuration.
pub async fn show<I: Integration>(caller: Caller) -> Result<Json<I>, ApiError> {
    Ok(Json(shown(load::<I>(&caller).await?)))
}

/// An integration body's optional expected version, read beside its own fields.
fn take_version(body: &mut serde_json::Value) -> Result<Option<u64>, ApiError> {
    shared::http::take_u64(body, "version")
}

/// `POST /api/<integration>`: changes the configuration (conditioned on the version read, or on
/// the body's `version`: 409 when it moved).
pub async fn update<I: Integration>(
    caller: Caller,
    ValidJson(mut body): ValidJson<serde_json::Value>,
) -> Result<Json<I>, ApiError> {
    // `null` is refused where the body cannot clear (`version` among them) before `version` is taken.
    shared::resource::patch::refuse_uncleared::<I::In>(&body)?;
    let expected = take_version(&mut body)?;
    let input: I::In = shared::http::parse_value(body)?;
    let tenant = caller.principal.tenant;
    let before = load::<I>(&caller).await?;
    if expected.is_some_and(|v| v != before.version) {
        return Err(ApiError::version_conflict());
    }
    let mut after = before.clone();
    let mut errors = FieldErrors::default();
    let secret = after.settings.apply(&mut errors, input);
    if before.version == 0 {
        for (field, missing) in after.settings.missing() {
            if missing && !errors.contains(field) {
                errors.add(field, format!("The {} field is required.", field.replace('_', " ")));
            }
        }
        if secret.is_none() && !errors.contains(I::SECRET) {
            errors.add(
                I::SECRET,
                format!("The {} field is required.", I::SECRET.replace('_', " ")),
            );
        }
    }
    errors.into_result(())?;
    match secret {
        Some(Some(plain)) => after.secret = Some(secrets::seal(&caller.state, &context::<I>(tenant), &plain)?),
        Some(None) => after.secret = None,
        None => {}
    }
    let condition = match before.version {
        0 => Condition::NotExists,
        v => Condition::Version(v),
    };
    after.version = before.version + 1;
    after.updated_at = Some(now_rfc3339());
    caller
        .state
        .store()
        .write(Write::put(Item::from_value(key::<I>(tenant), &after)?, condition))
        .await
        .map_err(|e| match e {
            StoreError::ConditionFailed { .. } => ApiError::version_conflict(),
            other => other.into(),
        })?;
    Ok(Json(shown(after)))
}

/// The longest write-only secret an integration or a mail server takes (a token, a password).
pub(crate) const SECRET_CHARS: usize = 512;

/// A write-only secret of 1 to [`SECRET_CHARS`] characters (`null` removes it).
fn secret_field(errors: &mut FieldErrors, field: &str, value: Option<Option<String>>) -> Option<Option<String>> {
    match value {
        Some(Some(s)) if s.trim().is_empty() || s.chars().count() > SECRET_CHARS => {
            errors.add(
                field,
                format!(
                    "The {} must be 1 to {SECRET_CHARS} characters.",
                    field.replace('_', " ")
                ),
            );
            None
        }
        other => other,
    }
}

/// A phone number in E.164 form (`+` and 8 to 15 digits).
fn phone(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let raw = value?;
    let digits: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
    let ok = digits.starts_with('+')
        && (9..=16).contains(&digits.len())
        && digits[1..].chars().all(|c| c.is_ascii_digit())
        && !digits[1..].starts_with('0');
    if !ok {
        errors.add(field, "The number must be in international form, such as +14155550123.");
        return None;
    }
    Some(digits)
}

fn e164_schema(schema: &mut schemars::Schema) {
    schema.insert("pattern".into(), serde_json::json!(r"^\+[1-9][0-9]{7,14}$"));
}

// ---------------------------------------------------------------------------------------------
// Social network feed

shared::choice! {
    /// A social network.
    pub enum SocialNetwork {
        Facebook = "facebook",
        Instagram = "instagram",
        Linkedin = "linkedin",
        X = "x" | "twitter",
        Mastodon = "mastodon",
    }
}

/// Posting to a social network account: `GET`/`POST /api/social-post`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SocialPost {
    /// Set once a network, account and token are stored.
    #[serde(default)]
    pub configured: bool,
    pub network: Option<SocialNetwork>,
    /// The connected account's handle or page name.
    pub account: Option<String>,
    /// The page or organisation id posts go to, when the network has one.
    pub page_id: Option<String>,
    /// Whether the workspace posts (announcements, new products) to it.
    #[serde(default)]
    pub enabled: bool,
    /// Whether an access token is stored (it is write-only).
    #[serde(default)]
    pub access_token_set: bool,
    pub updated_at: Option<String>,
    #[serde(default)]
    pub version: u64,
}

/// Body of `POST /api/social-post`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"network": "linkedin", "account": "acme-dental", "page_id": "urn:li:organization:123", "access_token": "token-from-the-network", "enabled": true}))]
pub struct SocialPostIn {
    pub network: Option<SocialNetwork>,
    pub account: Option<Text<100>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<200>>")]
    pub page_id: Option<Option<Text<200>>>,
    pub enabled: Option<bool>,
    /// Write-only; `null` removes it.
    #[schemars(length(min = 1, max = SECRET_CHARS))]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub access_token: Option<Option<String>>,
    /// The version the change is based on (409 when it moved on).
    #[schemars(range(min = 1))]
    pub version: Option<u64>,
}

impl Integration for SocialPost {
    const NAME: &'static str = "social_post";
    const SECRET: &'static str = "access_token";
    type In = SocialPostIn;

    fn apply(&mut self, errors: &mut FieldErrors, input: SocialPostIn) -> Option<Option<String>> {
        if input.network.is_some() {
            self.network = input.network;
        }
        if let Some(account) = errors.text("account", input.account) {
            self.account = Some(account);
        }
        if let Some(page_id) = input.page_id {
            self.page_id = page_id.and_then(|p| errors.required_text("page_id", Some(p)));
        }
        if let Some(enabled) = input.enabled {
            self.enabled = enabled;
        }
        secret_field(errors, "access_token", input.access_token)
    }

    fn missing(&self) -> Vec<(&'static str, bool)> {
        vec![("network", self.network.is_none()), ("account", self.account.is_none())]
    }

    fn show(&mut self, secret_set: bool, updated_at: Option<String>, version: u64) {
        self.access_token_set = secret_set;
        self.configured = secret_set && self.network.is_some() && self.account.is_some();
        self.updated_at = updated_at;
        self.version = version;
    }
}

// ---------------------------------------------------------------------------------------------
// To-do service sync

shared::choice! {
    /// A to-do service.
    pub enum TodoProvider {
        Todoist = "todoist",
        MicrosoftTodo = "microsoft_todo",
        GoogleTasks = "google_tasks",
        Asana = "asana",
        Trello = "trello",
    }
}

shared::choice! {
    /// Which way tasks flow.
    pub enum SyncDirection { Push = "push", Pull = "pull", Both = "both" }
}

/// Syncing project tasks with a to-do service: `GET`/`POST /api/todo-sync`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct TodoSync {
    #[serde(default)]
    pub configured: bool,
    pub provider: Option<TodoProvider>,
    /// The service's project (list, board) tasks sync with.
    pub project: Option<String>,
    /// `push`: Worktop's tasks go out; `pull`: the service's come in; `both`.
    pub direction: Option<SyncDirection>,
    #[serde(default)]
    pub enabled: bool,
    /// Whether an API token is stored (it is write-only).
    #[serde(default)]
    pub api_token_set: bool,
    pub updated_at: Option<String>,
    #[serde(default)]
    pub version: u64,
}

/// Body of `POST /api/todo-sync`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"provider": "todoist", "project": "Client work", "direction": "both", "api_token": "token-from-the-service", "enabled": true}))]
pub struct TodoSyncIn {
    pub provider: Option<TodoProvider>,
    pub project: Option<Text<200>>,
    /// Defaults to `both`.
    pub direction: Option<SyncDirection>,
    pub enabled: Option<bool>,
    /// Write-only; `null` removes it.
    #[schemars(length(min = 1, max = SECRET_CHARS))]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub api_token: Option<Option<String>>,
    /// The version the change is based on (409 when it moved on).
    #[schemars(range(min = 1))]
    pub version: Option<u64>,
}

impl Integration for TodoSync {
    const NAME: &'static str = "todo_sync";
    const SECRET: &'static str = "api_token";
    type In = TodoSyncIn;

    fn apply(&mut self, errors: &mut FieldErrors, input: TodoSyncIn) -> Option<Option<String>> {
        if input.provider.is_some() {
            self.provider = input.provider;
        }
        if let Some(project) = errors.text("project", input.project) {
            self.project = Some(project);
        }
        self.direction = input.direction.or(self.direction).or(Some(SyncDirection::Both));
        if let Some(enabled) = input.enabled {
            self.enabled = enabled;
        }
        secret_field(errors, "api_token", input.api_token)
    }

    fn missing(&self) -> Vec<(&'static str, bool)> {
        vec![
            ("provider", self.provider.is_none()),
            ("project", self.project.is_none()),
        ]
    }

    fn show(&mut self, secret_set: bool, updated_at: Option<String>, version: u64) {
        self.api_token_set = secret_set;
        self.configured = secret_set && self.provider.is_some() && self.project.is_some();
        self.updated_at = updated_at;
        self.version = version;
    }
}

// ---------------------------------------------------------------------------------------------
// SMS gateway

shared::choice! {
    /// An SMS gateway.
    pub enum SmsProvider {
        Twilio = "twilio",
        Vonage = "vonage",
        Messagebird = "messagebird",
        Plivo = "plivo",
        Sinch = "sinch",
    }
}

/// Sending SMS through a gateway: `GET`/`POST /api/sms-gateway`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SmsGateway {
    #[serde(default)]
    pub configured: bool,
    pub provider: Option<SmsProvider>,
    /// The sending number, E.164.
    pub from_number: Option<String>,
    /// The gateway account's id (Twilio's account SID, Vonage's API key, ...).
    pub account_sid: Option<String>,
    #[serde(default)]
    pub enabled: bool,
    /// Whether an auth token is stored (it is write-only).
    #[serde(default)]
    pub auth_token_set: bool,
    pub updated_at: Option<String>,
    #[serde(default)]
    pub version: u64,
}

/// Body of `POST /api/sms-gateway`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"provider": "twilio", "from_number": "+14155550123", "account_sid": "AC0123456789abcdef", "auth_token": "token-from-the-gateway", "enabled": true}))]
pub struct SmsGatewayIn {
    pub provider: Option<SmsProvider>,
    #[schemars(transform = e164_schema)]
    pub from_number: Option<String>,
    pub account_sid: Option<Text<100>>,
    pub enabled: Option<bool>,
    /// Write-only; `null` removes it.
    #[schemars(length(min = 1, max = SECRET_CHARS))]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub auth_token: Option<Option<String>>,
    /// The version the change is based on (409 when it moved on).
    #[schemars(range(min = 1))]
    pub version: Option<u64>,
}

impl Integration for SmsGateway {
    const NAME: &'static str = "sms_gateway";
    const SECRET: &'static str = "auth_token";
    type In = SmsGatewayIn;

    fn apply(&mut self, errors: &mut FieldErrors, input: SmsGatewayIn) -> Option<Option<String>> {
        if input.provider.is_some() {
            self.provider = input.provider;
        }
        if let Some(number) = phone(errors, "from_number", input.from_number) {
            self.from_number = Some(number);
        }
        if let Some(sid) = errors.text("account_sid", input.account_sid) {
            self.account_sid = Some(sid);
        }
        if let Some(enabled) = input.enabled {
            self.enabled = enabled;
        }
        secret_field(errors, "auth_token", input.auth_token)
    }

    fn missing(&self) -> Vec<(&'static str, bool)> {
        vec![
            ("provider", self.provider.is_none()),
            ("from_number", self.from_number.is_none()),
            ("account_sid", self.account_sid.is_none()),
        ]
    }

    fn show(&mut self, secret_set: bool, updated_at: Option<String>, version: u64) {
        self.auth_token_set = secret_set;
        self.configured =
            secret_set && self.provider.is_some() && self.from_number.is_some() && self.account_sid.is_some();
        self.updated_at = updated_at;
        self.version = version;
    }
}
