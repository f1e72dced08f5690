//! Identity: login and sessions, the caller's profile, API keys, users and roles, and the first
//! start of a workspace. Every `identity` row of the catalogue is served by [`router`].

pub mod activity;
pub mod api_keys;
pub mod profile;
pub mod roles;
pub mod sessions;
pub mod users;
pub mod workspace;

use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post, put};
use axum::Router;
use shared::http::UPLOAD_BODY_LIMIT;
use shared::AppState;

/// Every identity route, one row each.
pub fn router() -> Router<AppState> {
    Router::new()
        // Authentication and session
        .route("/api/login", post(sessions::login))
        .route("/api/refresh", post(sessions::refresh))
        .route("/api/logout", post(sessions::logout))
        .route("/api/change-password", post(sessions::change_password))
        .route("/api/user", get(profile::show_current_user))
        .route("/api/edit-profile", post(profile::edit_profile))
        .route(
            "/api/upload-photos",
            post(profile::upload_photo).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)),
        )
        .route("/api/users/{id}/photo", get(profile::download_photo)) // designed: the photo's bytes
        .route("/api/delete-account", delete(profile::delete_account))
        .route("/api/client-user", get(users::list_client_users))
        .route("/api/staff-user", get(users::list_staff_users))
        .route("/api/vendor-user", get(users::list_vendor_users))
        // API keys
        .route(
            "/api/v1/settings/api-keys",
            get(api_keys::list_api_keys).post(api_keys::create_api_key),
        )
        .route(
            "/api/v1/settings/api-keys/{id}",
            delete(api_keys::revoke_api_key),
        )
        // Users and roles
        .route("/api/users", get(users::list_users))
        .route("/api/users/log", get(activity::list_activity))
        .route("/api/user/store", post(users::create_user))
        .route("/api/user/update/{id}", post(users::update_user))
        .route("/api/user/delete/{id}", delete(users::delete_user_by_id))
        .route("/api/user/reset-password/{id}", post(users::reset_password))
        .route("/api/user/verify/{id}", put(users::verify_user))
        .route("/api/roles", get(roles::list_roles))
}
