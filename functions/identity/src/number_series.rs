//! The settings routes of the workspace's number series ([`shared::resource::numbering`]).

use shared::auth::Module;
use shared::handlers::Caller;
use shared::http::{ApiError, Json, ValidJson, ValidPath};
use shared::resource::numbering::{list, set_prefix, SeriesIn, SeriesList, SeriesOut};
use shared::routes::{Build, Op, Routes};

/// `GET /api/settings/number-series`.
async fn list_series(caller: Caller) -> Result<Json<SeriesList>, ApiError> {
    Ok(Json(SeriesList {
        data: list(caller.cx()).await?,
    }))
}

/// `PUT /api/settings/number-series/{series}`.
async fn set_series_prefix(
    caller: Caller,
    ValidPath(series): ValidPath<String>,
    ValidJson(input): ValidJson<SeriesIn>,
) -> Result<Json<SeriesOut>, ApiError> {
    Ok(Json(set_prefix(caller.cx(), &series, input).await?))
}

/// The settings routes of the workspace's number series.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Number series")
        .row(
            Op::get("/api/settings/number-series", list_series)
                .read(Module::Account)
                .ok::<SeriesList>()
                .summary("The workspace's document number series: prefix, numbers given, the next number"),
        )
        .row(
            Op::put("/api/settings/number-series/{series}", set_series_prefix)
                .write(Module::Users)
                .body::<SeriesIn>()
                .ok::<SeriesOut>()
                .answers(&[404])
                .summary("Set a number series' prefix (its sequence goes on)"),
        )
}
