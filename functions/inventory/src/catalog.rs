//! What products are filed under: categories, taxes and units. Each is a plain resource; a product
//! naming one holds back its delete (the product declares the reference).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Color, Text};
use shared::http::{ApiError, FieldErrors};
use shared::money::Percent;
use shared::resource::index::IndexValue;
use shared::resource::{Assign, Cx, Lists, Meta, NoFilters, Resource, Sort};

/// A product category, with a colour for the UI.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Category {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// `#RRGGBB`.
    pub color: Color,
}

/// Body of `POST /api/product/category/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CategoryIn {
    #[schemars(required)]
    pub name: Option<Text<60>>,
    /// `#RRGGBB`; defaults to `#6366F1`.
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
}

/// Body of `POST /api/product/category/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct CategoryPatch {
    pub name: Option<Text<60>>,
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
}

impl Resource for Category {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Lighting"}))
    }
    const KIND: &'static str = "inv_category";
    const NAME: &'static str = "Category";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists::sorted(&[Sort::new("name", |c| IndexValue::text(&c.name))]);
    type In = CategoryIn;
    type Patch = CategoryPatch;
    type Out = Category;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: CategoryIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let color = errors.color("color", input.color);
        let name = errors.finish(name)?;
        let color = color.unwrap_or_else(|| Color::known("#6366F1"));
        Ok(Self {
            meta: Meta::default(),
            name,
            color,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: CategoryPatch) -> Result<(), ApiError> {
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

/// A tax rate products carry (VAT 20%); sales and purchases apply it.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Tax {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub rate: Percent,
}

/// Body of `POST /api/tax/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaxIn {
    #[schemars(required)]
    pub name: Option<Text<60>>,
    #[schemars(required)]
    pub rate: Option<Percent>,
}

/// Body of `POST /api/tax/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct TaxPatch {
    pub name: Option<Text<60>>,
    pub rate: Option<Percent>,
}

impl Resource for Tax {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "VAT 20%", "rate": 20.0}))
    }
    const KIND: &'static str = "inv_tax";
    const NAME: &'static str = "Tax";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists::sorted(&[
        Sort::new("name", |t| IndexValue::text(&t.name)),
        Sort::new("rate", |t| IndexValue::money(t.rate.decimal())),
    ]);
    type In = TaxIn;
    type Patch = TaxPatch;
    type Out = Tax;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: TaxIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let rate = errors.required("rate", input.rate);
        let (name, rate) = errors.finish((name, rate))?;
        Ok(Self {
            meta: Meta::default(),
            name,
            rate,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: TaxPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        errors.into_result(())?;
        self.name.assign(name);
        self.rate.assign(patch.rate);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// A unit of measure (piece, box, kg).
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Unit {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
}

/// Body of `POST /api/unit/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct UnitIn {
    #[schemars(required)]
    pub name: Option<Text<30>>,
}

/// Body of `POST /api/unit/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct UnitPatch {
    pub name: Option<Text<30>>,
}

impl Resource for Unit {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Piece"}))
    }
    const KIND: &'static str = "inv_unit";
    const NAME: &'static str = "Unit";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists::sorted(&[Sort::new("name", |u| IndexValue::text(&u.name))]);
    type In = UnitIn;
    type Patch = UnitPatch;
    type Out = Unit;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: UnitIn) -> Result<Self, ApiError> {
        let name = FieldErrors::check_required(|e| e.required_text("name", input.name))?;
        Ok(Self {
            meta: Meta::default(),
            name,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: UnitPatch) -> Result<(), ApiError> {
        self.name.assign(FieldErrors::check(|e| e.text("name", patch.name))?);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}
