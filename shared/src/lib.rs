//! The platform every Worktop function runs on.
//!
//! Only what every module needs lives here: configuration, the HTTP conventions (errors, envelope,
//! extractors), the storage trait with its two backends, authentication and permissions, the runtime
//! that serves a router locally or inside Lambda, and structured logging. Module code lives in its
//! function crate.

pub mod auth;
pub mod authenticate;
pub mod aws;
pub mod cell;
pub mod config;
pub mod domain;
pub mod events;
pub mod handlers;
pub mod http;
pub mod jobs;
pub mod mail;
pub mod module;
pub mod money;
pub mod openapi;
pub mod plans;
pub mod policy;
pub mod postman;
pub mod ratelimit;
pub mod region;
pub mod resource;
pub mod routes;
pub mod runtime;
pub mod sandbox;
pub mod secrets;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod time;
pub mod usage;
pub mod webhooks;
pub mod white_label;

/// `Deserialize` for a record whose `Meta` is flattened into it, without serde's flatten (see
/// the `shared-derive` crate).
pub use shared_derive::RecordDeserialize;
pub use state::AppState;
