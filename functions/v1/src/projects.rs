//! `POST /api/v1/projects`: the specification's shaped create, over the projects library's
//! records and rules (the same project `/api/projects` shows).

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::Deserialize;
use shared::domain::Text;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ValidJson};
use shared::money::Money;
use shared::resource::ops;

use projects::projects::{Project, ProjectIn, MAX_PEOPLE};

/// Body of `POST /api/v1/projects`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"name": "Website relaunch", "client_id": 4, "deadline": "2026-06-30", "members": [1, 2]}))]
pub struct V1ProjectIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    /// A client user of the workspace: the project's client.
    #[schemars(transform = shared::http::schema::id)]
    pub client_id: Option<u64>,
    /// The project's end date.
    #[schemars(transform = shared::http::schema::date)]
    pub deadline: Option<String>,
    /// Users of the workspace.
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_PEOPLE>)]
    pub members: Option<Vec<u64>>,
    pub description: Option<Text<5000>>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub budget: Option<Money>,
    /// Not after the deadline.
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Values of the workspace's custom fields on projects, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<shared::resource::custom::CustomValuesIn>,
}

/// `POST /api/v1/projects` → 201 with the project.
pub async fn create_project(
    caller: Caller,
    ValidJson(input): ValidJson<V1ProjectIn>,
) -> Result<(StatusCode, Json<Project>), ApiError> {
    let body = ProjectIn {
        name: input.name,
        description: input.description,
        budget: input.budget,
        start_date: input.start_date,
        end_date: input.deadline,
        status: None,
        members: input.members,
        clients: input.client_id.map(|c| vec![c]),
        custom_fields: input.custom_fields,
    };
    let project = ops::insert::<Project>(caller.cx(), body, Vec::new()).await;
    // The library names the fields it checked; the shaped body names two of them differently.
    let project = project.map_err(|e| e.renamed("end_date", "deadline").renamed("clients", "client_id"))?;
    Ok((StatusCode::CREATED, Json(project)))
}
