//! `run(router)`: the same `axum::Router` served inside AWS Lambda (when `AWS_LAMBDA_RUNTIME_API` is
//! set) or as an HTTP server on `PORT` with graceful shutdown on SIGTERM / SIGINT.

use std::future::Future;
use std::net::SocketAddr;

use axum::extract::DefaultBodyLimit;
use axum::{middleware, Extension, Router};
use tokio::net::TcpListener;

use crate::config::Config;
use crate::http::{
    finish_request_body, method_not_allowed, request_context, route_not_found, transport_cap, JSON_BODY_LIMIT,
};
use crate::module::ModuleDef;
use crate::AppState;

pub type Error = lambda_http::Error;

/// What a Lambda binary's `main` calls: reads the configuration, connects the stores, serves the
/// routes of `function`'s modules (of all `modules`, the deployment's list).
pub async fn run(function: &str, modules: &'static [ModuleDef]) -> Result<(), Error> {
    let config = Config::from_env()?;
    crate::telemetry::init(&config.log_filter);
    let state = AppState::from_config(config, modules).await?;
    let served = modules
        .iter()
        .filter(|m| m.function == function)
        .filter_map(|m| m.routes);
    let router = served.fold(Router::new(), |router, routes| router.merge(routes().into_router()));
    serve(router, state).await
}

/// Adds the conventions every function shares: JSON fallbacks, the body limit, request ids and the
/// request log line.
pub fn app(router: Router<AppState>, state: AppState) -> Router {
    router
        .fallback(route_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(transport_cap(JSON_BODY_LIMIT)))
        // The route gates (crate::policy) find the state here.
        .layer(Extension(state.clone()))
        .layer(middleware::from_fn(request_context))
        .layer(crate::http::compression())
        .with_state(state)
}

/// Serves inside Lambda or on `PORT`, whichever the environment says.
pub async fn serve(router: Router<AppState>, state: AppState) -> Result<(), Error> {
    let in_lambda = state.config().in_lambda;
    let port = state.config().port;
    let app = app(router, state);
    if in_lambda {
        return lambda_http::run(app).await;
    }
    let listener = TcpListener::bind(("0.0.0.0", port)).await?;
    tracing::info!(port, "listening");
    serve_http(listener, app, shutdown_signal()).await?;
    Ok(())
}

/// Serves `app` on `listener` until `shutdown` resolves, finishing requests in flight. A response
/// that left its request's body unread keeps the connection usable ([`finish_request_body`]).
pub async fn serve_http(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = app.layer(middleware::from_fn(finish_request_body));
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}

/// Resolves on SIGTERM (Lambda, containers, `kill`) or Ctrl-C.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
