//! Custom fields: a workspace's own fields on a kind of record (a contact's "industry", a deal's
//! "renewal date"). A definition names the kind, a stable `key`, a label, a type and its rules;
//! the routes are in `identity` (`/api/custom-fields`). A resource takes custom fields when it
//! declares `const CUSTOM_FIELDS: bool = true` ([`crate::module::Registry::customizable_kinds`]
//! lists them).
//!
//! | what | partition (`T#<tenant>#…`) | sort key |
//! |---|---|---|
//! | a definition | `custom_field` | `<id>` |
//! | its key, unique per kind | `custom_field~u` | `key#<kind>#<key>` |
//!
//! [`check_value`] is the one parser of a value of a field's type (a definition's default, a
//! record's value); [`settle`] checks a record's values as the layer stores it. Lists filter and
//! sort by filterable fields through indexes the definitions declare ([`indexes`]).

pub mod indexes;

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use indexes::{FieldIndex, IndexStatus};

use super::index::{self, IndexValue};
use super::{Assign, Cx, Events, Filter, Lists, Meta, Resource, Sort, Unique};
use crate::auth::records::workspace_key;
use crate::auth::Module;
use crate::domain::{Date, Email, Text};
use crate::events::EventType;
use crate::http::{ApiError, FieldErrors};
use crate::money::Money;
use crate::store::cache::{Kept, ReadStamp};
use crate::store::{Partition, StoreExt, TenantId};

pub const CUSTOM_FIELD_CREATED: EventType = EventType::new(
    "custom_field.created",
    "A custom field was defined on a kind of record.",
)
.with_record::<CustomField>();
pub const CUSTOM_FIELD_UPDATED: EventType =
    EventType::new("custom_field.updated", "A custom field was changed.").with_record::<CustomField>();
pub const CUSTOM_FIELD_DELETED: EventType =
    EventType::new("custom_field.deleted", "A custom field was deleted.").with_record::<CustomField>();

/// Most custom fields one kind of record has.
pub const MAX_FIELDS_PER_KIND: usize = 100;
/// Most options a select or multi-select offers.
pub const MAX_OPTIONS: usize = 100;
/// The longest option of a select or multi-select, in characters.
pub const OPTION_CHARS: usize = 80;
/// Longest text value, in characters (`long_text`: [`MAX_LONG_TEXT`]).
pub const MAX_TEXT: usize = 1000;
pub const MAX_LONG_TEXT: usize = 10_000;

crate::choice! {
    /// What a custom field holds.
    pub enum FieldType {
        Text = "text",
        LongText = "long_text",
        Number = "number",
        Money = "money",
        Date = "date",
        DateTime = "datetime",
        Boolean = "boolean",
        Select = "select",
        MultiSelect = "multi_select",
        Url = "url",
        Email = "email",
        Phone = "phone",
        User = "user",
        Reference = "reference",
    }
}

impl FieldType {
    fn has_options(self) -> bool {
        matches!(self, Self::Select | Self::MultiSelect)
    }

    /// Names a record (checked against the store when a value is written), so it takes no default.
    fn names_a_record(self) -> bool {
        matches!(self, Self::User | Self::Reference)
    }

    /// Whether every value a field of this type can store is, as stored, a value of type `to`
    /// (an e-mail address is a text of at most 254 characters): the changes of type a
    /// definition accepts, since they leave every record as it is and read none of them.
    pub fn converts_to(self, to: FieldType) -> bool {
        use FieldType::*;
        self == to
            || matches!(
                (self, to),
                (Text, LongText) | (Phone | Email | Select | Date | DateTime, Text | LongText) | (Url, LongText)
            )
    }
}

/// A custom field's definition.
#[derive(Clone, Debug, Serialize, crate::RecordDeserialize, JsonSchema)]
pub struct CustomField {
    #[serde(flatten)]
    pub meta: Meta,
    /// The kind of record it is on (`crm_contact`).
    pub resource: String,
    /// Its name in `custom_fields` on the record: snake_case, unique per kind, never changed.
    pub key: String,
    pub label: String,
    #[serde(rename = "type")]
    pub field_type: FieldType,
    /// A select's or multi-select's choices, in order (empty for other types).
    pub options: Vec<String>,
    /// The kind of record a `reference` field names.
    pub reference_kind: Option<String>,
    pub required: bool,
    /// The value a create without one stores.
    pub default: Option<Value>,
    pub help_text: Option<String>,
    /// Order among the kind's fields, from 1.
    pub position: u64,
    /// Lists may filter and sort by it (`custom_fields.<key>=<value>`, `sort=custom_fields.<key>`),
    /// once its index is ready.
    pub filterable: bool,
    /// A list's `search` looks at it.
    pub searchable: bool,
    /// The index behind `filterable` (`null` when the field is not filterable).
    #[serde(default)]
    pub index: Option<FieldIndex>,
}

/// Body of `POST /api/custom-fields`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CustomFieldIn {
    /// The kind of record (`crm_contact`, `crm_lead`, `crm_deal`, `sales_invoice`, `inv_product`,
    /// `project`, `support_ticket`, `hr_employee`).
    #[schemars(required, regex(pattern = r"^[a-z][a-z_]{0,39}$"))]
    pub resource: Option<String>,
    #[schemars(required, regex(pattern = r"^[a-z][a-z0-9_]{0,39}$"))]
    pub key: Option<String>,
    #[schemars(required)]
    pub label: Option<Text<80>>,
    #[serde(rename = "type")]
    #[schemars(required, transform = crate::http::schema::one_of::<FieldType>)]
    pub field_type: Option<String>,
    /// Required for `select` and `multi_select` (1 to 100 distinct), refused for other types.
    #[schemars(transform = options_schema)]
    pub options: Option<Vec<String>>,
    /// Required for `reference`: the kind it names.
    #[schemars(regex(pattern = r"^[a-z][a-z_]{0,39}$"))]
    pub reference_kind: Option<String>,
    pub required: Option<bool>,
    /// A value of the field's type; `user` and `reference` fields take none.
    pub default: Option<FieldValue>,
    pub help_text: Option<Text<500>>,
    /// Defaults to after the kind's last field.
    #[schemars(range(min = 1, max = 1000))]
    pub position: Option<u64>,
    pub filterable: Option<bool>,
    pub searchable: Option<bool>,
}

/// Body of `PATCH /api/custom-fields/{id}`: everything but the kind and the key.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = crate::resource::patch_schema)]
pub struct CustomFieldPatch {
    /// A type every stored value already is (text to long_text; phone, email, select, date or
    /// datetime to text or long_text; url to long_text); any other change is refused, as stored
    /// values would not all convert. A filterable field's index is built again.
    #[serde(rename = "type")]
    #[schemars(transform = crate::http::schema::one_of::<FieldType>)]
    pub field_type: Option<String>,
    pub label: Option<Text<80>>,
    /// A select's or multi-select's new choices.
    #[schemars(transform = options_schema)]
    pub options: Option<Vec<String>>,
    pub required: Option<bool>,
    /// `null` removes it.
    #[serde(default, with = "crate::resource::Clearable::<FieldValue>")]
    pub default: Option<Option<FieldValue>>,
    /// `null` removes it.
    #[serde(default, with = "crate::resource::Clearable::<Text<500>>")]
    pub help_text: Option<Option<Text<500>>>,
    #[schemars(range(min = 1, max = 1000))]
    pub position: Option<u64>,
    pub filterable: Option<bool>,
    pub searchable: Option<bool>,
}

/// `?resource=crm_contact` on the definitions list.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct CustomFieldFilters {
    /// The kind of record (`crm_contact`): its fields only.
    pub resource: Option<String>,
}

impl Resource for CustomField {
    fn example() -> Option<Value> {
        // A key no other field of the kind has: `{{unique}}` is lower-case letters and digits.
        let key = Value::String("industry_{{unique}}".into());
        Some(serde_json::json!({
            "resource": "crm_contact", "key": key, "label": "Industry", "type": "select",
            "options": ["Retail", "Software", "Manufacturing"], "filterable": true,
        }))
    }
    const KIND: &'static str = "custom_field";
    const NAME: &'static str = "Custom field";
    const MODULE: Module = Module::Users;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("position", |f| {
            IndexValue::text(&format!("{}#{:06}#{:020}", f.resource, f.position, f.meta.id))
        })],
        filters: &[Filter::<Self>::one("resource", |f| IndexValue::text(&f.resource)).sorted_by(&["position"])],
        sums: &[],
    };
    // Unique per kind: the claim names both ("Another custom field already has the key
    // `industry on crm_contact`").
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("key", |f| Some(format!("{} on {}", f.key, f.resource)))];
    const EVENTS: Events = Events::all(CUSTOM_FIELD_CREATED, CUSTOM_FIELD_UPDATED, CUSTOM_FIELD_DELETED);
    type In = CustomFieldIn;
    type Patch = CustomFieldPatch;
    type Out = CustomField;
    type Filters = CustomFieldFilters;
    crate::meta_field!();

    async fn build(cx: Cx<'_>, input: CustomFieldIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let resource = errors
            .required("resource", input.resource)
            .and_then(|kind| customizable(cx, &mut errors, "resource", kind));
        let key = errors
            .required("key", input.key)
            .and_then(|key| snake_case(&mut errors, key));
        let label = errors.required_text("label", input.label);
        let field_type = errors
            .required("type", input.field_type.clone())
            .and(errors.choice::<FieldType>("type", input.field_type));
        let help_text = errors.text("help_text", input.help_text);
        check_position(&mut errors, input.position);
        let mut field = Self {
            meta: Meta::default(),
            resource: resource.clone().unwrap_or_default(),
            key: key.unwrap_or_default(),
            label: label.unwrap_or_default(),
            field_type: field_type.unwrap_or(FieldType::Text),
            options: Vec::new(),
            reference_kind: None,
            required: input.required.unwrap_or(false),
            default: None,
            help_text,
            position: input.position.unwrap_or(0),
            filterable: input.filterable.unwrap_or(false),
            searchable: input.searchable.unwrap_or(false),
            index: None,
        };
        if let Some(field_type) = field_type {
            field.options = options(&mut errors, field_type, input.options);
            field.reference_kind = reference_kind(cx, &mut errors, field_type, input.reference_kind);
            field.default = default_of(&mut errors, &field, input.default.map(Value::from));
        }
        errors.into_result(())?;
        // Fields only for kinds the workspace may use (its plan's modules, minus those it turned off).
        if let Some(module) = cx.catalog().module_of(&field.resource) {
            require_modules(cx, &[module]).await?;
        }
        // The kind's fields and the workspace's, in one read.
        let kind = IndexValue::text(&field.resource);
        let counts = index::tallies::<Self>(cx, &[index::Tally::count("resource", kind), index::Tally::all()]).await?;
        let (held, in_all) = (
            u64::try_from(counts[0]).unwrap_or(0),
            u64::try_from(counts[1]).unwrap_or(0),
        );
        if let Some(plan) = cx.plan().filter(|plan| in_all >= u64::from(plan.custom_fields)) {
            return Err(ApiError::PlanLimit(format!(
                "The {} plan allows {} custom fields in a workspace, and this one has {in_all}; delete one or move \
                 to a larger plan.",
                plan.name, plan.custom_fields
            )));
        }
        if held >= MAX_FIELDS_PER_KIND as u64 {
            return Err(ApiError::limit_reached(format!(
                "A kind of record has at most {MAX_FIELDS_PER_KIND} custom fields; {} has {held}.",
                field.resource
            )));
        }
        if field.position == 0 {
            field.position = held + 1;
        }
        if field.filterable {
            field.index = Some(FieldIndex::start(cx, &field.resource, 1).await?);
        }
        Ok(field)
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: CustomFieldPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let label = errors.text("label", patch.label);
        let help_text = patch.help_text.map(|h| errors.text("help_text", h));
        check_position(&mut errors, patch.position);
        let retyped = match errors.choice::<FieldType>("type", patch.field_type) {
            Some(to) if to != self.field_type && self.field_type.converts_to(to) => {
                self.field_type = to;
                self.options.clear();
                true
            }
            Some(to) if to != self.field_type => {
                errors.add(
                    "type",
                    format!(
                        "Stored {} values would not all convert to {}, so the type stays; define a new field \
                         and copy the values over. A change is accepted to a type every stored value already \
                         is: text to long_text; phone, email, select, date or datetime to text or long_text; \
                         url to long_text.",
                        self.field_type.as_str(),
                        to.as_str()
                    ),
                );
                false
            }
            _ => false,
        };
        if patch.options.is_some() {
            self.options = options(&mut errors, self.field_type, patch.options);
        }
        if let Some(default) = patch.default {
            self.default = default_of(&mut errors, self, default.map(Value::from));
        } else if self.field_type.has_options() || retyped {
            // New options, or a new type, must still hold the default.
            let current = self.default.take();
            self.default = default_of(&mut errors, self, current);
        }
        errors.into_result(())?;
        self.label.assign(label);
        self.help_text.assign(help_text);
        self.required.assign(patch.required);
        self.position.assign(patch.position);
        self.searchable.assign(patch.searchable);
        let filterable = patch.filterable.unwrap_or(self.filterable);
        if !filterable {
            self.index = None;
        } else if !self.filterable || retyped {
            // Newly filterable, or a new type that sorts its values its own way: an index built
            // anew, as a new generation (the field's next version).
            self.index = Some(FieldIndex::start(cx, &self.resource, self.meta.version + 1).await?);
        }
        self.filterable = filterable;
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {} {}", self.resource, self.key, self.label)
    }

    /// While its index is building, the job ([`indexes::build_indexes`]) finds it by this.
    fn due_date(&self) -> Option<String> {
        let building = self.index.as_ref().is_some_and(|ix| ix.status == IndexStatus::Building);
        building.then(|| "0000-01-01".into())
    }

    /// An index the field no longer uses is dropped in the background.
    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<crate::store::Write>, ApiError> {
        let generation = |f: &Self| f.index.as_ref().map(|ix| ix.generation);
        match before {
            Some(before) if generation(before).is_some() && generation(before) != generation(self) => {
                indexes::drop_writes(cx, before).await
            }
            _ => Ok(Vec::new()),
        }
    }

    async fn before_delete(&self, cx: Cx<'_>) -> Result<Vec<crate::store::Write>, ApiError> {
        indexes::drop_writes(cx, self).await
    }
}

/// 403 `module_disabled`, as the route gate answers, unless each of `modules` is on for the
/// caller's workspace: on its plan and not switched off (`disabled_modules`). For what a body
/// names rather than the route's own module: a custom field's kind, a webhook's event types. One
/// read of the workspace record (two for a sandbox, which answers to its live workspace's
/// switches); none for the service's own work, which has no plan.
pub async fn require_modules(cx: Cx<'_>, modules: &[Module]) -> Result<(), ApiError> {
    let Some(plan) = cx.plan() else {
        return Ok(());
    };
    if modules.iter().all(|m| m.is_always_on()) {
        return Ok(());
    }
    let store = cx.store();
    let mut workspace: Option<Value> = store.get_as(&workspace_key(cx.tenant())).await?;
    if let Some(live) = workspace
        .as_ref()
        .and_then(|w| w.get("live_tenant"))
        .and_then(Value::as_u64)
    {
        workspace = store.get_as(&workspace_key(TenantId(live))).await?;
    }
    let disabled: Vec<Module> = match workspace.and_then(|mut w| w.get_mut("disabled_modules").map(Value::take)) {
        Some(list) => serde_json::from_value(list).map_err(ApiError::internal)?,
        None => Vec::new(),
    };
    match modules.iter().find(|m| !plan.enables(**m, &disabled)) {
        Some(off) => Err(ApiError::ModuleDisabled {
            module: off.as_str().into(),
            plan: plan.name.into(),
        }),
        None => Ok(()),
    }
}

fn customizable(cx: Cx<'_>, errors: &mut FieldErrors, field: &str, kind: String) -> Option<String> {
    let kinds = cx.catalog().customizable_kinds();
    if kinds.contains(&kind.as_str()) {
        return Some(kind);
    }
    errors.add(
        field,
        format!("`{kind}` takes no custom fields; these kinds do: {}.", kinds.join(", ")),
    );
    None
}

fn check_position(errors: &mut FieldErrors, position: Option<u64>) {
    if position.is_some_and(|p| !(1..=1000).contains(&p)) {
        errors.add("position", "The position must be from 1 to 1000.");
    }
}

fn snake_case(errors: &mut FieldErrors, key: String) -> Option<String> {
    let ok = key.len() <= 40
        && key.starts_with(|c: char| c.is_ascii_lowercase())
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        return Some(key);
    }
    errors.add(
        "key",
        "The key must be snake_case: a lower-case letter, then lower-case letters, digits or _, at most 40 in all.",
    );
    None
}

fn options(errors: &mut FieldErrors, field_type: FieldType, options: Option<Vec<String>>) -> Vec<String> {
    match (field_type.has_options(), options) {
        (true, None) => {
            errors.add("options", format!("A {} field needs its options.", field_type.as_str()));
            Vec::new()
        }
        (true, Some(list)) => {
            let given = list.len();
            let list = errors
                .text_list_within("options", Some(list), MAX_OPTIONS, OPTION_CHARS)
                .unwrap_or_default();
            if list.is_empty() && !errors.contains("options") {
                errors.add("options", "Give at least one option.");
            } else if list.len() != given && !errors.contains("options") {
                errors.add("options", "Each option may be given once.");
            }
            list
        }
        (false, Some(list)) if !list.is_empty() => {
            errors.add("options", format!("A {} field takes no options.", field_type.as_str()));
            Vec::new()
        }
        (false, _) => Vec::new(),
    }
}

fn reference_kind(cx: Cx<'_>, errors: &mut FieldErrors, field_type: FieldType, kind: Option<String>) -> Option<String> {
    match (field_type, kind) {
        (FieldType::Reference, None) => {
            errors.add("reference_kind", "A reference field needs the kind of record it names.");
            None
        }
        (FieldType::Reference, Some(kind)) => {
            if cx.catalog().serves(&kind) {
                return Some(kind);
            }
            errors.add(
                "reference_kind",
                format!("`{kind}` is not a kind of record this API serves."),
            );
            None
        }
        (_, Some(_)) => {
            errors.add("reference_kind", "Only a reference field names a kind of record.");
            None
        }
        (_, None) => None,
    }
}

/// 1 to 100 distinct options of 1 to 80 characters (`null`: none).
fn options_schema(schema: &mut schemars::Schema) {
    *schema = schemars::json_schema!({
        "type": ["array", "null"], "minItems": 1, "maxItems": MAX_OPTIONS, "uniqueItems": true,
        "items": {"type": "string", "minLength": 1, "maxLength": OPTION_CHARS, "pattern": "\\S"},
    });
}

/// A value as a body gives one, of any custom field's type: text, a number, true or false, or a
/// list of options, never an object (refused while the body is read, before any store call).
#[derive(Clone, Debug)]
pub struct FieldValue(Value);

impl From<FieldValue> for Value {
    fn from(value: FieldValue) -> Value {
        value.0
    }
}

impl<'de> Deserialize<'de> for FieldValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let fits = match &value {
            Value::Array(items) => items.iter().all(Value::is_string),
            Value::Object(_) => false,
            _ => true,
        };
        match fits {
            true => Ok(Self(value)),
            false => Err(serde::de::Error::custom(
                "expected text, a number, true or false, or a list of options",
            )),
        }
    }
}

impl JsonSchema for FieldValue {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CustomFieldValue".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"anyOf": [
            {"type": "string"}, {"type": "number"}, {"type": "boolean"},
            {"type": "array", "items": {"type": "string"}},
        ]})
    }
}

fn default_of(errors: &mut FieldErrors, field: &CustomField, default: Option<Value>) -> Option<Value> {
    let default = default.filter(|v| !v.is_null())?;
    if field.field_type.names_a_record() {
        errors.add(
            "default",
            format!("A {} field takes no default.", field.field_type.as_str()),
        );
        return None;
    }
    let before = errors.contains("default");
    let value = check_value(errors, "default", field, default);
    if !before && errors.contains("default") {
        return None;
    }
    value
}

/// `value` as a field of type `def.field_type` stores it (trimmed text, money rounded to cents,
/// dates in their one written form), or an error on `at` saying what the type takes. A `user` or
/// `reference` value is checked for its shape here (an id) and against the store by the caller.
pub fn check_value(errors: &mut FieldErrors, at: &str, def: &CustomField, value: Value) -> Option<Value> {
    let label = &def.label;
    let wrong = |errors: &mut FieldErrors, takes: &str| {
        errors.add(at, format!("{label} takes {takes}."));
        None
    };
    match def.field_type {
        FieldType::Text | FieldType::LongText | FieldType::Phone => {
            let max = match def.field_type {
                FieldType::LongText => MAX_LONG_TEXT,
                FieldType::Phone => 30,
                _ => MAX_TEXT,
            };
            let Value::String(text) = value else {
                return wrong(errors, "text");
            };
            let text = text.trim().to_string();
            if text.is_empty() || text.chars().count() > max {
                return wrong(errors, &format!("1 to {max} characters"));
            }
            let phone_like = |t: &str| t.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c));
            if def.field_type == FieldType::Phone && !phone_like(&text) {
                return wrong(errors, "a phone number (digits, spaces, + - ( ) .)");
            }
            Some(Value::String(text))
        }
        FieldType::Number => match value.as_f64().filter(|n| n.is_finite()) {
            Some(_) => Some(value),
            None => wrong(errors, "a number"),
        },
        FieldType::Money => {
            let text = match &value {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => String::new(),
            };
            match Money::parse(&text) {
                Some(amount) => Some(serde_json::json!(amount)),
                None => wrong(errors, "an amount (12.50; kept to cents)"),
            }
        }
        FieldType::Date => match value.as_str().and_then(Date::parse) {
            Some(date) => Some(serde_json::json!(date)),
            None => wrong(errors, "a date written YYYY-MM-DD"),
        },
        FieldType::DateTime => match value
            .as_str()
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        {
            Some(at) => Some(Value::String(
                at.with_timezone(&chrono::Utc)
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            )),
            None => wrong(errors, "a date and time in RFC 3339 (2026-05-01T09:30:00Z)"),
        },
        FieldType::Boolean => match value {
            Value::Bool(_) => Some(value),
            _ => wrong(errors, "true or false"),
        },
        FieldType::Select => match value.as_str().filter(|v| def.options.iter().any(|o| o == v)) {
            Some(_) => Some(value),
            None => wrong(errors, &format!("one of: {}", def.options.join(", "))),
        },
        FieldType::MultiSelect => {
            let Some(items) = value.as_array() else {
                return wrong(errors, &format!("a list of: {}", def.options.join(", ")));
            };
            let mut chosen: Vec<&str> = Vec::new();
            for item in items {
                match item.as_str().filter(|v| def.options.iter().any(|o| o == v)) {
                    Some(option) if !chosen.contains(&option) => chosen.push(option),
                    Some(_) => {}
                    None => return wrong(errors, &format!("a list of: {}", def.options.join(", "))),
                }
            }
            // Kept in the options' order, so two writes of the same choices store the same list.
            let ordered: Vec<&String> = def.options.iter().filter(|o| chosen.contains(&o.as_str())).collect();
            Some(serde_json::json!(ordered))
        }
        FieldType::Url => match value.as_str().map(str::trim).and_then(|t| url::Url::parse(t).ok()) {
            Some(url) if matches!(url.scheme(), "http" | "https") && url.as_str().len() <= 2000 => {
                Some(Value::String(url.to_string()))
            }
            _ => wrong(errors, "an http or https URL"),
        },
        FieldType::Email => match value.as_str().and_then(Email::parse) {
            Some(email) => Some(Value::String(email.as_str().to_string())),
            None => wrong(errors, "an e-mail address"),
        },
        FieldType::User | FieldType::Reference => match value.as_u64().filter(|id| *id > 0) {
            Some(_) => Some(value),
            None => wrong(errors, "an id (a whole number from 1)"),
        },
    }
}

/// A record's custom field values, by key, as stored and answered (`{}` when it has none).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CustomValues {
    pub values: serde_json::Map<String, Value>,
    /// The definitions these values were checked against ([`settle`]), for the index writes of
    /// the store step: set once checked, so it reads nothing again.
    #[serde(skip)]
    checked_against: Option<Arc<Vec<CustomField>>>,
}

impl PartialEq for CustomValues {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values
    }
}

impl JsonSchema for CustomValues {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CustomValues".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let value = generator.subschema_for::<FieldValue>();
        schemars::json_schema!({
            "type": "object",
            "description": "The workspace's custom fields on this record, by key (GET /api/custom-fields).",
            "additionalProperties": value,
        })
    }
}

/// A record's `custom_fields` as its schema shows it: without the `default` that `serde(default)`
/// adds (generated clients refuse a default on an object property), as every answer has them.
pub fn stored_schema(schema: &mut schemars::Schema) {
    schema.remove("default");
}

/// A body's `custom_fields`: values by key; on an update only the keys given change, and `null`
/// clears one.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct CustomValuesIn(pub serde_json::Map<String, Value>);

impl JsonSchema for CustomValuesIn {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CustomValuesIn".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let value = generator.subschema_for::<Option<FieldValue>>();
        schemars::json_schema!({
            "type": "object",
            "description": "Values of the workspace's custom fields, by key (GET /api/custom-fields); null clears one.",
            "additionalProperties": value,
        })
    }
}

impl CustomValues {
    /// An update body's values over these: the keys given change, a `null` clears one.
    pub fn merge(&mut self, input: Option<CustomValuesIn>) {
        for (key, value) in input.map(|i| i.0).unwrap_or_default() {
            match value {
                Value::Null => self.values.remove(&key),
                value => self.values.insert(key, value),
            };
        }
    }
}

impl CustomValues {
    /// An update body's values over these, checked into `errors` ([`parse`]); `None` when the
    /// body gives none.
    pub async fn changed_by(
        &self,
        cx: Cx<'_>,
        kind: &str,
        errors: &mut FieldErrors,
        input: Option<CustomValuesIn>,
    ) -> Result<Option<CustomValues>, ApiError> {
        parse(cx, kind, errors, Some(self), input).await
    }
}

/// A body's values (`input`) over a record's (`before`; `None` for a new record), checked into
/// `errors` beside the body's built-in fields, so one 422 names every field at fault. `None` when
/// an update gives no values (nothing read); a new record's values always (defaults, required
/// fields). The store step then reads nothing again. `Err` only for a store failure.
pub async fn parse(
    cx: Cx<'_>,
    kind: &str,
    errors: &mut FieldErrors,
    before: Option<&CustomValues>,
    input: Option<CustomValuesIn>,
) -> Result<Option<CustomValues>, ApiError> {
    if before.is_some() && input.is_none() {
        return Ok(None);
    }
    let mut values = before.cloned().unwrap_or_default();
    values.merge(input);
    check_into(cx, kind, errors, before, &mut values).await?;
    Ok(Some(values))
}

/// Kind `kind`'s definitions, in position order: one query (at most [`MAX_FIELDS_PER_KIND`]),
/// or none when the request read them already ([`Cx::with_memo`]) or the instance keeps them
/// ([`DefinitionsCache`]).
pub async fn definitions_of(cx: Cx<'_>, kind: &str) -> Result<Arc<Vec<CustomField>>, ApiError> {
    if let Some(known) = cx.memo().and_then(|memo| memo.get(kind)) {
        return Ok(known);
    }
    let cache = cx.services.definitions_cache();
    let cache_key = (cx.tenant(), kind.to_string());
    let definitions = match cache.get(&cache_key) {
        Some(kept) => kept,
        None => {
            // Every change of a definition writes its record, in this partition.
            let mut stamp = ReadStamp::default();
            cache.stamp_partition(&mut stamp, &Partition::tenant(cx.tenant(), CustomField::KIND));
            let of_kind = Some(("resource", IndexValue::text(kind)));
            let read = Arc::new(index::top::<CustomField>(cx, of_kind, "position", false, MAX_FIELDS_PER_KIND).await?);
            cache.put(cache_key, read.clone(), stamp);
            read
        }
    };
    if let Some(memo) = cx.memo() {
        memo.keep(kind, definitions.clone());
    }
    Ok(definitions)
}

/// The keys of the searchable fields among `definitions`.
pub fn searchable_keys(definitions: &[CustomField]) -> Vec<String> {
    definitions
        .iter()
        .filter(|d| d.searchable)
        .map(|d| d.key.clone())
        .collect()
}

/// Each workspace's definitions by kind, kept by the instance like principals (for
/// `AUTH_CACHE_SECONDS`, until a definition of the workspace is written here): every create and
/// update of a customizable kind needs them, and they change rarely.
pub type DefinitionsCache = Kept<(TenantId, String), Arc<Vec<CustomField>>>;

/// The definitions one request has read, by kind ([`Cx::with_memo`]).
#[derive(Default)]
pub struct DefinitionsMemo(std::sync::Mutex<Vec<(String, Arc<Vec<CustomField>>)>>);

impl DefinitionsMemo {
    fn get(&self, kind: &str) -> Option<Arc<Vec<CustomField>>> {
        let known = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.iter().find(|(k, _)| k == kind).map(|(_, d)| d.clone())
    }

    fn keep(&self, kind: &str, definitions: Arc<Vec<CustomField>>) {
        let mut known = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        known.push((kind.to_string(), definitions));
    }
}

/// Checks a record's values against its kind's definitions as it is stored: every key must be a
/// field of the kind, every value of its field's type (parsed into its stored form); a new
/// record gets the defaults of the fields it leaves out, and a required field must hold a value.
/// A `user` must be a user of the workspace and a `reference` a record of its kind. A value of a
/// field deleted since is dropped. Errors are keyed `custom_fields.<key>`, all at once. On a
/// change that leaves the values as they were, nothing is read. Costs one query of the
/// definitions, and one read per record named.
pub async fn settle(
    cx: Cx<'_>,
    kind: &str,
    before: Option<&CustomValues>,
    values: &mut CustomValues,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    check_into(cx, kind, &mut errors, before, values).await?;
    errors.into_result(())
}

/// [`settle`]'s checks, reporting into `errors`; `Err` only for a store failure.
async fn check_into(
    cx: Cx<'_>,
    kind: &str,
    errors: &mut FieldErrors,
    before: Option<&CustomValues>,
    values: &mut CustomValues,
) -> Result<(), ApiError> {
    if values.checked_against.is_some() || before == Some(&*values) {
        return Ok(());
    }
    let definitions = definitions_of(cx, kind).await?;
    let at = |key: &str| format!("custom_fields.{key}");
    // A value of a field deleted since is dropped as the record is written; a key given now
    // must name a field.
    let unknown: Vec<String> = values
        .values
        .keys()
        .filter(|key| !definitions.iter().any(|d| d.key == **key))
        .cloned()
        .collect();
    for key in unknown {
        let value = values.values.remove(&key);
        if before.and_then(|b| b.values.get(&key)) != value.as_ref() {
            errors.add(&at(&key), format!("There is no custom field `{key}` on {kind}."));
        }
    }
    let mut named: Vec<(String, &str, u64)> = Vec::new();
    for def in definitions.iter() {
        let field = at(&def.key);
        match values.values.remove(&def.key) {
            Some(value) => {
                if let Some(value) = check_value(errors, &field, def, value) {
                    if let (Some(id), Some(of)) = (value.as_u64(), names_kind(def)) {
                        named.push((field, of, id));
                    }
                    values.values.insert(def.key.clone(), value);
                }
            }
            None => match (&def.default, before) {
                (Some(default), None) => {
                    values.values.insert(def.key.clone(), default.clone());
                }
                _ if def.required => errors.add(&field, format!("{} is required.", def.label)),
                _ => {}
            },
        }
    }
    for (field, of, id) in named {
        if !record_exists(cx, of, id).await? {
            let what = if of == crate::auth::records::USER { "user" } else { of };
            errors.add(&field, format!("No {what} of this workspace has id {id}."));
        }
    }
    values.checked_against = Some(definitions);
    Ok(())
}

/// The writes that keep the custom field indexes of record `id` of `kind` in step with a change
/// of its values from `before` to `after` (`None`: not stored), against the definitions
/// [`settle`] read for `after` (none read: its values did not change, nor do its entries). A
/// delete reads the definitions here: one query.
pub async fn index_writes(
    cx: Cx<'_>,
    kind: &str,
    id: u64,
    before: Option<&CustomValues>,
    after: Option<&CustomValues>,
) -> Result<Vec<crate::store::Write>, ApiError> {
    let definitions = match after {
        Some(after) => match &after.checked_against {
            Some(definitions) => definitions.clone(),
            None => return Ok(Vec::new()),
        },
        None => definitions_of(cx, kind).await?,
    };
    Ok(indexes::writes(cx.tenant(), kind, &definitions, id, before, after)?)
}

impl CustomValues {
    /// The text of its values of fields `keep` admits (text, options, dates, ...), for search.
    pub fn text(&self, keep: impl Fn(&str) -> bool) -> String {
        let mut out = String::new();
        for (_, value) in self.values.iter().filter(|(k, _)| keep(k)) {
            let strings: Vec<&str> = match value {
                Value::String(s) => vec![s.as_str()],
                Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for s in strings {
                out.push(' ');
                out.push_str(s);
            }
        }
        out
    }
}

/// The kind of record a `user` or `reference` field names.
fn names_kind(def: &CustomField) -> Option<&str> {
    match def.field_type {
        FieldType::User => Some(crate::auth::records::USER),
        FieldType::Reference => def.reference_kind.as_deref(),
        _ => None,
    }
}

async fn record_exists(cx: Cx<'_>, kind: &str, id: u64) -> Result<bool, ApiError> {
    let key = crate::store::Key::record(cx.tenant(), kind, id);
    Ok(cx.store().get(&key).await?.is_some())
}

/// The OpenAPI 3.0 schema of a value of `def` (for a workspace's own document): as the API
/// answers it, or (`input`) as a body may give it.
pub fn value_schema(def: &CustomField, input: bool) -> Value {
    use serde_json::json;
    let mut schema = match def.field_type {
        FieldType::Text => json!({"type": "string", "minLength": 1, "maxLength": MAX_TEXT}),
        FieldType::LongText => json!({"type": "string", "minLength": 1, "maxLength": MAX_LONG_TEXT}),
        FieldType::Phone => json!({"type": "string", "minLength": 1, "maxLength": 30, "pattern": "^[0-9 +().-]+$"}),
        FieldType::Number => json!({"type": "number"}),
        // What `Money::parse` takes within ±`Money::MAX`: any decimals (rounded to cents) up to 12
        // integer digits; with 13, at most 2, where rounding up would pass 9,999,999,999,999.99.
        // Answered as a number (`Money`'s form); read from a string, exactly.
        FieldType::Money if !input => json!({"type": "number", "format": "double", "example": 12.5}),
        FieldType::Money => {
            json!({"type": "string", "pattern": "^-?([0-9]{1,12}(\\.[0-9]+)?|[0-9]{13}(\\.[0-9]{1,2})?)$", "example": "12.50"})
        }
        FieldType::Date => json!({"type": "string", "format": "date"}),
        FieldType::DateTime => json!({"type": "string", "format": "date-time"}),
        FieldType::Boolean => json!({"type": "boolean"}),
        FieldType::Select => json!({"type": "string", "enum": def.options}),
        FieldType::MultiSelect => {
            json!({"type": "array", "uniqueItems": true, "items": {"type": "string", "enum": def.options}})
        }
        FieldType::Url => json!({"type": "string", "format": "uri", "maxLength": 2000}),
        FieldType::Email => json!({"type": "string", "format": "email"}),
        FieldType::User | FieldType::Reference => json!({"type": "integer", "format": "int64", "minimum": 1}),
    };
    let mut about = def.label.clone();
    if let Some(help) = &def.help_text {
        about = format!("{about}: {help}");
    }
    schema["description"] = Value::String(about);
    if input && !def.required {
        // `null` clears a value; a required field's cannot be cleared.
        schema["nullable"] = Value::Bool(true);
    }
    schema
}

/// A kind's `custom_fields` object as a workspace's document spells it out: each field of
/// `definitions` (the kind's, in position order) by key; in a create body the required fields
/// without a default are required, and no other key is taken.
pub fn values_schema(kind: &str, definitions: &[&CustomField], body: Option<Body>) -> Value {
    let properties: serde_json::Map<String, Value> = definitions
        .iter()
        .map(|def| (def.key.clone(), value_schema(def, body.is_some())))
        .collect();
    let mut schema = serde_json::json!({
        "type": "object",
        "description": format!("This workspace's custom fields on {kind} (GET /api/custom-fields?resource={kind})."),
        "properties": properties,
    });
    if body.is_some() {
        schema["additionalProperties"] = Value::Bool(false);
    }
    let required: Vec<&str> = definitions
        .iter()
        .filter(|def| body == Some(Body::Create) && def.required && def.default.is_none())
        .map(|def| def.key.as_str())
        .collect();
    if !required.is_empty() {
        schema["required"] = serde_json::json!(required);
    }
    schema
}

/// Which body a `custom_fields` schema is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    Create,
    Update,
}
