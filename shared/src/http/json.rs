//! A JSON response body, serialised into one buffer sized for a page.
//!
//! `axum::Json` serialises through a `BytesMut` writer that starts at 128 bytes: every small
//! write serde makes goes through `BufMut::put_slice` and its capacity checks, and a page of 15
//! records (3 KB) reallocates five times on the way. That was 45% of serialising a page in a
//! profile of `GET /api/v1/contacts`. This one writes into a `Vec<u8>` (serde_json's fast path)
//! with room for a page from the start, and hands it to the body without a copy.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::{ApiError, ListResponse};
use crate::store::Listed;

/// Room a body starts with: a page of 15 typical records fits.
const INITIAL_CAPACITY: usize = 4096;

/// A `200 application/json` response of `T` (with a status in a tuple, like `axum::Json`).
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        let mut body = Body(Vec::with_capacity(INITIAL_CAPACITY));
        answer(serde_json::to_writer(&mut body, &self.0).map(|()| body))
    }
}

/// A list page whose records may be stored text already in their API form ([`Listed::Text`]):
/// the bytes [`Json`] makes of a [`ListResponse`], with that text copied in rather than parsed
/// and serialised again.
pub struct PageJson<T>(pub ListResponse<Listed<T>>);

impl<T: Serialize> IntoResponse for PageJson<T> {
    fn into_response(self) -> Response {
        let ListResponse { data, meta } = self.0;
        let mut body = Body(Vec::with_capacity(INITIAL_CAPACITY));
        let mut write = || -> serde_json::Result<()> {
            body.0.extend_from_slice(br#"{"data":["#);
            for (place, record) in data.iter().enumerate() {
                if place > 0 {
                    body.0.push(b',');
                }
                body.write_listed(record)?;
            }
            body.0.extend_from_slice(br#"],"meta":"#);
            serde_json::to_writer(&mut body, &meta)?;
            body.0.push(b'}');
            Ok(())
        };
        answer(write().map(|()| body))
    }
}

/// One record that may be stored text already in its API form: the bytes [`Json`] makes of it.
pub struct ListedJson<T>(pub Listed<T>);

impl<T: Serialize> IntoResponse for ListedJson<T> {
    fn into_response(self) -> Response {
        let mut body = Body(Vec::with_capacity(INITIAL_CAPACITY));
        answer(body.write_listed(&self.0).map(|()| body))
    }
}

fn answer(body: serde_json::Result<Body>) -> Response {
    match body {
        Ok(body) => (
            [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))],
            body.0,
        )
            .into_response(),
        // Our own types always serialise; were one not to, the client gets the documented
        // internal error, not serde's message.
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// A `Vec<u8>` whose writes are inlined into serde's: serde writes a document in pieces of a byte
/// or a few (quotes, colons, commas), and with `opt-level = "s"` each one was a call to an
/// out-of-line `Vec::extend_from_slice` and then to `memcpy` (a third of serialising a page).
struct Body(Vec<u8>);

impl Body {
    fn write_listed<T: Serialize>(&mut self, record: &Listed<T>) -> serde_json::Result<()> {
        match record {
            Listed::Record(record) => serde_json::to_writer(self, record),
            Listed::Text(text) => {
                self.0.extend_from_slice(text.as_bytes());
                Ok(())
            }
        }
    }
}

impl std::io::Write for Body {
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline(always)]
    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match bytes {
            [byte] => self.0.push(*byte),
            _ => self.0.extend_from_slice(bytes),
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_the_value_as_json() {
        let response = Json(serde_json::json!({"data": [1, 2], "name": "Ann \"A\""})).into_response();
        assert_eq!(response.status(), axum::http::StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert_eq!(&body[..], br#"{"data":[1,2],"name":"Ann \"A\""}"#);
    }

    /// A record that is stored text answers that text, a parsed one what [`Json`] makes of it.
    #[tokio::test]
    async fn a_stored_text_answers_the_same_bytes_as_its_record() {
        let record = serde_json::json!({"id": 1, "name": "Ann \"A\" é"});
        let text = serde_json::to_string(&record).unwrap();
        for listed in [Listed::Text(text.clone()), Listed::Record(record)] {
            let response = ListedJson(listed).into_response();
            assert_eq!(response.status(), axum::http::StatusCode::OK);
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            assert_eq!(std::str::from_utf8(&body).unwrap(), text);
        }
    }

    /// A page of stored texts is byte for byte the page of the records they are the text of.
    #[tokio::test]
    async fn a_page_of_stored_texts_answers_the_same_bytes_as_a_page_of_records() {
        #[derive(Clone, Serialize)]
        struct Record {
            id: u64,
            name: &'static str,
        }
        let records = [
            Record {
                id: 2,
                name: "Ann \"A\"",
            },
            Record { id: 1, name: "Bo" },
        ];
        let meta = crate::http::Meta::new(7, true, 2, 0, Some("next".into()));
        let page = ListResponse {
            data: records.to_vec(),
            meta: meta.clone(),
        };
        let expected = serde_json::to_vec(&page).unwrap();
        let text = |r: &Record| Listed::Text(serde_json::to_string(r).unwrap());
        for data in [
            vec![text(&records[0]), text(&records[1])],
            vec![Listed::Record(records[0].clone()), text(&records[1])],
            vec![text(&records[0]), Listed::Record(records[1].clone())],
        ] {
            let response = PageJson(ListResponse {
                data,
                meta: meta.clone(),
            })
            .into_response();
            assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            assert_eq!(
                std::str::from_utf8(&body).unwrap(),
                std::str::from_utf8(&expected).unwrap()
            );
        }
        let empty = PageJson::<Record>(ListResponse {
            data: vec![],
            meta: meta.clone(),
        })
        .into_response();
        let body = axum::body::to_bytes(empty.into_body(), usize::MAX).await.unwrap();
        let no_records: Vec<Record> = vec![];
        assert_eq!(
            &body[..],
            &serde_json::to_vec(&ListResponse { data: no_records, meta }).unwrap()[..]
        );
    }

    #[tokio::test]
    async fn a_value_that_cannot_be_serialised_is_an_internal_error() {
        // A map whose keys are not strings has no JSON form.
        let map = std::collections::BTreeMap::from([((1, 2), "x")]);
        let response = Json(map).into_response();
        assert_eq!(response.status(), axum::http::StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["code"], "internal_error", "{body}");
    }
}
