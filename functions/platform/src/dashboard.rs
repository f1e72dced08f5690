//! `GET /`: the dashboard, a page of plain ES modules in `assets/dashboard/` that works only
//! through the public API (sign up, log in, keys, the sandbox, webhooks and their deliveries,
//! OAuth applications and consent, users), so it proves the API as a customer meets it.
//!
//! No build step and no framework: the files are served as written, from the binary, each at
//! `/dashboard/<path>` and revalidated by its hash. The page's policy allows this origin's scripts,
//! styles and requests and nothing inline, so an injected script cannot run.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use shared::http::{etag_of, revalidated, ApiError};

macro_rules! assets {
    ($($path:literal),* $(,)?) => {
        /// Every file of `assets/dashboard/` but the page itself, by its path there.
        const ASSETS: &[(&str, &[u8])] = &[$(($path, include_bytes!(concat!("../assets/dashboard/", $path)))),*];
    };
}

assets!(
    "app.js",
    "api.js",
    "ui.js",
    "style.css",
    "favicon.svg",
    "pages/accept.js",
    "pages/billing.js",
    "pages/consent.js",
    "pages/forgot.js",
    "pages/keys.js",
    "pages/login.js",
    "pages/oauth.js",
    "pages/overview.js",
    "pages/reset.js",
    "pages/sandbox.js",
    "pages/signup.js",
    "pages/users.js",
    "pages/verify.js",
    "pages/webhook.js",
    "pages/webhooks.js",
);

const PAGE: &str = include_str!("../assets/dashboard/index.html");

/// Nothing inline, nothing from elsewhere, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Revalidated on every use: a new release's files are taken at once.
const CACHE_CONTROL: &str = "no-cache";

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        // Browsers run a module script only when it is served as JavaScript.
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

fn security_headers(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
}

/// `GET /` (public): the dashboard's page.
pub async fn page(headers: HeaderMap) -> Response {
    static ETAG: OnceLock<String> = OnceLock::new();
    let etag = ETAG.get_or_init(|| etag_of(PAGE.as_bytes()));
    let mut response = revalidated(&headers, etag, CACHE_CONTROL, "text/html; charset=utf-8", PAGE);
    security_headers(&mut response);
    response
}

fn asset(headers: &HeaderMap, path: &str) -> Response {
    // Each file's ETag, hashed once per process.
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    let etags = ETAGS.get_or_init(|| ASSETS.iter().map(|(_, bytes)| etag_of(bytes)).collect());
    let Some(index) = ASSETS.iter().position(|(name, _)| *name == path) else {
        return ApiError::NotFound("No such file of the dashboard.".into()).into_response();
    };
    let bytes = ASSETS[index].1;
    let mut response = revalidated(headers, &etags[index], CACHE_CONTROL, content_type(path), bytes);
    security_headers(&mut response);
    response
}

/// `GET /dashboard/{file}` (public): a script, style or image of the dashboard.
pub async fn file(headers: HeaderMap, Path(file): Path<String>) -> Response {
    asset(&headers, &file)
}

/// `GET /dashboard/pages/{file}` (public): the script of one of its pages.
pub async fn page_script(headers: HeaderMap, Path(file): Path<String>) -> Response {
    asset(&headers, &format!("pages/{file}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    /// Every file in the folder is served, and nothing the page names is missing.
    #[test]
    fn every_file_of_the_folder_is_served() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/dashboard");
        let mut on_disk = Vec::new();
        for dir in [root.clone(), root.join("pages")] {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_file() && path.file_name().unwrap() != "index.html" {
                    on_disk.push(path.strip_prefix(&root).unwrap().to_string_lossy().into_owned());
                }
            }
        }
        on_disk.sort();
        let mut served: Vec<String> = ASSETS.iter().map(|(p, _)| (*p).to_owned()).collect();
        served.sort();
        assert_eq!(on_disk, served);
    }

    #[test]
    fn the_page_loads_nothing_from_elsewhere_and_nothing_inline() {
        for foreign in [
            "src=\"http",
            "href=\"http",
            "url(http",
            "<style",
            " style=",
            "onclick",
            "<script>",
        ] {
            assert!(!PAGE.contains(foreign), "{foreign}");
        }
        for (path, bytes) in ASSETS {
            let text = String::from_utf8_lossy(bytes);
            assert!(!text.contains("eval(") && !text.contains("new Function"), "{path}");
            for foreign in [
                "from 'http",
                "from \"http",
                "fetch('http",
                "fetch(\"http",
                "import('http",
            ] {
                assert!(!text.contains(foreign), "{path} loads from another origin");
            }
        }
    }

    #[tokio::test]
    async fn a_script_is_served_as_javascript_with_the_policy_and_an_unknown_file_is_404() {
        let response = page_script(HeaderMap::new(), Path("keys.js".into())).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            response.headers()[header::CONTENT_SECURITY_POLICY],
            CONTENT_SECURITY_POLICY
        );
        let missing = file(HeaderMap::new(), Path("../Cargo.toml".into())).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
        let page = page(HeaderMap::new()).await;
        assert_eq!(page.headers()[header::CONTENT_SECURITY_POLICY], CONTENT_SECURITY_POLICY);
    }
}
