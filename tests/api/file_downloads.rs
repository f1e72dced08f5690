//! Uploaded files come back and go with their records (issue 62): every uploaded file (a lead's
//! or a deal's, a project's, a ticket reply's) is named with its download route by its record's
//! answer, and that route answers it as reading the record is answered (the module's permission,
//! 404 in another workspace): locally its bytes as an attachment that is neither sniffed nor
//! scripted, in the cloud a redirect to a short-lived signed S3 link. Deleting the file, or the
//! record it lives in, deletes its bytes from the object store; a delete that is refused keeps
//! them, and bytes a crash left behind after their record's delete are swept.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};
use shared::config::StoreKind;

use crate::harness::{create, get, id, post, try_delete, try_post, TestApp};
use crate::on_both_stores;

/// A `file` part of `bytes`, named `name`, sent as `text/plain`.
fn text_file(name: &str, bytes: &[u8]) -> Form {
    Form::new().part(
        "file",
        Part::bytes(bytes.to_vec())
            .file_name(name.to_owned())
            .mime_str("text/plain")
            .unwrap(),
    )
}

/// A new lead's id.
async fn new_lead(app: &TestApp, token: &str, name: &str) -> u64 {
    let body = json!({"name": name, "email": "lead@example.com"});
    id(&post(app, token, "/api/lead/create", body, 201).await)
}

/// Uploads `form` to `path` (201): the file's record.
async fn upload(app: &TestApp, token: &str, path: &str, form: Form) -> Value {
    app.post(path)
        .token(token)
        .multipart(form)
        .send()
        .await
        .expect(201)
        .body
}

/// A downloaded file, as the client ends up with it.
struct Downloaded {
    bytes: Vec<u8>,
    content_type: Option<String>,
    disposition: Option<String>,
}

/// Follows a file's `download_url` as `token`. Locally the API answers the bytes with the served
/// file headers (`nosniff`, a policy that runs no script); in the cloud it answers a 307 to a
/// signed S3 link (no bytes through the API), which answers them to a client without a token.
async fn download(app: &TestApp, token: &str, file: &Value) -> Downloaded {
    let path = file["download_url"]
        .as_str()
        .expect("the file names its download route");
    assert!(path.starts_with("/api/"), "{path}");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let answer = client
        .get(format!("{}{path}", app.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let header =
        |answer: &reqwest::Response, name: &str| answer.headers().get(name).map(|v| v.to_str().unwrap().to_owned());
    match app.state.config().store {
        StoreKind::Embedded => {
            assert_eq!(answer.status(), 200, "{path}");
            assert_eq!(header(&answer, "x-content-type-options").as_deref(), Some("nosniff"));
            assert_eq!(
                header(&answer, "content-security-policy").as_deref(),
                Some("default-src 'none'; sandbox")
            );
            Downloaded {
                content_type: header(&answer, "content-type"),
                disposition: header(&answer, "content-disposition"),
                bytes: answer.bytes().await.unwrap().to_vec(),
            }
        }
        StoreKind::DynamoDb => {
            assert_eq!(answer.status(), 307, "{path}");
            assert_eq!(header(&answer, "cache-control").as_deref(), Some("no-store"));
            let signed = header(&answer, "location")
                .filter(|url| url.contains("X-Amz-Signature=") && url.contains("X-Amz-Expires=300"))
                .unwrap_or_else(|| panic!("{path}: a short-lived signed link"));
            assert!(answer.bytes().await.unwrap().is_empty(), "no bytes through the API");
            let link = reqwest::get(&signed).await.unwrap();
            assert_eq!(link.status(), 200, "{signed}");
            Downloaded {
                content_type: header(&link, "content-type"),
                disposition: header(&link, "content-disposition"),
                bytes: link.bytes().await.unwrap().to_vec(),
            }
        }
    }
}

/// Asserts that `file` downloads as `bytes`, a `text/plain` attachment named `name`.
async fn assert_downloads(app: &TestApp, token: &str, file: &Value, name: &str, bytes: &[u8]) {
    let got = download(app, token, file).await;
    assert_eq!(got.bytes, bytes, "{file}");
    assert_eq!(got.content_type.as_deref(), Some("text/plain"));
    let disposition = format!("attachment; filename=\"{name}\"");
    assert_eq!(got.disposition.as_deref(), Some(disposition.as_str()));
}

/// The file's download route as another workspace's owner (404: not theirs), as a client login
/// of this one (403: no permission on the module) and with no token (401).
async fn assert_only_readers_download(app: &TestApp, file: &Value) {
    let path = file["download_url"].as_str().unwrap();
    let (_, email, password) = app.second_workspace().await;
    let stranger = app.login(&email, &password).await;
    app.get(path)
        .token(&stranger)
        .send()
        .await
        .expect_error(404, "not_found");
    let (_, client) = app.user_with_role("client").await;
    let answer = app.get(path).token(&client).send().await;
    assert_eq!(answer.status, 403, "{path}: {}", answer.body);
    app.get(path).send().await.expect_error(401, "unauthenticated");
}

/// The objects in `after` that `before` lacked.
fn added(before: &[String], after: &[String]) -> Vec<String> {
    after.iter().filter(|o| !before.contains(o)).cloned().collect()
}

/// The objects in `before` that `after` lacks.
fn removed(before: &[String], after: &[String]) -> Vec<String> {
    added(after, before)
}

async fn a_lead_s_and_a_deal_s_files_download_as_their_records_read_and_go_with_them(app: TestApp) {
    let owner = app.owner_token().await;
    let lead = new_lead(&app, &owner, "L").await;
    let deal = id(&post(&app, &owner, "/api/deal/create", json!({"name": "D"}), 201).await);
    let before = app.stored_objects().await;
    let brief = upload(
        &app,
        &owner,
        &format!("/api/lead-file/store/{lead}"),
        text_file("brief.txt", b"the brief"),
    )
    .await;
    let notes = upload(
        &app,
        &owner,
        &format!("/api/lead-file/store/{lead}"),
        text_file("notes.txt", b"notes"),
    )
    .await;
    let offer = upload(
        &app,
        &owner,
        &format!("/api/deal-file/store/{deal}"),
        text_file("offer.txt", b"the offer"),
    )
    .await;
    let with_files = app.stored_objects().await;
    assert_eq!(added(&before, &with_files).len(), 3, "{with_files:?}");

    // Each record names its files with their routes: a lead in its details, a deal in its list.
    let brief_path = format!("/api/lead-file/{lead}/download/{}", id(&brief));
    assert_eq!(brief["download_url"], brief_path.as_str());
    assert_eq!(
        offer["download_url"],
        format!("/api/deal-file/{deal}/download/{}", id(&offer)).as_str()
    );
    let details = post(&app, &owner, "/api/lead/lead-details", json!({"lead_id": lead}), 200).await;
    assert_eq!(details["files"], json!([brief, notes]));
    assert_eq!(
        get(&app, &owner, &format!("/api/deal-file/{deal}/list")).await,
        json!([offer])
    );
    app.get("/api/deal-file/999999/list")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");

    assert_downloads(&app, &owner, &brief, "brief.txt", b"the brief").await;
    assert_downloads(&app, &owner, &offer, "offer.txt", b"the offer").await;
    let (_, staff) = app.user_with_role("staff").await;
    assert_downloads(&app, &staff, &notes, "notes.txt", b"notes").await;
    assert_only_readers_download(&app, &brief).await;
    assert_only_readers_download(&app, &offer).await;
    // A file is reached only through its own lead or deal.
    for path in [
        format!("/api/deal-file/{lead}/download/{}", id(&brief)),
        format!("/api/lead-file/{deal}/download/{}", id(&offer)),
        format!("/api/lead-file/{}/download/{}", lead + 1000, id(&brief)),
        format!("/api/lead-file/{lead}/download/999999"),
    ] {
        app.get(&path).token(&owner).send().await.expect_error(404, "not_found");
    }

    // The file's own delete takes its bytes; the lead's delete those of the files it takes along.
    try_delete(&app, &owner, &format!("/api/lead-file/{lead}/delete/{}", id(&notes)))
        .await
        .expect(200);
    let after_file = app.stored_objects().await;
    assert_eq!(removed(&with_files, &after_file).len(), 1, "the file's bytes went");
    post(&app, &owner, "/api/lead/lead-delete", json!({"lead_id": lead}), 200).await;
    let after_lead = app.stored_objects().await;
    assert_eq!(
        removed(&after_file, &after_lead).len(),
        1,
        "the lead's file's bytes went"
    );
    app.get(&brief_path)
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    // A batch delete of deals takes their files' bytes too.
    let batch = post(
        &app,
        &owner,
        "/api/deal/batch/delete",
        json!({"items": [{"id": deal}]}),
        200,
    )
    .await;
    assert_eq!(batch["results"][0]["status"], 200, "{batch}");
    assert_eq!(
        app.stored_objects().await,
        before,
        "every uploaded file's bytes are gone"
    );
    assert_eq!(app.count(app.tenant, "crm_file").await, 0);
    assert_eq!(
        shared::http::sweep_orphan_uploads(
            app.state.store(),
            app.state.files(),
            shared::time::now_unix_ms() + 7200 * 1000
        )
        .await
        .unwrap(),
        0,
        "no marker was left for the sweep"
    );
}

/// A lead whose files' deletes do not fit its own transaction (each file is a record, its index
/// entries and its bytes' marker): the files go first, in batches, and every one's bytes with them.
async fn a_lead_with_more_files_than_one_transaction_holds_takes_all_their_bytes(app: TestApp) {
    let owner = app.owner_token().await;
    let lead = new_lead(&app, &owner, "Many").await;
    let before = app.stored_objects().await;
    let files = shared::store::MAX_TRANSACTION_WRITES / 2;
    for n in 0..files {
        let name = format!("part-{n}.txt");
        upload(
            &app,
            &owner,
            &format!("/api/lead-file/store/{lead}"),
            text_file(&name, name.as_bytes()),
        )
        .await;
    }
    assert_eq!(added(&before, &app.stored_objects().await).len(), files);
    try_delete(&app, &owner, &format!("/api/lead/delete/{lead}"))
        .await
        .expect(200);
    assert_eq!(app.count(app.tenant, "crm_file").await, 0);
    assert_eq!(app.stored_objects().await, before);
}

async fn project_files_download_as_their_project_reads_and_go_with_their_deletes(app: TestApp) {
    let owner = app.owner_token().await;
    let project = id(&create(&app, &owner, "/api/projects/create", json!({"name": "Files"})).await);
    let before = app.stored_objects().await;
    let with_id = |form: Form| form.text("project_id", project.to_string());
    let full = upload(
        &app,
        &owner,
        "/api/project/file/create",
        with_id(text_file("plan.txt", b"the plan")),
    )
    .await;
    let lite = upload(
        &app,
        &owner,
        "/api/lite/project-file-upload",
        with_id(text_file("lite.txt", b"lite")),
    )
    .await;
    assert_eq!(added(&before, &app.stored_objects().await).len(), 2);
    // Both modules' uploads are one kind of file, downloaded by one route.
    assert_eq!(
        full["download_url"],
        format!("/api/project/file/download/{}", id(&full)).as_str()
    );
    assert_eq!(
        lite["download_url"],
        format!("/api/project/file/download/{}", id(&lite)).as_str()
    );
    let details = post(&app, &owner, "/api/lite/project-details", json!({"id": project}), 200).await;
    assert_eq!(details["files"], json!([full, lite]));
    assert_downloads(&app, &owner, &full, "plan.txt", b"the plan").await;
    assert_downloads(&app, &owner, &lite, "lite.txt", b"lite").await;
    assert_only_readers_download(&app, &lite).await;

    // A project holding files is not deleted, and its files' bytes stay with them.
    let with_files = app.stored_objects().await;
    try_delete(&app, &owner, &format!("/api/project/delete/{project}"))
        .await
        .expect_error(409, "in_use");
    assert_eq!(app.stored_objects().await, with_files);
    assert_downloads(&app, &owner, &full, "plan.txt", b"the plan").await;
    // Each file's delete, through either module, takes its bytes.
    try_delete(&app, &owner, &format!("/api/project/file/delete/{}", id(&full)))
        .await
        .expect(200);
    assert_eq!(removed(&with_files, &app.stored_objects().await).len(), 1);
    try_delete(&app, &owner, &format!("/api/lite/project-file-delete/{}", id(&lite)))
        .await
        .expect(200);
    assert_eq!(app.stored_objects().await, before);
    app.get(full["download_url"].as_str().unwrap())
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    try_delete(&app, &owner, &format!("/api/project/delete/{project}"))
        .await
        .expect(200);
}

async fn ticket_attachments_download_as_their_ticket_reads_and_go_with_the_ticket(app: TestApp) {
    let owner = app.owner_token().await;
    let ticket = create(
        &app,
        &owner,
        "/api/support-ticket/ticket/store",
        json!({"subject": "Broken export", "name": "Ada Byron", "email": "ada@example.com"}),
    )
    .await;
    let tid = id(&ticket);
    let reply = |text: &'static str| {
        let (app, owner) = (&app, &owner);
        async move {
            let path = format!("/api/support-ticket/ticket/add-reply/{tid}");
            let answer = try_post(app, owner, &path, json!({"description": text})).await;
            id(&answer.expect(201).body)
        }
    };
    let (first, second) = (reply("Here is the log").await, reply("And the file").await);
    let before = app.stored_objects().await;
    let attach = |reply: u64, name: &'static str, bytes: &'static [u8]| {
        let (app, owner) = (&app, &owner);
        async move {
            let path = format!("/api/support-ticket/ticket/reply/{reply}/attachment");
            upload(app, owner, &path, text_file(name, bytes)).await
        }
    };
    let log = attach(first, "export.log", b"line 1\nline 2\n").await;
    let csv = attach(second, "rows.txt", b"a,b\n").await;
    let trace = attach(second, "trace.txt", b"trace").await;
    assert_eq!(added(&before, &app.stored_objects().await).len(), 3);
    assert_eq!(
        log["download_url"],
        format!("/api/support-ticket/ticket/attachment/download/{}", id(&log)).as_str()
    );
    let shown = get(&app, &owner, &format!("/api/support-ticket/ticket/show/{tid}")).await;
    assert_eq!(shown["replies"][0]["attachments"], json!([log]));
    assert_eq!(shown["replies"][1]["attachments"], json!([csv, trace]));
    assert_downloads(&app, &owner, &log, "export.log", b"line 1\nline 2\n").await;
    assert_downloads(&app, &owner, &trace, "trace.txt", b"trace").await;
    assert_only_readers_download(&app, &csv).await;

    // The ticket's delete takes its replies' attachments and then their bytes.
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/ticket/delete/{tid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(app.count(app.tenant, "support_attachment").await, 0);
    assert_eq!(app.stored_objects().await, before);
    app.get(log["download_url"].as_str().unwrap())
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

/// What a process that dies right after a file's delete commits leaves: no record, its bytes, and
/// their marker, due at once. Nothing downloads them any more, and the next sweep deletes them.
async fn bytes_a_crash_left_after_their_record_s_delete_are_swept(app: TestApp) {
    use shared::resource::{ops, Cx};
    let owner = app.owner_token().await;
    let lead = new_lead(&app, &owner, "L").await;
    let before = app.stored_objects().await;
    let file = upload(
        &app,
        &owner,
        &format!("/api/lead-file/store/{lead}"),
        text_file("a.txt", b"a"),
    )
    .await;
    let with_file = app.stored_objects().await;
    let cx = Cx::system(&app.state, app.tenant, 1);
    let record = ops::load::<crm::files::CrmFile>(cx, id(&file)).await.unwrap();
    let removal = ops::stage_remove(cx, &record).await.unwrap();
    ops::commit(cx, removal.writes).await.unwrap();
    // The process dies here, before `removal.discard`.
    assert_eq!(app.stored_objects().await, with_file, "the bytes outlived their record");
    app.get(file["download_url"].as_str().unwrap())
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    let now = shared::time::now_unix_ms() + 1;
    assert_eq!(
        shared::http::sweep_orphan_uploads(app.state.store(), app.state.files(), now)
            .await
            .unwrap(),
        1
    );
    assert_eq!(app.stored_objects().await, before);
    assert_eq!(
        shared::http::sweep_orphan_uploads(app.state.store(), app.state.files(), now)
            .await
            .unwrap(),
        0
    );
}

on_both_stores!(
    a_lead_s_and_a_deal_s_files_download_as_their_records_read_and_go_with_them,
    a_lead_with_more_files_than_one_transaction_holds_takes_all_their_bytes,
    project_files_download_as_their_project_reads_and_go_with_their_deletes,
    ticket_attachments_download_as_their_ticket_reads_and_go_with_the_ticket,
    bytes_a_crash_left_after_their_record_s_delete_are_swept,
);
