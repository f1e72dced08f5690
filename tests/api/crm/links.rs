//! The id lists a lead carries (functions/crm/src/links.rs): users, sources, products and labels
//! added and removed through the `lead-user`, `lead-source`, `assign-products` and `add-label` routes.

use serde_json::json;

use super::*;
use crate::harness::{post, TestApp};
use crate::inventory::product;
use crate::on_both_stores;

async fn lead_users_sources_products_and_labels_are_added_and_removed(app: TestApp) {
    let owner = app.owner_token().await;
    let (staff_id, _) = app.user_with_role("staff").await;
    let lead = id(&post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "L", "email": "l@example.com"}),
        201,
    )
    .await);
    let with_user = post(
        &app,
        &owner,
        &format!("/api/lead-user/store/{lead}"),
        json!({"user_ids": [staff_id, 1]}),
        200,
    )
    .await;
    assert_eq!(with_user["users"], json!([staff_id, 1]));
    app.post(&format!("/api/lead-user/store/{lead}"))
        .token(&owner)
        .json(json!({"user_ids": [777]}))
        .send()
        .await
        .expect_invalid("users");
    app.post(&format!("/api/lead-user/store/{lead}"))
        .token(&owner)
        .json(json!({"user_ids": []}))
        .send()
        .await
        .expect_invalid("ids");
    let removed = app
        .delete(&format!("/api/lead-user/{lead}/delete/{staff_id}"))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(removed["users"], json!([1]));
    app.delete(&format!("/api/lead-user/{lead}/delete/{staff_id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");

    let sourced = post(
        &app,
        &owner,
        &format!("/api/lead-source/store/{lead}"),
        json!({"sources": [1, 2, 2]}),
        200,
    )
    .await;
    assert_eq!(sourced["sources"], json!([1, 2]), "once each");
    app.post(&format!("/api/lead-source/store/{lead}"))
        .token(&owner)
        .json(json!({"sources": [99]}))
        .send()
        .await
        .expect_invalid("sources");
    assert_eq!(
        app.delete(&format!("/api/lead-source/{lead}/delete/1"))
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["sources"],
        json!([2])
    );

    let (five, six) = (product(&app, &owner, "P-5").await, product(&app, &owner, "P-6").await);
    let products = post(
        &app,
        &owner,
        &format!("/api/lead/assign-products/{lead}"),
        json!({"products": [five, six]}),
        200,
    )
    .await;
    assert_eq!(products["products"], json!([five, six]));
    assert_eq!(
        app.delete(&format!("/api/lead/{lead}/products/{five}"))
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["products"],
        json!([six])
    );

    let labelled = post(
        &app,
        &owner,
        &format!("/api/lead/add-label/{lead}"),
        json!({"labels": [1, 2]}),
        200,
    )
    .await;
    assert_eq!(labelled["labels"], json!([1, 2]));
    let relabelled = post(
        &app,
        &owner,
        &format!("/api/lead/add-label/{lead}"),
        json!({"labels": [3]}),
        200,
    )
    .await;
    assert_eq!(relabelled["labels"], json!([3]), "the label set is replaced");
    assert_eq!(relabelled["version"], 9, "each change is one version");
}

on_both_stores!(lead_users_sources_products_and_labels_are_added_and_removed);
