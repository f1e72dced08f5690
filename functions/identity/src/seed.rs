//! The identity part of a sandbox: a realistic team of users in every role. Sandbox users are
//! fixtures: they cannot log in (their password hash verifies nothing) and their addresses are
//! claimed inside the sandbox only.

use async_trait::async_trait;
use serde_json::json;
use shared::auth::records::Mode;
use shared::auth::Role;
use shared::domain::Email;
use shared::resource::custom::CustomField;
use shared::sandbox::Seeder;
use shared::store::{id_counter_key, TenantId};
use shared::time::now_rfc3339;
use shared::AppState;

use crate::users::{self, User};

/// The seeded people: name, e-mail, role.
pub const SANDBOX_USERS: [(&str, &str, Role); 7] = [
    ("Morgan Reyes", "morgan.reyes@example.com", Role::Owner),
    ("Priya Nair", "priya.nair@example.com", Role::Admin),
    ("Leo Park", "leo.park@example.com", Role::Staff),
    ("Sam Okafor", "sam.okafor@example.com", Role::Staff),
    ("Jordan Blake (Acme Corp)", "jordan.blake@acme.example", Role::Client),
    ("Ana Silva (Silva Design)", "ana@silvadesign.example", Role::Client),
    ("Northwind Supplies", "orders@northwind.example", Role::Vendor),
];

/// The custom fields a sandbox starts with.
const SANDBOX_CUSTOM_FIELDS: [fn() -> serde_json::Value; 3] = [
    || {
        json!({"resource": "crm_contact", "key": "industry", "label": "Industry", "type": "select",
               "options": ["Retail", "Software", "Manufacturing"], "filterable": true})
    },
    || json!({"resource": "crm_deal", "key": "renewal_date", "label": "Renewal date", "type": "date"}),
    || json!({"resource": "support_ticket", "key": "order_number", "label": "Order number", "type": "text"}),
];

/// Not a PHC string, so no password ever verifies against it.
const NO_LOGIN: &str = "!sandbox-fixture";

pub struct IdentitySeeder;

#[async_trait]
impl Seeder for IdentitySeeder {
    fn name(&self) -> &'static str {
        "identity"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let now = now_rfc3339();
        let mut writes = Vec::new();
        for (i, (name, email, role)) in SANDBOX_USERS.iter().enumerate() {
            let id = i as u64 + 1;
            let user = User {
                id,
                name: (*name).into(),
                email: Email::known(email),
                role: *role,
                password_hash: NO_LOGIN.into(),
                // The first half verified, the rest not: both states to try filters on.
                email_verified_at: (i < 4).then(|| now.clone()),
                photo: None,
                created_at: now.clone(),
                updated_at: now.clone(),
                version: 1,
                sessions_epoch: 0,
            };
            writes.extend(users::write_user(tenant, None, &user).map_err(|e| anyhow::anyhow!("{e}"))?);
            writes.push(users::write_email_index(tenant, Mode::Test, email, id).map_err(|e| anyhow::anyhow!("{e}"))?);
        }
        // One transaction: the users' counts merged (a transaction names each counter once).
        state
            .store()
            .transact(shared::resource::index::merge_adds(writes))
            .await?;
        let counter = id_counter_key(tenant, shared::auth::records::USER);
        state
            .store()
            .increment(&counter, SANDBOX_USERS.len() as i64, None)
            .await?;
        // A few custom fields, so that a sandbox shows them (their values are written by hand).
        let cx = shared::resource::Cx::system(state, tenant, 1);
        for definition in SANDBOX_CUSTOM_FIELDS {
            shared::sandbox::insert::<CustomField>(cx, definition()).await?;
        }
        Ok(())
    }
}
