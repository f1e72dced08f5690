//! Contacts: the people a workspace deals with (`/api/v1/contacts`, the specification's 4.2 table).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Email, Text};
use shared::events::EventType;
use shared::http::{ApiError, FieldErrors};
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::{Assign, Cx, Events, Filter, IndexValue, Lists, Meta, Resource, Sort, Unique};

pub const CONTACT_CREATED: EventType =
    EventType::new("contact.created", "A contact was created.").with_record::<Contact>();
pub const CONTACT_UPDATED: EventType =
    EventType::new("contact.updated", "A contact was changed.").with_record::<Contact>();
pub const CONTACT_DELETED: EventType =
    EventType::new("contact.deleted", "A contact was deleted.").with_record::<Contact>();

/// A contact.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Contact {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub email: Option<Email>,
    pub phone: Option<String>,
    pub tags: Vec<String>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// A contact's tags, as its bodies take them: at most 20 of at most 50 characters.
pub type ContactTags = shared::domain::TextList<20, 50>;

/// Body of `POST /api/v1/contacts`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct ContactIn {
    /// Required; at most 190 characters.
    #[schemars(required)]
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    /// At most 30 characters.
    pub phone: Option<Text<30>>,
    /// At most 20 tags of at most 50 characters.
    pub tags: Option<ContactTags>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `PATCH /api/v1/contacts/{id}`: absent fields stay, `null` clears.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"phone": null, "tags": ["vip"]}))]
pub struct ContactPatch {
    pub name: Option<Text<190>>,
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<Option<String>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<30>>")]
    pub phone: Option<Option<Text<30>>>,
    pub tags: Option<ContactTags>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Filters of `GET /api/v1/contacts`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ContactFilters {
    /// Contacts carrying this tag.
    pub tag: Option<String>,
    pub email: Option<String>,
}

/// The e-mail order, and the e-mail filter read from its index.
const BY_EMAIL: Sort<Contact> = Sort::new("email", |c| IndexValue::text(c.email.as_deref().unwrap_or("")));

impl Resource for Contact {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Ada Lovelace", "email": shared::resource::example::unique_email("ada", "example.com"), "phone": "+44 20 7946 0000", "tags": ["vip"]}),
        )
    }
    const KIND: &'static str = "crm_contact";
    const NAME: &'static str = "Contact";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |c| IndexValue::text(&c.name)), BY_EMAIL],
        filters: &[
            Filter::of_sort(BY_EMAIL),
            Filter::many("tag", |c| c.tags.iter().map(|t| IndexValue::text(t)).collect()),
        ],
        sums: &[],
    };
    /// One contact per address: what a "find or create" step finds it by.
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("email", |c| c.email.as_deref().map(str::to_owned))];
    const UPSERT_BY: Option<&'static str> = Some("email");
    const EVENTS: Events = Events::all(CONTACT_CREATED, CONTACT_UPDATED, CONTACT_DELETED);
    type In = ContactIn;
    type Patch = ContactPatch;
    type Out = Contact;
    type Filters = ContactFilters;

    shared::meta_field!();
    shared::custom_fields!();

    async fn build(cx: Cx<'_>, input: ContactIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let email = errors.email("email", input.email);
        let phone = errors.text("phone", input.phone);
        let tags = errors.text_list("tags", input.tags);
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let name = errors.finish(name)?;
        Ok(Self {
            meta: Meta::default(),
            name,
            email,
            phone,
            tags: tags.unwrap_or_default(),
            custom_fields: custom_fields.unwrap_or_default(),
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: ContactPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let email = patch.email.map(|e| errors.email("email", e));
        let phone = patch.phone.map(|p| errors.text("phone", p));
        let tags = errors.text_list("tags", patch.tags);
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        self.name.assign(name);
        self.email.assign(email);
        self.phone.assign(phone);
        self.tags.assign(tags);
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {} {} {}",
            self.name,
            self.email.as_deref().unwrap_or(""),
            self.phone.as_deref().unwrap_or(""),
            self.tags.join(" ")
        )
    }
}
