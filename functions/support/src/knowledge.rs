//! The desk's self-service pages: FAQs (a question and its answer) and knowledge-base articles
//! filed under a support category.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::{Assign, Cx, Events, Filter, Lists, Meta, NoFilters, Ref, Resource, Sort};

use crate::categories::{self, Category};

/// A frequently asked question.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Faq {
    #[serde(flatten)]
    pub meta: Meta,
    /// The question.
    pub title: String,
    /// The answer.
    pub description: String,
}

/// Body of `POST /api/support-ticket/faqs/store`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct FaqIn {
    #[schemars(required)]
    pub title: Option<Text<190>>,
    #[schemars(required)]
    pub description: Option<Text<10000>>,
}

/// Body of `POST /api/support-ticket/faq/update/{faq_id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct FaqPatch {
    pub title: Option<Text<190>>,
    pub description: Option<Text<10000>>,
}

impl Resource for Faq {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"title": "How do I reset my password?", "description": "Use the link on the login page."}),
        )
    }
    const KIND: &'static str = "support_faq";
    const NAME: &'static str = "FAQ";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("title", |f| IndexValue::text(&f.title))],
        filters: &[],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = FaqIn;
    type Patch = FaqPatch;
    type Out = Faq;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: FaqIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let description = errors.required_text("description", input.description);
        let (title, description) = errors.finish((title, description))?;
        Ok(Self {
            meta: Meta::default(),
            title,
            description,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: FaqPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title);
        let description = errors.text("description", patch.description);
        errors.into_result(())?;
        self.title.assign(title);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.title, self.description)
    }
}

/// A knowledge-base article.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Article {
    #[serde(flatten)]
    pub meta: Meta,
    pub title: String,
    pub description: String,
    /// The support category it is filed under.
    pub category_id: Option<u64>,
}

/// Body of `POST /api/support-ticket/knowledge/store`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ArticleIn {
    #[schemars(required)]
    pub title: Option<Text<190>>,
    #[schemars(required)]
    pub description: Option<Text<50000>>,
    #[schemars(transform = shared::http::schema::id)]
    pub category_id: Option<u64>,
}

/// Body of `POST /api/support-ticket/knowledge/update/{knowledge_id}`: absent fields stay;
/// `null` clears `category_id` (the article is filed under none).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ArticlePatch {
    pub title: Option<Text<190>>,
    pub description: Option<Text<50000>>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub category_id: Option<Option<u64>>,
}

/// `?category_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ArticleFilters {
    pub category_id: Option<u64>,
}

impl Resource for Article {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"title": "Setting up invoicing", "description": "Start with your company details, then your first customer.", "category_id": shared::resource::example::id_of::<crate::categories::Category>()}),
        )
    }
    const KIND: &'static str = "support_article";
    const NAME: &'static str = "Article";
    const MODULE: Module = Module::Support;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("title", |a| IndexValue::text(&a.title))],
        filters: &[Filter::<Self>::one("category_id", |a| {
            IndexValue::opt_id(a.category_id)
        })],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Category as Resource>::KIND, |a| {
        a.category_id.into_iter().collect()
    })];
    const EVENTS: Events = Events::NONE;
    type In = ArticleIn;
    type Patch = ArticlePatch;
    type Out = Article;
    type Filters = ArticleFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: ArticleIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let description = errors.required_text("description", input.description);
        let (title, description) = errors.finish((title, description))?;
        let category_id = categories::check(cx, "category_id", input.category_id).await?;
        Ok(Self {
            meta: Meta::default(),
            title,
            description,
            category_id,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: ArticlePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title);
        let description = errors.text("description", patch.description);
        errors.into_result(())?;
        // `Some(None)` (sent `null`) clears: nothing to check.
        let category_id = match patch.category_id {
            Some(id) => Some(categories::check(cx, "category_id", id).await?),
            None => None,
        };
        self.title.assign(title);
        self.description.assign(description);
        self.category_id.assign(category_id);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.title, self.description)
    }
}
