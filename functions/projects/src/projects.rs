//! Projects: a budget, dates, members (users of the workspace) and clients (client users), and a
//! status `ongoing ↔ on_hold → finished` (one spelling of each; the real product's `OnHold` /
//! `Onhold` are accepted as input). Reaching `finished` emits `project.completed`, once: a
//! finished project's status no longer changes.

use identity::users::{self, User, UserFilters, UserOut};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::records;
use shared::auth::{Module, Role};
use shared::domain::{Date, Text};
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{paginate, ApiError, FieldErrors, ListResponse, Listing, ValidJson, ValidPath, ValidQuery};
use shared::money::Money;
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::index::{self, IndexValue, Sum};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Resource, Sort};

pub const PROJECT_CREATED: EventType =
    EventType::new("project.created", "A project was created.").with_record::<Project>();
pub const PROJECT_COMPLETED: EventType =
    EventType::new("project.completed", "A project's status became `finished`.").with_data::<Project>();

/// Most members, and most clients, one project has.
pub const MAX_PEOPLE: usize = 100;

shared::choice! {
    /// Where a project stands: `ongoing ↔ on_hold → finished`.
    pub enum ProjectStatus {
        Ongoing = "ongoing" | "Ongoing",
        OnHold = "on_hold" | "OnHold" | "Onhold" | "onhold",
        Finished = "finished" | "Finished",
    }
}

/// A project.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Project {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub description: Option<String>,
    /// What it may cost; 0 when not set.
    pub budget: Money,
    pub start_date: Option<Date>,
    /// The deadline.
    pub end_date: Option<Date>,
    pub status: ProjectStatus,
    /// User ids of the workspace's people on it.
    pub members: Vec<u64>,
    /// Client users it is for.
    pub clients: Vec<u64>,
    /// When it became `finished`.
    pub finished_at: Option<String>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// Body of `POST /api/projects/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProjectIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    pub description: Option<Text<5000>>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub budget: Option<Money>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Not before the start date.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    /// Defaults to `ongoing`.
    pub status: Option<ProjectStatus>,
    /// Users of the workspace.
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_PEOPLE>)]
    pub members: Option<Vec<u64>>,
    /// Client users of the workspace.
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_PEOPLE>)]
    pub clients: Option<Vec<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/project/update/{id}`: absent fields stay; `members` and `clients` replace
/// the lists; `status` moves it (`finished` for good).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ProjectPatch {
    pub name: Option<Text<190>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<5000>>")]
    pub description: Option<Option<Text<5000>>>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub budget: Option<Money>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<Option<String>>,
    /// Not before the start date; `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<Option<String>>,
    pub status: Option<ProjectStatus>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_PEOPLE>)]
    pub members: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_PEOPLE>)]
    pub clients: Option<Vec<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// `?status=`, `?member=` and `?client=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ProjectFilters {
    pub status: Option<ProjectStatus>,
    /// Projects this user is a member of.
    pub member: Option<u64>,
    /// Projects for this client user.
    pub client: Option<u64>,
}

impl Resource for Project {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Website relaunch", "description": "New site and CMS.", "start_date": "2027-01-04", "end_date": "2027-03-26", "budget": 15000.0, "members": [shared::resource::example::user()]}),
        )
    }
    const KIND: &'static str = "project";
    const NAME: &'static str = "Project";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |p| IndexValue::text(&p.name)),
            Sort::new("end_date", |p| {
                IndexValue::text(p.end_date.as_ref().map_or("9999-12-31", |d| d.as_str()))
            }),
            Sort::new("budget", |p| IndexValue::money(p.budget.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("status", |p| IndexValue::text(p.status.as_str())),
            Filter::<Self>::many("member", |p| p.members.iter().map(|u| IndexValue::id(*u)).collect()),
            Filter::<Self>::many("client", |p| p.clients.iter().map(|u| IndexValue::id(*u)).collect()),
        ],
        // The budgets per status (the reports' totals).
        sums: &[Sum::new("budget", |p| p.budget.cents())],
    };
    const EVENTS: Events = Events {
        created: Some(PROJECT_CREATED),
        updated: None,
        deleted: None,
    };
    type In = ProjectIn;
    type Patch = ProjectPatch;
    type Out = Project;
    type Filters = ProjectFilters;
    shared::meta_field!();
    shared::custom_fields!();

    async fn build(cx: Cx<'_>, input: ProjectIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let description = errors.text("description", input.description);
        let budget = errors.not_negative("budget", input.budget);
        let start_date = errors.date("start_date", input.start_date);
        let end_date = errors.date("end_date", input.end_date);
        errors.dates_in_order("end_date", start_date.as_ref(), end_date.as_ref());
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let name = errors.finish(name)?;
        let members = people(cx, "members", input.members, false).await?;
        let clients = people(cx, "clients", input.clients, true).await?;
        let status = input.status.unwrap_or(ProjectStatus::Ongoing);
        Ok(Self {
            meta: Meta::default(),
            name,
            description,
            budget: budget.unwrap_or(Money::ZERO),
            start_date,
            end_date,
            status,
            members: members.unwrap_or_default(),
            clients: clients.unwrap_or_default(),
            finished_at: (status == ProjectStatus::Finished).then(shared::time::now_rfc3339),
            custom_fields: custom_fields.unwrap_or_default(),
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: ProjectPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let description = patch.description.map(|d| errors.text("description", d));
        let budget = errors.not_negative("budget", patch.budget);
        let start_date = patch.start_date.map(|d| errors.date("start_date", d));
        let end_date = patch.end_date.map(|d| errors.date("end_date", d));
        errors.dates_in_order(
            "end_date",
            start_date.as_ref().unwrap_or(&self.start_date).as_ref(),
            end_date.as_ref().unwrap_or(&self.end_date).as_ref(),
        );
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        let members = people(cx, "members", patch.members, false).await?;
        let clients = people(cx, "clients", patch.clients, true).await?;
        if let Some(status) = patch.status {
            self.move_to(status)?;
        }
        self.name.assign(name);
        self.description.assign(description);
        self.budget.assign(budget);
        self.start_date.assign(start_date);
        self.end_date.assign(end_date);
        self.members.assign(members);
        self.clients.assign(clients);
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }

    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        match (before.status, after.status) {
            (ProjectStatus::Finished, _) | (_, ProjectStatus::Ongoing | ProjectStatus::OnHold) => Vec::new(),
            (_, ProjectStatus::Finished) => vec![Event::new(PROJECT_COMPLETED.name, serde_json::json!(after))],
        }
    }
}

impl Project {
    /// `ongoing ↔ on_hold → finished`; a finished project stays so (409 `invalid_transition`).
    pub fn move_to(&mut self, status: ProjectStatus) -> Result<(), ApiError> {
        if self.status == status {
            return Ok(());
        }
        if self.status == ProjectStatus::Finished {
            return Err(ApiError::invalid_transition(format!(
                "Project {} is finished: its status no longer changes.",
                self.meta.id
            )));
        }
        if status == ProjectStatus::Finished {
            self.finished_at = Some(shared::time::now_rfc3339());
        }
        self.status = status;
        Ok(())
    }

    /// Whether `user_id` works on it or is its client.
    pub fn involves(&self, user_id: u64) -> bool {
        self.members.contains(&user_id) || self.clients.contains(&user_id)
    }
}

/// `ids` checked as users (or client users) of the workspace, when sent.
async fn people(cx: Cx<'_>, field: &str, ids: Option<Vec<u64>>, clients: bool) -> Result<Option<Vec<u64>>, ApiError> {
    match ids {
        Some(ids) => Ok(Some(
            records::check_users(cx.store(), cx.tenant(), field, ids, clients, MAX_PEOPLE).await?,
        )),
        None => Ok(None),
    }
}

/// `GET /api/get-projects`: the projects the caller is a member of.
pub async fn my_projects(
    caller: Caller,
    listing: Listing<shared::resource::NoFilters>,
) -> Result<Json<ListResponse<Project>>, ApiError> {
    let cx = caller.cx();
    let mine = Listing {
        params: listing.params,
        filters: ProjectFilters {
            member: Some(cx.user_id),
            ..ProjectFilters::default()
        },
    };
    Ok(Json(index::list::<Project, _>(cx, &mine, None).await?.records()?))
}

/// Body of `POST /api/project/client/invite`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"project_id": 1, "client_id": 4}))]
pub struct InviteIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
    /// A client user of the workspace.
    #[schemars(required, transform = shared::http::schema::id)]
    pub client_id: Option<u64>,
}

/// `POST /api/project/client/invite`: adds a client user to a project (once).
pub async fn invite_client(caller: Caller, ValidJson(input): ValidJson<InviteIn>) -> Result<Json<Project>, ApiError> {
    let cx = caller.cx();
    let mut errors = FieldErrors::default();
    let project_id = errors.required("project_id", input.project_id);
    let client_id = errors.required("client_id", input.client_id);
    let (project_id, client_id) = errors.finish((project_id, client_id))?;
    let current = ops::check_reference::<Project>(cx, "project_id", project_id).await?;
    records::check_users(cx.store(), cx.tenant(), "client_id", vec![client_id], true, 1).await?;
    if current.clients.contains(&client_id) {
        return Ok(Json(current));
    }
    if current.clients.len() >= MAX_PEOPLE {
        return Err(ApiError::limit_reached(format!(
            "A project has at most {MAX_PEOPLE} clients; remove one first."
        )));
    }
    let mut after = current.clone();
    after.clients.push(client_id);
    Ok(Json(ops::save(cx, &current, after, Vec::new()).await?))
}

/// `?project_id=` of the member and client removals.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct OfProject {
    /// The project to take them off.
    #[schemars(required, transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
}

/// Which list a removal takes a user off.
#[derive(Clone, Copy)]
enum People {
    Members,
    Clients,
}

async fn remove_person(cx: Cx<'_>, query: OfProject, user_id: u64, list: People) -> Result<Project, ApiError> {
    if records::load_users(cx.store(), cx.tenant(), &[user_id])
        .await?
        .is_empty()
    {
        return Err(ApiError::not_found("User"));
    }
    let project_id = FieldErrors::check_required(|e| e.required("project_id", query.project_id))?;
    let current = ops::check_reference::<Project>(cx, "project_id", project_id).await?;
    let (held, what) = match list {
        People::Members => (&current.members, "a member"),
        People::Clients => (&current.clients, "a client"),
    };
    if !held.contains(&user_id) {
        return Err(ApiError::not_found(&format!(
            "User {user_id} as {what} of project {project_id}"
        )));
    }
    let mut after = current.clone();
    match list {
        People::Members => after.members.retain(|u| *u != user_id),
        People::Clients => after.clients.retain(|u| *u != user_id),
    }
    ops::save(cx, &current, after, Vec::new()).await
}

/// `DELETE /api/project/member/delete/{id}?project_id=`: user `{id}` leaves the project.
pub async fn remove_member(
    caller: Caller,
    ValidPath(user_id): ValidPath<u64>,
    ValidQuery(query): ValidQuery<OfProject>,
) -> Result<Json<Project>, ApiError> {
    Ok(Json(remove_person(caller.cx(), query, user_id, People::Members).await?))
}

/// `DELETE /api/project/client/delete/{id}?project_id=`: client user `{id}` leaves the project.
pub async fn remove_client(
    caller: Caller,
    ValidPath(user_id): ValidPath<u64>,
    ValidQuery(query): ValidQuery<OfProject>,
) -> Result<Json<Project>, ApiError> {
    Ok(Json(remove_person(caller.cx(), query, user_id, People::Clients).await?))
}

/// `?project_id=` of `GET /api/project/clients`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ClientsFilters {
    /// Only this project's clients.
    #[schemars(transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
}

/// `GET /api/project/clients`: the workspace's client users (whom a project can invite), or with
/// `project_id` that project's (at most 100, by key; none for a project that does not exist).
pub async fn list_clients(
    caller: Caller,
    listing: Listing<ClientsFilters>,
) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    let cx = caller.cx();
    let Some(project_id) = listing.filters.project_id else {
        let everyone = Listing {
            params: listing.params,
            filters: UserFilters::default(),
        };
        return Ok(Json(
            users::list_filtered(cx.services, cx.tenant(), &everyone, Some(Role::Client)).await?,
        ));
    };
    if project_id == 0 {
        return Err(ApiError::invalid("project_id", "Ids are positive integers."));
    }
    // Like any list filter: a project that does not exist has no clients.
    let clients_of = ops::find::<Project>(cx, project_id)
        .await?
        .map(|p| p.clients)
        .unwrap_or_default();
    let keys: Vec<_> = clients_of
        .iter()
        .map(|id| records::user_key(cx.tenant(), *id))
        .collect();
    let mut clients: Vec<UserOut> = Vec::with_capacity(keys.len());
    for item in cx.store().get_many(&keys).await?.into_iter().flatten() {
        clients.push(UserOut::from(&item.parse::<User>()?));
    }
    Ok(Json(paginate(clients, &listing.params)?))
}
