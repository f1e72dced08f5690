//! `GET /api/roles`: the roles a user can have and what each grants.

use serde::Serialize;
use shared::auth::Role;
use shared::http::Json;
use shared::http::{paginate, ApiError, ListParams, ListResponse, ValidQuery};

/// A role and its permissions.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct RoleOut {
    pub name: &'static str,
    pub description: &'static str,
    pub permissions: Vec<String>,
}

pub async fn list_roles(ValidQuery(params): ValidQuery<ListParams>) -> Result<Json<ListResponse<RoleOut>>, ApiError> {
    let roles = Role::ALL
        .into_iter()
        .map(|role| RoleOut {
            name: role.as_str(),
            description: role.description(),
            permissions: role.permissions().iter().map(|p| p.name()).collect(),
        })
        .collect();
    Ok(Json(paginate(roles, &params)?))
}
