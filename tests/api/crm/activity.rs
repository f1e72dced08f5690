//! What happens around a lead (functions/crm/src/activity.rs, with its files): tasks, calls,
//! e-mails, discussions and files kept with the lead, shown in its details and deleted with it.

use serde_json::json;

use super::*;
use crate::harness::{post, TestApp};
use crate::on_both_stores;

/// A new lead's id.
async fn new_lead(app: &TestApp, owner: &str) -> u64 {
    let body = json!({"name": "L", "email": "l@example.com"});
    id(&post(app, owner, "/api/lead/create", body, 201).await)
}

async fn lead_tasks_calls_emails_discussions_and_files_are_kept_with_the_lead(app: TestApp) {
    let owner = app.owner_token().await;
    let lead = new_lead(&app, &owner).await;
    let task = post(
        &app,
        &owner,
        "/api/lead-task/create",
        json!({"lead_id": lead, "name": "Send offer", "date": "2026-12-01", "time": "09:30", "priority": "High"}),
        201,
    )
    .await;
    assert_eq!(
        (
            task["lead_id"].as_u64(),
            task["priority"].as_str(),
            task["status"].as_str()
        ),
        (Some(lead), Some("high"), Some("on_going"))
    );
    let done = post(
        &app,
        &owner,
        &format!("/api/lead-task/update/{}", id(&task)),
        json!({"status": "Completed"}),
        200,
    )
    .await;
    assert_eq!(done["status"], "completed");
    app.post("/api/lead-task/create")
        .token(&owner)
        .json(json!({"name": "No lead"}))
        .send()
        .await
        .expect_invalid("lead_id");
    app.post("/api/lead-task/create")
        .token(&owner)
        .json(json!({"lead_id": 999, "name": "X"}))
        .send()
        .await
        .expect_invalid("lead_id");
    app.post("/api/lead-task/create")
        .token(&owner)
        .json(json!({"lead_id": lead, "name": "X", "time": "25:00", "priority": "urgent"}))
        .send()
        .await
        .expect_invalid("time");
    // The deal routes do not reach a lead's task.
    app.post(&format!("/api/deal-task/update/{}", id(&task)))
        .token(&owner)
        .json(json!({"name": "Y"}))
        .send()
        .await
        .expect_error(404, "not_found");

    let call = post(
        &app,
        &owner,
        "/api/lead-call/store",
        json!({"lead_id": lead, "subject": "Intro", "call_type": "outbound", "duration": "00:10:00"}),
        201,
    )
    .await;
    assert_eq!(call["user_id"], 1);
    post(
        &app,
        &owner,
        &format!("/api/lead-call/update/{}", id(&call)),
        json!({"call_result": "Interested"}),
        200,
    )
    .await;
    app.post("/api/lead-call/store")
        .token(&owner)
        .json(json!({"lead_id": lead, "subject": "X", "call_type": "sideways"}))
        .send()
        .await
        .expect_invalid("call_type");
    let email = post(
        &app,
        &owner,
        &format!("/api/lead-email/store/{lead}"),
        json!({"to": "l@example.com", "subject": "Hello"}),
        201,
    )
    .await;
    assert_eq!(email["lead_id"], lead);
    app.post(&format!("/api/lead-email/store/{lead}"))
        .token(&owner)
        .json(json!({"to": "x", "subject": "Hello"}))
        .send()
        .await
        .expect_invalid("to");
    app.post("/api/lead-email/store/999")
        .token(&owner)
        .json(json!({"to": "l@example.com", "subject": "Hello"}))
        .send()
        .await
        .expect_error(404, "not_found");
    post(
        &app,
        &owner,
        &format!("/api/lead-discussion/store/{lead}"),
        json!({"comment": "Looks promising"}),
        201,
    )
    .await;
    app.post(&format!("/api/lead-discussion/store/{lead}"))
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("comment");

    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(b"offer v1".to_vec())
            .file_name("offer.txt")
            .mime_str("text/plain")
            .unwrap(),
    );
    let file = app
        .post(&format!("/api/lead-file/store/{lead}"))
        .token(&owner)
        .multipart(form)
        .send()
        .await
        .expect(201)
        .body;
    assert_eq!(
        (
            file["file_name"].as_str(),
            file["size"].as_u64(),
            file["content_type"].as_str()
        ),
        (Some("offer.txt"), Some(8), Some("text/plain"))
    );
    assert!(file.get("object_key").is_none(), "the storage key stays inside");
    let empty = reqwest::multipart::Form::new().text("note", "no file");
    app.post(&format!("/api/lead-file/store/{lead}"))
        .token(&owner)
        .multipart(empty)
        .send()
        .await
        .expect_invalid("file");

    let details = post(&app, &owner, "/api/lead/lead-details", json!({"lead_id": lead}), 200).await;
    assert_eq!(details["tasks"].as_array().unwrap().len(), 1);
    assert_eq!(details["calls"][0]["call_result"], "Interested");
    assert_eq!(details["emails"].as_array().unwrap().len(), 1);
    assert_eq!(details["discussions"][0]["comment"], "Looks promising");
    assert_eq!(details["files"][0]["file_name"], "offer.txt");
    assert_eq!(details["stage"]["name"], "Draft");

    app.delete(&format!("/api/lead-file/999/delete/{}", id(&file)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/lead-file/{lead}/delete/{}", id(&file)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/lead-call/delete/{}", id(&call)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/lead-task/delete/{}", id(&task)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/lead-task/delete/{}", id(&task)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    // Deleting the lead takes the rest of its activity with it.
    app.delete(&format!("/api/lead/delete/{lead}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        app.count(app.tenant, "crm_email").await + app.count(app.tenant, "crm_discussion").await,
        0
    );
}

fn file_form(name: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(b"x".to_vec()).file_name(name.to_owned()),
    )
}

/// Children are kept by their parent's kind and id: a lead and a deal that share an id keep their
/// own activity and files, a deal's routes do not reach the lead's, and the deal's delete takes
/// only its own.
async fn a_lead_and_a_deal_of_the_same_id_keep_their_own_activity_and_files(app: TestApp) {
    let owner = app.owner_token().await;
    let mut lead = id(&post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "L", "email": "l@example.com"}),
        201,
    )
    .await);
    let mut deal = id(&post(&app, &owner, "/api/deal/create", json!({"name": "D"}), 201).await);
    while lead < deal {
        lead = id(&post(
            &app,
            &owner,
            "/api/lead/create",
            json!({"name": "L", "email": "l@example.com"}),
            201,
        )
        .await);
    }
    while deal < lead {
        deal = id(&post(&app, &owner, "/api/deal/create", json!({"name": "D"}), 201).await);
    }
    let n = lead;
    let store = |path: String, name: &str| {
        let form = file_form(name);
        let app = &app;
        let owner = &owner;
        async move {
            app.post(&path)
                .token(owner)
                .multipart(form)
                .send()
                .await
                .expect(201)
                .body
        }
    };
    let lead_file = store(format!("/api/lead-file/store/{n}"), "lead.txt").await;
    store(format!("/api/deal-file/store/{n}"), "deal.txt").await;
    let lead_task = post(
        &app,
        &owner,
        "/api/lead-task/create",
        json!({"lead_id": n, "name": "Call"}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal-discussion/store/{n}"),
        json!({"comment": "Deal"}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/lead-discussion/store/{n}"),
        json!({"comment": "Lead"}),
        201,
    )
    .await;

    let details = post(&app, &owner, "/api/lead/lead-details", json!({"lead_id": n}), 200).await;
    let files: Vec<&str> = details["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file_name"].as_str().unwrap())
        .collect();
    let said: Vec<&str> = details["discussions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["comment"].as_str().unwrap())
        .collect();
    assert_eq!((files, said), (vec!["lead.txt"], vec!["Lead"]));
    assert_eq!(
        (
            details["files"][0]["lead_id"].as_u64(),
            details["files"][0].get("deal_id")
        ),
        (Some(n), None)
    );

    app.delete(&format!("/api/deal-file/{n}/delete/{}", id(&lead_file)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.post(&format!("/api/deal-task/update/{}", id(&lead_task)))
        .token(&owner)
        .json(json!({"name": "Mine now"}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/deal/delete/{n}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        (
            app.count(app.tenant, "crm_file").await,
            app.count(app.tenant, "crm_discussion").await
        ),
        (1, 1),
        "the deal's delete took its own file and discussion, not the lead's"
    );
    let details = post(&app, &owner, "/api/lead/lead-details", json!({"lead_id": n}), 200).await;
    assert_eq!(
        (
            details["files"].as_array().unwrap().len(),
            details["tasks"].as_array().unwrap().len()
        ),
        (1, 1)
    );
}

/// Bytes stored for a record that was never written (the record's write failed, or the process
/// died between the two) are deleted by the scheduler's sweep once their grace has passed; the
/// bytes of a file whose record was written are never touched, and the sweep leaves no marker.
async fn uploaded_bytes_whose_record_was_never_written_are_swept(app: TestApp) {
    use shared::store::files::ObjectKey;
    let owner = app.owner_token().await;
    let lead = new_lead(&app, &owner).await;
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(b"kept".to_vec()).file_name("kept.txt"),
    );
    app.post(&format!("/api/lead-file/store/{lead}"))
        .token(&owner)
        .multipart(form)
        .send()
        .await
        .expect(201);
    let kept = app.records(app.tenant, "crm_file").await[0]["object_key"]
        .as_str()
        .unwrap()
        .to_owned();
    // What an upload leaves when its record's write never comes: the bytes, and their marker.
    let upload = shared::http::Upload {
        bytes: b"orphan".to_vec().into(),
        file_name: Some("orphan.txt".into()),
        content_type: Some("text/plain".into()),
        fields: Vec::new(),
    };
    let orphan = shared::http::store_upload(
        app.state.store(),
        app.state.files(),
        app.tenant,
        "files/crm_file",
        upload,
    )
    .await
    .unwrap();
    let bytes_of = |key: String| {
        let app = &app;
        async move {
            let key = ObjectKey::stored(app.tenant, &key).unwrap();
            app.state.files().get(&key).await.unwrap().map(|o| o.bytes.to_vec())
        }
    };
    assert_eq!(bytes_of(orphan.object_key.clone()).await, Some(b"orphan".to_vec()));

    // Within its grace nothing is swept; past it, only the orphan.
    let now = shared::time::now_unix_ms();
    assert_eq!(
        shared::http::sweep_orphan_uploads(app.state.store(), app.state.files(), now)
            .await
            .unwrap(),
        0
    );
    let later = now + 2 * 3600 * 1000;
    assert_eq!(
        shared::http::sweep_orphan_uploads(app.state.store(), app.state.files(), later)
            .await
            .unwrap(),
        1
    );
    assert_eq!(bytes_of(orphan.object_key).await, None);
    assert_eq!(bytes_of(kept).await, Some(b"kept".to_vec()));
    assert_eq!(
        shared::http::sweep_orphan_uploads(app.state.store(), app.state.files(), later)
            .await
            .unwrap(),
        0
    );
}

on_both_stores!(
    uploaded_bytes_whose_record_was_never_written_are_swept,
    lead_tasks_calls_emails_discussions_and_files_are_kept_with_the_lead,
    a_lead_and_a_deal_of_the_same_id_keep_their_own_activity_and_files,
);
