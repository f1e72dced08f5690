//! Keeps a connection usable after a response that left its request's body unread.
//!
//! A gate that answers before the body is read (401, 403, 429; a 413 that stopped reading) left
//! the body unread, and hyper then closed the connection after the response when the body had
//! not arrived yet, without saying so: the response carried no `Connection: close`, so a client
//! that sent its next request on the same connection had it reset (CI's OAuth check met it once:
//! authlib's refresh after a 403). As Go's `net/http` does, the rest of a small body is read and
//! dropped before the response goes out, and past that the response says `Connection: close`.

use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Body as _, Frame, SizeHint};

/// The most of an unread body read and dropped to keep the connection (Go's figure).
const DRAIN_LIMIT: usize = 256 * 1024;
/// How long a response waits for that rest to arrive.
const DRAIN_WAIT: Duration = Duration::from_secs(2);

/// Middleware (the HTTP server's outermost): after the response is made, reads what is left of the
/// request's body when that is at most [`DRAIN_LIMIT`] and arrives within [`DRAIN_WAIT`]; else the
/// response says `Connection: close`. A request that expects `100 Continue` is not drained: its
/// client sends the body only when asked, and is not asked after a final answer.
pub async fn finish_request_body(req: Request, next: Next) -> Response {
    // Most requests (every GET) have no body: nothing to keep.
    if req.body().is_end_stream() {
        return next.run(req).await;
    }
    let drainable = !req.headers().contains_key(header::EXPECT)
        && declared_length(req.headers()).is_none_or(|length| length <= DRAIN_LIMIT as u64);
    let (parts, body) = req.into_parts();
    let slot = Arc::new(Mutex::new(Some(body)));
    let shared = Body::new(SharedBody(Arc::clone(&slot)));
    let mut response = next.run(Request::from_parts(parts, shared)).await;
    let rest = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
    let Some(rest) = rest.filter(|rest| !rest.is_end_stream()) else {
        return response;
    };
    let drained = drainable
        && matches!(
            tokio::time::timeout(DRAIN_WAIT, axum::body::to_bytes(rest, DRAIN_LIMIT)).await,
            Ok(Ok(_))
        );
    if !drained {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers.get(header::CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

/// The request's body as the handler sees it, left in the middleware's hands when the handler is
/// done with it (read, partly read or dropped).
struct SharedBody(Arc<Mutex<Option<Body>>>);

impl SharedBody {
    fn with<T>(&self, f: impl FnOnce(Option<&mut Body>) -> T) -> T {
        f(self.0.lock().unwrap_or_else(PoisonError::into_inner).as_mut())
    }
}

impl http_body::Body for SharedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.with(|body| match body {
            Some(body) => Pin::new(body).poll_frame(cx),
            None => Poll::Ready(None),
        })
    }

    fn is_end_stream(&self) -> bool {
        self.with(|body| body.is_none_or(|body| body.is_end_stream()))
    }

    fn size_hint(&self) -> SizeHint {
        self.with(|body| body.map_or_else(|| SizeHint::with_exact(0), |body| body.size_hint()))
    }
}
