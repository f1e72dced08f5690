//! Identity: login and sessions, the caller's profile, API keys, users and roles, workspaces and
//! their sandbox seed. Every `identity` row of the catalogue is served by [`router`].

pub mod activity;
pub mod api_keys;
pub mod profile;
pub mod roles;
pub mod seed;
pub mod sessions;
pub mod users;
pub mod workspace;

use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post, put};
use axum::Router;
use shared::auth::Module::Users;
use shared::http::{transport_cap, UPLOAD_BODY_LIMIT};
use shared::policy::Gated;
use shared::AppState;

/// Every identity route, one row each, with its gate: public, the caller's own account (every
/// plan), or a plan module.
pub fn router() -> Router<AppState> {
    Router::new()
        // Authentication and session
        .route("/api/login", post(sessions::login)) // public
        .route("/api/refresh", post(sessions::refresh).for_account())
        .route("/api/logout", post(sessions::logout).for_account())
        .route("/api/change-password", post(sessions::change_password).for_account())
        .route("/api/user", get(profile::show_current_user).for_account())
        .route("/api/edit-profile", post(profile::edit_profile).for_account())
        .route(
            "/api/upload-photos",
            post(profile::upload_photo)
                .layer(DefaultBodyLimit::max(transport_cap(UPLOAD_BODY_LIMIT)))
                .for_account(),
        )
        .route("/api/delete-account", delete(profile::delete_account).for_account())
        .route("/api/client-user", get(users::list_client_users).for_module(Users))
        .route("/api/staff-user", get(users::list_staff_users).for_module(Users))
        .route("/api/vendor-user", get(users::list_vendor_users).for_module(Users))
        // API keys
        .route(
            "/api/v1/settings/api-keys",
            get(api_keys::list_api_keys)
                .post(api_keys::create_api_key)
                .for_account(),
        )
        .route(
            "/api/v1/settings/api-keys/{id}",
            delete(api_keys::revoke_api_key).for_account(),
        )
        // Users and roles
        .route("/api/users", get(users::list_users).for_module(Users))
        .route("/api/users/log", get(activity::list_activity).for_module(Users))
        .route("/api/users/{id}/photo", get(profile::download_photo).for_module(Users)) // designed: a photo's bytes
        .route("/api/user/store", post(users::create_user).for_module(Users))
        .route("/api/user/update/{id}", post(users::update_user).for_module(Users))
        .route(
            "/api/user/delete/{id}",
            delete(users::delete_user_by_id).for_module(Users),
        )
        .route(
            "/api/user/reset-password/{id}",
            post(users::reset_password).for_module(Users),
        )
        .route("/api/user/verify/{id}", put(users::verify_user).for_module(Users))
        .route("/api/roles", get(roles::list_roles).for_module(Users))
}
