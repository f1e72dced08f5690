//! Warehouses: where stock is kept. Stock movements, transfers and POS sales name them, so a
//! warehouse with any history cannot be deleted (deactivate it instead).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Email, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::patch::patched;
use shared::resource::{Assign, Cx, Filter, Lists, Meta, Resource, Sort};

#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Warehouse {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub address: Option<String>,
    pub city: Option<String>,
    pub zip_code: Option<String>,
    pub phone: Option<String>,
    pub email: Option<Email>,
    /// Inactive warehouses take no stock movements and leave the pickers.
    pub is_active: bool,
}

/// Body of `POST /api/warehouse/create`; every field but `name` is optional on
/// `POST /api/warehouse/update/{warehouse_id}` too.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WarehouseIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    pub address: Option<Text<250>>,
    pub city: Option<Text<80>>,
    pub zip_code: Option<Text<20>>,
    pub phone: Option<Text<30>>,
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    /// Defaults to `true`.
    pub is_active: Option<bool>,
}

/// Body of `POST /api/warehouse/update/{warehouse_id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct WarehousePatch {
    pub name: Option<Text<120>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<250>>")]
    pub address: Option<Option<Text<250>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<80>>")]
    pub city: Option<Option<Text<80>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<20>>")]
    pub zip_code: Option<Option<Text<20>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<30>>")]
    pub phone: Option<Option<Text<30>>>,
    #[schemars(transform = shared::http::schema::email)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub email: Option<Option<String>>,
    pub is_active: Option<bool>,
}

/// `?is_active=` on the warehouse list.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct WarehouseFilters {
    pub is_active: Option<bool>,
}

/// The optional contact fields, checked together for create and update.
struct Contact {
    address: Option<String>,
    city: Option<String>,
    zip_code: Option<String>,
    phone: Option<String>,
    email: Option<Email>,
}

/// A warehouse's contact fields as a body gives them: address, city, zip code, phone, e-mail.
type ContactIn = (
    Option<Text<250>>,
    Option<Text<80>>,
    Option<Text<20>>,
    Option<Text<30>>,
    Option<String>,
);

impl Contact {
    fn check(errors: &mut FieldErrors, fields: ContactIn) -> Self {
        let (address, city, zip_code, phone, email) = fields;
        Self {
            address: errors.text("address", address),
            city: errors.text("city", city),
            zip_code: errors.text("zip_code", zip_code),
            phone: errors.text("phone", phone),
            email: errors.email("email", email),
        }
    }
}

impl Resource for Warehouse {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "North warehouse", "address": "1 Dock Street", "city": "Leeds", "zip_code": "LS1 4AP"}),
        )
    }
    const KIND: &'static str = "inv_warehouse";
    const NAME: &'static str = "Warehouse";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |w| IndexValue::text(&w.name))],
        filters: &[Filter::<Self>::one("is_active", |w| IndexValue::flag(w.is_active)).sorted_by(&["name"])],
        sums: &[],
    };
    type In = WarehouseIn;
    type Patch = WarehousePatch;
    type Out = Warehouse;
    type Filters = WarehouseFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: WarehouseIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let contact = Contact::check(
            &mut errors,
            (input.address, input.city, input.zip_code, input.phone, input.email),
        );
        let name = errors.finish(name)?;
        Ok(Self {
            meta: Meta::default(),
            name,
            address: contact.address,
            city: contact.city,
            zip_code: contact.zip_code,
            phone: contact.phone,
            email: contact.email,
            is_active: input.is_active.unwrap_or(true),
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: WarehousePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let contact = Contact::check(
            &mut errors,
            (
                patch.address.clone().flatten(),
                patch.city.clone().flatten(),
                patch.zip_code.clone().flatten(),
                patch.phone.clone().flatten(),
                patch.email.clone().flatten(),
            ),
        );
        errors.into_result(())?;
        self.name.assign(name);
        self.address.assign(patched(&patch.address, contact.address));
        self.city.assign(patched(&patch.city, contact.city));
        self.zip_code.assign(patched(&patch.zip_code, contact.zip_code));
        self.phone.assign(patched(&patch.phone, contact.phone));
        self.email.assign(patched(&patch.email, contact.email));
        self.is_active.assign(patch.is_active);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.name, self.city.as_deref().unwrap_or_default())
    }
}
