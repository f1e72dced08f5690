//! The workspace's support categories: what a ticket is about, and where a knowledge-base article
//! is filed. A category in use (a ticket or an article names it) is not deleted (409 `in_use`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::{Assign, Cx, Events, Lists, Meta, NoFilters, Ref, Resource, Sort};

/// A support category.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[schemars(rename = "SupportCategory")]
pub struct Category {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub description: Option<String>,
}

/// Body of `POST /api/support-ticket/category/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(rename = "SupportCategoryIn")]
pub struct CategoryIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    pub description: Option<Text<1000>>,
}

/// Body of `POST /api/support-ticket/category/update/{id}`: absent fields stay; `null` clears
/// `description`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(rename = "SupportCategoryPatch")]
pub struct CategoryPatch {
    pub name: Option<Text<100>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub description: Option<Option<Text<1000>>>,
}

impl Resource for Category {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Billing", "description": "Invoices, refunds and plans."}))
    }
    const KIND: &'static str = "support_category";
    const NAME: &'static str = "Category";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |c| IndexValue::text(&c.name))],
        filters: &[],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = CategoryIn;
    type Patch = CategoryPatch;
    type Out = Category;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: CategoryIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let description = errors.text("description", input.description);
        let name = errors.finish(name)?;
        Ok(Self {
            meta: Meta::default(),
            name,
            description,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: CategoryPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let description = patch.description.map(|d| errors.text("description", d));
        errors.into_result(())?;
        self.name.assign(name);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// The category `id` named in field `field`, when one is (422 naming the field when unknown).
pub async fn check(cx: Cx<'_>, field: &str, id: Option<u64>) -> Result<Option<u64>, ApiError> {
    if let Some(id) = id {
        shared::resource::ops::check_reference::<Category>(cx, field, id).await?;
    }
    Ok(id)
}
