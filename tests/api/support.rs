//! The support desk (functions/support), issue 14: numbered tickets and their status moves,
//! replies from staff and customers, files on replies in the object store, internal notes that
//! never show as replies, categories, FAQs and articles, the desk's overview and options, and the
//! sandbox's demo desk.

use serde_json::{json, Value};
use shared::store::{Partition, StoreExt};

use crate::harness::{create, get, id, ids, post, try_post, Resp, TestApp};
use crate::on_both_stores;
use crate::projects::events;

const TICKETS: &str = "/api/support-ticket/tickets";
const STORE: &str = "/api/support-ticket/ticket/store";

async fn ticket(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, STORE, body).await
}

async fn move_to(app: &TestApp, token: &str, ticket: u64, status: &str) -> Resp {
    try_post(
        app,
        token,
        &format!("/api/support-ticket/ticket/update/{ticket}"),
        json!({"status": status}),
    )
    .await
}

async fn reply(app: &TestApp, token: &str, ticket: u64, body: Value) -> Resp {
    try_post(
        app,
        token,
        &format!("/api/support-ticket/ticket/add-reply/{ticket}"),
        body,
    )
    .await
}

fn statuses(list: &Value) -> Vec<&str> {
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["status"].as_str().unwrap())
        .collect()
}

async fn a_ticket_is_numbered_and_moves_open_in_progress_on_hold_closed(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let (client, _) = app.user_with_role("client").await;
    let (agent, _) = app.user_with_role("staff").await;
    let first = ticket(
        &app,
        &owner,
        json!({"subject": "Cannot log in", "name": "Ada Byron", "email": "Ada@Example.com"}),
    )
    .await;
    let tid = id(&first);
    assert_eq!(
        (
            first["ticket_number"].as_str(),
            first["status"].as_str(),
            first["priority"].as_str(),
            first["email"].as_str()
        ),
        (
            Some(format!("TKT-{tid:06}").as_str()),
            Some("open"),
            Some("medium"),
            Some("ada@example.com")
        )
    );
    // A workspace user's ticket takes their name and address.
    let theirs = ticket(
        &app,
        &owner,
        json!({"subject": "Invoice copy", "user_id": client, "priority": "High", "assigned_to": agent}),
    )
    .await;
    assert_eq!(theirs["user_id"].as_u64(), Some(client));
    assert!(theirs["email"].as_str().unwrap().contains('@'), "{theirs}");
    assert_eq!(theirs["priority"], "high");
    assert_eq!(theirs["ticket_number"], format!("TKT-{:06}", id(&theirs)));
    // Refused bodies name every field at once and store nothing.
    let refused = try_post(&app, &owner, STORE, json!({"description": "?"}))
        .await
        .expect(422);
    for field in ["subject", "name", "email"] {
        assert!(refused.body["errors"].get(field).is_some(), "{field}: {}", refused.body);
    }
    try_post(&app, &owner, STORE, json!({"subject": "X", "user_id": 999999}))
        .await
        .expect_invalid("user_id");
    try_post(
        &app,
        &owner,
        STORE,
        json!({"subject": "X", "user_id": client, "category_id": 999999}),
    )
    .await
    .expect_invalid("category_id");
    try_post(
        &app,
        &owner,
        STORE,
        json!({"subject": "X", "user_id": client, "assigned_to": client}),
    )
    .await
    .expect_invalid("assigned_to");
    try_post(
        &app,
        &owner,
        STORE,
        json!({"subject": "X", "user_id": client, "priority": "soon"}),
    )
    .await
    .expect(422);
    assert_eq!(get(&app, &owner, TICKETS).await["meta"]["total"], 2);

    // open → on_hold skips a step; the answer names the moves there are.
    let skipped = move_to(&app, &owner, tid, "on_hold")
        .await
        .expect_error(409, "invalid_transition");
    assert!(
        skipped.body["message"]
            .as_str()
            .unwrap()
            .contains("in_progress or closed"),
        "{}",
        skipped.body
    );
    move_to(&app, &owner, tid, "In Progress").await.expect(200);
    move_to(&app, &owner, tid, "on_hold").await.expect(200);
    move_to(&app, &owner, tid, "in_progress").await.expect(200);
    let closed = move_to(&app, &owner, tid, "closed").await.expect(200).body;
    assert!(closed["closed_at"].is_string(), "{closed}");
    move_to(&app, &owner, tid, "in_progress")
        .await
        .expect_error(409, "invalid_transition");
    let reopened = move_to(&app, &owner, tid, "open").await.expect(200).body;
    assert_eq!(
        (reopened["status"].as_str(), reopened["closed_at"].is_null()),
        (Some("open"), true)
    );
    move_to(&app, &owner, tid, "closed").await.expect(200);
    // Closing twice (closed, reopened, closed) is two events; the no-op save is none.
    move_to(&app, &owner, tid, "closed").await.expect(200);
    let types = events(&app, "ticket.").await;
    assert_eq!(
        (
            types.iter().filter(|t| *t == "ticket.created").count(),
            types.iter().filter(|t| *t == "ticket.closed").count()
        ),
        (2, 2)
    );

    // Lists filter by status, by "not closed", by priority and assignee, and find by number.
    assert_eq!(
        statuses(&get(&app, &owner, "/api/support-ticket/tickets?status=closed").await),
        ["closed"]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/support-ticket/tickets?open=true").await),
        [id(&theirs)]
    );
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/support-ticket/tickets?assigned_to={agent}")
        )
        .await),
        [id(&theirs)]
    );
    let number = theirs["ticket_number"].as_str().unwrap().to_lowercase();
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/support-ticket/tickets?search={number}")).await),
        [id(&theirs)]
    );
    // Another workspace sees none of it.
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    assert_eq!(get(&app, &other, TICKETS).await["meta"]["total"], 0);
    app.get(&format!("/api/support-ticket/ticket/show/{tid}"))
        .token(&other)
        .send()
        .await
        .expect_error(404, "not_found");
}

fn file_form(bytes: &[u8]) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes.to_vec())
            .file_name("screenshot.png")
            .mime_str("image/png")
            .unwrap(),
    )
}

async fn replies_notes_and_files_make_the_conversation(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let created = ticket(
        &app,
        &owner,
        json!({"subject": "Export fails", "name": "Omar Khan", "email": "omar@contoso.example"}),
    )
    .await;
    let tid = id(&created);
    // The customer's e-mail comes first: the ticket stays open.
    let theirs = reply(
        &app,
        &owner,
        tid,
        json!({"description": "Any news?", "from_email": "OMAR@contoso.example"}),
    )
    .await
    .expect(201)
    .body;
    assert_eq!(
        (theirs["sender"].as_str(), theirs["user_id"].is_null()),
        (Some("customer"), true)
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/support-ticket/ticket/show/{tid}")).await["status"],
        "open"
    );
    // Staff's first reply answers it: in_progress, first_response_at stamped.
    let ours = reply(&app, &owner, tid, json!({"description": "Looking into it now."}))
        .await
        .expect(201)
        .body;
    assert_eq!(
        (ours["sender"].as_str(), ours["user_id"].as_u64()),
        (Some("staff"), Some(1))
    );
    // A reply from another address, or without text, is refused and stores nothing.
    reply(
        &app,
        &owner,
        tid,
        json!({"description": "Hi", "from_email": "mallory@example.com"}),
    )
    .await
    .expect_invalid("from_email");
    reply(&app, &owner, tid, json!({"description": "  "}))
        .await
        .expect_invalid("description");
    reply(&app, &owner, 999999, json!({"description": "Hi"}))
        .await
        .expect_error(404, "not_found");
    let note = post(
        &app,
        &owner,
        &format!("/api/support-ticket/ticket/note/store/{tid}"),
        json!({"note": "Customer on the legacy plan."}),
        201,
    )
    .await;
    assert_eq!(note["user_id"].as_u64(), Some(1));
    // A file on staff's reply: its record here, its bytes in the object store.
    let attachment = app
        .post(&format!("/api/support-ticket/ticket/reply/{}/attachment", id(&ours)))
        .token(&owner)
        .multipart(file_form(b"\x89PNG fake"))
        .send()
        .await
        .expect(201)
        .body;
    assert_eq!(
        (
            attachment["ticket_id"].as_u64(),
            attachment["size"].as_u64(),
            attachment.get("object_key").is_none()
        ),
        (Some(tid), Some(9), true)
    );
    app.post("/api/support-ticket/ticket/reply/999999/attachment")
        .token(&owner)
        .multipart(file_form(b"x"))
        .send()
        .await
        .expect_error(404, "not_found");

    let shown = get(&app, &owner, &format!("/api/support-ticket/ticket/show/{tid}")).await;
    assert_eq!(
        (shown["status"].as_str(), shown["first_response_at"].is_string()),
        (Some("in_progress"), true)
    );
    assert_eq!(ids(&json!({"data": shown["replies"]})), [id(&theirs), id(&ours)]);
    assert_eq!(shown["replies"][0]["attachments"], json!([]));
    assert_eq!(id(&shown["replies"][1]["attachments"][0]), id(&attachment));
    assert_eq!(ids(&json!({"data": shown["notes"]})), [id(&note)]);
    // The note is never part of the conversation.
    assert!(
        !shown["replies"].to_string().contains("legacy plan"),
        "a note shown as a reply: {shown}"
    );
    assert_eq!(
        events(&app, "ticket.replied").await.len(),
        2,
        "one event per stored reply"
    );

    // Closed tickets take no reply until reopened.
    move_to(&app, &owner, tid, "closed").await.expect(200);
    reply(&app, &owner, tid, json!({"description": "One more thing"}))
        .await
        .expect_error(409, "invalid_transition");
    move_to(&app, &owner, tid, "open").await.expect(200);
    reply(
        &app,
        &owner,
        tid,
        json!({"description": "One more thing", "from_email": "omar@contoso.example"}),
    )
    .await
    .expect(201);

    // Deleting the ticket takes its replies, notes and files, bytes included.
    let stored: Vec<Value> = app
        .state
        .store()
        .list_as(Partition::tenant(app.tenant, "support_attachment"))
        .await
        .unwrap();
    let object_key = stored[0]["object_key"].as_str().unwrap().to_owned();
    let key = shared::store::files::ObjectKey::stored(app.tenant, &object_key).unwrap();
    assert!(app.state.files().get(&key).await.unwrap().is_some());
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/ticket/delete/{tid}"),
        json!({}),
        200,
    )
    .await;
    for kind in ["support_ticket", "support_reply", "support_note", "support_attachment"] {
        assert_eq!(app.count(app.tenant, kind).await, 0, "{kind} left behind");
    }
    assert!(app.state.files().get(&key).await.unwrap().is_none(), "the bytes stayed");
    try_post(
        &app,
        &owner,
        &format!("/api/support-ticket/ticket/delete/{tid}"),
        json!({}),
    )
    .await
    .expect_error(404, "not_found");
}

async fn two_first_replies_at_once_are_both_stored(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, agent) = app.user_with_role("staff").await;
    for round in 0..3 {
        let tid = id(&ticket(
            &app,
            &owner,
            json!({"subject": format!("Race {round}"), "name": "Ann", "email": "ann@example.com"}),
        )
        .await);
        let (a, b) = tokio::join!(
            reply(&app, &owner, tid, json!({"description": "Mine"})),
            reply(&app, &agent, tid, json!({"description": "Mine too"})),
        );
        assert_eq!((a.status, b.status), (201, 201), "{a:?} {b:?}");
        let shown = get(&app, &owner, &format!("/api/support-ticket/ticket/show/{tid}")).await;
        assert_eq!(shown["replies"].as_array().unwrap().len(), 2);
        assert_eq!(shown["status"], "in_progress");
        assert_eq!(shown["version"], 2, "the ticket moved once: {shown}");
    }
}

async fn categories_faqs_and_articles(app: TestApp) {
    let owner = app.owner_token().await;
    // A live workspace starts with three categories.
    let names: Vec<String> =
        crate::harness::names(&get(&app, &owner, "/api/support-ticket/categories?sort=name").await);
    assert_eq!(names, ["Billing", "General", "Technical"]);
    let category = create(
        &app,
        &owner,
        "/api/support-ticket/category/create",
        json!({"name": "Shipping"}),
    )
    .await;
    let cid = id(&category);
    try_post(&app, &owner, "/api/support-ticket/category/create", json!({"name": ""}))
        .await
        .expect_invalid("name");
    let article = create(
        &app,
        &owner,
        "/api/support-ticket/knowledge/store",
        json!({
            "title": "Tracking a parcel",
            "description": "Use the link in the shipping e-mail.",
            "category_id": cid,
        }),
    )
    .await;
    create(
        &app,
        &owner,
        "/api/support-ticket/knowledge/store",
        json!({"title": "Other", "description": "Uncategorised."}),
    )
    .await;
    try_post(
        &app,
        &owner,
        "/api/support-ticket/knowledge/store",
        json!({"title": "X", "description": "Y", "category_id": 999999}),
    )
    .await
    .expect_invalid("category_id");
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/support-ticket/knowledges?category_id={cid}")
        )
        .await),
        [id(&article)]
    );
    // In use by an article: not deleted.
    try_post(
        &app,
        &owner,
        &format!("/api/support-ticket/category/delete/{cid}"),
        json!({}),
    )
    .await
    .expect_error(409, "in_use");
    let aid = id(&article);
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/knowledge/update/{aid}"),
        json!({"title": "Tracking parcels"}),
        200,
    )
    .await;
    assert_eq!(
        get(&app, &owner, &format!("/api/support-ticket/knowledge/show/{aid}")).await["title"],
        "Tracking parcels"
    );
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/knowledge/delete/{aid}"),
        json!({}),
        200,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/category/delete/{cid}"),
        json!({}),
        200,
    )
    .await;

    let faq = create(
        &app,
        &owner,
        "/api/support-ticket/faqs/store",
        json!({"title": "Can I pay by card?", "description": "Yes, every major card."}),
    )
    .await;
    let refused = try_post(&app, &owner, "/api/support-ticket/faqs/store", json!({}))
        .await
        .expect(422);
    assert!(refused.body["errors"].get("title").is_some() && refused.body["errors"].get("description").is_some());
    let fid = id(&faq);
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/faq/update/{fid}"),
        json!({"description": "Yes, and by bank transfer."}),
        200,
    )
    .await;
    let faqs = get(&app, &owner, "/api/support-ticket/faqs?search=transfer").await;
    assert_eq!(ids(&faqs), [fid]);
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/faq/delete/{fid}"),
        json!({}),
        200,
    )
    .await;
    try_post(
        &app,
        &owner,
        &format!("/api/support-ticket/faq/update/{fid}"),
        json!({"title": "X"}),
    )
    .await
    .expect_error(404, "not_found");
    assert_eq!(get(&app, &owner, "/api/support-ticket/faqs").await["meta"]["total"], 0);
}

async fn the_home_counts_tickets_and_the_options_list_the_team(app: TestApp) {
    let owner = app.owner_token().await;
    let (client, _) = app.user_with_role("client").await;
    let (agent, _) = app.user_with_role("staff").await;
    let empty = get(&app, &owner, "/api/support-ticket/home").await;
    assert_eq!(
        (empty["tickets"].as_u64(), empty["oldest_open"].is_null()),
        (Some(0), true)
    );
    let mut made = Vec::new();
    for n in 0..4 {
        made.push(id(&ticket(
            &app,
            &owner,
            json!({"subject": format!("Ticket {n}"), "name": "Ann", "email": "ann@example.com"}),
        )
        .await));
    }
    // The oldest two: closed and answered (in_progress); a third on hold.
    move_to(&app, &owner, made[0], "closed").await.expect(200);
    reply(&app, &owner, made[1], json!({"description": "On it."}))
        .await
        .expect(201);
    move_to(&app, &owner, made[2], "in_progress").await.expect(200);
    move_to(&app, &owner, made[2], "on_hold").await.expect(200);
    let home = get(&app, &owner, "/api/support-ticket/home").await;
    assert_eq!(
        home["by_status"],
        json!({"open": 1, "in_progress": 1, "on_hold": 1, "closed": 1})
    );
    assert_eq!(
        (
            home["tickets"].as_u64(),
            home["not_closed"].as_u64(),
            home["replies_today"].as_u64()
        ),
        (Some(4), Some(3), Some(1))
    );
    assert_eq!(id(&home["oldest_open"]), made[1]);

    let options = get(&app, &owner, "/api/support-ticket/get-request-data").await;
    let team = ids(&json!({"data": options["assignees"]}));
    assert!(
        team.contains(&1) && team.contains(&agent) && !team.contains(&client),
        "{options}"
    );
    assert_eq!(options["statuses"], json!(["open", "in_progress", "on_hold", "closed"]));
    assert_eq!(options["priorities"], json!(["low", "medium", "high", "urgent"]));
    assert_eq!(options["categories"].as_array().unwrap().len(), 3);
}

/// Sends every field of `optional` as `null` to `update`: the answer and `show` (a show route, or
/// a list holding record `id`) show each of them null and every other field as it was. Then
/// `required` sent as `null` is 422 naming it and changes nothing.
async fn assert_null_clears(
    app: &TestApp,
    token: &str,
    update: &str,
    show: &str,
    id: u64,
    optional: &[&str],
    required: &str,
) {
    let read = || async {
        let body = get(app, token, show).await;
        match body["data"].as_array() {
            Some(list) => (list.iter().find(|r| r["id"] == id).cloned())
                .unwrap_or_else(|| panic!("{id} is not in {show}: {body}")),
            None => body,
        }
    };
    let before = read().await;
    for field in optional {
        assert!(!before[field].is_null(), "{update}: {field} is set before: {before}");
    }
    let nulls = optional.iter().map(|f| (f.to_string(), Value::Null)).collect();
    let cleared = post(app, token, update, Value::Object(nulls), 200).await;
    let after = read().await;
    for record in [&cleared, &after] {
        assert_eq!(
            record["version"],
            before["version"].as_u64().unwrap() + 1,
            "{update}: {record}"
        );
        for (field, was) in before.as_object().unwrap() {
            if optional.contains(&field.as_str()) {
                assert!(record[field].is_null(), "{update}: {field} is cleared: {record}");
            } else if !["version", "updated_at", "replies", "notes"].contains(&field.as_str()) {
                assert_eq!(&record[field], was, "{update}: {field} is unchanged");
            }
        }
    }
    try_post(app, token, update, json!({required: null}))
        .await
        .expect_invalid(required);
    assert_eq!(read().await, after, "{update}: a refused null changes nothing");
}

async fn null_clears_every_optional_field_of_support_records(app: TestApp) {
    let owner = app.owner_token().await;
    let (agent, _) = app.user_with_role("staff").await;
    let body = json!({"name": "Shipping", "description": "Parcels and carriers."});
    let cid = id(&create(&app, &owner, "/api/support-ticket/category/create", body).await);
    let body = json!({"subject": "Parcel lost", "description": "Ordered a week ago.", "name": "Sam Carter",
        "email": "sam@example.com", "category_id": cid, "assigned_to": agent});
    let tid = id(&ticket(&app, &owner, body).await);
    let body = json!({"title": "Tracking a parcel", "description": "Use the link in the e-mail.", "category_id": cid});
    let aid = id(&create(&app, &owner, "/api/support-ticket/knowledge/store", body).await);

    let update = format!("/api/support-ticket/ticket/update/{tid}");
    let show = format!("/api/support-ticket/ticket/show/{tid}");
    let optional = ["assigned_to", "category_id", "description"];
    assert_null_clears(&app, &owner, &update, &show, tid, &optional, "subject").await;
    let update = format!("/api/support-ticket/category/update/{cid}");
    let list = "/api/support-ticket/categories";
    assert_null_clears(&app, &owner, &update, list, cid, &["description"], "name").await;
    let update = format!("/api/support-ticket/knowledge/update/{aid}");
    let show = format!("/api/support-ticket/knowledge/show/{aid}");
    assert_null_clears(&app, &owner, &update, &show, aid, &["category_id"], "title").await;

    // The lists' filters follow, and nothing names the category any more: it is deleted.
    for list in [
        format!("{TICKETS}?assigned_to={agent}"),
        format!("{TICKETS}?category_id={cid}"),
        format!("/api/support-ticket/knowledges?category_id={cid}"),
    ] {
        assert_eq!(ids(&get(&app, &owner, &list).await), Vec::<u64>::new(), "{list}");
    }
    post(
        &app,
        &owner,
        &format!("/api/support-ticket/category/delete/{cid}"),
        json!({}),
        200,
    )
    .await;
}

on_both_stores!(
    a_ticket_is_numbered_and_moves_open_in_progress_on_hold_closed,
    replies_notes_and_files_make_the_conversation,
    two_first_replies_at_once_are_both_stored,
    categories_faqs_and_articles,
    the_home_counts_tickets_and_the_options_list_the_team,
    null_clears_every_optional_field_of_support_records,
);

async fn the_sandbox_holds_a_desk_in_use(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let tickets = get(&app, &test_key, "/api/support-ticket/tickets?sort=id").await;
    assert_eq!(statuses(&tickets), ["open", "in_progress", "on_hold", "closed"]);
    let answered = id(&tickets["data"][1]);
    let shown = get(&app, &test_key, &format!("/api/support-ticket/ticket/show/{answered}")).await;
    let senders: Vec<&str> = shown["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["sender"].as_str().unwrap())
        .collect();
    assert_eq!(senders, ["staff", "customer"]);
    assert_eq!(shown["notes"].as_array().unwrap().len(), 1);
    let home = get(&app, &test_key, "/api/support-ticket/home").await;
    assert_eq!(
        (
            home["tickets"].as_u64(),
            home["faqs"].as_u64(),
            home["articles"].as_u64()
        ),
        (Some(4), Some(3), Some(2))
    );
    // The live workspace has its categories and nothing else.
    assert_eq!(get(&app, &owner, TICKETS).await["meta"]["total"], 0);
    assert_eq!(
        get(&app, &owner, "/api/support-ticket/categories").await["meta"]["total"],
        3
    );
}

on_both_stores!(
    with_demo_data:
    the_sandbox_holds_a_desk_in_use,
);
