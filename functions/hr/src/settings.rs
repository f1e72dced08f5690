//! The workspace's HR settings: the addresses employees may clock in from (none set: any), and
//! the workspace's offset from UTC, in which shifts, attendance dates and clock times are read.
//! One item per workspace, changed with a version condition; absent until first saved, when the
//! defaults (no allow-list, UTC) hold.

use std::net::IpAddr;

use chrono::{DateTime, FixedOffset, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson};
use shared::resource::Cx;
use shared::store::{Condition, Item, Key, Partition, StoreExt, Write};

const KIND: &str = "hr_settings";
/// Most entries an allow-list holds.
const MAX_ALLOWED: usize = 50;

/// HR settings.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct HrSettings {
    /// Addresses (`203.0.113.7`) and networks (`10.0.0.0/8`) employees may clock in from; empty:
    /// from anywhere.
    pub ip_allow_list: Vec<String>,
    /// The workspace's offset from UTC in minutes (Lisbon in winter 0, Berlin 60, New York -300):
    /// shift hours, attendance dates and clock times are local to it.
    pub utc_offset_minutes: i32,
    /// Goes up by one on every change; send it back to update safely.
    pub version: u64,
}

/// Body of `POST /api/hrm/settings`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"ip_allow_list": ["203.0.113.0/24"], "utc_offset_minutes": 60}))]
pub struct HrSettingsIn {
    /// Replaces the list; `[]` lets employees clock in from anywhere.
    #[schemars(length(max = MAX_ALLOWED))]
    pub ip_allow_list: Option<Vec<String>>,
    #[schemars(range(min = -720, max = 840))]
    pub utc_offset_minutes: Option<i32>,
    /// The version read; a change since answers 409.
    pub version: Option<u64>,
}

fn key(cx: Cx<'_>) -> Key {
    Key::new(Partition::tenant(cx.tenant(), KIND), "workspace")
}

/// The workspace's settings (the defaults until saved): one read.
pub async fn load(cx: Cx<'_>) -> Result<HrSettings, ApiError> {
    Ok(cx.store().get_as(&key(cx)).await?.unwrap_or_default())
}

impl HrSettings {
    /// The workspace's offset from UTC.
    pub fn offset(&self) -> FixedOffset {
        FixedOffset::east_opt(self.utc_offset_minutes * 60)
            .unwrap_or_else(|| FixedOffset::east_opt(0).expect("zero offset"))
    }

    /// Now, in the workspace's time.
    pub fn now(&self) -> DateTime<FixedOffset> {
        Utc::now().with_timezone(&self.offset())
    }

    /// A local date and time of day in the workspace's time.
    pub fn local(&self, at: chrono::NaiveDateTime) -> DateTime<FixedOffset> {
        at.and_local_timezone(self.offset())
            .single()
            .unwrap_or_else(|| at.and_utc().with_timezone(&self.offset()))
    }

    /// Whether `ip` may clock in: always when no list is set.
    pub fn admits(&self, ip: &str) -> bool {
        if self.ip_allow_list.is_empty() {
            return true;
        }
        let Ok(ip) = ip.parse::<IpAddr>() else {
            return false;
        };
        self.ip_allow_list
            .iter()
            .any(|entry| match entry.parse::<ipnet::IpNet>() {
                Ok(net) => net.contains(&ip),
                Err(_) => entry.parse::<IpAddr>().is_ok_and(|one| one == ip),
            })
    }
}

/// `GET /api/hrm/settings`.
pub async fn show(caller: Caller) -> Result<Json<HrSettings>, ApiError> {
    Ok(Json(load(caller.cx()).await?))
}

/// `POST /api/hrm/settings` → the settings as saved.
pub async fn update(caller: Caller, ValidJson(input): ValidJson<HrSettingsIn>) -> Result<Json<HrSettings>, ApiError> {
    let mut errors = FieldErrors::default();
    let allow_list = input.ip_allow_list.map(|entries| {
        if entries.len() > MAX_ALLOWED {
            errors.add(
                "ip_allow_list",
                format!("An allow-list holds at most {MAX_ALLOWED} entries."),
            );
        }
        let mut kept: Vec<String> = Vec::with_capacity(entries.len());
        for entry in entries {
            let entry = entry.trim().to_owned();
            if entry.parse::<ipnet::IpNet>().is_err() && entry.parse::<IpAddr>().is_err() {
                errors.add(
                    "ip_allow_list",
                    format!("`{entry}` is neither an IP address (203.0.113.7) nor a network (203.0.113.0/24)."),
                );
            } else if !kept.contains(&entry) {
                kept.push(entry);
            }
        }
        kept
    });
    if let Some(offset) = input.utc_offset_minutes {
        if !(-720..=840).contains(&offset) {
            errors.add("utc_offset_minutes", "The offset must be between -720 and 840 minutes.");
        }
    }
    errors.into_result(())?;
    let cx = caller.cx();
    let mut settings = load(cx).await?;
    if input.version.is_some_and(|v| v != settings.version) {
        return Err(ApiError::version_conflict());
    }
    let condition = match settings.version {
        0 => Condition::NotExists,
        read => Condition::Version(read),
    };
    if let Some(list) = allow_list {
        settings.ip_allow_list = list;
    }
    if let Some(offset) = input.utc_offset_minutes {
        settings.utc_offset_minutes = offset;
    }
    settings.version += 1;
    let write = Write::put(Item::from_value(key(cx), &settings)?, condition);
    // A change since the read fails the condition: 409 `version_conflict`.
    cx.store().write(write).await?;
    Ok(Json(settings))
}
