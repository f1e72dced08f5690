//! The catalog: categories, taxes, units, warehouses and products, their validation, the records
//! a product names, and the product views (detail with stock, the picker list).

use serde_json::json;

use super::*;
use crate::harness::TestApp;
use crate::on_both_stores;

async fn categories_are_created_listed_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let drinks = create(&app, &owner, "/api/product/category/create", json!({"name": "Drinks"})).await;
    assert_eq!(drinks["name"], "Drinks");
    assert_eq!(drinks["color"], "#6366F1", "the default color");
    assert_eq!(drinks["version"], 1);
    let body = json!({"name": "Food", "color": "#10B981"});
    let food = create(&app, &owner, "/api/product/category/create", body).await;
    assert_eq!(food["color"], "#10B981");
    assert_eq!(
        names(&get(&app, &owner, "/api/product/category?sort=name").await),
        ["Drinks", "Food"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/product/category?sort=-name").await),
        ["Food", "Drinks"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/product/category?search=dri").await),
        ["Drinks"]
    );

    let cid = id(&drinks);
    let path = format!("/api/product/category/update/{cid}");
    let renamed = post(&app, &owner, &path, json!({"name": "Beverages", "version": 1}), 200).await;
    assert_eq!(
        (renamed["name"].as_str(), renamed["version"].as_u64()),
        (Some("Beverages"), Some(2))
    );
    assert_eq!(renamed["color"], "#6366F1", "absent fields stay");
    app.post(&path)
        .token(&owner)
        .json(json!({"name": "Lost", "version": 1}))
        .send()
        .await
        .expect_error(409, "version_conflict");

    delete(&app, &owner, &format!("/api/product/category/delete/{cid}"), cid).await;
    app.delete(&format!("/api/product/category/delete/{cid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.post(&path)
        .token(&owner)
        .json(json!({"name": "Gone"}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(names(&get(&app, &owner, "/api/product/category").await), ["Food"]);
}

async fn category_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let path = "/api/product/category/create";
    app.post(path)
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    app.post(path)
        .token(&owner)
        .json(json!({"name": "x".repeat(61)}))
        .send()
        .await
        .expect_invalid("name");
    app.post(path)
        .token(&owner)
        .json(json!({"name": "A", "color": "green"}))
        .send()
        .await
        .expect_invalid("color");
    app.post(path)
        .token(&owner)
        .json(json!({"name": "A", "color": "#12345"}))
        .send()
        .await
        .expect_invalid("color");
    create(&app, &owner, path, json!({"name": "x".repeat(60)})).await;
    assert_eq!(
        get(&app, &owner, "/api/product/category").await["meta"]["total"],
        1,
        "nothing else stored"
    );
}

async fn taxes_are_created_listed_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let vat = create(&app, &owner, "/api/tax/create", json!({"name": "VAT", "rate": 20})).await;
    assert_eq!((vat["name"].as_str(), num(&vat["rate"])), (Some("VAT"), 20.0));
    let reduced = create(&app, &owner, "/api/tax/create", json!({"name": "Reduced", "rate": 5.5})).await;
    assert_eq!(num(&reduced["rate"]), 5.5);
    assert_eq!(
        names(&get(&app, &owner, "/api/tax?sort=rate").await),
        ["Reduced", "VAT"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/tax?sort=-rate").await),
        ["VAT", "Reduced"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/tax?sort=name").await),
        ["Reduced", "VAT"]
    );

    let path = format!("/api/tax/update/{}", id(&vat));
    let updated = post(&app, &owner, &path, json!({"rate": 21, "version": 1}), 200).await;
    assert_eq!((num(&updated["rate"]), updated["name"].as_str()), (21.0, Some("VAT")));
    assert_eq!(updated["version"], 2);
    try_post(&app, &owner, &path, json!({"rate": 22, "version": 1}))
        .await
        .expect_error(409, "version_conflict");
    app.post(&path)
        .token(&owner)
        .json(json!({"rate": 101}))
        .send()
        .await
        .expect_invalid("rate");

    delete(&app, &owner, &format!("/api/tax/delete/{}", id(&vat)), id(&vat)).await;
    app.delete(&format!("/api/tax/delete/{}", id(&vat)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.post(&path)
        .token(&owner)
        .json(json!({"rate": 1}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(names(&get(&app, &owner, "/api/tax").await), ["Reduced"]);
}

async fn tax_rates_are_0_to_100(app: TestApp) {
    let owner = app.owner_token().await;
    let path = "/api/tax/create";
    for bad in [json!(-0.01), json!(100.01), json!(-100), json!(null)] {
        let resp = app
            .post(path)
            .token(&owner)
            .json(json!({"name": "T", "rate": bad}))
            .send()
            .await;
        assert_eq!(resp.status, 422, "rate {bad}: {}", resp.body);
        resp.expect_invalid("rate");
    }
    app.post(path)
        .token(&owner)
        .json(json!({"name": "T"}))
        .send()
        .await
        .expect_invalid("rate");
    app.post(path)
        .token(&owner)
        .json(json!({"rate": 5}))
        .send()
        .await
        .expect_invalid("name");
    try_post(&app, &owner, path, json!({"name": "x".repeat(61), "rate": 5}))
        .await
        .expect_invalid("name");
    assert_eq!(
        get(&app, &owner, "/api/tax").await["meta"]["total"],
        0,
        "nothing stored"
    );
    let zero = create(&app, &owner, path, json!({"name": "Zero", "rate": 0})).await;
    let full = create(&app, &owner, path, json!({"name": "Full", "rate": 100})).await;
    let fine = create(&app, &owner, path, json!({"name": "Fine", "rate": 12.3456})).await;
    assert_eq!(
        (num(&zero["rate"]), num(&full["rate"]), num(&fine["rate"])),
        (0.0, 100.0, 12.3456)
    );
}

async fn a_tax_rate_is_kept_to_4_decimals_rounding_half_away_from_zero(app: TestApp) {
    let owner = app.owner_token().await;
    let rounded = create(&app, &owner, "/api/tax/create", json!({"name": "T", "rate": 12.34565})).await;
    assert_eq!(num(&rounded["rate"]), 12.3457);
    let update = format!("/api/tax/update/{}", rounded["id"]);
    let changed = app
        .post(&update)
        .token(&owner)
        .json(json!({"rate": 20.00004}))
        .send()
        .await
        .expect(200);
    assert_eq!(num(&changed.body["rate"]), 20.0);
}

async fn units_are_created_listed_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let piece = create(&app, &owner, "/api/unit/create", json!({"name": "Piece"})).await;
    create(&app, &owner, "/api/unit/create", json!({"name": "Box"})).await;
    assert_eq!(piece["name"], "Piece");
    assert_eq!(get(&app, &owner, "/api/units").await["meta"]["total"], 2);
    let path = format!("/api/unit/update/{}", id(&piece));
    let renamed = post(&app, &owner, &path, json!({"name": "Pc", "version": 1}), 200).await;
    assert_eq!(
        (renamed["name"].as_str(), renamed["version"].as_u64()),
        (Some("Pc"), Some(2))
    );
    app.post(&path)
        .token(&owner)
        .json(json!({"name": "x".repeat(31)}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/unit/create")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    try_post(&app, &owner, "/api/unit/create", json!({"name": "x".repeat(31)}))
        .await
        .expect_invalid("name");
    delete(&app, &owner, &format!("/api/unit/delete/{}", id(&piece)), id(&piece)).await;
    try_delete(&app, &owner, &format!("/api/unit/delete/{}", id(&piece)))
        .await
        .expect_error(404, "not_found");
    app.post(&path)
        .token(&owner)
        .json(json!({"name": "Back"}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(names(&get(&app, &owner, "/api/units").await), ["Box"]);
}

async fn warehouses_are_created_filtered_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Main", "address": "1 Dock Road", "city": "Leeds", "zip_code": "LS1 1AA",
            "phone": "+44 113 000", "email": "main@example.com"});
    let main = create(&app, &owner, "/api/warehouse/create", body).await;
    assert_eq!(
        (main["name"].as_str(), main["city"].as_str()),
        (Some("Main"), Some("Leeds"))
    );
    assert_eq!(main["is_active"], true, "active by default");
    assert_eq!(main["email"], "main@example.com");
    let body = json!({"name": "Annex", "is_active": false});
    let annex = create(&app, &owner, "/api/warehouse/create", body).await;
    assert_eq!(
        names(&get(&app, &owner, "/api/warehouse?sort=name").await),
        ["Annex", "Main"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/warehouse?is_active=false").await),
        ["Annex"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/warehouse?is_active=true").await),
        ["Main"]
    );

    let path = format!("/api/warehouse/update/{}", id(&annex));
    let opened = post(
        &app,
        &owner,
        &path,
        json!({"is_active": true, "city": "York", "version": 1}),
        200,
    )
    .await;
    assert_eq!(
        (opened["is_active"].as_bool(), opened["city"].as_str()),
        (Some(true), Some("York"))
    );
    assert_eq!(opened["version"], 2);
    app.post(&path)
        .token(&owner)
        .json(json!({"email": "nope"}))
        .send()
        .await
        .expect_invalid("email");
    try_post(&app, &owner, &path, json!({"name": "x", "version": 1}))
        .await
        .expect_error(409, "version_conflict");
    delete(
        &app,
        &owner,
        &format!("/api/warehouse/delete/{}", id(&annex)),
        id(&annex),
    )
    .await;
    try_delete(&app, &owner, &format!("/api/warehouse/delete/{}", id(&annex)))
        .await
        .expect_error(404, "not_found");
    app.post(&path)
        .token(&owner)
        .json(json!({"name": "Back"}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(names(&get(&app, &owner, "/api/warehouse").await), ["Main"]);
}

async fn warehouse_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let path = "/api/warehouse/create";
    try_post(&app, &owner, path, json!({"name": "W", "email": "not-an-email"}))
        .await
        .expect_invalid("email");
    app.post(path)
        .token(&owner)
        .json(json!({"name": "W", "email": "a@"}))
        .send()
        .await
        .expect_invalid("email");
    app.post(path)
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    app.post(path)
        .token(&owner)
        .json(json!({"name": "x".repeat(121)}))
        .send()
        .await
        .expect_invalid("name");
    try_post(&app, &owner, path, json!({"name": "W", "is_active": "yes"}))
        .await
        .expect_invalid("is_active");
    assert_eq!(
        get(&app, &owner, "/api/warehouse").await["meta"]["total"],
        0,
        "nothing stored"
    );
}

async fn products_are_created_with_defaults_and_with_every_field(app: TestApp) {
    let owner = app.owner_token().await;
    let bare = create(
        &app,
        &owner,
        "/api/product/create",
        json!({"name": "Bolt", "sku": "BOLT-1"}),
    )
    .await;
    assert_eq!(
        (bare["type"].as_str(), bare["is_active"].as_bool()),
        (Some("product"), Some(true))
    );
    assert_eq!(num(&bare["sale_price"]), 0.0);
    assert_eq!(
        (bare["tax_ids"].clone(), bare["version"].as_u64()),
        (json!([]), Some(1))
    );
    let category = id(&create(&app, &owner, "/api/product/category/create", json!({"name": "Tools"})).await);
    let unit = id(&create(&app, &owner, "/api/unit/create", json!({"name": "Piece"})).await);
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let body = json!({"name": "Drill", "sku": "DR-9", "type": "product", "category_id": category, "unit_id": unit,
            "sale_price": 99.9, "purchase_price": 60.25, "tax_ids": [vat], "description": "Cordless",
            "is_active": true, "reorder_level": 5});
    let drill = create(&app, &owner, "/api/product/create", body).await;
    assert_eq!(
        (drill["category_id"].as_u64(), drill["unit_id"].as_u64()),
        (Some(category), Some(unit))
    );
    assert_eq!(
        (num(&drill["sale_price"]), num(&drill["purchase_price"])),
        (99.9, 60.25)
    );
    assert_eq!(
        (drill["tax_ids"].clone(), drill["reorder_level"].as_u64()),
        (json!([vat]), Some(5))
    );
    assert_eq!(
        (drill["sku"].as_str(), drill["description"].as_str()),
        (Some("DR-9"), Some("Cordless"))
    );

    let path = format!("/api/product/update/{}", id(&drill));
    let updated = post(
        &app,
        &owner,
        &path,
        json!({"sale_price": 89.5, "tax_ids": [], "version": 1}),
        200,
    )
    .await;
    assert_eq!(
        (num(&updated["sale_price"]), updated["tax_ids"].clone()),
        (89.5, json!([]))
    );
    assert_eq!(
        (updated["name"].as_str(), updated["version"].as_u64()),
        (Some("Drill"), Some(2)),
        "others stay"
    );
    try_post(&app, &owner, &path, json!({"name": "X", "version": 1}))
        .await
        .expect_error(409, "version_conflict");
    delete(&app, &owner, &format!("/api/product/delete/{}", id(&bare)), id(&bare)).await;
    try_delete(&app, &owner, &format!("/api/product/delete/{}", id(&bare)))
        .await
        .expect_error(404, "not_found");
    app.post(&format!("/api/product/update/{}", id(&bare)))
        .token(&owner)
        .json(json!({"name": "X"}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.get(&format!("/api/product/detail/{}", id(&bare)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn products_are_filtered_sorted_and_searched(app: TestApp) {
    let owner = app.owner_token().await;
    let tools = id(&create(&app, &owner, "/api/product/category/create", json!({"name": "Tools"})).await);
    let bodies = [
        json!({"name": "Hammer", "sku": "HAM-1", "sale_price": 15, "category_id": tools}),
        json!({"name": "Anvil", "sku": "ANV-7", "sale_price": 120}),
        json!({"name": "Repair", "sku": "SRV-1", "sale_price": 40, "type": "service", "category_id": tools}),
        json!({"name": "Chisel", "sku": "CHI-2", "sale_price": 8, "is_active": false}),
    ];
    for body in bodies {
        create(&app, &owner, "/api/product/create", body).await;
    }
    assert_eq!(
        names(&get(&app, &owner, "/api/products?sort=name").await),
        ["Anvil", "Chisel", "Hammer", "Repair"]
    );
    let by_price = get(&app, &owner, "/api/products?sort=-sale_price").await;
    assert_eq!(names(&by_price), ["Anvil", "Repair", "Hammer", "Chisel"]);
    assert_eq!(
        names(&get(&app, &owner, "/api/products?sort=sku").await),
        ["Anvil", "Chisel", "Hammer", "Repair"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/products?type=service").await),
        ["Repair"]
    );
    assert_eq!(
        get(&app, &owner, "/api/products?type=product").await["meta"]["total"],
        3
    );
    let in_tools = get(&app, &owner, &format!("/api/products?category_id={tools}&sort=name")).await;
    assert_eq!(names(&in_tools), ["Hammer", "Repair"]);
    assert_eq!(
        names(&get(&app, &owner, "/api/products?is_active=false").await),
        ["Chisel"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/products?search=hamm").await),
        ["Hammer"],
        "by name"
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/products?search=anv").await),
        ["Anvil"],
        "by sku or name"
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/products?search=srv").await),
        ["Repair"],
        "by sku"
    );
}

async fn a_sku_is_unique_without_case_on_create_and_update(app: TestApp) {
    let owner = app.owner_token().await;
    let first = product(&app, &owner, "ABC-100").await;
    let second = product(&app, &owner, "XYZ-200").await;
    let body = json!({"name": "Clash", "sku": "abc-100"});
    app.post("/api/product/create")
        .token(&owner)
        .json(body)
        .send()
        .await
        .expect_invalid("sku");
    app.post(&format!("/api/product/update/{second}"))
        .token(&owner)
        .json(json!({"sku": "Abc-100"}))
        .send()
        .await
        .expect_invalid("sku");
    assert_eq!(
        get(&app, &owner, &format!("/api/product/detail/{second}")).await["sku"],
        "XYZ-200",
        "unchanged"
    );
    assert_eq!(
        get(&app, &owner, "/api/products").await["meta"]["total"],
        2,
        "nothing stored"
    );
    // A product keeps its own sku, and a sku let go is free again.
    post(
        &app,
        &owner,
        &format!("/api/product/update/{first}"),
        json!({"sku": "abc-100"}),
        200,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/product/update/{first}"),
        json!({"sku": "NEW-1"}),
        200,
    )
    .await;
    let path = format!("/api/product/update/{second}");
    let renamed = post(&app, &owner, &path, json!({"sku": "ABC-100"}), 200).await;
    assert_eq!(renamed["sku"], "ABC-100");
}

/// `é` precomposed (U+00E9) and as `e` + combining acute (U+0301) are one character to a reader:
/// one SKU, in any case, on create and update, and the stored SKU stays as it was typed.
async fn a_sku_is_unique_whatever_its_unicode_composition(app: TestApp) {
    let owner = app.owner_token().await;
    let composed = "CAF\u{c9}-1";
    let first = product(&app, &owner, composed).await;
    let other = product(&app, &owner, "TEA-1").await;
    for decomposed in ["caf\u{65}\u{301}-1", "CAF\u{45}\u{301}-1"] {
        app.post("/api/product/create")
            .token(&owner)
            .json(json!({"name": "Clash", "sku": decomposed}))
            .send()
            .await
            .expect_invalid("sku");
        app.post(&format!("/api/product/update/{other}"))
            .token(&owner)
            .json(json!({"sku": decomposed}))
            .send()
            .await
            .expect_invalid("sku");
    }
    assert_eq!(
        get(&app, &owner, "/api/products").await["meta"]["total"],
        2,
        "nothing stored"
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/product/detail/{other}")).await["sku"],
        "TEA-1"
    );
    // The holder may rewrite its own SKU decomposed; the value is kept as sent.
    let path = format!("/api/product/update/{first}");
    let rewritten = post(&app, &owner, &path, json!({"sku": "cafe\u{301}-1"}), 200).await;
    assert_eq!(rewritten["sku"], "cafe\u{301}-1");
    // ASCII SKUs compare as before: without case only.
    app.post("/api/product/create")
        .token(&owner)
        .json(json!({"name": "Clash", "sku": "tea-1"}))
        .send()
        .await
        .expect_invalid("sku");
}

async fn product_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let path = "/api/product/create";
    let with = |extra: serde_json::Value| {
        let mut body = json!({"name": "P", "sku": "P-1"});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    app.post(path)
        .token(&owner)
        .json(json!({"sku": "P-1"}))
        .send()
        .await
        .expect_invalid("name");
    app.post(path)
        .token(&owner)
        .json(json!({"name": "P"}))
        .send()
        .await
        .expect_invalid("sku");
    app.post(path)
        .token(&owner)
        .json(with(json!({"name": "x".repeat(121)})))
        .send()
        .await
        .expect_invalid("name");
    app.post(path)
        .token(&owner)
        .json(with(json!({"sku": "x".repeat(65)})))
        .send()
        .await
        .expect_invalid("sku");
    app.post(path)
        .token(&owner)
        .json(with(json!({"category_id": 999})))
        .send()
        .await
        .expect_invalid("category_id");
    app.post(path)
        .token(&owner)
        .json(with(json!({"unit_id": 999})))
        .send()
        .await
        .expect_invalid("unit_id");
    app.post(path)
        .token(&owner)
        .json(with(json!({"tax_ids": [999]})))
        .send()
        .await
        .expect_invalid("tax_ids");
    app.post(path)
        .token(&owner)
        .json(with(json!({"sale_price": -0.01})))
        .send()
        .await
        .expect_invalid("sale_price");
    try_post(&app, &owner, path, with(json!({"purchase_price": -5})))
        .await
        .expect_invalid("purchase_price");
    app.post(path)
        .token(&owner)
        .json(with(json!({"type": "goods"})))
        .send()
        .await
        .expect_invalid("type");
    try_post(&app, &owner, path, with(json!({"reorder_level": -1})))
        .await
        .expect_invalid("reorder_level");
    try_post(&app, &owner, path, with(json!({"reorder_level": 1.5})))
        .await
        .expect_invalid("reorder_level");
    assert_eq!(
        get(&app, &owner, "/api/products").await["meta"]["total"],
        0,
        "nothing stored"
    );
    // The same checks on update.
    let made = product(&app, &owner, "OK-1").await;
    let update = format!("/api/product/update/{made}");
    app.post(&update)
        .token(&owner)
        .json(json!({"category_id": 999}))
        .send()
        .await
        .expect_invalid("category_id");
    app.post(&update)
        .token(&owner)
        .json(json!({"unit_id": 999}))
        .send()
        .await
        .expect_invalid("unit_id");
    app.post(&update)
        .token(&owner)
        .json(json!({"tax_ids": [999]}))
        .send()
        .await
        .expect_invalid("tax_ids");
    app.post(&update)
        .token(&owner)
        .json(json!({"sale_price": -1}))
        .send()
        .await
        .expect_invalid("sale_price");
    let unchanged = get(&app, &owner, &format!("/api/product/detail/{made}")).await;
    assert_eq!(
        (num(&unchanged["sale_price"]), unchanged["version"].as_u64()),
        (10.0, Some(1))
    );
}

async fn a_tax_category_or_unit_named_by_a_product_cannot_be_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let category = id(&create(&app, &owner, "/api/product/category/create", json!({"name": "Tools"})).await);
    let unit = id(&create(&app, &owner, "/api/unit/create", json!({"name": "Piece"})).await);
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let body = json!({"name": "Saw", "sku": "SAW-1", "category_id": category, "unit_id": unit, "tax_ids": [vat]});
    let saw = id(&create(&app, &owner, "/api/product/create", body).await);

    let refused = app
        .delete(&format!("/api/product/category/delete/{category}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    let message = refused.body["message"].as_str().unwrap();
    assert!(message.contains("1 product"), "names its holders: {message}");
    app.delete(&format!("/api/tax/delete/{vat}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/unit/delete/{unit}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");

    // Once the product lets go, each can go: the tax when the product drops it, the others with
    // the product.
    post(
        &app,
        &owner,
        &format!("/api/product/update/{saw}"),
        json!({"tax_ids": []}),
        200,
    )
    .await;
    delete(&app, &owner, &format!("/api/tax/delete/{vat}"), vat).await;
    try_delete(&app, &owner, &format!("/api/unit/delete/{unit}"))
        .await
        .expect_error(409, "in_use");
    delete(&app, &owner, &format!("/api/product/delete/{saw}"), saw).await;
    delete(
        &app,
        &owner,
        &format!("/api/product/category/delete/{category}"),
        category,
    )
    .await;
    delete(&app, &owner, &format!("/api/unit/delete/{unit}"), unit).await;
}

async fn a_product_update_with_null_clears_its_category_unit_and_description(app: TestApp) {
    let owner = app.owner_token().await;
    let category = id(&create(&app, &owner, "/api/product/category/create", json!({"name": "Tools"})).await);
    let unit = id(&create(&app, &owner, "/api/unit/create", json!({"name": "Piece"})).await);
    let body = json!({"name": "Saw", "sku": "SAW-1", "category_id": category, "unit_id": unit,
            "description": "Sharp"});
    let saw = id(&create(&app, &owner, "/api/product/create", body).await);
    let body = json!({"category_id": null, "unit_id": null, "description": null});
    let cleared = post(&app, &owner, &format!("/api/product/update/{saw}"), body, 200).await;
    let fields = (
        cleared["category_id"].clone(),
        cleared["unit_id"].clone(),
        cleared["description"].clone(),
    );
    assert_eq!(fields, (Value::Null, Value::Null, Value::Null), "{cleared}");
    // No longer named, both can go.
    delete(
        &app,
        &owner,
        &format!("/api/product/category/delete/{category}"),
        category,
    )
    .await;
    delete(&app, &owner, &format!("/api/unit/delete/{unit}"), unit).await;
}

async fn a_product_detail_shows_its_stock_per_warehouse_and_in_total(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let annex = warehouse(&app, &owner, "Annex").await;
    let p = product(&app, &owner, "DET-1").await;
    add_stock(&app, &owner, p, main, 7).await;
    add_stock(&app, &owner, p, annex, 3).await;
    let detail = get(&app, &owner, &format!("/api/product/detail/{p}")).await;
    assert_eq!(
        (detail["id"].as_u64(), detail["sku"].as_str()),
        (Some(p), Some("DET-1"))
    );
    assert_eq!(detail["name"], "Product DET-1");
    assert_eq!(detail["total_stock"], 10);
    let mut stock: Vec<(u64, String, i64)> = detail["stock"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let name = s["warehouse_name"].as_str().unwrap().to_owned();
            (
                s["warehouse_id"].as_u64().unwrap(),
                name,
                s["quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    stock.sort();
    let mut expected = vec![(main, "Main".to_owned(), 7), (annex, "Annex".to_owned(), 3)];
    expected.sort();
    assert_eq!(stock, expected);
    app.get("/api/product/detail/999")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    assert_ledger_balances(&app, &owner, p, main).await;
    assert_ledger_balances(&app, &owner, p, annex).await;
}

async fn the_picker_list_shows_taxes_and_total_stock(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let annex = warehouse(&app, &owner, "Annex").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let eco = tax(&app, &owner, "Eco", 1.5).await;
    let body = json!({"name": "Lamp", "sku": "LMP-1", "sale_price": 25.5, "tax_ids": [vat, eco]});
    let lamp = id(&create(&app, &owner, "/api/product/create", body).await);
    let fitting = service(&app, &owner, "FIT-1").await;
    add_stock(&app, &owner, lamp, main, 4).await;
    add_stock(&app, &owner, lamp, annex, 2).await;

    let items = get(&app, &owner, "/api/product-service/items?sort=name").await;
    assert_eq!(ids(&items), [lamp, fitting], "{items}");
    let row = &items["data"][0];
    assert_eq!(
        (row["name"].as_str(), row["sku"].as_str()),
        (Some("Lamp"), Some("LMP-1"))
    );
    assert_eq!(row["type"], "product");
    assert_eq!((num(&row["sale_price"]), row["stock"].as_i64()), (25.5, Some(6)));
    let mut taxes: Vec<(u64, String, f64)> = row["taxes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["id"].as_u64().unwrap(),
                t["name"].as_str().unwrap().to_owned(),
                num(&t["rate"]),
            )
        })
        .collect();
    taxes.sort_by_key(|t| t.0);
    assert_eq!(taxes, [(vat, "VAT".to_owned(), 20.0), (eco, "Eco".to_owned(), 1.5)]);
    let svc = &items["data"][1];
    assert_eq!(
        (svc["type"].as_str(), svc["stock"].as_i64()),
        (Some("service"), Some(0))
    );
    assert_eq!(svc["taxes"], json!([]));
    assert_eq!(
        ids(&get(&app, &owner, "/api/product-service/items?type=service").await),
        [fitting]
    );
    assert_ledger_balances(&app, &owner, lamp, main).await;
    assert_ledger_balances(&app, &owner, lamp, annex).await;
}

on_both_stores!(
    categories_are_created_listed_updated_and_deleted,
    category_bodies_are_checked_field_by_field,
    taxes_are_created_listed_updated_and_deleted,
    tax_rates_are_0_to_100,
    a_tax_rate_is_kept_to_4_decimals_rounding_half_away_from_zero,
    units_are_created_listed_updated_and_deleted,
    warehouses_are_created_filtered_updated_and_deleted,
    warehouse_bodies_are_checked_field_by_field,
    products_are_created_with_defaults_and_with_every_field,
    products_are_filtered_sorted_and_searched,
    a_sku_is_unique_without_case_on_create_and_update,
    a_sku_is_unique_whatever_its_unicode_composition,
    product_bodies_are_checked_field_by_field,
    a_tax_category_or_unit_named_by_a_product_cannot_be_deleted,
    a_product_update_with_null_clears_its_category_unit_and_description,
    a_product_detail_shows_its_stock_per_warehouse_and_in_total,
    the_picker_list_shows_taxes_and_total_stock
);
