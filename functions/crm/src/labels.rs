//! Labels (a name and a colour, per pipeline) and lead sources.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Color, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::{Assign, Cx, Filter, Lists, Meta, NoFilters, Ref, Resource, Sort};

use crate::pipelines::{pipeline_or_first, Pipeline};

/// A coloured label leads and deals of its pipeline can carry.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Label {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// `#RRGGBB`.
    pub color: Color,
    pub pipeline_id: u64,
}

/// Body of `POST /api/label/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct LabelIn {
    #[schemars(required)]
    pub name: Option<Text<60>>,
    /// `#RRGGBB`; defaults to `#6366F1`.
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
    /// Defaults to the first pipeline.
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
}

/// Body of `POST /api/label/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct LabelPatch {
    pub name: Option<Text<60>>,
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
}

/// `?pipeline_id=` on the label list.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct LabelFilters {
    pub pipeline_id: Option<u64>,
}

impl Resource for Label {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Hot", "pipeline_id": shared::resource::example::id_of::<crate::pipelines::Pipeline>()}),
        )
    }
    const KIND: &'static str = "crm_label";
    const NAME: &'static str = "Label";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |l| IndexValue::text(&l.name))],
        filters: &[Filter::one("pipeline_id", |l| IndexValue::id(l.pipeline_id))],
        sums: &[],
    };
    /// A label lives in its pipeline and goes with it.
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Pipeline as Resource>::KIND, "pipeline_id", |l| {
        vec![l.pipeline_id]
    })];
    type In = LabelIn;
    type Patch = LabelPatch;
    type Out = Label;
    type Filters = LabelFilters;

    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: LabelIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let color = errors.color("color", input.color);
        let name = errors.finish(name)?;
        let pipeline = pipeline_or_first(cx, "pipeline_id", input.pipeline_id).await?;
        Ok(Self {
            meta: Meta::default(),
            name,
            color: color.unwrap_or_else(|| Color::known("#6366F1")),
            pipeline_id: pipeline.meta.id,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: LabelPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let color = errors.color("color", patch.color);
        errors.into_result(())?;
        self.name.assign(name);
        self.color.assign(color);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// Where leads come from (a website form, a referral, a campaign).
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Source {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
}

/// Body of `POST /api/source/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SourceIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
}

/// Body of `POST /api/source/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct SourcePatch {
    pub name: Option<Text<120>>,
}

impl Resource for Source {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Trade show"}))
    }
    const KIND: &'static str = "crm_source";
    const NAME: &'static str = "Source";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists::sorted(&[Sort::new("name", |s| IndexValue::text(&s.name))]);
    type In = SourceIn;
    type Patch = SourcePatch;
    type Out = Source;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: SourceIn) -> Result<Self, ApiError> {
        let name = FieldErrors::check_required(|e| e.required_text("name", input.name))?;
        Ok(Self {
            meta: Meta::default(),
            name,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: SourcePatch) -> Result<(), ApiError> {
        self.name.assign(FieldErrors::check(|e| e.text("name", patch.name))?);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}
