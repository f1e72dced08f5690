//! Products and services: what is sold and bought. A product's stock is kept by the ledger
//! ([`crate::stock`]); a service has none.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListResponse, Listing, ValidPath};
use shared::money::{Money, Percent};
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort, Unique};
use shared::store::Key;

use crate::catalog::{Category, Tax, Unit};
use crate::stock;

/// A product keeps stock; a service does not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProductType {
    #[default]
    Product,
    Service,
}

#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Product {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// Unique in the workspace, without case.
    pub sku: String,
    #[serde(rename = "type")]
    pub kind: ProductType,
    pub category_id: Option<u64>,
    pub unit_id: Option<u64>,
    pub sale_price: Money,
    pub purchase_price: Money,
    pub tax_ids: Vec<u64>,
    pub description: Option<String>,
    pub is_active: bool,
    /// When a movement takes the total stock below it, `stock.low` is sent.
    pub reorder_level: Option<u64>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// Body of `POST /api/product/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProductIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    #[schemars(required)]
    pub sku: Option<Text<64>>,
    /// Defaults to `product`.
    #[serde(rename = "type")]
    pub kind: Option<ProductType>,
    #[schemars(transform = shared::http::schema::id)]
    pub category_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub unit_id: Option<u64>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub sale_price: Option<Money>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub purchase_price: Option<Money>,
    #[schemars(transform = shared::http::schema::ids)]
    pub tax_ids: Option<Vec<u64>>,
    pub description: Option<Text<2000>>,
    /// Defaults to `true`.
    pub is_active: Option<bool>,
    /// Products only.
    pub reorder_level: Option<u64>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/product/update/{id}`: any field of the create body.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ProductPatch {
    pub name: Option<Text<120>>,
    pub sku: Option<Text<64>>,
    #[serde(rename = "type")]
    pub kind: Option<ProductType>,
    #[schemars(transform = shared::http::schema::id)]
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub category_id: Option<Option<u64>>,
    #[schemars(transform = shared::http::schema::id)]
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub unit_id: Option<Option<u64>>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub sale_price: Option<Money>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub purchase_price: Option<Money>,
    #[schemars(transform = shared::http::schema::ids)]
    pub tax_ids: Option<Vec<u64>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
    pub is_active: Option<bool>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub reorder_level: Option<Option<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Filters of `GET /api/products` and `GET /api/product-service/items`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct ProductFilters {
    #[serde(rename = "type")]
    pub kind: Option<ProductType>,
    pub category_id: Option<u64>,
    pub is_active: Option<bool>,
}

pub const PRODUCT_CREATED: shared::events::EventType =
    shared::events::EventType::new("product.created", "A product or service was created.").with_record::<Product>();
pub const PRODUCT_UPDATED: shared::events::EventType =
    shared::events::EventType::new("product.updated", "A product or service was changed.").with_record::<Product>();
pub const PRODUCT_DELETED: shared::events::EventType =
    shared::events::EventType::new("product.deleted", "A product or service was deleted.").with_record::<Product>();

impl Resource for Product {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Desk lamp", "sku": shared::resource::example::unique("LAMP"), "sale_price": 49.0, "purchase_price": 21.5, "reorder_level": 5, "category_id": shared::resource::example::id_of::<crate::catalog::Category>(), "unit_id": shared::resource::example::id_of::<crate::catalog::Unit>(), "tax_ids": [shared::resource::example::id_of::<crate::catalog::Tax>()]}),
        )
    }
    const KIND: &'static str = "inv_product";
    const NAME: &'static str = "Product";
    const MODULE: Module = Module::Inventory;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |p| IndexValue::text(&p.name)),
            Sort::new("sku", |p| IndexValue::text(&p.sku)),
            Sort::new("sale_price", |p| IndexValue::money(p.sale_price.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("category_id", |p| IndexValue::opt_id(p.category_id)).sorted_by(&["name"]),
            Filter::<Self>::one("type", |p| IndexValue::text(p.kind.as_str())).sorted_by(&["name"]),
            Filter::<Self>::one("is_active", |p| IndexValue::flag(p.is_active)).sorted_by(&["name"]),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Category as Resource>::KIND, |p| p.category_id.into_iter().collect()),
        Ref::to(<Unit as Resource>::KIND, |p| p.unit_id.into_iter().collect()),
        Ref::to(<Tax as Resource>::KIND, |p| p.tax_ids.clone()),
    ];
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("sku", |p| Some(p.sku.clone()))];
    const UPSERT_BY: Option<&'static str> = Some("sku");
    const EVENTS: Events = Events::all(PRODUCT_CREATED, PRODUCT_UPDATED, PRODUCT_DELETED);
    type In = ProductIn;
    type Patch = ProductPatch;
    type Out = Product;
    type Filters = ProductFilters;
    shared::meta_field!();
    shared::custom_fields!();

    async fn build(cx: Cx<'_>, input: ProductIn) -> Result<Self, ApiError> {
        let patch = ProductPatch {
            name: input.name,
            sku: input.sku,
            kind: input.kind,
            category_id: input.category_id.map(Some),
            unit_id: input.unit_id.map(Some),
            sale_price: input.sale_price,
            purchase_price: input.purchase_price,
            tax_ids: input.tax_ids,
            description: input.description.map(Some),
            is_active: input.is_active,
            reorder_level: input.reorder_level.map(Some),
            custom_fields: input.custom_fields,
        };
        let mut errors = FieldErrors::default();
        errors.required("name", patch.name.as_ref());
        errors.required("sku", patch.sku.as_ref());
        let blank = Self {
            meta: Meta::default(),
            name: String::new(),
            sku: String::new(),
            kind: ProductType::Product,
            category_id: None,
            unit_id: None,
            sale_price: Money::ZERO,
            purchase_price: Money::ZERO,
            tax_ids: Vec::new(),
            description: None,
            is_active: true,
            reorder_level: None,
            custom_fields: CustomValues::default(),
        };
        let mut product = blank;
        product.change(cx, patch, errors, true).await?;
        Ok(product)
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: ProductPatch) -> Result<(), ApiError> {
        self.change(cx, patch, FieldErrors::default(), false).await
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.name, self.sku)
    }
}

impl Product {
    /// An update's `patch` applied (`new`: the create body of a blank product, whose custom
    /// fields take their defaults), its errors reported with `errors` (a create's own).
    async fn change(
        &mut self,
        cx: Cx<'_>,
        patch: ProductPatch,
        mut errors: FieldErrors,
        new: bool,
    ) -> Result<(), ApiError> {
        let before = self.clone();
        let name = errors.text("name", patch.name);
        let sku = errors.text("sku", patch.sku);
        let description = errors.clearable_text("description", patch.description);
        for (field, price) in [
            ("sale_price", patch.sale_price),
            ("purchase_price", patch.purchase_price),
        ] {
            if price.is_some_and(Money::is_negative) {
                errors.add(field, "A price is at least 0.");
            }
        }
        self.kind.assign(patch.kind);
        if self.kind == ProductType::Service && patch.reorder_level.flatten().is_some() {
            errors.add("reorder_level", "A service keeps no stock, so it has no reorder level.");
        }
        let before_values = (!new).then_some(&before.custom_fields);
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, before_values, patch.custom_fields).await?;
        errors.into_result(())?;
        self.name.assign(name);
        self.sku.assign(sku);
        self.description.assign(description);
        self.sale_price.assign(patch.sale_price);
        self.purchase_price.assign(patch.purchase_price);
        self.is_active.assign(patch.is_active);
        self.reorder_level.assign(patch.reorder_level);
        if self.kind == ProductType::Service {
            self.reorder_level = None;
        }
        self.category_id.assign(patch.category_id);
        self.unit_id.assign(patch.unit_id);
        if let Some(mut ids) = patch.tax_ids {
            ids.sort_unstable();
            ids.dedup();
            self.tax_ids = ids;
        }
        check_catalog(cx, &before, self).await?;
        self.custom_fields.assign(custom_fields);
        Ok(())
    }
}

impl ProductType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Product => "product",
            Self::Service => "service",
        }
    }
}

/// 422 on each of `category_id`, `unit_id`, `tax_ids` newly naming nothing (what `current`
/// already names was checked when it was named): one read for all.
async fn check_catalog(cx: Cx<'_>, current: &Product, next: &Product) -> Result<(), ApiError> {
    if next.tax_ids.len() > 10 {
        return Err(ApiError::invalid("tax_ids", "At most 10 taxes."));
    }
    let mut wanted: Vec<(&str, u64, Key)> = Vec::new();
    if let Some(id) = next.category_id.filter(|id| current.category_id != Some(*id)) {
        wanted.push(("category_id", id, ops::key::<Category>(cx, id)));
    }
    if let Some(id) = next.unit_id.filter(|id| current.unit_id != Some(*id)) {
        wanted.push(("unit_id", id, ops::key::<Unit>(cx, id)));
    }
    for id in next.tax_ids.iter().filter(|id| !current.tax_ids.contains(id)) {
        wanted.push(("tax_ids", *id, ops::key::<Tax>(cx, *id)));
    }
    if wanted.is_empty() {
        return Ok(());
    }
    let keys: Vec<Key> = wanted.iter().map(|(.., key)| key.clone()).collect();
    let found = cx.store().get_many(&keys).await?;
    let mut errors = FieldErrors::default();
    for ((field, id, _), item) in wanted.iter().zip(found) {
        if item.is_none() {
            errors.add(field, format!("No record of this workspace has id {id}."));
        }
    }
    errors.into_result(())
}

/// A tax as the picker shows it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaxBrief {
    pub id: u64,
    pub name: String,
    pub rate: Percent,
}

/// One row of `GET /api/product-service/items`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProductItem {
    pub id: u64,
    pub name: String,
    pub sku: String,
    #[serde(rename = "type")]
    pub kind: ProductType,
    pub sale_price: Money,
    pub taxes: Vec<TaxBrief>,
    /// Units in stock over every warehouse (0 for a service).
    pub stock: i64,
}

/// `GET /api/product-service/items`: the picker list, with each product's taxes and stock (one
/// batch read for the page's taxes and stock totals).
pub async fn items(
    caller: Caller,
    listing: Listing<ProductFilters>,
) -> Result<Json<ListResponse<ProductItem>>, ApiError> {
    let cx = caller.cx();
    let page = index::list::<Product, _>(cx, &listing, None).await?.records()?;
    let mut tax_ids: Vec<u64> = page.data.iter().flat_map(|p| p.tax_ids.iter().copied()).collect();
    tax_ids.sort_unstable();
    tax_ids.dedup();
    let mut keys: Vec<Key> = tax_ids.iter().map(|id| ops::key::<Tax>(cx, *id)).collect();
    keys.extend(page.data.iter().map(|p| stock::total_key(cx, p.meta.id)));
    let mut found = Vec::with_capacity(keys.len());
    for chunk in keys.chunks(100) {
        found.extend(cx.store().get_many(chunk).await?);
    }
    let totals = found.split_off(tax_ids.len());
    let taxes: Vec<Tax> = found
        .into_iter()
        .flatten()
        .map(|i| i.into_parsed())
        .collect::<Result<_, _>>()?;
    let data = page
        .data
        .into_iter()
        .zip(totals)
        .map(|(p, total)| ProductItem {
            id: p.meta.id,
            taxes: taxes
                .iter()
                .filter(|t| p.tax_ids.contains(&t.meta.id))
                .map(|t| TaxBrief {
                    id: t.meta.id,
                    name: t.name.clone(),
                    rate: t.rate,
                })
                .collect(),
            stock: total.map_or(0, |item| item.counter()),
            name: p.name,
            sku: p.sku,
            kind: p.kind,
            sale_price: p.sale_price,
        })
        .collect();
    Ok(Json(ListResponse { data, meta: page.meta }))
}

/// A warehouse's quantity in a product's detail.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WarehouseStock {
    pub warehouse_id: u64,
    pub warehouse_name: String,
    pub quantity: i64,
}

/// `GET /api/product/detail/{id}`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub product: Product,
    /// Per warehouse that ever held it.
    pub stock: Vec<WarehouseStock>,
    pub total_stock: i64,
}

pub async fn detail(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<ProductDetail>, ApiError> {
    let cx = caller.cx();
    let product = ops::load::<Product>(cx, id).await?;
    let levels = stock::levels_of_product(cx, id).await?;
    let total_stock = levels.iter().map(|l| l.quantity).sum();
    let stock = levels
        .into_iter()
        .map(|l| WarehouseStock {
            warehouse_id: l.warehouse_id,
            warehouse_name: l.warehouse_name,
            quantity: l.quantity,
        })
        .collect();
    Ok(Json(ProductDetail {
        product,
        stock,
        total_stock,
    }))
}
