//! A sub-tenant's white-label settings, set by its platform: branding (name, colours, support
//! address, logo), a custom domain proven by a DNS TXT record, and SMTP settings whose password is
//! write-only and sealed ([`shared::secrets`]).
//!
//! The settings live in the sub-tenant's own tenant (one record, `shared::white_label`), so what
//! speaks for it (its badge, its mail) reads them without knowing its platform; the platform
//! reaches them only through its own [`SubTenant`] record, so another platform's sub-tenant is 404.
//!
//! Domain verification: `POST .../domain` answers the TXT record to publish
//! (`_worktop-challenge.<domain>` = `worktop-verification=<token>`); `POST .../domain/verify`
//! looks it up through DNS over HTTPS (`DNS_OVER_HTTPS_URL`, the JSON API that Cloudflare and
//! Google serve): no resolver crate is in the build, and an HTTPS lookup works the same from
//! Lambda. The domain is not yet used to route requests, so two platforms naming one domain are
//! not refused; only the one whose token is published verifies.

use axum::extract::multipart::MultipartRejection;
use axum::extract::Multipart;
use axum::http::header;
use axum::response::Response;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::domain::{Color, Email, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{
    discard_upload, read_upload, served_file, store_upload, ApiError, FieldErrors, ValidJson, ValidPath,
};
use shared::resource::ops;
use shared::resource::PatchJson;
use shared::store::files::ObjectKey;
use shared::store::{Condition, Item, TenantId, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use crate::tenants::SubTenant;
use shared::secrets;
use shared::white_label::{
    load_settings, settings_key, smtp_context, CustomDomain, Logo, Smtp, SmtpSecurity, WlSettings,
};

/// Stores `after` in place of `before` (conditioned on its version: 409 when it moved).
async fn save_settings(
    state: &AppState,
    tenant: TenantId,
    before: &WlSettings,
    after: WlSettings,
) -> Result<WlSettings, ApiError> {
    save_settings_with(state, tenant, before, after, Vec::new()).await
}

/// [`save_settings`] with `also` in the same transaction.
async fn save_settings_with(
    state: &AppState,
    tenant: TenantId,
    before: &WlSettings,
    mut after: WlSettings,
    also: Vec<Write>,
) -> Result<WlSettings, ApiError> {
    let condition = match before.version {
        0 => Condition::NotExists,
        v => Condition::Version(v),
    };
    after.version = before.version + 1;
    after.updated_at = Some(now_rfc3339());
    let mut writes = vec![Write::put(Item::from_value(settings_key(tenant), &after)?, condition)];
    writes.extend(also);
    state.store().transact(writes).await.map_err(|e| match e {
        shared::store::StoreError::ConditionFailed { .. } => ApiError::version_conflict(),
        other => other.into(),
    })?;
    Ok(after)
}

/// The caller's sub-tenant `id` (404 when it is not the caller's) and its settings.
///
/// A sub-tenant in another region is 409 `other_region`: its settings live in its home, and
/// these routes do not reach across regions yet.
async fn sub_tenant(caller: &Caller, id: u64) -> Result<(SubTenant, WlSettings), ApiError> {
    let record = ops::load::<SubTenant>(caller.cx(), id).await?;
    if let Some(home) = record.home_elsewhere(&caller.state) {
        return Err(ApiError::Conflict {
            code: "other_region",
            message: format!(
                "Sub-tenant {id} lives in region {home}; its branding, domain and SMTP settings cannot be managed from this region yet."
            ),
        });
    }
    let settings = load_settings(&caller.state, record.tenant_id).await?;
    Ok((record, settings))
}

// ---------------------------------------------------------------------------------------------
// Branding

/// A sub-tenant's branding as the API shows it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BrandingOut {
    pub brand_name: Option<String>,
    pub primary_color: Option<Color>,
    pub secondary_color: Option<Color>,
    pub support_email: Option<Email>,
    /// Where the logo downloads from, when there is one.
    pub logo_url: Option<String>,
    pub logo_content_type: Option<String>,
    pub logo_size: Option<u64>,
    pub updated_at: Option<String>,
    /// Of the sub-tenant's white-label settings (branding, domain, SMTP share it).
    pub version: u64,
}

fn branding_out(id: u64, settings: &WlSettings) -> BrandingOut {
    let b = &settings.branding;
    BrandingOut {
        brand_name: b.brand_name.clone(),
        primary_color: b.primary_color.clone(),
        secondary_color: b.secondary_color.clone(),
        support_email: b.support_email.clone(),
        logo_url: b.logo.as_ref().map(|_| format!("/api/wl/tenants/{id}/branding/logo")),
        logo_content_type: b.logo.as_ref().map(|l| l.content_type.clone()),
        logo_size: b.logo.as_ref().map(|l| l.size),
        updated_at: settings.updated_at.clone(),
        version: settings.version,
    }
}

/// Body of `POST /api/wl/tenants/{id}/branding`: absent fields stay, `null` clears.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"brand_name": "Acme Cloud", "primary_color": "#1F6FEB", "secondary_color": "#0B1F33", "support_email": "help@acme.example"}))]
pub struct BrandingIn {
    #[serde(default, with = "shared::resource::Clearable::<Text<60>>")]
    pub brand_name: Option<Option<Text<60>>>,
    #[schemars(transform = shared::http::schema::color)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub primary_color: Option<Option<String>>,
    #[schemars(transform = shared::http::schema::color)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub secondary_color: Option<Option<String>>,
    #[schemars(transform = shared::http::schema::email)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub support_email: Option<Option<String>>,
    /// The version of the settings the change is based on (409 when they moved on).
    #[schemars(range(min = 1))]
    pub version: Option<u64>,
}

/// `GET /api/wl/tenants/{id}/branding`.
pub async fn show_branding(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<BrandingOut>, ApiError> {
    let (_, settings) = sub_tenant(&caller, id).await?;
    Ok(Json(branding_out(id, &settings)))
}

fn check_version(settings: &WlSettings, expected: Option<u64>) -> Result<(), ApiError> {
    match expected {
        // Settings never saved are at 0, which no caller can have read: versions start at 1.
        Some(0) => Err(ApiError::invalid("version", "The version must be a positive integer.")),
        Some(v) if v != settings.version => Err(ApiError::version_conflict()),
        _ => Ok(()),
    }
}

/// `POST /api/wl/tenants/{id}/branding`.
pub async fn update_branding(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    PatchJson(input): PatchJson<BrandingIn>,
) -> Result<Json<BrandingOut>, ApiError> {
    let (record, settings) = sub_tenant(&caller, id).await?;
    check_version(&settings, input.version)?;
    let mut errors = FieldErrors::default();
    let mut after = settings.clone();
    let b = &mut after.branding;
    if let Some(name) = input.brand_name {
        b.brand_name = name.and_then(|n| errors.required_text("brand_name", Some(n)));
    }
    if let Some(color) = input.primary_color {
        b.primary_color = errors.color("primary_color", color);
    }
    if let Some(color) = input.secondary_color {
        b.secondary_color = errors.color("secondary_color", color);
    }
    if let Some(email) = input.support_email {
        b.support_email = errors.email("support_email", email);
    }
    errors.into_result(())?;
    let saved = save_settings(&caller.state, record.tenant_id, &settings, after).await?;
    Ok(Json(branding_out(id, &saved)))
}

/// Largest logo accepted.
pub const LOGO_LIMIT: usize = 1024 * 1024;

/// `POST /api/wl/tenants/{id}/branding/logo` (`multipart/form-data`, field `logo`): a PNG, JPEG,
/// GIF or WebP of at most 1 MiB; replaces the previous one.
pub async fn upload_logo(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<BrandingOut>, ApiError> {
    let (record, settings) = sub_tenant(&caller, id).await?;
    let mut upload = read_upload(multipart, &["logo"]).await?;
    if upload.bytes.len() > LOGO_LIMIT {
        return Err(ApiError::invalid("logo", "The logo may be at most 1 MiB."));
    }
    // A raster image only (an SVG could carry script), decoded whole as the type its bytes say.
    upload.content_type = Some(upload.image("logo")?.into());
    let stored = store_upload(
        caller.state.store(),
        caller.state.files(),
        record.tenant_id,
        "branding",
        upload,
    )
    .await?;
    let committed = stored.committed();
    let mut after = settings.clone();
    after.branding.logo = Some(Logo {
        key: stored.object_key.clone(),
        content_type: stored.content_type,
        size: stored.size,
        uploaded_at: now_rfc3339(),
    });
    match save_settings_with(&caller.state, record.tenant_id, &settings, after, committed).await {
        Ok(saved) => {
            if let Some(old) = &settings.branding.logo {
                discard_upload(caller.state.files(), record.tenant_id, &old.key).await;
            }
            Ok(Json(branding_out(id, &saved)))
        }
        Err(e) => {
            discard_upload(caller.state.files(), record.tenant_id, &stored.object_key).await;
            Err(e)
        }
    }
}

/// `GET /api/wl/tenants/{id}/branding/logo`: the logo's bytes.
pub async fn download_logo(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Response, ApiError> {
    let (record, settings) = sub_tenant(&caller, id).await?;
    let key = settings
        .branding
        .logo
        .as_ref()
        .and_then(|l| ObjectKey::stored(record.tenant_id, &l.key));
    let object = match key {
        Some(key) => caller.state.files().get(&key).await?,
        None => None,
    };
    let object = object.ok_or_else(|| ApiError::not_found("Logo"))?;
    Ok(served_file(&object.content_type, object.bytes, None))
}

// ---------------------------------------------------------------------------------------------
// Custom domain

/// The TXT record that proves control of a domain.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TxtRecord {
    /// The record's name (host).
    pub name: String,
    #[serde(rename = "type")]
    pub record_type: &'static str,
    pub value: String,
}

/// A sub-tenant's custom domain.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DomainOut {
    /// `null` while none is set.
    pub domain: Option<String>,
    pub verified: bool,
    pub verified_at: Option<String>,
    /// What to publish before verifying.
    pub txt_record: Option<TxtRecord>,
    pub version: u64,
}

const CHALLENGE_LABEL: &str = "_worktop-challenge";

/// The longest domain: its challenge name (`_worktop-challenge.` before it) must still be a DNS
/// name (253 characters), or resolvers refuse the lookup.
const MAX_DOMAIN: usize = 253 - CHALLENGE_LABEL.len() - 1;

fn txt_value(token: &str) -> String {
    format!("worktop-verification={token}")
}

fn domain_out(settings: &WlSettings) -> DomainOut {
    let domain = settings.domain.as_ref();
    DomainOut {
        domain: domain.map(|d| d.name.clone()),
        verified: domain.is_some_and(|d| d.verified_at.is_some()),
        verified_at: domain.and_then(|d| d.verified_at.clone()),
        txt_record: domain.map(|d| TxtRecord {
            name: format!("{CHALLENGE_LABEL}.{}", d.name),
            record_type: "TXT",
            value: txt_value(&d.token),
        }),
        version: settings.version,
    }
}

/// Body of `POST /api/wl/tenants/{id}/domain`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"domain": "app.acme.example"}))]
pub struct DomainIn {
    /// A host name such as `app.acme.example` (no scheme, port or path).
    #[schemars(required, transform = host_schema)]
    pub domain: Option<String>,
}

/// [`parse_domain`]'s outline, for the schema.
fn host_schema(schema: &mut schemars::Schema) {
    schema.insert("minLength".into(), serde_json::json!(4));
    schema.insert("maxLength".into(), serde_json::json!(MAX_DOMAIN));
    schema.insert("pattern".into(), serde_json::json!(DOMAIN_PATTERN));
}

/// A host name in dot-separated labels of at most 63 characters, an alphabetic top level.
const DOMAIN_PATTERN: &str = r"^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}\.?$";

/// An SMTP host: a name or an address (IPv6 with colons), as the schema states it.
const HOST_PATTERN: &str = r"^[A-Za-z0-9]([A-Za-z0-9.:-]{0,251}[A-Za-z0-9])?$";

fn smtp_host_schema(schema: &mut schemars::Schema) {
    schema.insert("minLength".into(), serde_json::json!(1));
    schema.insert("maxLength".into(), serde_json::json!(253));
    schema.insert("pattern".into(), serde_json::json!(HOST_PATTERN));
}

/// Whether `host` fits [`HOST_PATTERN`].
fn is_host(host: &str) -> bool {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | ':' | '-');
    let ends_ok = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    (1..=253).contains(&host.len())
        && host.chars().all(ok_char)
        && ends_ok(host.chars().next())
        && ends_ok(host.chars().last())
}

/// A host name: letters, digits and hyphens in dot-separated labels, an alphabetic top level.
fn parse_domain(raw: &str) -> Option<String> {
    let name = raw.trim().trim_end_matches('.').to_lowercase();
    let labels: Vec<&str> = name.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let tld_ok = labels
        .last()
        .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
    (name.len() <= MAX_DOMAIN && labels.len() >= 2 && labels.iter().all(label_ok) && tld_ok).then_some(name)
}

/// `GET /api/wl/tenants/{id}/domain`.
pub async fn show_domain(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<DomainOut>, ApiError> {
    let (_, settings) = sub_tenant(&caller, id).await?;
    Ok(Json(domain_out(&settings)))
}

/// `POST /api/wl/tenants/{id}/domain`: sets the domain (unverified, with a new token) and answers
/// the TXT record to publish. The same domain again keeps its token and verification.
pub async fn set_domain(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<DomainIn>,
) -> Result<Json<DomainOut>, ApiError> {
    let (record, settings) = sub_tenant(&caller, id).await?;
    let raw = FieldErrors::check_required(|e| e.required("domain", input.domain))?;
    let name = parse_domain(&raw)
        .ok_or_else(|| ApiError::invalid("domain", "The domain must be a host name such as app.example.com."))?;
    if settings.domain.as_ref().is_some_and(|d| d.name == name) {
        return Ok(Json(domain_out(&settings)));
    }
    let mut after = settings.clone();
    after.domain = Some(CustomDomain {
        name,
        token: shared::auth::api_key::generate("").secret,
        verified_at: None,
    });
    let saved = save_settings(&caller.state, record.tenant_id, &settings, after).await?;
    Ok(Json(domain_out(&saved)))
}

/// A DNS-over-HTTPS JSON answer (only what is read).
#[derive(Deserialize)]
struct DohAnswer {
    /// The DNS response code: 0 answered, 3 the name does not exist (NXDOMAIN), others failures.
    #[serde(rename = "Status")]
    status: u16,
    #[serde(rename = "Answer", default)]
    answer: Vec<DohRecord>,
}

/// What a TXT lookup found.
enum TxtLookup {
    /// The strings published at the name (none, when it has other records only).
    Records(Vec<String>),
    /// The name does not exist (NXDOMAIN), or is not one DNS can hold.
    NoSuchName,
}

const NXDOMAIN: u16 = 3;

#[derive(Deserialize)]
struct DohRecord {
    #[serde(rename = "type")]
    record_type: u16,
    data: String,
}

/// The TXT strings published at `name`, through DNS over HTTPS: 503 only when the resolver could
/// not answer (unreachable, a server error, SERVFAIL), not when the name does not exist.
async fn txt_records(state: &AppState, name: &str) -> Result<TxtLookup, ApiError> {
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(5))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(ApiError::internal)?;
    let response = client
        .get(&state.config().dns_over_https_url)
        .query(&[("name", name), ("type", "TXT")])
        .header(header::ACCEPT, "application/dns-json")
        .send()
        .await
        .map_err(|e| ApiError::Unavailable(anyhow::anyhow!("DNS over HTTPS lookup failed: {e}")))?;
    // Resolvers answer 400 for a name DNS cannot hold: no record can be there.
    if response.status() == reqwest::StatusCode::BAD_REQUEST {
        return Ok(TxtLookup::NoSuchName);
    }
    let answer: DohAnswer = response
        .error_for_status()
        .map_err(|e| ApiError::Unavailable(anyhow::anyhow!("DNS over HTTPS lookup failed: {e}")))?
        .json()
        .await
        .map_err(|e| ApiError::Unavailable(anyhow::anyhow!("DNS over HTTPS answer unreadable: {e}")))?;
    match answer.status {
        0 => {}
        NXDOMAIN => return Ok(TxtLookup::NoSuchName),
        status => {
            return Err(ApiError::Unavailable(anyhow::anyhow!(
                "DNS over HTTPS lookup of {name} failed with DNS status {status}"
            )))
        }
    }
    // A TXT record's data is its quoted strings, which a long value splits: join them.
    Ok(TxtLookup::Records(
        answer
            .answer
            .into_iter()
            .filter(|r| r.record_type == 16)
            .map(|r| r.data.split('"').skip(1).step_by(2).collect::<String>())
            .collect(),
    ))
}

/// `POST /api/wl/tenants/{id}/domain/verify`: looks the TXT record up; 422 `domain_not_verified`
/// while it is not published (DNS changes can take a while: try again later).
pub async fn verify_domain(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<DomainOut>, ApiError> {
    let (record, settings) = sub_tenant(&caller, id).await?;
    let domain = settings
        .domain
        .clone()
        .ok_or_else(|| ApiError::invalid_transition("Set a domain first (POST .../domain)."))?;
    if domain.verified_at.is_some() {
        return Ok(Json(domain_out(&settings)));
    }
    let name = format!("{CHALLENGE_LABEL}.{}", domain.name);
    let expected = txt_value(&domain.token);
    let missing = match txt_records(&caller.state, &name).await? {
        TxtLookup::Records(records) if records.contains(&expected) => None,
        TxtLookup::Records(_) => Some(format!(
            "No TXT record `{expected}` was found at {name} yet; DNS changes can take a while."
        )),
        TxtLookup::NoSuchName => Some(format!(
            "{name} does not exist in DNS yet: publish a TXT record `{expected}` there; DNS changes can take a while."
        )),
    };
    if let Some(message) = missing {
        return Err(ApiError::Unprocessable {
            code: "domain_not_verified",
            message,
        });
    }
    let mut after = settings.clone();
    after.domain = Some(CustomDomain {
        verified_at: Some(now_rfc3339()),
        ..domain
    });
    let saved = save_settings(&caller.state, record.tenant_id, &settings, after).await?;
    Ok(Json(domain_out(&saved)))
}

// ---------------------------------------------------------------------------------------------
// SMTP

/// A sub-tenant's SMTP settings; the password is never shown.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmtpOut {
    /// `false` until host, port and from address are set.
    pub configured: bool,
    pub host: Option<String>,
    pub port: Option<u16>,
    pub username: Option<String>,
    /// Whether a password is stored (it is write-only).
    pub password_set: bool,
    pub from_address: Option<Email>,
    pub from_name: Option<String>,
    pub security: Option<SmtpSecurity>,
    pub updated_at: Option<String>,
    pub version: u64,
}

fn smtp_out(settings: &WlSettings) -> SmtpOut {
    let smtp = settings.smtp.as_ref();
    SmtpOut {
        configured: smtp.is_some(),
        host: smtp.map(|s| s.host.clone()),
        port: smtp.map(|s| s.port),
        username: smtp.and_then(|s| s.username.clone()),
        password_set: smtp.is_some_and(|s| s.password.is_some()),
        from_address: smtp.map(|s| s.from_address.clone()),
        from_name: smtp.and_then(|s| s.from_name.clone()),
        security: smtp.map(|s| s.security),
        updated_at: smtp.map(|s| s.updated_at.clone()),
        version: settings.version,
    }
}

/// Body of `POST /api/wl/tenants/{id}/smtp`: the first one needs `host`, `port` and
/// `from_address`; later ones change what they name (absent fields stay). `password` is
/// write-only; `null` removes it.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"host": "smtp.acme.example", "port": 587, "username": "mailer", "password": "app-password", "from_address": "no-reply@acme.example", "from_name": "Acme Cloud", "security": "starttls"}))]
pub struct SmtpIn {
    #[schemars(transform = smtp_host_schema)]
    pub host: Option<String>,
    #[schemars(range(min = 1, max = 65535))]
    pub port: Option<u32>,
    #[serde(default, with = "shared::resource::Clearable::<Text<254>>")]
    pub username: Option<Option<Text<254>>>,
    #[schemars(length(min = 1, max = crate::integrations::SECRET_CHARS))]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub password: Option<Option<String>>,
    #[schemars(transform = shared::http::schema::email)]
    pub from_address: Option<String>,
    #[serde(default, with = "shared::resource::Clearable::<Text<100>>")]
    pub from_name: Option<Option<Text<100>>>,
    /// Defaults to `starttls`.
    pub security: Option<SmtpSecurity>,
    #[schemars(range(min = 1))]
    pub version: Option<u64>,
}

/// `GET /api/wl/tenants/{id}/smtp`.
pub async fn show_smtp(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<SmtpOut>, ApiError> {
    let (_, settings) = sub_tenant(&caller, id).await?;
    Ok(Json(smtp_out(&settings)))
}

/// `POST /api/wl/tenants/{id}/smtp`.
pub async fn update_smtp(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    PatchJson(input): PatchJson<SmtpIn>,
) -> Result<Json<SmtpOut>, ApiError> {
    let (record, settings) = sub_tenant(&caller, id).await?;
    check_version(&settings, input.version)?;
    let mut errors = FieldErrors::default();
    let host = input.host.map(|h| h.to_lowercase());
    if let Some(h) = host.as_deref() {
        // The service connects to it: the webhook targets' rules apply (no private, local or
        // special-purpose address, checked on what the name resolves to as well).
        let allow_private = caller.state.config().webhook_allow_private;
        if let Err(reason) = shared::events::check_host(h, allow_private).await {
            errors.add("host", reason);
        } else if !is_host(h) {
            errors.add("host", "The host must be a host name or an IP address.");
        }
    }
    let port = match input.port.map(u16::try_from) {
        Some(Ok(p)) if p > 0 => Some(p),
        Some(_) => {
            errors.add("port", "The port must be between 1 and 65535.");
            None
        }
        None => None,
    };
    let username = input
        .username
        .map(|u| u.and_then(|u| errors.required_text("username", Some(u))));
    let from_address = errors.email("from_address", input.from_address);
    let from_name = input
        .from_name
        .map(|n| n.and_then(|n| errors.required_text("from_name", Some(n))));
    let password = match input.password {
        Some(Some(p)) if p.is_empty() || p.chars().count() > crate::integrations::SECRET_CHARS => {
            let max = crate::integrations::SECRET_CHARS;
            errors.add("password", format!("The password must be 1 to {max} characters."));
            None
        }
        other => other,
    };
    let current = settings.smtp.clone();
    if current.is_none() {
        for (field, missing) in [
            ("host", host.is_none()),
            ("port", port.is_none()),
            ("from_address", from_address.is_none()),
        ] {
            if missing && !errors.contains(field) {
                errors.add(field, format!("The {} field is required.", field.replace('_', " ")));
            }
        }
    }
    errors.into_result(())?;
    let (Some(host), Some(port), Some(from_address)) = (
        host.or(current.as_ref().map(|s| s.host.clone())),
        port.or(current.as_ref().map(|s| s.port)),
        from_address.or(current.as_ref().map(|s| s.from_address.clone())),
    ) else {
        return Err(ApiError::internal(anyhow::anyhow!("SMTP fields checked above")));
    };
    let password = match password {
        Some(Some(plain)) => Some(secrets::seal(&caller.state, &smtp_context(record.tenant_id), &plain)?),
        Some(None) => None,
        None => current.as_ref().and_then(|s| s.password.clone()),
    };
    let mut after = settings.clone();
    after.smtp = Some(Smtp {
        host,
        port,
        username: username.unwrap_or_else(|| current.as_ref().and_then(|s| s.username.clone())),
        password,
        from_address,
        from_name: from_name.unwrap_or_else(|| current.as_ref().and_then(|s| s.from_name.clone())),
        security: input
            .security
            .or(current.as_ref().map(|s| s.security))
            .unwrap_or(SmtpSecurity::StartTls),
        updated_at: now_rfc3339(),
    });
    let saved = save_settings(&caller.state, record.tenant_id, &settings, after).await?;
    Ok(Json(smtp_out(&saved)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_are_host_names() {
        assert_eq!(parse_domain(" App.Acme.Example. ").as_deref(), Some("app.acme.example"));
        for bad in [
            "localhost",
            "-a.example",
            "a..example",
            "a.example/x",
            "1.2.3.4",
            "a.b1",
            "a_b.example",
        ] {
            assert_eq!(parse_domain(bad), None, "{bad}");
        }
        // The longest whose challenge name DNS still holds (253 characters), and one more.
        let tail = format!("{}.example", vec!["a".repeat(63); 3].join("."));
        let longest = format!("{}.{tail}", "b".repeat(MAX_DOMAIN - tail.len() - 1));
        assert_eq!(longest.len(), MAX_DOMAIN);
        assert_eq!(parse_domain(&longest).as_deref(), Some(longest.as_str()));
        assert_eq!(format!("{CHALLENGE_LABEL}.{longest}").len(), 253);
        assert_eq!(parse_domain(&format!("b{longest}")), None);
    }
}
