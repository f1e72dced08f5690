//! `GET /api/v1/reports/revenue`: the recurring revenue report of the accounting library's
//! [`revenue`] figures (kept as recurring invoices are posted), read in one round trip.

use shared::domain::Date;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidQuery};

use accounting::revenue::{self, Period, RevenueQuery, RevenueReport};

/// `GET /api/v1/reports/revenue?period=monthly|quarterly|yearly&as_of=YYYY-MM-DD`.
pub async fn revenue(
    caller: Caller,
    ValidQuery(query): ValidQuery<RevenueQuery>,
) -> Result<Json<RevenueReport>, ApiError> {
    let as_of = match query.as_of {
        None => Date::today(),
        Some(raw) => FieldErrors::check_required(|errors| errors.date("as_of", Some(raw)))?,
    };
    let period = query.period.unwrap_or(Period::Monthly);
    Ok(Json(revenue::report(caller.cx(), period, &as_of).await?))
}
