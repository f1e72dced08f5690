//! SSRF: a webhook target that is not globally routable unicast is refused when registered (POST
//! and PATCH answer 422 naming `url`, and nothing is stored or changed) and again by the delivery
//! worker, on the addresses it would connect to. Every test runs with private targets not allowed
//! (the harness allows them by default, for its loopback receivers).

use serde_json::{json, Value};
use shared::store::StoreExt;

use crate::harness::{local_host_name, Backend, TestApp};
use crate::webhooks::Receiver;

const NO_PRIVATE_TARGETS: &[(&str, &str)] = &[("WEBHOOK_ALLOW_PRIVATE", "false")];

async fn start(backend: Backend) -> Option<TestApp> {
    TestApp::start(backend, NO_PRIVATE_TARGETS).await
}

/// Like `on_both_stores!`, on a server that does not allow private targets.
macro_rules! without_private_targets {
    ($( $(#[$meta:meta])* async fn $name:ident($app:pat) $body:block )*) => {
        mod sqlite {
            use super::*;
            $( $(#[$meta])* #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
               async fn $name() { let $app = start(Backend::Sqlite).await.expect("SQLite needs no emulator"); $body } )*
        }
        mod dynamodb {
            use super::*;
            $( $(#[$meta])* #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
               async fn $name() { let Some($app) = start(Backend::DynamoDb).await else { return }; $body } )*
        }
    };
}

/// Targets refused at registration, none of which needs DNS to be refused.
const REFUSED: &[&str] = &[
    "https://[64:ff9b::a9fe:a9fe]/x",                       // NAT64 of 169.254.169.254
    "https://[64:ff9b::a00:1]/x",                           // NAT64 of 10.0.0.1
    "https://[2002:7f00:1::1]/x",                           // 6to4 of 127.0.0.1
    "https://[::127.0.0.1]/x",                              // IPv4-compatible loopback
    "https://[2001:db8::1]/x",                              // documentation
    "https://192.0.0.1/x",                                  // IETF protocol assignments
    "https://[::ffff:169.254.169.254]/x",                   // IPv4-mapped metadata
    "https://[::ffff:127.0.0.1]/x",                         // IPv4-mapped loopback
    "https://2130706433/x",                                 // decimal 127.0.0.1
    "https://0x7f000001/x",                                 // hexadecimal 127.0.0.1
    "https://127.1/x",                                      // short 127.0.0.1
    "https://0xa9fea9fe/latest/meta-data",                  // hexadecimal 169.254.169.254
    "https://[fd00:ec2::254]/latest",                       // AWS metadata over IPv6
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x",     // Teredo
    "https://[2002:a00:1::1]/x",                            // 6to4 of 10.0.0.1
    "https://[64:ff9b:1::a00:1]/x",                         // local-use NAT64
    "https://[fe80::1]/x",                                  // link-local
    "https://[ff02::1]/x",                                  // multicast
    "https://[3fff::1]/x",                                  // documentation (RFC 9637)
    "https://[5f00::1]/x",                                  // SRv6 SIDs
    "https://100.64.0.1/x",                                 // carrier-grade NAT
    "https://198.18.0.1/x",                                 // benchmarking
    "https://255.255.255.255/x",                            // broadcast
    "https://metadata.google.internal/computeMetadata/v1/", // .internal
    "https://printer.local/x",                              // .local (mDNS)
    "https://router.home.arpa/x",                           // .home.arpa
    "https://api.localhost/x",                              // .localhost
];

/// Public targets, as literal addresses (registration resolves names, and tests have no DNS).
const ALLOWED: &[&str] = &[
    "https://93.184.216.34/in",
    "https://8.8.8.8/in",
    "https://[2606:4700:4700::1111]/in",
    "https://[64:ff9b::808:808]/in", // NAT64 of 8.8.8.8
    "https://[2002:808:808::1]/in",  // 6to4 of 8.8.8.8
    "https://[::ffff:8.8.8.8]/in",   // IPv4-mapped 8.8.8.8
];

async fn create(app: &TestApp, token: &str, url: &str) -> Value {
    app.post("/api/v1/webhooks")
        .token(token)
        .json(json!({"url": url, "events": ["contact.created"]}))
        .send()
        .await
        .expect(201)
        .body
}

without_private_targets! {
    async fn registering_a_non_public_target_is_422_and_stores_nothing(app) {
        let token = app.owner_token().await;
        for url in REFUSED {
            let resp = app.post("/api/v1/webhooks").token(&token)
                .json(json!({"url": url, "events": ["contact.created"]})).send().await;
            assert_eq!(resp.status, 422, "{url}: {}", resp.body);
            resp.expect_invalid("url");
        }
        let list = app.get("/api/v1/webhooks").token(&token).send().await.expect(200);
        assert_eq!(list.body["data"], json!([]), "nothing stored");
        assert_eq!(list.body["meta"]["total"], 0);
        assert_eq!(app.count(app.tenant, shared::webhooks::SUBSCRIPTION).await, 0);
    }

    async fn moving_a_webhook_to_a_non_public_target_is_422_and_changes_nothing(app) {
        let token = app.owner_token().await;
        let created = create(&app, &token, "https://93.184.216.34/in").await;
        let id = created["id"].as_u64().unwrap();
        for url in REFUSED {
            let resp = app.patch(&format!("/api/v1/webhooks/{id}")).token(&token)
                .json(json!({"url": url})).send().await;
            assert_eq!(resp.status, 422, "{url}: {}", resp.body);
            resp.expect_invalid("url");
        }
        let show = app.get(&format!("/api/v1/webhooks/{id}")).token(&token).send().await.expect(200);
        assert_eq!(show.body["url"], "https://93.184.216.34/in");
        assert_eq!(show.body["version"], created["version"]);
        let list = app.get("/api/v1/webhooks").token(&token).send().await.expect(200);
        assert_eq!(list.body["meta"]["total"], 1);
    }

    async fn public_targets_are_accepted(app) {
        let token = app.owner_token().await;
        for url in ALLOWED {
            let resp = app.post("/api/v1/webhooks").token(&token)
                .json(json!({"url": url, "events": ["contact.created"]})).send().await;
            assert_eq!(resp.status, 201, "{url}: {}", resp.body);
        }
        // And a PATCH to one of them is accepted too.
        let id = create(&app, &token, "https://93.184.216.34/in").await["id"].as_u64().unwrap();
        let moved = app.patch(&format!("/api/v1/webhooks/{id}")).token(&token)
            .json(json!({"url": "https://[2a00:1450:4001::1]/in"})).send().await.expect(200);
        assert_eq!(moved.body["url"], "https://[2a00:1450:4001::1]/in");
    }

    /// A target stored before the rules tightened (written directly here) is refused by the worker
    /// on every attempt, never connected to: as a literal, and as a name resolving to a local address.
    async fn the_delivery_worker_refuses_a_non_public_target(mut app) {
        app.start_worker();
        let token = app.owner_token().await;
        let (url, receiver) = Receiver::start(0, None).await;
        let port = url.trim_start_matches("http://127.0.0.1:").trim_end_matches("/hook").to_owned();
        let mut targets = vec![
            format!("https://[64:ff9b::7f00:1]:{port}/hook"),
            format!("https://[::ffff:127.0.0.1]:{port}/hook"),
        ];
        if let Some(name) = local_host_name().await {
            targets.push(format!("https://{name}:{port}/hook"));
        }
        for target in targets {
            let id = create(&app, &token, "https://93.184.216.34/in").await["id"].as_u64().unwrap();
            let key = shared::store::Key::record(app.tenant, shared::webhooks::SUBSCRIPTION, id);
            let mut stored: shared::webhooks::Subscription = app.state.store().get_as(&key).await.unwrap().unwrap();
            stored.url = target.clone();
            let item = shared::store::Item::from_value(key, &stored).unwrap();
            app.state.store().write(shared::store::Write::put(item, shared::store::Condition::Always)).await.unwrap();
            app.post(&format!("/api/v1/webhooks/{id}/test")).token(&token).send().await.expect(202);
            let delivery = app
                .wait_for_delivery_where(&token, id, |d| d["attempts"].as_array().is_some_and(|a| !a.is_empty()))
                .await;
            let attempt = &delivery["attempts"][0];
            assert_eq!(attempt["status_code"], Value::Null, "{target}: {delivery}");
            assert!(
                attempt["error"].as_str().unwrap_or_default().contains("private or local"),
                "{target}: {delivery}"
            );
        }
        assert!(receiver.received().is_empty(), "the receiver on loopback was never reached");
    }

    /// A sub-tenant's SMTP server is a host the service connects to: the same rules, 422 on
    /// `host` with the policy's reason, and the settings stay as they were.
    async fn an_smtp_host_that_is_not_public_is_422_and_changes_nothing(app) {
        let platform = app.owner_token().await;
        let owner_email = format!("owner-{}@customer.example", uuid::Uuid::new_v4().simple());
        let created = app.post("/api/wl/tenants").token(&platform)
            .json(json!({"name": "Mail Co", "owner_email": owner_email, "owner_name": "Owner"}))
            .patient().send().await.expect(201).body;
        let smtp = format!("/api/wl/tenants/{}/smtp", created["tenant"]["id"]);
        let set = |host: &str| json!({"host": host, "port": 587, "from_address": "no-reply@mail.example"});
        let stored = app.post(&smtp).token(&platform).json(set("8.8.8.8")).send().await.expect(200).body;
        let mut refused = vec![
            "127.0.0.1", "10.0.0.1", "169.254.169.254", "localhost", "[::1]", "::1", "0x7f000001",
            "[::ffff:127.0.0.1]", "fd00:ec2::254", "mail.internal", "relay.local",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
        if let Some(name) = local_host_name().await {
            refused.push(name);
        }
        for host in &refused {
            let resp = app.post(&smtp).token(&platform).json(set(host)).send().await;
            assert_eq!(resp.status, 422, "{host}: {}", resp.body);
            let resp = resp.expect_invalid("host");
            let reason = resp.body["errors"]["host"][0].as_str().unwrap_or_default().to_owned();
            assert!(reason.contains("private or local"), "{host}: {reason}");
        }
        let shown = app.get(&smtp).token(&platform).send().await.expect(200).body;
        assert_eq!(shown["host"], "8.8.8.8");
        assert_eq!(shown["version"], stored["version"], "nothing changed");
    }
}
