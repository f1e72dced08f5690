//! Lists served from indexes: cursors that neither skip nor repeat under concurrent inserts, every
//! declared filter, sort and search, index entries that follow their record (and a failed write),
//! and cursors that belong to one list of one tenant.

use std::collections::HashSet;

use serde_json::{json, Value};

use shared::config::StoreKind;
use shared::store::{Condition, Item, Key, Listed, Write};

use crate::harness::{get, ids, names, TestApp};
use crate::on_both_stores;

async fn contact(app: &TestApp, token: &str, body: Value) -> u64 {
    app.post("/api/v1/contacts")
        .token(token)
        .json(body)
        .send()
        .await
        .expect(201)
        .body["id"]
        .as_u64()
        .unwrap()
}

async fn a_cursor_walks_1050_contacts_once_each_while_others_are_added(app: TestApp) {
    let owner = app.owner_token().await;
    let seeded: HashSet<u64> = app.seed_contacts(1050).await.into_iter().collect();
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut added = 0;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/v1/contacts?per_page=100&cursor={c}"),
            None => "/api/v1/contacts?per_page=100".to_string(),
        };
        let (body, _) = tokio::join!(get(&app, &owner, &path), async {
            // A concurrent insert per page: it lands after everything read so far.
            if added < 5 {
                contact(&app, &owner, json!({"name": format!("Late {added}")})).await;
            }
        });
        added += 1;
        seen.extend(ids(&body));
        match body["meta"]["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    let unique: HashSet<u64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "no contact is listed twice");
    assert!(seeded.is_subset(&unique), "no seeded contact is skipped");
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "in id order");
    assert_eq!(seen.len(), 1050 + 5, "the ones added meanwhile come at the end");
}

async fn contacts_filter_sort_and_search_by_what_they_declare(app: TestApp) {
    let owner = app.owner_token().await;
    let maria = contact(
        &app,
        &owner,
        json!({"name": "María López", "email": "Maria@Example.com", "tags": ["vip", "customer"]}),
    )
    .await;
    let bob = contact(
        &app,
        &owner,
        json!({"name": "bob Marley", "email": "bob@example.com", "tags": ["customer"]}),
    )
    .await;
    let ann = contact(&app, &owner, json!({"name": "Ann", "tags": ["lead"]})).await;
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?tag=customer").await),
        [maria, bob]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?tag=VIP").await),
        [maria],
        "tags without case"
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?email=maria@example.com").await),
        [maria]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?sort=name").await),
        [ann, bob, maria],
        "names without case"
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?sort=-name").await),
        [maria, bob, ann]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?sort=-id").await),
        [ann, bob, maria]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?sort=email").await),
        [ann, bob, maria],
        "no e-mail first"
    );
    let found = get(&app, &owner, "/api/v1/contacts?search=mar%20lop").await;
    assert_eq!(ids(&found), [maria], "every word a prefix, without accents");
    assert_eq!(found["meta"]["total_exact"], true);
    let mar = get(&app, &owner, "/api/v1/contacts?search=mar").await;
    let mut mar_ids = ids(&mar);
    mar_ids.sort();
    assert_eq!(mar_ids, [maria, bob], "María and Marley, each once");
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?search=example.com").await),
        [maria, bob]
    );
    // A filter with a sort its index does not keep, and a search in a given order.
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?tag=customer&sort=-name").await),
        [maria, bob]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/v1/contacts?search=mar&sort=name").await),
        [bob, maria]
    );
    assert_eq!(
        get(&app, &owner, "/api/v1/contacts?tag=customer").await["meta"]["total"],
        2
    );
}

async fn leads_filter_and_sort_by_every_declared_field(app: TestApp) {
    let owner = app.owner_token().await;
    let label = app
        .post("/api/label/create")
        .token(&owner)
        .json(json!({"name": "Hot"}))
        .send()
        .await
        .expect(201)
        .body["id"]
        .as_u64()
        .unwrap();
    let source = app
        .post("/api/source/create")
        .token(&owner)
        .json(json!({"name": "Fair"}))
        .send()
        .await
        .expect(201)
        .body["id"]
        .as_u64()
        .unwrap();
    let stages = get(&app, &owner, "/api/lead-stages").await;
    let second_stage = stages["data"][1]["id"].as_u64().unwrap();
    let lead = |body: Value| {
        let app = &app;
        let owner = owner.clone();
        async move {
            app.post("/api/lead/create")
                .token(&owner)
                .json(body)
                .send()
                .await
                .expect(201)
                .body
        }
    };
    let zed =
        lead(json!({"name": "Zed", "email": "z@example.com", "labels": [label], "follow_up_date": "2027-03-01"})).await;
    let amy =
        lead(json!({"name": "amy", "email": "a@example.com", "sources": [source], "stage_id": second_stage})).await;
    let kim = lead(json!({
        "name": "Kim", "email": "k@example.com", "labels": [label], "sources": [source], "follow_up_date": "2027-01-01"
    }))
    .await;
    let (zed, amy, kim) = (
        zed["id"].as_u64().unwrap(),
        amy["id"].as_u64().unwrap(),
        kim["id"].as_u64().unwrap(),
    );
    let first_stage = stages["data"][0]["id"].as_u64().unwrap();
    let pipeline = stages["data"][0]["pipeline_id"].as_u64().unwrap();
    app.post(&format!("/api/lead/convert-to-deal/{kim}"))
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect(201);
    for (query, expected) in [
        (format!("stage_id={first_stage}"), vec![zed, kim]),
        (format!("stage_id={second_stage}"), vec![amy]),
        (format!("pipeline_id={pipeline}"), vec![zed, amy, kim]),
        (format!("label_id={label}"), vec![zed, kim]),
        (format!("source_id={source}"), vec![amy, kim]),
        ("user_id=1".to_string(), vec![zed, amy, kim]),
        ("converted=true".to_string(), vec![kim]),
        ("converted=false".to_string(), vec![zed, amy]),
        ("sort=name".to_string(), vec![amy, kim, zed]),
        ("sort=-name".to_string(), vec![zed, kim, amy]),
        ("sort=follow_up_date".to_string(), vec![kim, zed, amy]),
        ("sort=order".to_string(), vec![zed, kim, amy]),
        (format!("stage_id={first_stage}&sort=-order"), vec![kim, zed]),
        (format!("label_id={label}&sort=name"), vec![kim, zed]),
        (format!("label_id={label}&source_id={source}"), vec![kim]),
    ] {
        let body = get(&app, &owner, &format!("/api/leads?{query}")).await;
        assert_eq!(ids(&body), expected, "{query}: {}", body);
    }
}

async fn index_entries_follow_an_update_and_a_delete(app: TestApp) {
    let owner = app.owner_token().await;
    let id = contact(&app, &owner, json!({"name": "Alpha", "tags": ["old"]})).await;
    contact(&app, &owner, json!({"name": "Beta"})).await;
    app.patch(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .json(json!({"name": "Zulu", "tags": ["new"]}))
        .send()
        .await
        .expect(200);
    assert_eq!(
        names(&get(&app, &owner, "/api/v1/contacts?sort=name").await),
        ["Beta", "Zulu"]
    );
    assert!(
        ids(&get(&app, &owner, "/api/v1/contacts?search=alpha").await).is_empty(),
        "the old name is not found"
    );
    assert_eq!(ids(&get(&app, &owner, "/api/v1/contacts?search=zul").await), [id]);
    assert!(ids(&get(&app, &owner, "/api/v1/contacts?tag=old").await).is_empty());
    assert_eq!(get(&app, &owner, "/api/v1/contacts?tag=old").await["meta"]["total"], 0);
    assert_eq!(ids(&get(&app, &owner, "/api/v1/contacts?tag=new").await), [id]);
    app.delete(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    for query in ["sort=name", "search=zulu", "tag=new", "sort=-id"] {
        let body = get(&app, &owner, &format!("/api/v1/contacts?{query}")).await;
        assert!(!ids(&body).contains(&id), "{query}: {body}");
    }
    assert_eq!(get(&app, &owner, "/api/v1/contacts").await["meta"]["total"], 1);
    assert_eq!(get(&app, &owner, "/api/v1/contacts?tag=new").await["meta"]["total"], 0);
}

async fn a_refused_update_leaves_no_index_entry_behind(app: TestApp) {
    let owner = app.owner_token().await;
    let id = contact(&app, &owner, json!({"name": "Alpha", "tags": ["a"]})).await;
    app.patch(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .json(json!({"name": "Omega", "tags": ["b"], "version": 99}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    assert!(ids(&get(&app, &owner, "/api/v1/contacts?search=omega").await).is_empty());
    assert!(ids(&get(&app, &owner, "/api/v1/contacts?tag=b").await).is_empty());
    assert_eq!(get(&app, &owner, "/api/v1/contacts?tag=b").await["meta"]["total"], 0);
    assert_eq!(ids(&get(&app, &owner, "/api/v1/contacts?tag=a").await), [id]);
    assert_eq!(names(&get(&app, &owner, "/api/v1/contacts?sort=name").await), ["Alpha"]);
}

async fn a_cursor_is_refused_by_another_list_and_another_tenant(app: TestApp) {
    let owner = app.owner_token().await;
    for n in 0..3 {
        contact(&app, &owner, json!({"name": format!("C{n}"), "tags": ["t"]})).await;
    }
    let first = get(&app, &owner, "/api/v1/contacts?per_page=1").await;
    let cursor = first["meta"]["next_cursor"].as_str().unwrap().to_owned();
    app.get(&format!("/api/v1/contacts?per_page=1&cursor={cursor}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    for other in ["tag=t", "sort=-id", "sort=name", "search=c0"] {
        app.get(&format!("/api/v1/contacts?per_page=1&{other}&cursor={cursor}"))
            .token(&owner)
            .send()
            .await
            .expect_invalid("cursor");
    }
    let (_, email, password) = app.second_workspace().await;
    let stranger = app.login(&email, &password).await;
    app.get(&format!("/api/v1/contacts?per_page=1&cursor={cursor}"))
        .token(&stranger)
        .send()
        .await
        .expect_invalid("cursor");
}

/// A page and a record's GET send a record written now as its stored text in its API form, and
/// parse whatever else is stored: a document written before the type had a field (its default
/// shown) and one in a form the type no longer has (a field it has since dropped is not shown).
/// Each entry is what the record's own GET answers.
async fn a_page_and_a_get_show_each_record_whatever_form_it_was_stored_in(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Current \"C\" é", "email": "current@example.com", "tags": ["a"]});
    let current = contact(&app, &owner, body).await;
    let key = |id: u64| Key::record(app.tenant, "crm_contact", id);
    let stored = |id: u64, name: &str| {
        json!({"id": id, "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
               "version": 1, "name": name, "email": null, "phone": null, "tags": []})
    };
    // Written by code before custom fields: no `custom_fields`, and no API form.
    let before = current + 1000;
    let item = Item::from_value(key(before), &stored(before, "Before")).unwrap();
    app.state
        .store()
        .write(Write::put(item, Condition::Always))
        .await
        .unwrap();
    // Written in another form (one with a `fax`): parsed, so the field is not shown.
    let dropped = current + 1001;
    let mut old = stored(dropped, "Dropped");
    old["custom_fields"] = json!({});
    old["fax"] = json!("+1 555 0100");
    let item = Item::in_api_form(key(dropped), &old, 1).unwrap();
    app.state
        .store()
        .write(Write::put(item, Condition::Always))
        .await
        .unwrap();

    let page = app
        .get("/api/v1/contacts?per_page=100")
        .token(&owner)
        .send()
        .await
        .expect(200);
    let shown = |id: u64| {
        page.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("contact {id} on the page: {}", page.body))
            .clone()
    };
    for id in [current, before, dropped] {
        assert_eq!(shown(id), get(&app, &owner, &format!("/api/v1/contacts/{id}")).await);
    }
    assert_eq!(shown(before)["custom_fields"], json!({}));
    assert_eq!(shown(dropped).get("fax"), None);

    // The record written through the API is stored in its API form where the store keeps text
    // (SQLite), the page carries exactly that text, and its GET answers it byte for byte.
    let form = shared::resource::api_form::of::<crm::contacts::Contact>().expect("a contact is its own API form");
    let document = app.state.store().get_document(&key(current)).await.unwrap().unwrap();
    match (
        app.state.config().store,
        document.read::<Value>(&key(current).pk, Some(form)).unwrap(),
    ) {
        (StoreKind::Embedded, Listed::Text(text)) => {
            let page_text = String::from_utf8(page.bytes.clone()).unwrap();
            assert!(page_text.contains(&text), "{text} in {page_text}");
            let shown = app
                .get(&format!("/api/v1/contacts/{current}"))
                .token(&owner)
                .send()
                .await
                .expect(200);
            assert_eq!(String::from_utf8(shown.bytes).unwrap(), text);
        }
        (StoreKind::DynamoDb, Listed::Record(_)) => {}
        (store, read) => panic!("{store:?}: {read:?}"),
    }
}

/// The sort keys of `suffix`'s index entries of contacts (`~q`, `~s~email`, ...).
async fn contact_entries(app: &TestApp, suffix: &str) -> Vec<String> {
    let partition = shared::store::Partition::tenant_index(app.tenant, "crm_contact", suffix);
    let page = app
        .state
        .store()
        .query(shared::store::Query::partition(partition))
        .await
        .unwrap();
    page.items.into_iter().map(|item| item.key.sk).collect()
}

/// A record keeps fewer entries than its words and fields: none for a word that begins another of
/// its words (a search finds it by the longer one), none of its own for the e-mail filter (read
/// from the e-mail order's index by the value's prefix). Each list still finds what it did.
async fn a_record_keeps_no_entry_a_longer_word_or_its_sort_serves(app: TestApp) {
    let owner = app.owner_token().await;
    let imre = contact(
        &app,
        &owner,
        json!({"name": "Imre Import", "email": "imre@imported.example", "tags": ["lead"]}),
    )
    .await;
    let ida = contact(&app, &owner, json!({"name": "Ida", "email": "ida@example.com"})).await;
    // One contact per address, in any case.
    app.post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"name": "Ida Twin", "email": "IDA@example.com"}))
        .send()
        .await
        .expect_invalid("email");
    let twin = contact(&app, &owner, json!({"name": "Ida Twin", "email": "ida@example.co"})).await;
    let words: Vec<String> = contact_entries(&app, "~q")
        .await
        .iter()
        .map(|sk| sk.split('\u{1}').next().unwrap().to_string())
        .collect();
    assert!(!words.contains(&"import".to_string()), "{words:?}");
    assert!(
        words.contains(&"imported".to_string()) && words.contains(&"imre".to_string()),
        "{words:?}"
    );
    assert_eq!(words.iter().filter(|w| *w == "ida").count(), 2, "{words:?}");
    assert!(contact_entries(&app, "~f~email~ida@example.com").await.is_empty());
    assert_eq!(contact_entries(&app, "~s~email").await.len(), 3);

    for (query, expected) in [
        ("search=import", vec![imre]),
        ("search=im", vec![imre]),
        ("search=import%20imre", vec![imre]),
        ("search=imported", vec![imre]),
        ("email=ida@example.com", vec![ida]),
        ("email=IDA@example.com&sort=-id", vec![ida]),
        ("email=ida@example.co&sort=-email", vec![twin]),
        ("email=imre@imported.example&sort=email", vec![imre]),
        ("email=ida@example.c", vec![]),
    ] {
        let body = get(&app, &owner, &format!("/api/v1/contacts?{query}")).await;
        assert_eq!(ids(&body), expected, "{query}: {body}");
        assert_eq!(body["meta"]["total"], expected.len(), "{query}: {body}");
        assert_eq!(body["meta"]["total_exact"], true, "{query}: {body}");
    }
    // The count follows an update that moves a contact off the value, which frees the address.
    app.patch(&format!("/api/v1/contacts/{ida}"))
        .token(&owner)
        .json(json!({"email": "ida.new@example.com"}))
        .send()
        .await
        .expect(200);
    let body = get(&app, &owner, "/api/v1/contacts?email=ida@example.com").await;
    assert_eq!((ids(&body), body["meta"]["total"].clone()), (vec![], json!(0)));
    contact(&app, &owner, json!({"name": "Ida Again", "email": "ida@example.com"})).await;
}

/// Sleeps into the next second: the API keeps times to the second.
async fn next_second() {
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
}

/// A poller reads a list by its records' times: `sort=-updated_at` puts the last changed first;
/// `updated_since` and `created_since` keep those changed or made at or after a time (to the
/// second, in any zone), in either order; every write moves `updated_at`.
async fn a_poller_reads_what_changed_or_was_made_since_a_time(app: TestApp) {
    let owner = app.owner_token().await;
    let first = contact(&app, &owner, json!({"name": "First"})).await;
    let made_first = get(&app, &owner, &format!("/api/v1/contacts/{first}")).await;
    next_second().await;
    let second = contact(&app, &owner, json!({"name": "Second"})).await;
    let third = contact(&app, &owner, json!({"name": "Third"})).await;
    let made = get(&app, &owner, &format!("/api/v1/contacts/{second}")).await["created_at"]
        .as_str()
        .unwrap()
        .to_owned();
    let list = |query: String| {
        let (app, owner) = (&app, &owner);
        async move { ids(&get(app, owner, &format!("/api/v1/contacts?{query}")).await) }
    };
    assert_eq!(list(format!("created_since={made}")).await, vec![second, third]);
    assert_eq!(
        list(format!("created_since={made}&sort=-created_at")).await,
        vec![third, second]
    );
    assert_eq!(
        list(format!("created_since={made}&sort=name")).await,
        vec![second, third],
        "checked on the records"
    );

    next_second().await;
    let changed = app
        .patch(&format!("/api/v1/contacts/{first}"))
        .token(&owner)
        .json(json!({"name": "First, again"}))
        .send()
        .await
        .expect(200)
        .body;
    let changed_at = changed["updated_at"].as_str().unwrap().to_owned();
    assert!(
        changed_at > made,
        "an update moves updated_at: {changed_at} after {made}"
    );
    assert_eq!(changed["created_at"], made_first["created_at"]);
    assert_eq!(list("sort=-updated_at".into()).await[..3], [first, third, second]);
    assert_eq!(
        list(format!("updated_since={changed_at}&sort=updated_at")).await,
        vec![first]
    );
    assert_eq!(
        list(format!("updated_since={changed_at}&sort=-updated_at")).await,
        vec![first]
    );
    assert_eq!(
        list(format!("updated_since={changed_at}")).await,
        vec![first],
        "in the id order"
    );
    assert_eq!(
        list(format!("updated_since={made}&created_since={made}")).await,
        vec![second, third]
    );
    // The same instant in another zone, and a time between two seconds (read to its second).
    let in_paris = chrono::DateTime::parse_from_rfc3339(&changed_at)
        .unwrap()
        .with_timezone(&chrono::FixedOffset::east_opt(3600).unwrap())
        .to_rfc3339()
        .replace('+', "%2B");
    assert_eq!(
        list(format!("updated_since={in_paris}&sort=-updated_at")).await,
        vec![first]
    );
    let bounded = get(
        &app,
        &owner,
        &format!("/api/v1/contacts?updated_since={changed_at}&sort=-updated_at"),
    )
    .await;
    assert_eq!(bounded["meta"]["total"], 1);
    assert_eq!(bounded["meta"]["next_cursor"], Value::Null);

    for bad in ["yesterday", "2026-13-01T00:00:00Z", "2026-03-01"] {
        app.get(&format!("/api/v1/contacts?updated_since={bad}"))
            .token(&owner)
            .send()
            .await
            .expect_invalid("updated_since");
    }
    app.get("/api/v1/contacts?created_since=soon")
        .token(&owner)
        .send()
        .await
        .expect_invalid("created_since");
    // A cursor belongs to its bound.
    let paged = get(
        &app,
        &owner,
        &format!("/api/v1/contacts?created_since={made}&per_page=1"),
    )
    .await;
    let cursor = paged["meta"]["next_cursor"].as_str().unwrap().to_owned();
    assert_eq!(
        list(format!("created_since={made}&per_page=1&cursor={cursor}")).await,
        vec![third]
    );
    app.get(&format!("/api/v1/contacts?per_page=1&cursor={cursor}"))
        .token(&owner)
        .send()
        .await
        .expect_invalid("cursor");
}

/// `created_since` starts at the first record made at that second, found by halves over the ids:
/// with many made before, ids missing (deleted) on both sides of the boundary, none made since,
/// or all of them.
async fn created_since_starts_at_the_first_record_made_then(app: TestApp) {
    let owner = app.owner_token().await;
    let before = app.seed_contacts(70).await;
    for id in &before[60..65] {
        app.delete(&format!("/api/v1/contacts/{id}"))
            .token(&owner)
            .send()
            .await
            .expect(200);
    }
    next_second().await;
    let mut since_ids = Vec::new();
    for n in 0..6 {
        since_ids.push(contact(&app, &owner, json!({"name": format!("New {n}")})).await);
    }
    let made = get(&app, &owner, &format!("/api/v1/contacts/{}", since_ids[0])).await["created_at"]
        .as_str()
        .unwrap()
        .to_owned();
    app.delete(&format!("/api/v1/contacts/{}", since_ids[0]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let made_since: Vec<u64> = since_ids[1..].to_vec();
    let page = |query: String| {
        let (app, owner) = (&app, &owner);
        async move { ids(&get(app, owner, &format!("/api/v1/contacts?per_page=100&{query}")).await) }
    };
    assert_eq!(page(format!("created_since={made}")).await, made_since);
    let mut newest_first = made_since.clone();
    newest_first.reverse();
    assert_eq!(page(format!("created_since={made}&sort=-id")).await, newest_first);
    assert!(page("created_since=2999-01-01T00:00:00Z".into()).await.is_empty());
    assert_eq!(
        page("created_since=2000-01-01T00:00:00Z".into()).await.len(),
        70 - 5 + 5
    );
}

on_both_stores!(
    a_poller_reads_what_changed_or_was_made_since_a_time,
    created_since_starts_at_the_first_record_made_then,
    a_page_and_a_get_show_each_record_whatever_form_it_was_stored_in,
    a_cursor_walks_1050_contacts_once_each_while_others_are_added,
    contacts_filter_sort_and_search_by_what_they_declare,
    leads_filter_and_sort_by_every_declared_field,
    index_entries_follow_an_update_and_a_delete,
    a_refused_update_leaves_no_index_entry_behind,
    a_cursor_is_refused_by_another_list_and_another_tenant,
    a_record_keeps_no_entry_a_longer_word_or_its_sort_serves
);
