//! Single-use links sent by mail (verify an address, reset a password). The mail carries a random
//! token; the store keeps only its SHA-256, so a leaked table holds no working link. A link is
//! used up in the transaction of what it does (the delete is conditional), so two uses of one
//! link cannot both succeed.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::store::{Condition, GlobalIndex, Item, Key, StoreError, TenantId, Write};
use crate::AppState;

/// What a link does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    VerifyEmail,
    ResetPassword,
}

/// A link's stored record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Link {
    pub purpose: Purpose,
    pub tenant: TenantId,
    pub user_id: u64,
    /// The address it was sent to: a verification holds only while the user still has it.
    pub email: String,
    /// Unix seconds.
    pub expires_at: i64,
}

fn key(token: &str) -> Key {
    Key::global(GlobalIndex::MailLink, &hex::encode(Sha256::digest(token.as_bytes())))
}

/// A new link for `user_id` of `tenant` at `email`, valid `ttl_secs`: its token (for the mail)
/// and the write that stores it (for the transaction that sends the mail).
pub fn issue(
    purpose: Purpose,
    tenant: TenantId,
    user_id: u64,
    email: &str,
    ttl_secs: i64,
) -> Result<(String, Write), StoreError> {
    let token = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let expires_at = crate::time::now_unix() + ttl_secs;
    let link = Link {
        purpose,
        tenant,
        user_id,
        email: email.to_owned(),
        expires_at,
    };
    let item = Item::from_value(key(&token), &link)?.expiring_at(expires_at);
    Ok((token, Write::put(item, Condition::NotExists)))
}

/// The link `token` stands for, when it is one for `purpose` and has not expired or been used,
/// with the write that uses it up (for the transaction of what it does).
pub async fn redeem(state: &AppState, purpose: Purpose, token: &str) -> Result<Option<(Link, Write)>, StoreError> {
    // A token is 43 URL-safe characters; anything else is no link (and costs no read).
    if token.len() != 43
        || !token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Ok(None);
    }
    let key = key(token);
    let Some(item) = state.store().get(&key).await? else {
        return Ok(None);
    };
    let link: Link = item.parse()?;
    if link.purpose != purpose || link.expires_at <= crate::time::now_unix() {
        return Ok(None);
    }
    Ok(Some((link, Write::delete(key, Condition::Exists))))
}
