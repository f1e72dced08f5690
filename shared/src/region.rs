//! Regions as cells: each regional deployment holds only the tenants whose home it is, and every
//! credential names the region that issued it (`wt_live_eu1_...`, `wto_eu1_...`, a session token's
//! `rgn` claim), so a cell tells from the token alone, before any store read or signature check,
//! that a request belongs elsewhere: 421 `wrong_region` with the home region's base URL, never
//! data and never a 401 that reads as "no such key".
//!
//! `REGION` names this cell and `REGIONS` lists the platform's cells as `name=base URL`, comma
//! separated, the first the default region: a credential that names no region (issued before
//! regions existed) belongs to it. Both unset: one cell, no check, credentials name no region.

use base64::Engine;

use crate::config::ConfigError;
use crate::http::ApiError;
use crate::store::{Condition, GlobalIndex, Item, Key, Partition, Query, Store, StoreError, StoreExt, Write};

/// This cell and the platform's cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    here: String,
    /// (name, base URL without a trailing slash), the default region first.
    all: Vec<(String, String)>,
}

impl Regions {
    /// Reads `REGION` and `REGIONS`: both or neither.
    pub fn parse(here: Option<String>, all: Option<String>) -> Result<Option<Self>, ConfigError> {
        let (here, all) = match (here, all) {
            (None, None) => return Ok(None),
            (Some(here), Some(all)) => (here.trim().to_string(), all),
            (None, Some(_)) => {
                return Err(ConfigError {
                    name: "REGION",
                    problem: "REGIONS is set: name this cell's region too".into(),
                })
            }
            (Some(_), None) => {
                return Err(ConfigError {
                    name: "REGIONS",
                    problem: "REGION is set: list the platform's regions as name=https://base-url,...".into(),
                })
            }
        };
        let mut regions = Vec::new();
        for entry in all.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let problem = |what: String| ConfigError {
                name: "REGIONS",
                problem: what,
            };
            let (name, url) = entry
                .split_once('=')
                .ok_or_else(|| problem(format!("expected name=https://base-url, got {entry:?}")))?;
            let name = name.trim();
            if !valid_name(name) {
                return Err(problem(format!(
                    "region names are 2 to 20 lowercase letters, digits and dashes, starting with a letter; got {name:?}"
                )));
            }
            match url::Url::parse(url.trim()) {
                Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => {}
                _ => {
                    return Err(problem(format!(
                        "{name}: expected an http(s) base URL, got {:?}",
                        url.trim()
                    )))
                }
            }
            if regions.iter().any(|(n, _)| n == name) {
                return Err(problem(format!("{name} is listed twice")));
            }
            regions.push((name.to_string(), url.trim().trim_end_matches('/').to_string()));
        }
        if !regions.iter().any(|(n, _)| *n == here) {
            return Err(ConfigError {
                name: "REGION",
                problem: format!("{here:?} is not one of REGIONS"),
            });
        }
        Ok(Some(Self { here, all: regions }))
    }

    /// This cell's region.
    pub fn here(&self) -> &str {
        &self.here
    }

    /// The platform's regions, the default first.
    pub fn names(&self) -> Vec<&str> {
        self.all.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// The region of credentials that name none.
    pub fn default_region(&self) -> &str {
        &self.all[0].0
    }

    /// Region `name`'s base URL, when the platform has it.
    pub fn base_url(&self, name: &str) -> Option<&str> {
        self.all.iter().find(|(n, _)| n == name).map(|(_, url)| url.as_str())
    }

    /// Ok when `token` belongs to this cell; 421 `wrong_region` naming its home when that is
    /// another of the platform's regions. A token naming a region the platform does not have
    /// goes on to the usual check, which refuses it as any unknown token.
    pub fn admit(&self, token: &str) -> Result<(), ApiError> {
        let named = token_region(token);
        let home = named.as_deref().unwrap_or(self.default_region());
        if home == self.here {
            return Ok(());
        }
        match self.base_url(home) {
            Some(url) => Err(ApiError::WrongRegion {
                region: home.to_string(),
                base_url: url.to_string(),
            }),
            None => Ok(()),
        }
    }

    /// The start of a credential this cell issues: `kind` (`wt_live_`, `wto_`, ...) then the
    /// region and `_`.
    pub fn credential_prefix(&self, kind: &str) -> String {
        format!("{kind}{}_", self.here)
    }
}

/// The platform's global directory: which regions have a login for each e-mail, so a login that
/// arrives at one region reaches the others when none of its own accounts takes it. An address may
/// be a login in several workspaces, in several regions: one entry per (address, region). It is
/// the only record shared between cells (in the cloud a DynamoDB global table, `DIRECTORY_TABLE`;
/// locally a SQLite file two servers share, `DIRECTORY_PATH`); everything else stays in its region.
///
/// A region claims an address here before the transaction that gives it to a user and releases it
/// once it has no user with it left, so a failure between the two leaves the directory naming a
/// region where the address has no user (a login forwarded there fails as for any unknown
/// address), never a user the directory does not know. Entries from before (one per address, sort
/// key `-`, naming its one region) are still read, and released by the region they name.
#[derive(Clone)]
pub struct Directory {
    store: std::sync::Arc<dyn Store>,
    here: String,
}

/// What [`Directory::claim_email`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Claim {
    /// This region had no entry and now has one: undo it if the change that wanted it fails.
    New,
    /// This region had it already.
    Held,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct EmailEntry {
    region: String,
    version: u64,
}

/// How many regions' entries one address's partition is read up to (far more than a platform has).
const MOST_REGIONS: usize = 100;

impl Directory {
    pub fn new(store: std::sync::Arc<dyn Store>, here: &str) -> Self {
        Self {
            store,
            here: here.to_string(),
        }
    }

    fn email_partition(email: &str) -> Partition {
        Partition::global(GlobalIndex::LoginEmail, &crate::domain::unique_form(email.trim()))
    }

    /// This region's entry for `email`.
    fn entry_key(&self, email: &str) -> Key {
        Key::new(Self::email_partition(email), self.here.clone())
    }

    /// The regions with a login for `email`, when the directory knows them (a read of the nearest
    /// replica: an address claimed a moment ago in another region may not be there yet).
    pub async fn regions_of_email(&self, email: &str) -> Result<Vec<String>, StoreError> {
        let query = Query {
            limit: MOST_REGIONS,
            ..Query::partition(Self::email_partition(email))
        };
        let mut regions = Vec::new();
        for item in self.store.query(query).await?.items {
            let entry: EmailEntry = item.parse()?;
            if !regions.contains(&entry.region) {
                regions.push(entry.region);
            }
        }
        Ok(regions)
    }

    /// Claims `email` for this region (other regions' entries stay: each region has its own).
    pub async fn claim_email(&self, email: &str) -> Result<Claim, StoreError> {
        let entry = EmailEntry {
            region: self.here.clone(),
            version: 1,
        };
        let item = Item::from_value(self.entry_key(email), &entry).map_err(StoreError::internal)?;
        match self.store.write(Write::put(item, Condition::NotExists)).await {
            Ok(()) => Ok(Claim::New),
            Err(StoreError::ConditionFailed { .. }) => Ok(Claim::Held),
            Err(e) => Err(e),
        }
    }

    /// Gives up this region's claim on `email`, with the entry from before per-region entries when
    /// it names this region (another region's stay). The caller has checked that no user of this
    /// region has the address any more.
    pub async fn release_email(&self, email: &str) -> Result<(), StoreError> {
        self.store
            .write(Write::delete(self.entry_key(email), Condition::Always))
            .await?;
        let legacy = Key::global(GlobalIndex::LoginEmail, &crate::domain::unique_form(email.trim()));
        match self.store.get_as::<EmailEntry>(&legacy).await? {
            Some(entry) if entry.region == self.here => {
                match self
                    .store
                    .write(Write::delete(legacy, Condition::Version(entry.version)))
                    .await
                {
                    Ok(()) | Err(StoreError::ConditionFailed { .. }) => Ok(()),
                    Err(e) => Err(e),
                }
            }
            _ => Ok(()),
        }
    }
}

/// The one HTTP client for calls from this cell to another region (forwarded logins, calls
/// between cells): its connections are kept, it never follows a redirect (a region's answer is
/// final), and it gives up after 10 s (the caller answers 503).
pub fn between_regions() -> &'static reqwest::Client {
    static CLIENT: std::sync::OnceLock<reqwest::Client> = std::sync::OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("a TLS backend")
    })
}

/// The header marking a login one region forwarded to another ([`forward_login`]): its receiver
/// answers from its own accounts and never forwards it again, so two regions cannot pass a login
/// back and forth. It needs no signature: a client that sends it only keeps its own login from
/// reaching other regions, and the answers are those of any login there.
pub const FORWARDED_LOGIN: &str = "worktop-forwarded-login";

/// Sends a login that none of this region's accounts took to another region with a login for the
/// address (`base_url`, from `REGIONS`, never from a request) and answers what that region
/// answers: its token (which names that region, so the client's next request here is sent there by
/// a 421) or its refusal. The caller sees the same answers as at that region, so a login at the
/// wrong region tells no more about an address than one at the right region. That region logs this
/// cell's address as the login's. 503 when it cannot be reached.
pub async fn forward_login(
    base_url: &str,
    email: &str,
    password: &str,
    workspace_id: Option<u64>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    let mut body = serde_json::json!({"email": email, "password": password});
    if let Some(id) = workspace_id {
        body["workspace_id"] = id.into();
    }
    let answer = between_regions()
        .post(format!("{base_url}/api/login"))
        .header(FORWARDED_LOGIN, "1")
        .json(&body)
        .send()
        .await
        .map_err(|e| ApiError::Unavailable(anyhow::anyhow!("the login's region did not answer: {e}")))?;
    let status = axum::http::StatusCode::from_u16(answer.status().as_u16())
        .map_err(|e| ApiError::Unavailable(anyhow::anyhow!("the login's region answered {e}")))?;
    if status.is_server_error() {
        return Err(ApiError::Unavailable(anyhow::anyhow!(
            "the login's region answered {status}"
        )));
    }
    let retry_after = answer.headers().get(reqwest::header::RETRY_AFTER).cloned();
    let body: serde_json::Value = answer
        .json()
        .await
        .map_err(|e| ApiError::Unavailable(anyhow::anyhow!("the login's region answered no JSON: {e}")))?;
    let mut response = (status, crate::http::Json(body)).into_response();
    if let Some(value) = retry_after.and_then(|v| axum::http::HeaderValue::from_bytes(v.as_bytes()).ok()) {
        response.headers_mut().insert(axum::http::header::RETRY_AFTER, value);
    }
    Ok(response)
}

/// A region name: 2 to 20 of `a-z`, `0-9` and `-`, starting with a letter (`na1`, `eu-west-1`).
fn valid_name(name: &str) -> bool {
    (2..=20).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The kinds of prefixed tokens: API keys, sandbox keys, OAuth access and refresh tokens and
/// client ids, and the public routes' tokens (lead-capture widgets, partner badges, white-label invitations). The
/// region, when there is one, is the segment after the kind, ended by `_` (the random part never
/// holds `_`).
const PREFIXED: [&str; 8] = [
    crate::auth::api_key::LIVE_PREFIX,
    crate::auth::api_key::TEST_PREFIX,
    crate::auth::oauth::ACCESS_PREFIX,
    crate::auth::oauth::REFRESH_PREFIX,
    crate::auth::oauth::CLIENT_ID_PREFIX,
    "wgt_",
    "bdg_",
    "wt_inv_",
];

/// The region `token` names, read without verifying it: the segment after a credential's kind,
/// or a session token's `rgn` claim. `None`: it names none.
pub fn token_region(token: &str) -> Option<String> {
    if let Some(rest) = PREFIXED.iter().find_map(|kind| token.strip_prefix(kind)) {
        let (region, _) = rest.split_once('_')?;
        return valid_name(region).then(|| region.to_string());
    }
    // A session token: a JWT whose payload may carry `rgn`.
    let payload = token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).ok()?;
    #[derive(serde::Deserialize)]
    struct RegionClaim {
        rgn: Option<String>,
    }
    let claim: RegionClaim = serde_json::from_slice(&bytes).ok()?;
    claim.rgn.filter(|r| valid_name(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> Regions {
        Regions::parse(
            Some("eu1".into()),
            Some("na1=https://na1.example.com/, eu1=https://eu1.example.com".into()),
        )
        .unwrap()
        .unwrap()
    }

    #[test]
    fn both_or_neither_and_here_among_them() {
        assert_eq!(Regions::parse(None, None).unwrap(), None);
        assert!(Regions::parse(Some("eu1".into()), None).is_err());
        assert!(Regions::parse(None, Some("eu1=https://e".into())).is_err());
        assert!(Regions::parse(Some("us1".into()), Some("eu1=https://e.example".into())).is_err());
        assert!(Regions::parse(Some("eu1".into()), Some("eu1=ftp://e.example".into())).is_err());
        assert!(Regions::parse(Some("EU".into()), Some("EU=https://e.example".into())).is_err());
        assert!(Regions::parse(Some("eu1".into()), Some("eu1=https://a,eu1=https://b".into())).is_err());
        let regions = two();
        assert_eq!(regions.default_region(), "na1");
        assert_eq!(regions.base_url("na1"), Some("https://na1.example.com"));
        assert_eq!(regions.base_url("eu1"), Some("https://eu1.example.com"));
    }

    #[test]
    fn a_token_names_its_region_in_its_prefix_or_claim() {
        assert_eq!(token_region("wt_live_eu1_abcdef").as_deref(), Some("eu1"));
        assert_eq!(token_region("wt_test_na1_abcdef").as_deref(), Some("na1"));
        assert_eq!(token_region("wto_eu-west-1_abc").as_deref(), Some("eu-west-1"));
        for public in [
            "wtr_eu1_abc",
            "wtc_eu1_abc",
            "wgt_eu1_0a1b",
            "bdg_eu1_abc",
            "wt_inv_eu1_abc",
        ] {
            assert_eq!(token_region(public).as_deref(), Some("eu1"), "{public}");
        }
        assert_eq!(token_region("wgt_0a1b2c3d"), None);
        // Keys from before regions: the random part has no `_`.
        assert_eq!(token_region("wt_live_abcdefABCDEF0123456789abcdefABCDEF0123"), None);
        let claims = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(br#"{"sub":"1","rgn":"na1"}"#);
        assert_eq!(token_region(&format!("e30.{claims}.sig")).as_deref(), Some("na1"));
        let none = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(br#"{"sub":"1"}"#);
        assert_eq!(token_region(&format!("e30.{none}.sig")), None);
        assert_eq!(token_region("garbage"), None);
    }

    #[test]
    fn a_cell_admits_its_own_tokens_and_sends_the_rest_home() {
        let regions = two();
        assert!(regions.admit("wt_live_eu1_abc").is_ok());
        match regions.admit("wt_live_na1_abc") {
            Err(ApiError::WrongRegion { region, base_url }) => {
                assert_eq!((region.as_str(), base_url.as_str()), ("na1", "https://na1.example.com"))
            }
            other => panic!("{other:?}"),
        }
        // No region: the default region's.
        assert!(matches!(regions.admit("wt_live_abc"), Err(ApiError::WrongRegion { region, .. }) if region == "na1"));
        // A region the platform does not have: left to the usual check.
        assert!(regions.admit("wt_live_zz9_abc").is_ok());
        assert_eq!(regions.credential_prefix("wt_live_"), "wt_live_eu1_");
    }
}
