//! The HTTP conventions every route follows: JSON errors with codes and request ids, fallbacks,
//! content types, body limits, and a missing token on every authenticated identity route.

use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::harness::TestApp;
use crate::on_both_stores;

/// Every authenticated identity route, with a method it serves.
const AUTHENTICATED_ROUTES: &[(&str, &str)] = &[
    ("POST", "/api/logout"),
    ("POST", "/api/refresh"),
    ("POST", "/api/change-password"),
    ("GET", "/api/user"),
    ("POST", "/api/edit-profile"),
    ("POST", "/api/upload-photos"),
    ("GET", "/api/users/1/photo"),
    ("DELETE", "/api/delete-account"),
    ("GET", "/api/client-user"),
    ("GET", "/api/staff-user"),
    ("GET", "/api/vendor-user"),
    ("GET", "/api/v1/settings/api-keys"),
    ("POST", "/api/v1/settings/api-keys"),
    ("DELETE", "/api/v1/settings/api-keys/1"),
    ("GET", "/api/users"),
    ("GET", "/api/users/log"),
    ("POST", "/api/user/store"),
    ("POST", "/api/user/update/1"),
    ("DELETE", "/api/user/delete/1"),
    ("POST", "/api/user/reset-password/1"),
    ("PUT", "/api/user/verify/1"),
    ("GET", "/api/roles"),
];

async fn unknown_routes_answer_json_404_with_a_request_id(app: TestApp) {
    let resp = app
        .get("/api/no-such-thing")
        .send()
        .await
        .expect_error(404, "route_not_found");
    assert_eq!(resp.header("x-request-id"), resp.body["request_id"].as_str());
}

async fn a_known_path_with_the_wrong_method_is_json_405(app: TestApp) {
    app.get("/api/login")
        .send()
        .await
        .expect_error(405, "method_not_allowed");
}

async fn a_plain_client_request_id_is_echoed_and_a_hostile_one_replaced(app: TestApp) {
    let resp = app
        .get("/api/nope")
        .header("x-request-id", "trace-123_abc")
        .send()
        .await;
    assert_eq!(resp.header("x-request-id"), Some("trace-123_abc"));
    assert_eq!(resp.body["request_id"], "trace-123_abc");
    let resp = app
        .get("/api/nope")
        .header("x-request-id", "bad id with spaces")
        .send()
        .await;
    assert_ne!(resp.header("x-request-id"), Some("bad id with spaces"));
}

async fn every_authenticated_route_refuses_a_missing_or_garbage_token(app: TestApp) {
    for (method, path) in AUTHENTICATED_ROUTES {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let resp = app.call(method.clone(), path).send().await;
        assert_eq!(resp.status, 401, "{method} {path} without a token: {}", resp.body);
        assert_eq!(resp.body["code"], "unauthenticated");
        assert_eq!(resp.header("www-authenticate"), Some("Bearer"));
        let resp = app.call(method.clone(), path).token("garbage").send().await;
        assert_eq!(resp.status, 401, "{method} {path} with a garbage token");
        let resp = app
            .call(method.clone(), path)
            .header("authorization", "Basic b3duZXI6cHc=")
            .send()
            .await;
        assert_eq!(resp.status, 401, "{method} {path} with Basic auth");
    }
}

async fn malformed_json_is_400_and_creates_nothing(app: TestApp) {
    let token = app.owner_token().await;
    let before = app.count(app.tenant, "user").await;
    app.post("/api/user/store")
        .token(&token)
        .raw("application/json", "{\"name\": \"x\",")
        .send()
        .await
        .expect_error(400, "malformed_json");
    assert_eq!(app.count(app.tenant, "user").await, before);
}

async fn a_body_without_a_json_content_type_is_415_and_creates_nothing(app: TestApp) {
    let token = app.owner_token().await;
    let before = app.count(app.tenant, "user").await;
    let body = r#"{"name":"X","email":"x@example.com","password":"long-enough-1"}"#;
    app.post("/api/user/store")
        .token(&token)
        .raw("text/plain", body)
        .send()
        .await
        .expect_error(415, "unsupported_media_type");
    app.post("/api/login")
        .raw("application/x-www-form-urlencoded", "email=a&password=b")
        .send()
        .await
        .expect_error(415, "unsupported_media_type");
    assert_eq!(app.count(app.tenant, "user").await, before);
}

async fn an_oversized_body_is_413_and_creates_nothing(app: TestApp) {
    let token = app.owner_token().await;
    let before = app.count(app.tenant, "user").await;
    let huge = format!(r#"{{"name":"{}","email":"big@example.com"}}"#, "x".repeat(1_100_000));
    app.post("/api/user/store")
        .token(&token)
        .raw("application/json", huge)
        .send()
        .await
        .expect_error(413, "payload_too_large");
    assert_eq!(app.count(app.tenant, "user").await, before);
}

async fn a_field_of_the_wrong_type_is_422_naming_it(app: TestApp) {
    let token = app.owner_token().await;
    app.post("/api/user/store")
        .token(&token)
        .json(json!({"name": 5, "email": "a@example.com"}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/login")
        .json(json!({"email": ["a"], "password": "x"}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/user/store")
        .token(&token)
        .json(json!(["not", "an", "object"]))
        .send()
        .await
        .expect_invalid("body");
}

async fn missing_fields_are_reported_together(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    assert!(resp.body["errors"]["email"].is_array(), "{}", resp.body);
    let resp = app
        .post("/api/login")
        .json(json!({}))
        .send()
        .await
        .expect_invalid("email");
    assert!(resp.body["errors"]["password"].is_array());
}

async fn bad_paging_parameters_are_422(app: TestApp) {
    let token = app.owner_token().await;
    app.get("/api/users?per_page=0")
        .token(&token)
        .send()
        .await
        .expect_invalid("per_page");
    app.get("/api/users?per_page=1000")
        .token(&token)
        .send()
        .await
        .expect_invalid("per_page");
    app.get("/api/users?page=abc")
        .token(&token)
        .send()
        .await
        .expect_error(422, "validation_failed");
    app.get("/api/users?cursor=not-ours")
        .token(&token)
        .send()
        .await
        .expect_invalid("cursor");
    app.get("/api/users?sort=password_hash")
        .token(&token)
        .send()
        .await
        .expect_invalid("sort");
}

async fn an_oversized_path_or_head_is_json_414_or_431_with_a_request_id(app: TestApp) {
    let long_query = format!("/api/users?search={}", "a".repeat(9 * 1024));
    let resp = app.get(&long_query).send().await.expect_error(414, "uri_too_long");
    assert_eq!(resp.header("x-request-id"), resp.body["request_id"].as_str());
    assert!(resp.body["message"].as_str().unwrap().contains("8192"), "{}", resp.body);
    let token = app.owner_token().await;
    let resp = app
        .get("/api/user")
        .token(&token)
        .header("x-padding", &"b".repeat(33 * 1024))
        .send()
        .await
        .expect_error(431, "headers_too_large");
    assert_eq!(resp.header("x-request-id"), resp.body["request_id"].as_str());
    let mut many = app.get("/api/user").token(&token);
    for n in 0..70 {
        many = many.header(&format!("x-extra-{n}"), "1");
    }
    many.send().await.expect_error(431, "headers_too_large");
    // Within the limits, the same request is served.
    let within = format!("/api/users?search={}", "a".repeat(7 * 1024));
    app.get(&within).token(&token).send().await.expect(200);
}

on_both_stores!(
    unknown_routes_answer_json_404_with_a_request_id,
    a_known_path_with_the_wrong_method_is_json_405,
    a_plain_client_request_id_is_echoed_and_a_hostile_one_replaced,
    every_authenticated_route_refuses_a_missing_or_garbage_token,
    malformed_json_is_400_and_creates_nothing,
    a_body_without_a_json_content_type_is_415_and_creates_nothing,
    an_oversized_body_is_413_and_creates_nothing,
    a_field_of_the_wrong_type_is_422_naming_it,
    missing_fields_are_reported_together,
    bad_paging_parameters_are_422,
    an_oversized_path_or_head_is_json_414_or_431_with_a_request_id
);

/// A larger text answer travels gzip- or brotli-compressed when the client asks, and as it is
/// when it does not or the answer is small; the document carries an `ETag` to revalidate by.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn larger_answers_travel_compressed_when_asked_and_the_document_revalidates() {
    let app = TestApp::sqlite().await;
    let plain = app.get("/api/openapi.json").send().await.expect(200);
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.header("cache-control"), Some("public, max-age=300"));
    for (encoding, decode) in [("gzip", gunzip as fn(&[u8]) -> Vec<u8>), ("br", unbrotli)] {
        let packed = app
            .get("/api/openapi.json")
            .header("accept-encoding", encoding)
            .send()
            .await
            .expect(200);
        assert_eq!(packed.header("content-encoding"), Some(encoding));
        assert!(
            packed.bytes.len() * 5 < plain.bytes.len(),
            "{encoding}: {} bytes of {}",
            packed.bytes.len(),
            plain.bytes.len()
        );
        assert_eq!(decode(&packed.bytes), plain.bytes, "{encoding}");
        let vary: Vec<&str> = packed
            .headers
            .get_all("vary")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        assert!(
            vary.iter().any(|v| v.eq_ignore_ascii_case("accept-encoding")),
            "{vary:?}"
        );
        assert!(vary.iter().any(|v| v.eq_ignore_ascii_case("authorization")), "{vary:?}");
    }

    // Every route's answers, not only the document's: a page of contacts.
    let token = app.owner_token().await;
    app.seed_contacts(40).await;
    let page = |encoding: &'static str| {
        app.get("/api/v1/contacts?per_page=40")
            .token(&token)
            .header("accept-encoding", encoding)
            .send()
    };
    let (as_is, packed) = (page("identity").await.expect(200), page("gzip").await.expect(200));
    assert_eq!(as_is.header("content-encoding"), None);
    assert_eq!(packed.header("content-encoding"), Some("gzip"));
    let unpacked: serde_json::Value = serde_json::from_slice(&gunzip(&packed.bytes)).expect("JSON");
    assert_eq!(unpacked, as_is.body);
    assert_eq!(unpacked["data"].as_array().map(Vec::len), Some(40));

    // Under a KiB stays as it is.
    let small = app
        .get("/api/no-such-thing")
        .header("accept-encoding", "gzip, br")
        .send()
        .await;
    let small = small.expect_error(404, "route_not_found");
    assert_eq!(small.header("content-encoding"), None);
    assert!(small.bytes.len() < 1024);

    // The document again is 304 without a body while its ETag holds; so is the workspace's own,
    // which is private and has its own ETag.
    let etag = plain.header("etag").expect("an ETag");
    let again = app
        .get("/api/openapi.json")
        .header("if-none-match", etag)
        .send()
        .await
        .expect(304);
    assert!(again.bytes.is_empty());
    let own = app.get("/api/openapi.json").token(&token).send().await.expect(200);
    assert_eq!(own.header("cache-control"), Some("private, no-cache"));
    let own_etag = own.header("etag").expect("an ETag");
    assert_ne!(own_etag, etag);
    app.get("/api/openapi.json")
        .token(&token)
        .header("if-none-match", own_etag)
        .send()
        .await
        .expect(304);
    app.get("/api/openapi.json")
        .token(&token)
        .header("if-none-match", etag)
        .send()
        .await
        .expect(200);
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).expect("gzip");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut brotli_decompressor::Decompressor::new(bytes, 4096), &mut out).expect("brotli");
    out
}

/// A response read off a raw connection: its status, and whether it says `Connection: close`.
struct RawAnswer {
    status: u16,
    says_close: bool,
}

/// Reads one response (headers and a `Content-Length` body) from `conn`.
async fn read_answer(conn: &mut TcpStream, buffer: &mut Vec<u8>) -> RawAnswer {
    let read = async {
        loop {
            if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&buffer[..end]).to_lowercase();
                let length: usize = head
                    .lines()
                    .find_map(|line| line.strip_prefix("content-length:"))
                    .map_or(0, |n| n.trim().parse().unwrap());
                if buffer.len() >= end + 4 + length {
                    buffer.drain(..end + 4 + length);
                    let status = head[9..12].parse().unwrap();
                    let says_close = head.lines().any(|line| line == "connection: close");
                    return RawAnswer { status, says_close };
                }
            }
            let mut chunk = [0u8; 4096];
            let n = conn.read(&mut chunk).await.unwrap();
            assert!(n > 0, "the server closed the connection without an answer");
            buffer.extend_from_slice(&chunk[..n]);
        }
    };
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .expect("an answer within 10 s")
}

/// Whether the server has closed `conn` (reads to its end).
async fn closed(conn: &mut TcpStream) -> bool {
    let mut rest = Vec::new();
    matches!(
        tokio::time::timeout(Duration::from_secs(10), conn.read_to_end(&mut rest)).await,
        Ok(Ok(0))
    )
}

/// A gate answers before it reads the body (here 401: no token). When the body arrives after that
/// answer was decided, the connection still serves the client's next request (the body is read
/// and dropped first); a body too large to read through, or one waiting for `100 Continue`, is
/// answered with `Connection: close` at once, so the client knows not to reuse the connection.
/// Before, the connection was closed after the answer without a word, and a client's next request
/// on it was reset. On SQLite only: this is the transport, the same for both stores.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unread_request_body_leaves_the_connection_usable_or_says_it_closes() {
    let app = TestApp::sqlite().await;
    let addr = app.base.trim_start_matches("http://").to_owned();
    let body = br#"{"name":"Ada Lovelace"}"#;
    let head = |length: usize, extra: &str| {
        format!(
            "POST /api/v1/contacts HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
             content-length: {length}\r\n{extra}\r\n"
        )
    };

    let mut conn = TcpStream::connect(&addr).await.unwrap();
    let mut buffer = Vec::new();
    conn.write_all(head(body.len(), "").as_bytes()).await.unwrap();
    // The scenario itself: the body comes after the gate has decided (a slow client, a big body).
    tokio::time::sleep(Duration::from_millis(100)).await;
    conn.write_all(body).await.unwrap();
    let first = read_answer(&mut conn, &mut buffer).await;
    assert_eq!((first.status, first.says_close), (401, false));
    conn.write_all(b"GET /api/user HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let second = read_answer(&mut conn, &mut buffer).await;
    assert_eq!(second.status, 401, "the next request answered on the same connection");

    let mut conn = TcpStream::connect(&addr).await.unwrap();
    conn.write_all(head(10 << 20, "").as_bytes()).await.unwrap();
    let large = read_answer(&mut conn, &mut Vec::new()).await;
    assert_eq!(
        (large.status, large.says_close),
        (401, true),
        "10 MiB are not read to keep it"
    );
    assert!(closed(&mut conn).await);

    let mut conn = TcpStream::connect(&addr).await.unwrap();
    conn.write_all(head(body.len(), "expect: 100-continue\r\n").as_bytes())
        .await
        .unwrap();
    let waiting = read_answer(&mut conn, &mut Vec::new()).await;
    assert_eq!(
        (waiting.status, waiting.says_close),
        (401, true),
        "a body never asked for"
    );
    assert!(closed(&mut conn).await);
}
