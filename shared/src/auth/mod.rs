//! Who is calling and what they may do: passwords, session tokens, API keys, OAuth tokens, roles,
//! permissions and the [`Principal`] extractor every authenticated route takes.

pub mod api_key;
pub mod cache;
pub mod oauth;
pub mod password;
mod permissions;
mod principal;
pub mod records;
pub mod session;

pub use permissions::{Access, Module, Permission, Role, ALL_PERMISSIONS};
pub(crate) use principal::unauthenticated;
pub use principal::{bearer_token, missing_permission, AuthRecords, Credential, Principal};
