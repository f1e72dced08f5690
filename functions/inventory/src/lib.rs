//! Inventory and point of sale: products and services with their categories, taxes and units,
//! warehouses, the stock ledger, transfers and POS sales. Every `inventory` row of the catalogue is
//! served by [`routes`], with the designed POS create and cancel, the ledger and the settings.

pub mod adjustments;
pub mod catalog;
pub mod pos;
pub mod products;
pub mod seed;
pub mod stock;
pub mod transfers;
pub mod warehouses;

use shared::auth::Module::{Inventory, Pos};
use shared::handlers;
use shared::module::ModuleDef;
use shared::resource::example;
use shared::resource::index::Indexed;
use shared::resource::{Deleted, NoFilters};
use shared::routes::{Build, Crud, Op, Routes};

use adjustments::StockAdjustment;
use catalog::{Category, Tax, Unit};
use pos::PosSale;
use products::Product;
use transfers::Transfer;
use warehouses::Warehouse;

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "inventory",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        products::PRODUCT_CREATED,
        products::PRODUCT_UPDATED,
        products::PRODUCT_DELETED,
        stock::STOCK_LOW,
        pos::POS_CREATED,
    ],
    seeder: Some(&seed::InventorySeeder),
    cascades: &[],
    ledger: None,
};

/// Every inventory and POS route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Inventory")
        .resource::<Category>(
            Crud::new()
                .list("/api/product/category").show("/api/product/category/{id}")
                .create("/api/product/category/create")
                .update("/api/product/category/update/{id}")
                .delete("/api/product/category/delete/{id}").batch_create("/api/product/category/batch/create").batch_update("/api/product/category/batch/update").batch_delete("/api/product/category/batch/delete").import("/api/product/category/import").export("/api/product/category/export"),
        )
        .resource::<Tax>(
            Crud::new()
                .list("/api/tax").show("/api/tax/{id}")
                .create("/api/tax/create")
                .update("/api/tax/update/{id}")
                .delete("/api/tax/delete/{id}").batch_create("/api/tax/batch/create").batch_update("/api/tax/batch/update").batch_delete("/api/tax/batch/delete").import("/api/tax/import").export("/api/tax/export"),
        )
        .resource::<Unit>(
            Crud::new()
                .list("/api/units").show("/api/units/{id}")
                .create("/api/unit/create")
                .update("/api/unit/update/{id}")
                .delete("/api/unit/delete/{id}").batch_create("/api/unit/batch/create").batch_update("/api/unit/batch/update").batch_delete("/api/unit/batch/delete").import("/api/unit/import").export("/api/unit/export"),
        )
        .resource::<Warehouse>(
            Crud::new()
                .list("/api/warehouse").show("/api/warehouse/{id}")
                .create("/api/warehouse/create")
                .update("/api/warehouse/update/{warehouse_id}")
                .delete("/api/warehouse/delete/{warehouse_id}").batch_create("/api/warehouse/batch/create").batch_update("/api/warehouse/batch/update").batch_delete("/api/warehouse/batch/delete").import("/api/warehouse/import").export("/api/warehouse/export"),
        )
        .row(
            Op::get("/api/warehouse/product/{warehouse_id}", stock::list_warehouse_stock).names::<warehouses::Warehouse>("warehouse_id")
                .read(Inventory)
                .query::<NoFilters>()
                .sorts(&<stock::Level as Indexed>::LISTS.sort_names())
                .list::<stock::StockLevel>()
                .summary("A warehouse's stock, product by product"),
        )
        .resource::<Product>(
            Crud::new()
                .list("/api/products").show("/api/products/{id}")
                .create("/api/product/create")
                .upsert("/api/product/upsert")
                .update("/api/product/update/{id}")
                .delete("/api/product/delete/{id}").batch_create("/api/product/batch/create").batch_update("/api/product/batch/update").batch_delete("/api/product/batch/delete").import("/api/product/import").export("/api/product/export"),
        )
        .row(
            Op::get("/api/product/detail/{id}", products::detail).names::<products::Product>("id")
                .read(Inventory)
                .ok::<products::ProductDetail>()
                .summary("A product with its stock per warehouse"),
        )
        .row(
            Op::get("/api/product-service/items", products::items)
                .read(Inventory)
                .query::<products::ProductFilters>()
                .sorts(&<Product as shared::resource::Resource>::LISTS.sort_names())
                .list::<products::ProductItem>()
                .summary("The product picker: prices, taxes and stock"),
        )
        // The stock ledger
        .row(
            Op::post("/api/product-stock/add", stock::add_stock)
                .write(Inventory)
                .body::<stock::AdjustIn>()
                .created::<stock::StockLevel>()
                .answers(&[409])
                .summary("Adjust a product's stock in a warehouse (a ledger movement)"),
        )
        .row(
            Op::get("/api/product-stocks", stock::list_stocks)
                .read(Inventory)
                .query::<stock::LevelFilters>()
                .sorts(&<stock::Level as Indexed>::LISTS.sort_names())
                .list::<stock::StockLevel>()
                .summary("Quantities per product and warehouse"),
        )
        .row(
            Op::get("/api/stock-movements", stock::list_movements)
                .read(Inventory)
                .query::<stock::MovementFilters>()
                .sorts(&<stock::Movement as Indexed>::LISTS.sort_names())
                .list::<stock::Movement>()
                .summary("The stock ledger (designed)"),
        )
        .row(
            Op::get("/api/stock-movements/{id}", handlers::show_indexed::<stock::Movement>)
                .names::<stock::Movement>("id")
                .read(Inventory)
                .ok::<stock::Movement>()
                .summary("Show a stock movement"),
        )
        .row(
            Op::get("/api/inventory/settings", stock::show_settings)
                .read(Inventory)
                .ok::<stock::Settings>()
                .summary("The workspace's stock rules (designed)"),
        )
        .row(
            Op::post("/api/inventory/settings", stock::update_settings)
                .write(Inventory)
                .body::<stock::SettingsIn>()
                .ok::<stock::Settings>()
                .summary("Change the workspace's stock rules (designed)"),
        )
        // Stock adjustments
        .resource::<StockAdjustment>(
            Crud::new()
                .list("/api/stock-adjustment")
                .show("/api/stock-adjustment/show/{id}"),
        )
        .row(
            Op::post("/api/stock-adjustment/create", adjustments::create)
                .write(Inventory)
                .body::<adjustments::StockAdjustmentIn>()
                .created::<StockAdjustment>()
                .answers(&[409])
                .creates::<StockAdjustment>()
                .example(serde_json::json!({
                    "warehouse_id": example::id_of::<warehouses::Warehouse>(),
                    "lines": [{"product_id": example::id_of::<products::Product>(), "quantity": 12}],
                    "note": "Counted at the year-end stock take."
                }))
                .summary("Adjust the stock of many products in a warehouse at once, all or nothing (designed)"),
        )
        // Transfers
        .resource::<Transfer>(Crud::new().list("/api/transfer").show("/api/transfer/{id}"))
        .row(
            Op::post("/api/transfer/create", transfers::create)
                .write(Inventory)
                .body::<transfers::TransferBody>()
                .created::<Transfer>()
                .answers(&[409])
                .creates::<Transfer>()
                .example(serde_json::json!({
                    "from_warehouse_id": example::id_of::<warehouses::Warehouse>(), "to_warehouse_id": example::fresh("inv_warehouse"),
                    "lines": [{"product_id": example::id_of::<products::Product>(), "quantity": 4}], "date": "2026-05-04",
                    "note": "Restock the city shop."
                }))
                .example_step(stock_for_examples())
                .summary("Move quantities of products between warehouses, all or nothing"),
        )
        .row(
            Op::delete("/api/transfer/delete/{transfer_id}", transfers::delete).names::<transfers::Transfer>("transfer_id")
                .write(Inventory)
                .ok::<Deleted>()
                .answers(&[409])
                .summary("Delete a transfer, moving its quantity back"),
        )
        .row(
            Op::get("/api/transfer/request-data", transfers::request_data)
                .read(Inventory)
                .ok::<transfers::RequestData>()
                .summary("The options of the transfer form"),
        )
        // Point of sale
        .resource::<PosSale>(Crud::new().list("/api/pos").show("/api/pos/show/{id}"))
        .row(
            Op::post("/api/pos/create", pos::create)
                .write(Pos)
                .body::<pos::PosIn>()
                .created::<PosSale>()
                .answers(&[409])
                .creates::<PosSale>()
                .example(serde_json::json!({
                    "warehouse_id": example::id_of::<warehouses::Warehouse>(),
                    "items": [{"product_id": example::id_of::<products::Product>(), "quantity": 2}],
                    "payments": [{"method": "card", "amount": 200}], "note": "Paid by card at the counter."
                }))
                .example_step(stock_for_examples())
                .summary("Ring up a sale: priced, taxed and taken from stock at once (designed)"),
        )
        .row(
            Op::post("/api/pos/cancel/{id}", pos::cancel).names::<pos::PosSale>("id")
                .write(Pos)
                .ok::<PosSale>()
                .answers(&[409])
                .summary("Cancel a sale, giving its stock back (designed)"),
        )
}

/// What the examples that take stock add first: ten of the example product in its warehouse.
fn stock_for_examples() -> example::Step {
    example::post_first(
        "/api/product-stock/add",
        Some(serde_json::json!({
            "product_id": example::id_of::<products::Product>(), "warehouse_id": example::id_of::<warehouses::Warehouse>(),
            "quantity": 10, "note": "Counted in."
        })),
    )
}
