//! Bulk import and export jobs (shared/src/resource/transfer): a file's rows become records in
//! the background, with their failed rows kept; a list becomes a file; an export imports back.
//! The worker runs here when a test calls it (`run_due`), as the local worker or the cloud's
//! `transfer` function would.

use serde_json::{json, Value};

use crate::harness::{post, TestApp};
use crate::on_both_stores;

const IMPORT: &str = "/api/v1/contacts/import";
const EXPORT: &str = "/api/v1/contacts/export";

fn csv_part(bytes: impl Into<Vec<u8>>, name: &str) -> reqwest::multipart::Part {
    reqwest::multipart::Part::bytes(bytes.into()).file_name(name.to_owned())
}

/// Posts an import of `file` with the form's other `fields`; the answer.
async fn start_import(
    app: &TestApp,
    token: &str,
    file: &[u8],
    name: &str,
    fields: &[(&str, &str)],
) -> crate::harness::Resp {
    let mut form = reqwest::multipart::Form::new().part("file", csv_part(file.to_vec(), name));
    for (field, value) in fields {
        form = form.text(field.to_string(), value.to_string());
    }
    app.post(IMPORT).token(token).multipart(form).send().await
}

/// Runs the worker until the job has ended; the job as `GET` then shows it. An import takes
/// turns of ten seconds, so on a loaded machine one of a few hundred rows can need a second.
async fn finished(app: &TestApp, token: &str, path: &str) -> Value {
    for _ in 0..30 {
        shared::resource::transfer::run_due(&app.state, std::time::Duration::ZERO)
            .await
            .unwrap();
        let job = app.get(path).token(token).send().await.expect(200).body;
        if !matches!(job["state"].as_str(), Some("queued" | "running")) {
            return job;
        }
    }
    panic!("{path} did not end in 30 turns")
}

async fn tier_field(app: &TestApp, token: &str) {
    post(
        app,
        token,
        "/api/custom-fields",
        json!({"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "select",
               "options": ["Gold", "Silver"], "filterable": true}),
        201,
    )
    .await;
}

/// Valid rows become contacts (custom fields and lists included), each with its own event;
/// rows that fail are counted and kept with their errors in the failed-rows CSV; columns that
/// name no field are listed as ignored; the job's end is an event.
async fn an_import_creates_the_valid_rows_and_keeps_the_failed_ones(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    tier_field(&app, &owner).await;
    let before = app.count(app.tenant, "crm_contact").await;
    let long = "x".repeat(70 * 1024);
    let file = format!(
        "\u{feff}name,email,tags,custom_fields.tier,notes\n\
         Ann Import,ann@import.example,vip;new,Gold,first\n\
         ,nameless@import.example,,Silver,\n\
         \n\
         Bob Import,not-an-email,,Bronze,\n\
         \"Cy, Import\",cy@import.example,,,\"multi\nline\"\n\
         Long,{long},,,\n"
    );
    let queued = start_import(&app, &owner, file.as_bytes(), "contacts.csv", &[])
        .await
        .expect(202)
        .body;
    assert_eq!(queued["state"], "queued", "{queued}");
    assert_eq!(queued["rows_total"], 5);
    assert_eq!(queued["ignored_columns"], json!(["notes"]));
    assert_eq!(
        app.count(app.tenant, "crm_contact").await,
        before,
        "nothing is imported inside the request"
    );
    let path = format!("/api/imports/{}", queued["id"]);
    let job = finished(&app, &owner, &path).await;
    assert_eq!(job["state"], "completed", "{job}");
    assert_eq!(
        (&job["rows_done"], &job["rows_created"], &job["rows_failed"]),
        (&json!(5), &json!(2), &json!(3)),
        "{job}"
    );
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);
    let found = app
        .get("/api/v1/contacts?email=ann@import.example")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    let ann = &found["data"][0];
    assert_eq!(ann["tags"], json!(["vip", "new"]), "{found}");
    assert_eq!(ann["custom_fields"], json!({"tier": "Gold"}));
    let found = app
        .get("/api/v1/contacts?search=cy")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(found["data"][0]["name"], "Cy, Import", "{found}");

    let failed = app
        .get(job["failed_rows_url"].as_str().unwrap())
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert!(failed.header("content-type").unwrap().starts_with("text/csv"));
    let text = String::from_utf8(failed.bytes.clone()).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        ["line", "errors", "name", "email", "tags", "custom_fields.tier", "notes"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let lines: Vec<&str> = rows.iter().map(|r| &r[0]).collect();
    assert_eq!(lines, ["3", "5", "8"], "{text}");
    assert!(rows[0][1].contains("name:"), "{text}");
    assert!(
        rows[1][1].contains("email:") && rows[1][1].contains("custom_fields.tier:"),
        "{text}"
    );
    assert_eq!(&rows[1][3], "not-an-email");
    assert!(rows[2][1].contains("longer than 64 KiB"), "{text}");

    let events = app.outbox_types(app.tenant).await;
    assert_eq!(events.iter().filter(|t| *t == "contact.created").count(), 2);
    assert_eq!(events.iter().filter(|t| *t == "import.finished").count(), 1);
}

/// A workspace without a webhook has nothing to deliver its imported rows' events to: its
/// import writes none, and each chunk checks at commit that no webhook came meanwhile. Once it
/// has one, the next import announces each row it creates.
async fn an_import_announces_its_rows_once_the_workspace_has_a_webhook(app: TestApp) {
    let owner = app.owner_token().await;
    let import = |file: &'static str| {
        let (app, owner) = (&app, &owner);
        async move {
            let queued = start_import(app, owner, file.as_bytes(), "contacts.csv", &[])
                .await
                .expect(202)
                .body;
            let job = finished(app, owner, &format!("/api/imports/{}", queued["id"])).await;
            assert_eq!(
                (&job["state"], &job["rows_created"]),
                (&json!("completed"), &json!(2)),
                "{job}"
            );
        }
    };
    import("name,email\nAnn Quiet,ann@quiet.example\nBob Quiet,bob@quiet.example\n").await;
    let types = app.outbox_types(app.tenant).await;
    assert!(!types.iter().any(|t| t == "contact.created"), "{types:?}");
    let found = app
        .get("/api/v1/contacts?search=quiet")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(found["meta"]["total"], 2, "{found}");

    app.keep_events().await;
    import("name,email\nCy Heard,cy@heard.example\nDee Heard,dee@heard.example\n").await;
    let events = app.outbox_events_since(app.tenant, "").await;
    let created: Vec<&Value> = events
        .iter()
        .filter(|(event_type, _)| event_type == "contact.created")
        .map(|(_, data)| &data["name"])
        .collect();
    assert_eq!(created, [&json!("Cy Heard"), &json!("Dee Heard")], "{events:?}");
}

/// A file that cannot be imported at all is refused whole, before anything is queued.
async fn a_file_that_cannot_be_imported_is_refused_with_what_to_fix(app: TestApp) {
    let owner = app.owner_token().await;
    let jobs_before = app.count(app.tenant, "import_job").await;
    let latin1 = b"name,email\nJos\xe9,jose@example.com\n";
    let answer = start_import(&app, &owner, latin1, "c.csv", &[])
        .await
        .expect_invalid("file")
        .body;
    assert!(
        answer["errors"]["file"][0].as_str().unwrap().contains("UTF-8"),
        "{answer}"
    );
    let answer = start_import(&app, &owner, b"email,phone\na@b.io,1\n", "c.csv", &[])
        .await
        .expect_invalid("file")
        .body;
    assert!(
        answer["errors"]["file"][0].as_str().unwrap().contains("`name`"),
        "{answer}"
    );
    start_import(&app, &owner, b"name\n\n", "c.csv", &[])
        .await
        .expect_invalid("file");
    start_import(
        &app,
        &owner,
        b"Full name\nAnn\n",
        "c.csv",
        &[("mapping", r#"{"Full name": "nickname"}"#)],
    )
    .await
    .expect_invalid("mapping");
    start_import(&app, &owner, b"name\nAnn\n", "c.csv", &[("mapping", "[1]")])
        .await
        .expect_invalid("mapping");
    start_import(&app, &owner, b"name\nAnn\n", "c.csv", &[("mode", "merge")])
        .await
        .expect_invalid("mode");
    start_import(&app, &owner, b"name\nAnn\n", "c.csv", &[("mode", "upsert")])
        .await
        .expect_invalid("match_field");
    start_import(
        &app,
        &owner,
        b"name\nAnn\n",
        "c.csv",
        &[("mode", "upsert"), ("match_field", "name")],
    )
    .await
    .expect_invalid("match_field");
    let huge = vec![b'a'; shared::resource::transfer::IMPORT_FILE_LIMIT + 10];
    start_import(&app, &owner, &huge, "c.csv", &[])
        .await
        .expect_error(413, "payload_too_large");
    assert_eq!(app.count(app.tenant, "import_job").await, jobs_before);
    // A mapping renames columns; JSON Lines rows are the body itself.
    let queued = start_import(
        &app,
        &owner,
        b"Full name,Mail\nDee Mapped,dee@import.example\n",
        "c.csv",
        &[("mapping", r#"{"Full name": "name", "Mail": "email"}"#)],
    )
    .await
    .expect(202)
    .body;
    let job = finished(&app, &owner, &format!("/api/imports/{}", queued["id"])).await;
    assert_eq!(job["rows_created"], 1, "{job}");
    let lines = b"{\"name\": \"Eve Lines\", \"tags\": [\"a\"]}\n[1]\n";
    let queued = start_import(&app, &owner, lines, "c.jsonl", &[]).await.expect(202).body;
    assert_eq!(queued["format"], "jsonl");
    let job = finished(&app, &owner, &format!("/api/imports/{}", queued["id"])).await;
    assert_eq!(
        (&job["rows_created"], &job["rows_failed"]),
        (&json!(1), &json!(1)),
        "{job}"
    );
}

/// An upsert changes the record whose e-mail a row has and creates the others; a dry run checks
/// every row and writes nothing but the failed rows.
async fn an_upsert_matches_rows_by_email_and_a_dry_run_writes_nothing(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let ann = post(
        &app,
        &owner,
        "/api/v1/contacts",
        json!({"name": "Ann", "email": "Ann@Upsert.example"}),
        201,
    )
    .await;
    let file = b"name,email,phone\nAnn Changed,ann@upsert.example,+1 555 0100\nBo New,bo@upsert.example,\n";
    let queued = start_import(
        &app,
        &owner,
        file,
        "c.csv",
        &[("mode", "upsert"), ("match_field", "email")],
    )
    .await
    .expect(202)
    .body;
    let job = finished(&app, &owner, &format!("/api/imports/{}", queued["id"])).await;
    assert_eq!(
        (&job["rows_updated"], &job["rows_created"]),
        (&json!(1), &json!(1)),
        "{job}"
    );
    let shown = app
        .get(&format!("/api/v1/contacts/{}", ann["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (&shown["name"], &shown["phone"], &shown["version"]),
        (&json!("Ann Changed"), &json!("+1 555 0100"), &json!(2))
    );

    let before = app.count(app.tenant, "crm_contact").await;
    let events = app.outbox_types(app.tenant).await.len();
    let queued = start_import(
        &app,
        &owner,
        b"name,email\nFine,fine@dry.example\n,x@dry.example\n",
        "c.csv",
        &[("mode", "dry_run")],
    )
    .await
    .expect(202)
    .body;
    let job = finished(&app, &owner, &format!("/api/imports/{}", queued["id"])).await;
    assert_eq!(
        (&job["rows_created"], &job["rows_failed"]),
        (&json!(1), &json!(1)),
        "{job}"
    );
    assert_eq!(app.count(app.tenant, "crm_contact").await, before);
    // Only the job's own end.
    assert_eq!(app.outbox_types(app.tenant).await.len(), events + 1);
}

/// A cancelled import imports nothing more; a finished one cannot be cancelled; another
/// workspace cannot see a job, and a user without the resource's permission cannot either.
async fn an_import_can_be_cancelled_and_only_its_workspace_sees_it(app: TestApp) {
    let owner = app.owner_token().await;
    let before = app.count(app.tenant, "crm_contact").await;
    let queued = start_import(&app, &owner, b"name\nA\nB\n", "c.csv", &[])
        .await
        .expect(202)
        .body;
    let path = format!("/api/imports/{}", queued["id"]);
    let cancelled = app
        .post(&format!("{path}/cancel"))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(cancelled["state"], "cancelled");
    let job = finished(&app, &owner, &path).await;
    assert_eq!((&job["state"], &job["rows_done"]), (&json!("cancelled"), &json!(0)));
    assert_eq!(app.count(app.tenant, "crm_contact").await, before);
    app.post(&format!("{path}/cancel"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "invalid_transition");

    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    app.get(&path).token(&other).send().await.expect_error(404, "not_found");
    let (_, no_crm) = app.user_with_role("client").await;
    let answer = app.get(&path).token(&no_crm).send().await;
    assert_eq!(answer.status, 403, "{}", answer.body);
}

/// Reads an export's file: the signed link in the cloud (no token), the download route locally.
async fn download(app: &TestApp, token: &str, job: &Value) -> Vec<u8> {
    let url = job["download_url"].as_str().expect("a download link");
    if url.starts_with("http") {
        let answer = reqwest::get(url).await.unwrap();
        assert_eq!(answer.status(), 200);
        answer.bytes().await.unwrap().to_vec()
    } else {
        app.get(url).send().await.expect_error(401, "unauthenticated");
        app.get(url).token(token).send().await.expect(200).bytes
    }
}

/// A filtered export written as CSV (and as JSON Lines) imports into a new workspace as the
/// same records: names, e-mails, tags and custom fields, a name that begins like a spreadsheet
/// formula too (neutralised in the CSV, read back as it was).
async fn an_export_imports_into_a_fresh_workspace_as_the_same_records(app: TestApp) {
    let owner = app.owner_token().await;
    tier_field(&app, &owner).await;
    for (name, email, tags, tier) in [
        ("Ann Round", "ann@round.example", json!(["vip", "a"]), json!("Gold")),
        // A name a spreadsheet would run as a formula (the public widget takes anyone's).
        (
            "=HYPERLINK(\"http://evil.example\",\"Bo\")",
            "bo@round.example",
            json!(["vip"]),
            Value::Null,
        ),
        ("Cy Other", "cy@round.example", json!([]), json!("Silver")),
        // The pipe (a DDE prefix) and the full-width forms spreadsheets fold to = + - @.
        ("|cmd", "pipe@round.example", json!(["vip"]), Value::Null),
        ("＝1+1", "eq@round.example", json!(["vip"]), Value::Null),
        ("＋1", "plus@round.example", json!(["vip"]), Value::Null),
        ("－1", "minus@round.example", json!(["vip"]), Value::Null),
        ("＠SUM(A1)", "at@round.example", json!(["vip"]), Value::Null),
    ] {
        post(
            &app,
            &owner,
            "/api/v1/contacts",
            json!({"name": name, "email": email, "tags": tags, "custom_fields": {"tier": tier}}),
            201,
        )
        .await;
    }
    let (_, email, password) = app.second_workspace().await;
    let fresh = app.login(&email, &password).await;
    tier_field(&app, &fresh).await;
    let shape = |list: &Value| -> Vec<Value> {
        let mut records: Vec<Value> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| json!([c["name"], c["email"], c["phone"], c["tags"], c["custom_fields"]]))
            .collect();
        records.sort_by_key(|r| r.to_string());
        records
    };
    let exported = shape(
        &app.get("/api/v1/contacts?tag=vip&per_page=100")
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body,
    );
    assert_eq!(exported.len(), 7);

    for format in ["csv", "jsonl"] {
        let queued = app
            .post(EXPORT)
            .token(&owner)
            .json(json!({"format": format, "filters": {"tag": "vip"}, "sort": "-name"}))
            .send()
            .await
            .expect(202)
            .body;
        assert_eq!(queued["state"], "queued");
        let job = finished(&app, &owner, &format!("/api/exports/{}", queued["id"])).await;
        assert_eq!(
            (&job["state"], &job["rows_done"]),
            (&json!("completed"), &json!(7)),
            "{job}"
        );
        let file = download(&app, &owner, &job).await;
        if format == "csv" {
            let text = String::from_utf8(file.clone()).unwrap();
            assert!(text.starts_with("id,"), "{text}");
            assert!(text.contains("custom_fields.tier"), "{text}");
            // Neutralised for spreadsheets; the import below reads it back as it was.
            assert!(
                text.contains(r#""'=HYPERLINK(""http://evil.example"",""Bo"")""#),
                "{text}"
            );
            assert!(
                !text.contains(",=HYPERLINK") && !text.contains("\n=HYPERLINK"),
                "{text}"
            );
            for name in ["|cmd", "＝1+1", "＋1", "－1", "＠SUM(A1)"] {
                assert!(
                    text.contains(&format!(",'{name},")),
                    "{name} is not neutralised: {text}"
                );
                assert!(!text.contains(&format!(",{name},")), "{name} is live: {text}");
            }
        }
        let name = format!("contacts.{format}");
        let queued = start_import(&app, &fresh, &file, &name, &[]).await.expect(202).body;
        let job = finished(&app, &fresh, &format!("/api/imports/{}", queued["id"])).await;
        assert_eq!(
            (&job["rows_created"], &job["rows_failed"]),
            (&json!(7), &json!(0)),
            "{format}: {job}"
        );
        let imported = app
            .get("/api/v1/contacts?tag=vip&per_page=100")
            .token(&fresh)
            .send()
            .await
            .expect(200)
            .body;
        assert_eq!(shape(&imported), exported, "{format}");
        // Empty the fresh workspace for the next format.
        for contact in imported["data"].as_array().unwrap() {
            app.delete(&format!("/api/v1/contacts/{}", contact["id"]))
                .token(&fresh)
                .send()
                .await
                .expect(200);
        }
    }
    // Filters are checked as the list checks them.
    app.post(EXPORT)
        .token(&owner)
        .json(json!({"sort": "shoe_size"}))
        .send()
        .await
        .expect_invalid("sort");
    app.post(EXPORT)
        .token(&owner)
        .json(json!({"format": "xlsx"}))
        .send()
        .await
        .expect_invalid("format");
}

/// A chunk is built while the one before it commits, so its reads may miss that chunk's writes:
/// a SKU that a row repeats from the row before (in the chunk still committing), from a row
/// further back in its own chunk, or across a later chunk boundary fails that row alone, naming
/// the SKU, and every other row is created once.
async fn a_value_a_row_repeats_from_an_earlier_chunk_fails_that_row_alone(app: TestApp) {
    let owner = app.owner_token().await;
    let before = app.count(app.tenant, "inv_product").await;
    // Rows are lines 2..=401. On SQLite chunks of 20, 40, 80, 160 and 100 rows start at lines 2,
    // 22, 62, 142 and 302; on DynamoDB chunks are smaller, and the repeats fail all the same.
    let repeats = [(62, 61), (151, 145), (302, 301)];
    let sku_of_line = |line: usize| {
        let source = repeats
            .iter()
            .find(|(at, _)| *at == line)
            .map_or(line, |(_, from)| *from);
        format!("IMP-{source:04}")
    };
    let mut file = String::from("name,sku,sale_price\n");
    for line in 2..=401 {
        file.push_str(&format!("Imported {line},{},12.5\n", sku_of_line(line)));
    }
    let queued = app
        .post("/api/product/import")
        .token(&owner)
        .multipart(reqwest::multipart::Form::new().part("file", csv_part(file.into_bytes(), "products.csv")))
        .send()
        .await
        .expect(202)
        .body;
    let job = finished(&app, &owner, &format!("/api/imports/{}", queued["id"])).await;
    assert_eq!(job["state"], "completed", "{job}");
    assert_eq!(
        (&job["rows_done"], &job["rows_created"], &job["rows_failed"]),
        (&json!(400), &json!(397), &json!(3)),
        "{job}"
    );
    assert_eq!(app.count(app.tenant, "inv_product").await, before + 397);
    let failed = app
        .get(job["failed_rows_url"].as_str().unwrap())
        .token(&owner)
        .send()
        .await
        .expect(200);
    let text = String::from_utf8(failed.bytes.clone()).unwrap();
    let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(Result::unwrap)
        .collect();
    let lines: Vec<&str> = rows.iter().map(|r| &r[0]).collect();
    assert_eq!(lines, ["62", "151", "302"], "{text}");
    for (row, (line, _)) in rows.iter().zip(repeats) {
        let sku = sku_of_line(line).to_lowercase();
        assert!(row[1].starts_with("sku: ") && row[1].contains(&sku), "{text}");
    }
    // Each SKU is held by exactly one product, the first row's.
    for (line, from) in repeats {
        let found = app
            .get(&format!("/api/products?search={}", sku_of_line(line)))
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body;
        let names: Vec<&str> = found["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, [format!("Imported {from}")], "{found}");
    }
}

on_both_stores!(
    an_import_creates_the_valid_rows_and_keeps_the_failed_ones,
    an_import_announces_its_rows_once_the_workspace_has_a_webhook,
    a_file_that_cannot_be_imported_is_refused_with_what_to_fix,
    an_upsert_matches_rows_by_email_and_a_dry_run_writes_nothing,
    an_import_can_be_cancelled_and_only_its_workspace_sees_it,
    an_export_imports_into_a_fresh_workspace_as_the_same_records,
    a_value_a_row_repeats_from_an_earlier_chunk_fails_that_row_alone,
);

/// In the cloud each queued job is also a message on the transfer queue, and the transfer
/// function's invocation for that message runs the job. SQS delivers at least once: the same
/// message again changes nothing. The scheduled sweep leaves a job just queued to its message's
/// worker, and a message that names no job is dropped rather than received forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_the_cloud_each_job_is_a_queue_message_that_runs_it_once() {
    use shared::resource::transfer::handle_invocation;
    let Some(endpoint) = crate::harness::aws_endpoint() else {
        return;
    };
    let sdk = shared::aws::aws_sdk_config(Some(&endpoint)).await;
    let sqs = aws_sdk_sqs::Client::new(&sdk);
    let url = sqs
        .create_queue()
        .queue_name(format!("transfer-{}", uuid::Uuid::new_v4().simple()))
        .send()
        .await
        .unwrap()
        .queue_url
        .unwrap();
    let app = TestApp::start(crate::harness::Backend::DynamoDb, &[("TRANSFER_QUEUE_URL", &url)])
        .await
        .unwrap();
    let owner = app.owner_token().await;
    let until = std::time::Instant::now() + std::time::Duration::from_secs(600);
    let receive = || async {
        let out = sqs
            .receive_message()
            .queue_url(&url)
            .max_number_of_messages(10)
            .send()
            .await
            .unwrap();
        let messages = out.messages.unwrap_or_default();
        assert_eq!(messages.len(), 1, "one message per job");
        let event = json!({"Records": [{
            "messageId": messages[0].message_id(),
            "eventSource": "aws:sqs",
            "body": messages[0].body(),
        }]});
        (
            serde_json::from_str::<Value>(messages[0].body().unwrap()).unwrap(),
            event,
        )
    };

    let before = app.count(app.tenant, "crm_contact").await;
    let file = "name,email\nQueue One,q1@queue.example\nQueue Two,q2@queue.example\n";
    let queued = start_import(&app, &owner, file.as_bytes(), "queue.csv", &[])
        .await
        .expect(202)
        .body;
    let (message, event) = receive().await;
    assert_eq!(
        message,
        json!({"kind": "import_job", "tenant": app.tenant.0, "id": queued["id"]})
    );
    let path = format!("/api/imports/{}", queued["id"]);

    let swept = handle_invocation(&app.state, &json!({}), until).await.unwrap();
    assert_eq!(swept, json!({"turns": 0}), "the sweep leaves a job just queued");
    assert_eq!(
        app.get(&path).token(&owner).send().await.expect(200).body["state"],
        "queued"
    );

    let answer = handle_invocation(&app.state, &event, until).await.unwrap();
    assert_eq!(answer, json!({"batchItemFailures": []}));
    let done = app.get(&path).token(&owner).send().await.expect(200).body;
    assert_eq!(
        (done["state"].as_str(), done["rows_created"].as_u64()),
        (Some("completed"), Some(2)),
        "{done}"
    );
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);

    // Delivered again: the job is finished and nothing is imported twice.
    let again = handle_invocation(&app.state, &event, until).await.unwrap();
    assert_eq!(again, json!({"batchItemFailures": []}));
    assert_eq!(app.get(&path).token(&owner).send().await.expect(200).body, done);
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);

    // An export is a message too, and its run writes the file.
    let export = app.post(EXPORT).token(&owner).send().await.expect(202).body;
    let (message, event) = receive().await;
    assert_eq!(
        message,
        json!({"kind": "export_job", "tenant": app.tenant.0, "id": export["id"]})
    );
    handle_invocation(&app.state, &event, until).await.unwrap();
    let job = app
        .get(&format!("/api/exports/{}", export["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(job["state"], "completed", "{job}");
    assert_eq!(job["rows_done"].as_u64(), Some(before as u64 + 2));

    let stray = json!({"Records": [{"messageId": "m-1", "eventSource": "aws:sqs", "body": "{\"kind\":\"invoice\"}"}]});
    assert_eq!(
        handle_invocation(&app.state, &stray, until).await.unwrap(),
        json!({"batchItemFailures": []})
    );
}
