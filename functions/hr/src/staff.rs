//! The rest of HR's records (being written).

use shared::http::ApiError;
use shared::resource::Cx;
use shared::routes::Routes;

pub fn routes(routes: Routes) -> Routes {
    routes
}

pub async fn seed(_cx: Cx<'_>, _today: chrono::NaiveDate, _employees: &[crate::employees::Employee]) -> Result<(), ApiError> {
    Ok(())
}
