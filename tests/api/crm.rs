//! The CRM's REST-style routes: pipelines, stages, labels, sources, leads and deals with their
//! links and activity, conversion, and the failures of each (validation, not found, wrong tenant,
//! version conflicts, records in use, invalid transitions).

use serde_json::{json, Value};

use crate::harness::TestApp;
use crate::inventory::product;
use crate::on_both_stores;

/// POSTs `body` to `path` and returns the body, asserting `status`.
async fn post(app: &TestApp, token: &str, path: &str, body: Value, status: u16) -> Value {
    app.post(path).token(token).json(body).send().await.expect(status).body
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    app.get(path).token(token).send().await.expect(200).body
}

fn names(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_owned())
        .collect()
}

fn id(record: &Value) -> u64 {
    record["id"].as_u64().expect("an id")
}

on_both_stores! {
    async fn a_new_workspace_starts_with_the_sales_pipeline_its_stages_sources_and_labels(app) {
        let owner = app.owner_token().await;
        assert_eq!(names(&get(&app, &owner, "/api/pipelines").await), ["Sales"]);
        assert_eq!(
            names(&get(&app, &owner, "/api/lead-stages").await),
            ["Draft", "Sent", "Open", "Revised", "Declined", "Accepted"]
        );
        assert_eq!(
            names(&get(&app, &owner, "/api/deal-stages").await),
            ["Initial Contact", "Qualification", "Meeting", "Proposal", "Close"]
        );
        assert_eq!(get(&app, &owner, "/api/sources").await["meta"]["total"], 4);
        let labels = get(&app, &owner, "/api/labels").await;
        assert_eq!(labels["data"][0]["color"], "#EF4444");
    }

    async fn pipelines_stages_labels_and_sources_are_created_updated_and_deleted(app) {
        let owner = app.owner_token().await;
        let pipeline = post(&app, &owner, "/api/pipeline/create", json!({"name": "Partners"}), 201).await;
        let pid = id(&pipeline);
        let renamed = post(&app, &owner, &format!("/api/pipeline/update/{pid}"), json!({"name": "Resellers", "version": 1}), 200).await;
        assert_eq!((renamed["name"].as_str(), renamed["version"].as_u64()), (Some("Resellers"), Some(2)));
        // A stale version is refused and changes nothing.
        app.post(&format!("/api/pipeline/update/{pid}")).token(&owner).json(json!({"name": "Lost", "version": 1}))
            .send().await.expect_error(409, "version_conflict");
        app.post(&format!("/api/pipeline/update/{pid}")).token(&owner).header("if-match", "\"1\"").json(json!({"name": "Lost"}))
            .send().await.expect_error(409, "version_conflict");

        let first = post(&app, &owner, "/api/lead-stage/create", json!({"name": "New", "pipeline_id": pid}), 201).await;
        let second = post(&app, &owner, "/api/lead-stage/create", json!({"name": "Talking", "pipeline_id": pid}), 201).await;
        assert_eq!((first["order"].as_u64(), second["order"].as_u64()), (Some(1), Some(2)), "appended in order");
        post(&app, &owner, &format!("/api/lead-stage/update/{}", id(&second)), json!({"name": "Negotiating"}), 200).await;
        let stages = get(&app, &owner, &format!("/api/lead-stages?pipeline_id={pid}")).await;
        assert_eq!(names(&stages), ["New", "Negotiating"]);
        let deal_stage = post(&app, &owner, "/api/deal-stage/create", json!({"name": "Signed", "pipeline_id": pid}), 201).await;
        post(&app, &owner, &format!("/api/deal-stage/update/{}", id(&deal_stage)), json!({"order": 4}), 200).await;
        let label = post(&app, &owner, "/api/label/create", json!({"name": "VIP", "color": "#00ff00", "pipeline_id": pid}), 201).await;
        assert_eq!(label["color"], "#00FF00");
        post(&app, &owner, &format!("/api/label/update/{}", id(&label)), json!({"color": "#123456"}), 200).await;
        let source = post(&app, &owner, "/api/source/create", json!({"name": "Trade fair"}), 201).await;
        post(&app, &owner, &format!("/api/source/update/{}", id(&source)), json!({"name": "Trade show"}), 200).await;
        assert!(names(&get(&app, &owner, "/api/sources?search=trade").await).contains(&"Trade show".to_string()));

        // Validation names the field and stores nothing.
        app.post("/api/pipeline/create").token(&owner).json(json!({})).send().await.expect_invalid("name");
        app.post("/api/lead-stage/create").token(&owner).json(json!({"name": "X", "pipeline_id": 999})).send().await.expect_invalid("pipeline_id");
        app.post("/api/label/create").token(&owner).json(json!({"name": "X", "color": "green"})).send().await.expect_invalid("color");
        app.post("/api/source/create").token(&owner).json(json!({"name": "  "})).send().await.expect_invalid("name");
        app.post("/api/deal-stage/create").token(&owner).json(json!({"name": "X", "order": 0})).send().await.expect_invalid("order");
        assert_eq!(app.count(app.tenant, "crm_pipeline").await, 2);

        // A stage holding a lead, a pipeline with leads and a label in use are refused.
        let lead = post(&app, &owner, "/api/lead/create", json!({"name": "L", "email": "l@example.com", "pipeline_id": pid, "labels": [id(&label)]}), 201).await;
        assert_eq!(lead["stage_id"], first["id"]);
        app.delete(&format!("/api/lead-stage/delete/{}", id(&first))).token(&owner).send().await.expect_error(409, "in_use");
        app.delete(&format!("/api/pipeline/delete/{pid}")).token(&owner).send().await.expect_error(409, "in_use");
        app.delete(&format!("/api/label/delete/{}", id(&label))).token(&owner).send().await.expect_error(409, "in_use");
        app.delete(&format!("/api/lead/delete/{}", id(&lead))).token(&owner).send().await.expect(200);
        // Now free: the stage goes; the pipeline takes its remaining stages and labels with it.
        app.delete(&format!("/api/lead-stage/delete/{}", id(&first))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/source/delete/{}", id(&source))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/deal-stage/delete/{}", id(&deal_stage))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/deal-stage/delete/{}", id(&deal_stage))).token(&owner).send().await.expect_error(404, "not_found");
        app.delete(&format!("/api/pipeline/delete/{pid}")).token(&owner).send().await.expect(200);
        assert_eq!(get(&app, &owner, &format!("/api/lead-stages?pipeline_id={pid}")).await["meta"]["total"], 0);
        assert_eq!(get(&app, &owner, &format!("/api/deal-stages?pipeline_id={pid}")).await["meta"]["total"], 0);
        assert_eq!(get(&app, &owner, &format!("/api/labels?pipeline_id={pid}")).await["meta"]["total"], 0);
        app.delete(&format!("/api/label/delete/{}", id(&label))).token(&owner).send().await.expect_error(404, "not_found");
    }

    async fn a_lead_with_just_name_and_email_lands_in_the_first_stage_and_can_be_filtered(app) {
        let owner = app.owner_token().await;
        let lead = post(&app, &owner, "/api/lead/create", json!({"name": "Maria", "email": "Maria@Example.com"}), 201).await;
        assert_eq!(lead["email"], "maria@example.com");
        assert_eq!((lead["pipeline_id"].as_u64(), lead["stage_id"].as_u64(), lead["order"].as_u64()), (Some(1), Some(1), Some(1)));
        assert_eq!(lead["user_id"], 1, "owned by its creator");
        let shown = get(&app, &owner, &format!("/api/lead/show/{}", id(&lead))).await;
        assert_eq!(shown, lead);
        let second = post(&app, &owner, "/api/lead/create", json!({"name": "Tom", "email": "tom@example.com", "stage_id": 3,
            "subject": "ERP", "phone": "+1 555", "follow_up_date": "2026-12-01", "labels": [1], "sources": [2]}), 201).await;
        assert_eq!(get(&app, &owner, "/api/leads?stage_id=3").await["meta"]["total"], 1);
        assert_eq!(get(&app, &owner, "/api/leads?label_id=1").await["data"][0]["name"], "Tom");
        assert_eq!(get(&app, &owner, "/api/leads?source_id=2").await["meta"]["total"], 1);
        assert_eq!(get(&app, &owner, "/api/leads?search=MARIA").await["meta"]["total"], 1);
        assert_eq!(get(&app, &owner, "/api/leads?user_id=1&pipeline_id=1").await["meta"]["total"], 2);
        assert_eq!(names(&get(&app, &owner, "/api/leads?sort=-name").await), ["Tom", "Maria"]);

        let updated = post(&app, &owner, &format!("/api/lead/update/{}", id(&second)), json!({"stage_id": 4, "phone": null, "notes": "Call back"}), 200).await;
        assert_eq!((updated["stage_id"].as_u64(), updated["phone"].clone(), updated["version"].as_u64()), (Some(4), Value::Null, Some(2)));
        assert_eq!(updated["subject"], "ERP", "absent fields stay");
        app.delete(&format!("/api/lead/delete/{}", id(&lead))).token(&owner).send().await.expect(200);
        app.get(&format!("/api/lead/show/{}", id(&lead))).token(&owner).send().await.expect_error(404, "not_found");
        app.get("/api/lead/show/abc").token(&owner).send().await.expect_error(404, "not_found");
    }

    async fn lead_bodies_are_checked_field_by_field(app) {
        let owner = app.owner_token().await;
        let resp = app.post("/api/lead/create").token(&owner).json(json!({})).send().await.expect_invalid("name");
        assert!(resp.body["errors"]["email"].is_array(), "every field at once: {}", resp.body);
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "nope"})).send().await.expect_invalid("email");
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "follow_up_date": "12/01/2026"})).send().await.expect_invalid("follow_up_date");
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "phone": "1".repeat(21)})).send().await.expect_invalid("phone");
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "stage_id": 99})).send().await.expect_invalid("stage_id");
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "labels": [99]})).send().await.expect_invalid("labels");
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "users": [42]})).send().await.expect_invalid("users");
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "user_id": 42})).send().await.expect_invalid("user_id");
        app.post("/api/lead/create").token(&owner).json(json!({"name": 5, "email": "a@example.com"})).send().await.expect_invalid("name");
        // A deal stage is not a lead stage of the pipeline.
        let other = post(&app, &owner, "/api/pipeline/create", json!({"name": "Other"}), 201).await;
        let foreign = post(&app, &owner, "/api/lead-stage/create", json!({"name": "Elsewhere", "pipeline_id": id(&other)}), 201).await;
        app.post("/api/lead/create").token(&owner).json(json!({"name": "A", "email": "a@example.com", "stage_id": id(&foreign)})).send().await.expect_invalid("stage_id");
        assert_eq!(app.count(app.tenant, "crm_lead").await, 0, "nothing stored");
    }

    async fn lead_users_sources_products_and_labels_are_added_and_removed(app) {
        let owner = app.owner_token().await;
        let (staff_id, _) = app.user_with_role("staff").await;
        let lead = id(&post(&app, &owner, "/api/lead/create", json!({"name": "L", "email": "l@example.com"}), 201).await);
        let with_user = post(&app, &owner, &format!("/api/lead-user/store/{lead}"), json!({"user_ids": [staff_id, 1]}), 200).await;
        assert_eq!(with_user["users"], json!([staff_id, 1]));
        app.post(&format!("/api/lead-user/store/{lead}")).token(&owner).json(json!({"user_ids": [777]})).send().await.expect_invalid("users");
        app.post(&format!("/api/lead-user/store/{lead}")).token(&owner).json(json!({"user_ids": []})).send().await.expect_invalid("ids");
        let removed = app.delete(&format!("/api/lead-user/{lead}/delete/{staff_id}")).token(&owner).send().await.expect(200).body;
        assert_eq!(removed["users"], json!([1]));
        app.delete(&format!("/api/lead-user/{lead}/delete/{staff_id}")).token(&owner).send().await.expect_error(404, "not_found");

        let sourced = post(&app, &owner, &format!("/api/lead-source/store/{lead}"), json!({"sources": [1, 2, 2]}), 200).await;
        assert_eq!(sourced["sources"], json!([1, 2]), "once each");
        app.post(&format!("/api/lead-source/store/{lead}")).token(&owner).json(json!({"sources": [99]})).send().await.expect_invalid("sources");
        assert_eq!(app.delete(&format!("/api/lead-source/{lead}/delete/1")).token(&owner).send().await.expect(200).body["sources"], json!([2]));

        let (five, six) = (product(&app, &owner, "P-5").await, product(&app, &owner, "P-6").await);
        let products = post(&app, &owner, &format!("/api/lead/assign-products/{lead}"), json!({"products": [five, six]}), 200).await;
        assert_eq!(products["products"], json!([five, six]));
        assert_eq!(app.delete(&format!("/api/lead/{lead}/products/{five}")).token(&owner).send().await.expect(200).body["products"], json!([six]));

        let labelled = post(&app, &owner, &format!("/api/lead/add-label/{lead}"), json!({"labels": [1, 2]}), 200).await;
        assert_eq!(labelled["labels"], json!([1, 2]));
        let relabelled = post(&app, &owner, &format!("/api/lead/add-label/{lead}"), json!({"labels": [3]}), 200).await;
        assert_eq!(relabelled["labels"], json!([3]), "the label set is replaced");
        assert_eq!(relabelled["version"], 9, "each change is one version");
    }

    async fn lead_tasks_calls_emails_discussions_and_files_are_kept_with_the_lead(app) {
        let owner = app.owner_token().await;
        let lead = id(&post(&app, &owner, "/api/lead/create", json!({"name": "L", "email": "l@example.com"}), 201).await);
        let task = post(&app, &owner, "/api/lead-task/create", json!({"lead_id": lead, "name": "Send offer", "date": "2026-12-01", "time": "09:30", "priority": "High"}), 201).await;
        assert_eq!((task["lead_id"].as_u64(), task["priority"].as_str(), task["status"].as_str()), (Some(lead), Some("high"), Some("on_going")));
        let done = post(&app, &owner, &format!("/api/lead-task/update/{}", id(&task)), json!({"status": "Completed"}), 200).await;
        assert_eq!(done["status"], "completed");
        app.post("/api/lead-task/create").token(&owner).json(json!({"name": "No lead"})).send().await.expect_invalid("lead_id");
        app.post("/api/lead-task/create").token(&owner).json(json!({"lead_id": 999, "name": "X"})).send().await.expect_invalid("lead_id");
        app.post("/api/lead-task/create").token(&owner).json(json!({"lead_id": lead, "name": "X", "time": "25:00", "priority": "urgent"})).send().await.expect_invalid("time");
        // The deal routes do not reach a lead's task.
        app.post(&format!("/api/deal-task/update/{}", id(&task))).token(&owner).json(json!({"name": "Y"})).send().await.expect_error(404, "not_found");

        let call = post(&app, &owner, "/api/lead-call/store", json!({"lead_id": lead, "subject": "Intro", "call_type": "outbound", "duration": "00:10:00"}), 201).await;
        assert_eq!(call["user_id"], 1);
        post(&app, &owner, &format!("/api/lead-call/update/{}", id(&call)), json!({"call_result": "Interested"}), 200).await;
        app.post("/api/lead-call/store").token(&owner).json(json!({"lead_id": lead, "subject": "X", "call_type": "sideways"})).send().await.expect_invalid("call_type");
        let email = post(&app, &owner, &format!("/api/lead-email/store/{lead}"), json!({"to": "l@example.com", "subject": "Hello"}), 201).await;
        assert_eq!(email["lead_id"], lead);
        app.post(&format!("/api/lead-email/store/{lead}")).token(&owner).json(json!({"to": "x", "subject": "Hello"})).send().await.expect_invalid("to");
        app.post("/api/lead-email/store/999").token(&owner).json(json!({"to": "l@example.com", "subject": "Hello"})).send().await.expect_error(404, "not_found");
        post(&app, &owner, &format!("/api/lead-discussion/store/{lead}"), json!({"comment": "Looks promising"}), 201).await;
        app.post(&format!("/api/lead-discussion/store/{lead}")).token(&owner).json(json!({})).send().await.expect_invalid("comment");

        let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(b"offer v1".to_vec()).file_name("offer.txt").mime_str("text/plain").unwrap());
        let file = app.post(&format!("/api/lead-file/store/{lead}")).token(&owner).multipart(form).send().await.expect(201).body;
        assert_eq!((file["file_name"].as_str(), file["size"].as_u64(), file["content_type"].as_str()), (Some("offer.txt"), Some(8), Some("text/plain")));
        assert!(file.get("object_key").is_none(), "the storage key stays inside");
        let empty = reqwest::multipart::Form::new().text("note", "no file");
        app.post(&format!("/api/lead-file/store/{lead}")).token(&owner).multipart(empty).send().await.expect_invalid("file");

        let details = post(&app, &owner, "/api/lead/lead-details", json!({"lead_id": lead}), 200).await;
        assert_eq!(details["tasks"].as_array().unwrap().len(), 1);
        assert_eq!(details["calls"][0]["call_result"], "Interested");
        assert_eq!(details["emails"].as_array().unwrap().len(), 1);
        assert_eq!(details["discussions"][0]["comment"], "Looks promising");
        assert_eq!(details["files"][0]["file_name"], "offer.txt");
        assert_eq!(details["stage"]["name"], "Draft");

        app.delete(&format!("/api/lead-file/999/delete/{}", id(&file))).token(&owner).send().await.expect_error(404, "not_found");
        app.delete(&format!("/api/lead-file/{lead}/delete/{}", id(&file))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/lead-call/delete/{}", id(&call))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/lead-task/delete/{}", id(&task))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/lead-task/delete/{}", id(&task))).token(&owner).send().await.expect_error(404, "not_found");
        // Deleting the lead takes the rest of its activity with it.
        app.delete(&format!("/api/lead/delete/{lead}")).token(&owner).send().await.expect(200);
        assert_eq!(app.count(app.tenant, "crm_email").await + app.count(app.tenant, "crm_discussion").await, 0);
    }

    async fn converting_a_lead_creates_its_deal_once(app) {
        let owner = app.owner_token().await;
        let (client_id, _) = app.user_with_role("client").await;
        let (staff_id, _) = app.user_with_role("staff").await;
        let nine = product(&app, &owner, "P-9").await;
        let lead = post(&app, &owner, "/api/lead/create", json!({"name": "ERP", "email": "erp@example.com",
            "users": [staff_id], "sources": [1], "products": [nine], "labels": [2], "notes": "Big one"}), 201).await;
        let lead_id = id(&lead);
        app.post(&format!("/api/lead/convert-to-deal/{lead_id}")).token(&owner).json(json!({"client_id": staff_id})).send().await.expect_invalid("clients");
        let converted = post(&app, &owner, &format!("/api/lead/convert-to-deal/{lead_id}"), json!({"amount": "48000.5", "client_id": client_id}), 201).await;
        let deal = &converted["deal"];
        assert_eq!((deal["name"].as_str(), deal["amount"].as_f64(), deal["status"].as_str()), (Some("ERP"), Some(48000.5), Some("open")));
        assert_eq!(deal["stage_id"], 1, "the first deal stage of the lead's pipeline");
        assert_eq!((deal["users"].clone(), deal["sources"].clone(), deal["products"].clone(), deal["labels"].clone()), (json!([staff_id]), json!([1]), json!([nine]), json!([2])));
        assert_eq!((deal["clients"].clone(), deal["lead_id"].as_u64(), deal["notes"].as_str()), (json!([client_id]), Some(lead_id), Some("Big one")));
        assert_eq!(converted["lead"]["converted_deal_id"], deal["id"]);
        assert_eq!(get(&app, &owner, &format!("/api/lead/show/{lead_id}")).await["converted_deal_id"], deal["id"]);
        app.post(&format!("/api/lead/convert-to-deal/{lead_id}")).token(&owner).send().await.expect_error(409, "invalid_transition");
        assert_eq!(app.count(app.tenant, "crm_deal").await, 1, "one deal, not two");
        assert_eq!(get(&app, &owner, "/api/leads?converted=true").await["meta"]["total"], 1);
        app.post("/api/lead/convert-to-deal/999").token(&owner).send().await.expect_error(404, "not_found");
    }

    async fn deals_carry_amounts_statuses_clients_and_their_own_activity(app) {
        let owner = app.owner_token().await;
        let (client_id, _) = app.user_with_role("client").await;
        let deal = post(&app, &owner, "/api/deal/create", json!({"name": "Support plan", "price": 1200.10, "close_date": "2027-01-31", "stage_id": 2}), 201).await;
        let deal_id = id(&deal);
        assert_eq!((deal["amount"].as_f64(), deal["stage_id"].as_u64(), deal["status"].as_str()), (Some(1200.1), Some(2), Some("open")));
        app.post("/api/deal/create").token(&owner).json(json!({"name": "X", "amount": -1})).send().await.expect_invalid("amount");
        app.post("/api/deal/create").token(&owner).json(json!({"name": "X", "amount": "lots"})).send().await.expect_invalid("amount");
        app.post("/api/deal/create").token(&owner).json(json!({"name": "X", "close_date": "soon"})).send().await.expect_invalid("close_date");
        let won = post(&app, &owner, &format!("/api/deal/update/{deal_id}"), json!({"status": "won"}), 200).await;
        assert_eq!(won["status"], "won");
        app.post(&format!("/api/deal/update/{deal_id}")).token(&owner).json(json!({"status": "maybe"})).send().await.expect_invalid("status");
        assert_eq!(get(&app, &owner, "/api/deals?status=won").await["meta"]["total"], 1);
        assert_eq!(get(&app, &owner, &format!("/api/deal/show/{deal_id}")).await["amount"], 1200.1);

        let with_client = post(&app, &owner, &format!("/api/deal-client/store/{deal_id}"), json!({"clients": [client_id]}), 200).await;
        assert_eq!(with_client["clients"], json!([client_id]));
        app.post(&format!("/api/deal-client/store/{deal_id}")).token(&owner).json(json!({"clients": [1]})).send().await.expect_invalid("clients");
        assert_eq!(get(&app, &owner, &format!("/api/deals?client_id={client_id}")).await["meta"]["total"], 1);
        app.delete(&format!("/api/deal-client/{deal_id}/delete/{client_id}")).token(&owner).send().await.expect(200);
        post(&app, &owner, &format!("/api/deal-user/store/{deal_id}"), json!({"users": [1]}), 200).await;
        app.delete(&format!("/api/deal-user/{deal_id}/delete/1")).token(&owner).send().await.expect(200);
        post(&app, &owner, &format!("/api/deal-source/store/{deal_id}"), json!({"sources": [3]}), 200).await;
        app.delete(&format!("/api/deal-source/{deal_id}/delete/3")).token(&owner).send().await.expect(200);
        let four = product(&app, &owner, "P-4").await;
        post(&app, &owner, &format!("/api/deal/assign-products/{deal_id}"), json!({"products": [four]}), 200).await;
        app.delete(&format!("/api/deal/{deal_id}/products/{four}")).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/deal/{deal_id}/products/{four}")).token(&owner).send().await.expect_error(404, "not_found");
        assert_eq!(post(&app, &owner, &format!("/api/deal/add-label/{deal_id}"), json!({"labels": [1]}), 200).await["labels"], json!([1]));

        let task = post(&app, &owner, "/api/deal-task/create", json!({"deal_id": deal_id, "name": "Kick-off"}), 201).await;
        post(&app, &owner, &format!("/api/deal-task/update/{}", id(&task)), json!({"priority": "low"}), 200).await;
        app.post("/api/deal-task/create").token(&owner).json(json!({"lead_id": 1, "name": "Wrong parent"})).send().await.expect_invalid("deal_id");
        let call = post(&app, &owner, "/api/deal-call/store", json!({"deal_id": deal_id, "subject": "Check-in", "call_type": "inbound"}), 201).await;
        post(&app, &owner, &format!("/api/deal-call/update/{}", id(&call)), json!({"duration": "5m"}), 200).await;
        post(&app, &owner, &format!("/api/deal-email/store/{deal_id}"), json!({"to": "c@example.com", "subject": "Contract"}), 201).await;
        post(&app, &owner, &format!("/api/deal-discussion/store/{deal_id}"), json!({"comment": "Signed"}), 201).await;
        let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(vec![1, 2, 3]).file_name("contract.pdf"));
        let file = app.post(&format!("/api/deal-file/store/{deal_id}")).token(&owner).multipart(form).send().await.expect(201).body;
        assert_eq!(file["deal_id"], deal_id);
        app.delete(&format!("/api/deal-file/{deal_id}/delete/{}", id(&file))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/deal-call/delete/{}", id(&call))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/deal-task/delete/{}", id(&task))).token(&owner).send().await.expect(200);
        app.delete(&format!("/api/deal/delete/{deal_id}")).token(&owner).send().await.expect(200);
        assert_eq!(app.count(app.tenant, "crm_deal").await + app.count(app.tenant, "crm_email").await, 0);
    }

    async fn another_workspace_sees_none_of_these_records(app) {
        let owner = app.owner_token().await;
        let lead = id(&post(&app, &owner, "/api/lead/create", json!({"name": "Mine", "email": "m@example.com"}), 201).await);
        let deal = id(&post(&app, &owner, "/api/deal/create", json!({"name": "Mine"}), 201).await);
        let label = id(&post(&app, &owner, "/api/label/create", json!({"name": "Mine"}), 201).await);
        let (_, email, password) = app.second_workspace().await;
        let other = app.login(&email, &password).await;
        app.get(&format!("/api/lead/show/{lead}")).token(&other).send().await.expect_error(404, "not_found");
        app.post(&format!("/api/lead/update/{lead}")).token(&other).json(json!({"name": "Theirs"})).send().await.expect_error(404, "not_found");
        app.delete(&format!("/api/deal/delete/{deal}")).token(&other).send().await.expect_error(404, "not_found");
        app.post(&format!("/api/label/update/{label}")).token(&other).json(json!({"name": "Theirs"})).send().await.expect_error(404, "not_found");
        app.post("/api/lead/lead-details").token(&other).json(json!({"lead_id": lead})).send().await.expect_error(404, "not_found");
        assert_eq!(get(&app, &other, "/api/leads").await["meta"]["total"], 0);
        assert_eq!(names(&get(&app, &other, "/api/pipelines").await), ["Sales"], "its own defaults");
        assert_eq!(get(&app, &owner, &format!("/api/lead/show/{lead}")).await["name"], "Mine", "unchanged");
    }

    async fn staff_work_the_crm_and_the_sandbox_has_seeded_crm_data(app) {
        let (_, staff) = app.user_with_role("staff").await;
        post(&app, &staff, "/api/lead/create", json!({"name": "By staff", "email": "s@example.com"}), 201).await;
        let owner = app.owner_token().await;
        let test_key = app.api_key(&owner, "test").await;
        assert_eq!(get(&app, &test_key, "/api/leads").await["meta"]["total"], 8);
        assert_eq!(get(&app, &test_key, "/api/deals?status=won").await["meta"]["total"], 1);
        assert_eq!(get(&app, &test_key, "/api/v1/contacts").await["meta"]["total"], 5);
        assert_eq!(get(&app, &owner, "/api/leads").await["meta"]["total"], 1, "live data only");
    }
}
