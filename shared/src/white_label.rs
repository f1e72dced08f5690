//! A workspace's white-label settings, as its platform sets them (`platform::branding`): the
//! branding (name, colours, support address, logo), a custom domain, and its own SMTP server with
//! the password sealed ([`crate::secrets`]). One record in the workspace's own tenant, so what
//! speaks for it (its mail, its badge) reads them in one read without knowing its platform.

use serde::{Deserialize, Serialize};

use crate::domain::{Color, Email};
use crate::http::ApiError;
use crate::secrets::Sealed;
use crate::store::{Key, Partition, StoreExt, TenantId};
use crate::AppState;

/// A logo's metadata; the bytes are in the object store.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Logo {
    pub key: String,
    pub content_type: String,
    pub size: u64,
    pub uploaded_at: String,
}

/// How the sub-tenant presents itself.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Branding {
    pub brand_name: Option<String>,
    pub primary_color: Option<Color>,
    pub secondary_color: Option<Color>,
    pub support_email: Option<Email>,
    pub logo: Option<Logo>,
}

/// A custom domain and its verification.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CustomDomain {
    pub name: String,
    pub token: String,
    pub verified_at: Option<String>,
}

crate::choice! {
    /// How the SMTP connection is secured.
    pub enum SmtpSecurity { StartTls = "starttls", Tls = "tls", None = "none" }
}

/// SMTP settings; the password is sealed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    pub username: Option<String>,
    pub password: Option<Sealed>,
    pub from_address: Email,
    pub from_name: Option<String>,
    pub security: SmtpSecurity,
    pub updated_at: String,
}

/// A sub-tenant's white-label settings (one record in its tenant).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct WlSettings {
    #[serde(default)]
    pub branding: Branding,
    pub domain: Option<CustomDomain>,
    pub smtp: Option<Smtp>,
    pub updated_at: Option<String>,
    /// 0 while never stored.
    #[serde(default)]
    pub version: u64,
}

pub fn settings_key(tenant: TenantId) -> Key {
    Key::new(Partition::tenant(tenant, "wl_settings"), "settings")
}

/// A workspace's white-label settings (defaults when none were set).
pub async fn load_settings(state: &AppState, tenant: TenantId) -> Result<WlSettings, ApiError> {
    Ok(state.store().get_as(&settings_key(tenant)).await?.unwrap_or_default())
}

/// Where a workspace's SMTP password is sealed: its associated data.
pub fn smtp_context(tenant: TenantId) -> String {
    format!("t/{tenant}/smtp/password")
}
