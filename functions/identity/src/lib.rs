//! Identity: login and sessions, the caller's profile, API keys, OAuth 2.0, users and roles,
//! workspaces and their sandbox seed. Every `identity` row of the catalogue is served by [`routes`].

pub mod activity;
pub mod api_keys;
pub mod email;
pub mod number_series;
pub mod oauth;
pub mod profile;
pub mod roles;
pub mod seed;
pub mod sessions;
pub mod transfer_jobs;
pub mod trial;
pub mod users;
pub mod workspace;

use shared::auth::Module::{Account, Users};
use shared::events::EventType;
use shared::handlers;
use shared::http::UPLOAD_BODY_LIMIT;
use shared::module::ModuleDef;
use shared::resource::custom::{CustomField, CUSTOM_FIELD_CREATED, CUSTOM_FIELD_DELETED, CUSTOM_FIELD_UPDATED};
use shared::resource::index::Indexed;
use shared::resource::{Deleted, Message, NoFilters};
use shared::routes::Crud;
use shared::routes::{Build, Op, Routes};

use activity::{ActivityEntry, ActivityFilters};
use api_keys::{ApiKeyFilters, ApiKeyIn, ApiKeyOut};
use users::{UserFilters, UserIn, UserOut, UserPatch};

pub const USER_CREATED: EventType =
    EventType::new("user.created", "A user was added to the workspace.").with_data::<UserOut>();
pub const API_KEY_CREATED: EventType =
    EventType::new("api_key.created", "An API key was created.").with_data::<ApiKeyOut>();
pub const API_KEY_REVOKED: EventType =
    EventType::new("api_key.revoked", "An API key was revoked.").with_data::<api_keys::ApiKeyRevoked>();

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "identity",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        USER_CREATED,
        API_KEY_CREATED,
        API_KEY_REVOKED,
        CUSTOM_FIELD_CREATED,
        shared::resource::transfer::IMPORT_FINISHED,
        shared::resource::transfer::EXPORT_FINISHED,
        CUSTOM_FIELD_UPDATED,
        CUSTOM_FIELD_DELETED,
        trial::TRIAL_WILL_END,
        trial::TRIAL_ENDED,
    ],
    seeder: Some(&seed::IdentitySeeder),
    cascades: &[],
    ledger: None,
};

/// Every identity route, one row each, with its gate: public, or the permission it needs (the
/// caller's own account is `account.*`, on every plan) and which credentials may call it.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Identity")
        // Authentication and session
        .row(
            Op::post("/api/login", sessions::login)
                .public()
                .body::<sessions::LoginIn>()
                .ok::<sessions::TokenOut>()
                .answers(&[401, 409, 429])
                .summary("Log in with e-mail and password; returns a session token")
                .details("An address may be a login in several workspaces, each with its own password: the login goes to the workspace whose password it is. When it is that of several, the answer is 409 `workspace_required` with `workspaces` (each `id` and `name`); send the login again with `workspace_id`."),
        )
        .row(
            Op::post("/api/refresh", sessions::refresh)
                .write(Account)
                .ok::<sessions::TokenOut>()
                .answers(&[422])
                .summary("Rotate the session token"),
        )
        .row(
            Op::post("/api/logout", sessions::logout)
                .write(Account)
                .ok::<Message>()
                .answers(&[422])
                .summary("End the session"),
        )
        .row(
            Op::post("/api/verify-email", email::verify_email)
                .public()
                .body::<email::VerifyEmailIn>()
                .ok::<Message>()
                .summary("Verify an e-mail address with the token of its mail")
                .details("The token is the `token` of the link the verification mail carries (`/#/verify?token=...`); it works once, for 48 hours, and only while the address is still the user's. A workspace opened by sign-up makes live keys once its owner's address is verified."),
        )
        .row(
            Op::post("/api/verify-email/resend", email::resend_verification)
                .write(Account)
                .accepted::<Message>()
                .answers(&[409, 429])
                .summary("Send the caller a new verification mail")
                .details("409 `invalid_transition` when the address is verified already; at most five mails an hour."),
        )
        .row(
            Op::post("/api/forgot-password", email::forgot_password)
                .public()
                .body::<email::ForgotPasswordIn>()
                .accepted::<Message>()
                .summary("Ask for a password reset link by mail")
                .details("Every account the address logs in to gets a link to choose a new password (one hour, once). The answer is the same whether or not the address has an account, and at most five mails an hour go to one address."),
        )
        .row(
            Op::post("/api/reset-password", email::reset_password)
                .public()
                .body::<email::PasswordResetLinkIn>()
                .ok::<Message>()
                .summary("Choose a new password with the token of a reset mail")
                .details("Ends every session of the user (API keys stay valid) and verifies the address the mail went to."),
        )
        .row(
            Op::get("/api/workspace", profile::show_workspace)
                .read(Account)
                .ok::<profile::WorkspaceOut>()
                .summary("The caller's workspace: its plan and requests per hour over the last day"),
        )
        .row(
            Op::post("/api/change-password", sessions::change_password)
                .write(Account)
                .ok::<Message>()
                .session_only()
                .body::<sessions::ChangePasswordIn>()
                .summary("Change the password"),
        )
        .row(
            Op::get("/api/user", profile::show_current_user)
                .read(Account)
                .ok::<profile::CurrentUser>()
                .summary("The caller, their workspace and permissions"),
        )
        .row(
            Op::post("/api/edit-profile", profile::edit_profile)
                .write(Account)
                .live_only()
                .body::<profile::ProfilePatch>()
                .ok::<UserOut>()
                .summary("Edit your profile"),
        )
        .row(
            Op::post("/api/upload-photos", profile::upload_photo)
                .write(Account)
                .live_only()
                .multipart(&["photo"], UPLOAD_BODY_LIMIT)
                .ok::<UserOut>()
                .summary("Upload your profile photo"),
        )
        .row(
            Op::delete("/api/delete-account", profile::delete_account)
                .write(Account)
                .ok::<Message>()
                .session_only()
                .body::<profile::DeleteAccountIn>()
                .summary("Delete your account"),
        )
        .row(
            Op::get("/api/client-user", users::list_client_users)
                .read(Users)
                .query::<users::RoleListFilters>()
                .sorts(&<users::User as Indexed>::LISTS.sort_names())
                .list::<UserOut>()
                .summary("List client users"),
        )
        .row(
            Op::get("/api/staff-user", users::list_staff_users)
                .read(Users)
                .query::<users::RoleListFilters>()
                .sorts(&<users::User as Indexed>::LISTS.sort_names())
                .list::<UserOut>()
                .summary("List staff users"),
        )
        .row(
            Op::get("/api/vendor-user", users::list_vendor_users)
                .read(Users)
                .query::<users::RoleListFilters>()
                .sorts(&<users::User as Indexed>::LISTS.sort_names())
                .list::<UserOut>()
                .summary("List vendor users"),
        )
        // Custom fields: a workspace's own fields on its contacts, leads, deals, invoices, ...
        .resource::<CustomField>(
            Crud::new()
                .list("/api/custom-fields")
                .create("/api/custom-fields")
                .show("/api/custom-fields/{id}")
                .patch("/api/custom-fields/{id}")
                .delete("/api/custom-fields/{id}").batch_create("/api/custom-fields/batch/create").batch_update("/api/custom-fields/batch/update").batch_delete("/api/custom-fields/batch/delete").import("/api/custom-fields/import").export("/api/custom-fields/export"),
        )
        // Import and export jobs (each resource's own `<base>/import` and `<base>/export` start them)
        .merge(transfer_jobs::routes())
        // The workspace's document number series (invoices, tickets, POS sales, ...)
        .merge(number_series::routes())
        // API keys
        .row(
            Op::get("/api/v1/settings/api-keys", api_keys::list_api_keys)
                .read(Account)
                .query::<ApiKeyFilters>()
                .sorts(&<api_keys::ApiKeyRecord as Indexed>::LISTS.sort_names())
                .list::<ApiKeyOut>()
                .summary("List API keys"),
        )
        .row(
            Op::get("/api/v1/settings/api-keys/{id}", api_keys::show_api_key)
                .names::<api_keys::ApiKeyRecord>("id")
                .read(Account)
                .ok::<ApiKeyOut>()
                .summary("Show an API key (never its token)"),
        )
        .row(
            Op::post("/api/v1/settings/api-keys", api_keys::create_api_key)
                .write(Account)
                .body::<ApiKeyIn>()
                .created::<api_keys::NewApiKey>()
                .summary("Create an API key; the token is shown once"),
        )
        .row(
            Op::delete("/api/v1/settings/api-keys/{id}", api_keys::revoke_api_key).names_kind("id", shared::auth::records::API_KEY)
                .write(Account)
                .ok::<Deleted>()
                .summary("Revoke an API key"),
        )
        // OAuth 2.0 (designed; docs/oauth.md): clients, consent, tokens, revocation, metadata
        .row(
            Op::post("/api/oauth/clients", oauth::clients::create_oauth_client)
                .write(Users)
                .live_only()
                .body::<oauth::clients::OAuthClientIn>()
                .created::<oauth::clients::OAuthClientCreatedOut>()
                .summary("Register an OAuth client; a confidential client's secret is shown once")
                .details("OAuth tokens cannot register clients (403)."),
        )
        .row(
            Op::get("/api/oauth/clients", oauth::clients::list_oauth_clients)
                .read(Users)
                .live_only()
                .query::<NoFilters>()
                .sorts(&<oauth::clients::OAuthClientRecord as Indexed>::LISTS.sort_names())
                .list::<oauth::clients::OAuthClientOut>()
                .summary("The workspace's OAuth clients"),
        )
        .row(
            Op::get("/api/oauth/clients/{id}", oauth::clients::show_oauth_client).names_kind("id", shared::auth::oauth::CLIENT)
                .read(Users)
                .live_only()
                .ok::<oauth::clients::OAuthClientOut>()
                .summary("One OAuth client"),
        )
        .row(
            Op::delete("/api/oauth/clients/{id}", oauth::clients::delete_oauth_client).names_kind("id", shared::auth::oauth::CLIENT)
                .write(Users)
                .live_only()
                .ok::<Deleted>()
                .summary("Delete an OAuth client and revoke every token it was issued"),
        )
        .row(
            Op::get("/api/oauth/consent", oauth::authorize::consent)
                .read(Account)
                .session_only()
                .params::<oauth::authorize::AuthorizationRequest>()
                .ok::<oauth::authorize::ConsentOut>()
                .summary("What the consent page shows: the authorization request checked for the logged-in user")
                .details("The client's name and type, the scopes an approval grants and where the browser goes after the answer. Every problem with the request is a 422 naming the field, as the answer's would be."),
        )
        .row(
            Op::post("/api/oauth/authorize", oauth::authorize::authorize)
                .write(Account)
                .session_only()
                .body::<oauth::authorize::AuthorizeIn>()
                .ok::<oauth::authorize::AuthorizeOut>()
                .summary("Consent: the logged-in user approves a client's authorization request")
                .details("Answers where to send the browser: the redirect URI with a single-use code (5 minutes, bound to the PKCE S256 challenge when there is one) and `state`, or `error=access_denied` when `approve` is false. An unknown client, a redirect URI not registered exactly, a scope the client may not ask for, a public client's missing PKCE challenge, a `plain` one: 422 naming the field."),
        )
        .row(
            Op::get("/api/oauth/authorize", oauth::authorize::begin)
                .public()
                .params::<oauth::authorize::AuthorizationRequest>()
                .found("`/#/oauth/authorize?…` (the dashboard's consent page, the query unchanged), or the client's redirect URI with `error`, `error_description` and `state`.")
                .summary("Authorization endpoint: where an app sends the user's browser")
                .details("RFC 6749 §4.1.1. A request naming a registered client and one of its redirect URIs exactly, but faulty otherwise (`response_type`, scope, PKCE), goes back to that URI with `error` (`unsupported_response_type`, `invalid_scope`, `invalid_request`); any other request goes to the dashboard's consent page, which logs the user in if need be, asks them, and shows what is wrong with a request it cannot send back. PKCE (S256) is required of public clients and optional for confidential ones."),
        )
        .row(
            Op::post("/api/oauth/token", oauth::token::token)
                .public()
                .oauth_form::<oauth::token::OAuthTokenIn>()
                .ok::<oauth::token::OAuthTokenOut>()
                .answers(&[421])
                .summary("OAuth token endpoint: authorization code (PKCE), refresh token (rotated), client credentials")
                .details("Form-encoded (RFC 6749); a JSON object of strings is accepted too. The client authenticates with HTTP Basic or `client_id`/`client_secret` in the body. Errors follow RFC 6749 §5.2: 400 `invalid_request`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`, `invalid_scope`; 401 `invalid_client`. A refresh token works once: presenting a used one revokes every token of its grant. A code or refresh token whose user was deleted is `invalid_grant`; a client of a suspended workspace, and client credentials whose registering user was deleted, `invalid_client`."),
        )
        .row(
            Op::post("/api/oauth/revoke", oauth::token::revoke)
                .public()
                .oauth_form::<oauth::token::RevokeIn>()
                .ok::<oauth::token::RevokeOut>()
                .answers(&[421])
                .summary("Revoke an OAuth access or refresh token (RFC 7009)")
                .details("200 for any token, known or not; a refresh token takes every token of its grant with it. The client authenticates as at the token endpoint."),
        )
        .row(
            Op::post("/api/oauth/register", oauth::register::register)
                .public()
                .body::<oauth::register::RegistrationIn>()
                .created::<oauth::register::RegistrationOut>()
                .answers(&[400, 429])
                .summary("Register a public OAuth client (dynamic client registration, RFC 7591)")
                .details("What an MCP client does before it asks a user's consent: no token, no workspace. The client is public (no secret; PKCE S256 at the token endpoint) and may ask for the scopes it names in `scope` (all by default). A user of any workspace may then consent to it, which lists it among that workspace's clients (`registered_itself`); deleting it there ends that workspace's tokens. A redirect URI is https, or http on a loopback host. Refused metadata is 400 `invalid_redirect_uri` or `invalid_client_metadata` (RFC 7591 §3.2.2); at most 20 registrations an hour from one client address (429)."),
        )
        .row(
            Op::get("/.well-known/oauth-authorization-server", oauth::metadata::server_metadata)
                .public()
                .ok::<oauth::metadata::ServerMetadata>()
                .summary("OAuth 2.0 authorization server metadata (RFC 8414)"),
        )
        // Users and roles
        .row(
            Op::get("/api/users", users::list_users)
                .read(Users)
                .query::<UserFilters>()
                .sorts(&<users::User as Indexed>::LISTS.sort_names())
                .list::<UserOut>()
                .summary("List users"),
        )
        .row(
            Op::get("/api/users/{id}", users::show_user)
                .names::<users::User>("id")
                .read(Users)
                .ok::<UserOut>()
                .summary("Show a user"),
        )
        .row(
            Op::get("/api/users/log", activity::list_activity)
                .write(Users)
                .query::<ActivityFilters>()
                .sorts(&<ActivityEntry as Indexed>::LISTS.sort_names())
                .list::<ActivityEntry>()
                .summary("List the activity log"),
        )
        .row(
            Op::get("/api/users/log/{id}", handlers::show_indexed::<ActivityEntry>)
                .names::<ActivityEntry>("id")
                .write(Users)
                .ok::<ActivityEntry>()
                .summary("Show an activity log entry"),
        )
        .row(
            Op::get("/api/users/{id}/photo", profile::download_photo).names_kind("id", shared::auth::records::USER)
                .read(Account)
                .bytes()
                .summary("A user's photo (designed)"),
        )
        .row(
            Op::post("/api/user/store", users::create_user)
                .write(Users)
                .body::<UserIn>()
                .created::<users::NewUser>()
                .makes("user")
                .example(serde_json::json!({"name": "Sam Rivera", "email": "sam-{{unique}}@example.com", "role": "staff"}))
                .summary("Create a user; a generated password is returned once"),
        )
        .row(
            Op::post("/api/user/update/{id}", users::update_user).names_kind("id", shared::auth::records::USER)
                .write(Users)
                .body::<UserPatch>()
                .ok::<UserOut>()
                .summary("Update a user"),
        )
        .row(
            Op::delete("/api/user/delete/{id}", users::delete_user_by_id).names_kind("id", shared::auth::records::USER)
                .write(Users)
                .ok::<Deleted>()
                .summary("Delete a user"),
        )
        .row(
            Op::post("/api/user/reset-password/{id}", users::reset_password).names_kind("id", shared::auth::records::USER)
                .write(Users)
                .session_only()
                .ok::<users::PasswordReset>()
                .optional_body::<users::ResetPasswordIn>()
                .summary("Reset a user's password"),
        )
        .row(
            Op::put("/api/user/verify/{id}", users::verify_user).names_kind("id", shared::auth::records::USER)
                .write(Users)
                .ok::<UserOut>()
                .summary("Verify a user"),
        )
        .row(
            Op::get("/api/roles", roles::list_roles)
                .read(Users)
                .query::<NoFilters>()
                .list::<roles::RoleOut>()
                .summary("List roles and their permissions"),
        )
}
