//! Projects: projects with their members and clients, and the workspace's ordered task and bug
//! stages. Tasks, bugs, milestones, files, reports, the lite module and time tracking build on
//! these (issue 13).

pub mod projects;
pub mod stages;

use async_trait::async_trait;
use identity::users::UserOut;
use shared::auth::Module::Projects;
use shared::module::ModuleDef;
use shared::resource::index::Indexed;
use shared::resource::{Cx, NoFilters};
use shared::routes::{Crud, Op, Routes};
use shared::sandbox::Seeder;
use shared::store::TenantId;
use shared::AppState;

use projects::Project;
use stages::{BugStage, Bugs, OrderIn, TaskStage, Tasks};

pub const MODULE: ModuleDef = ModuleDef {
    function: "projects",
    routes,
    event_types: &[projects::PROJECT_CREATED, projects::PROJECT_COMPLETED],
    seeder: Some(&ProjectsSeeder),
    cascades: &[],
    ledger: None,
};

/// Every projects route, one row each.
pub fn routes() -> Routes {
    Routes::new("Projects")
        .resource::<Project>(
            Crud::new()
                .list("/api/projects")
                .create("/api/projects/create")
                .show("/api/project/show/{id}")
                .update("/api/project/update/{id}")
                .delete("/api/project/delete/{id}"),
        )
        .row(
            Op::get("/api/get-projects", projects::my_projects)
                .read(Projects)
                .query::<NoFilters>()
                .sorts(&["id", "created_at"])
                .list::<Project>()
                .summary("The projects the caller is a member of, newest first"),
        )
        .row(
            Op::post("/api/project/client/invite", projects::invite_client)
                .write(Projects)
                .body::<projects::InviteIn>()
                .ok::<Project>()
                .summary("Add a client user to a project"),
        )
        .row(
            Op::delete("/api/project/client/delete/{id}", projects::remove_client)
                .write(Projects)
                .params::<projects::OfProject>()
                .ok::<Project>()
                .summary("Take client user {id} off the project `project_id`"),
        )
        .row(
            Op::delete("/api/project/member/delete/{id}", projects::remove_member)
                .write(Projects)
                .params::<projects::OfProject>()
                .ok::<Project>()
                .summary("Take member {id} off the project `project_id`"),
        )
        .row(
            Op::get("/api/project/clients", projects::list_clients)
                .read(Projects)
                .query::<projects::ClientsFilters>()
                .sorts(&<identity::users::User as Indexed>::LISTS.sort_names())
                .list::<UserOut>()
                .summary("The workspace's client users, or one project's clients"),
        )
        .resource::<TaskStage>(
            Crud::new()
                .list("/api/project/task-stages")
                .create("/api/project/task-stage/create")
                .update("/api/project/task-stage/update/{id}")
                .delete("/api/project/task-stage/delete/{id}"),
        )
        .row(
            Op::post("/api/project/task-stage/order", stages::reorder::<Tasks>)
                .write(Projects)
                .body::<OrderIn>()
                .ok::<Vec<TaskStage>>()
                .summary("Put the task stages in the order given"),
        )
        .resource::<BugStage>(
            Crud::new()
                .list("/api/project/bug-stages")
                .create("/api/project/bug-stage/create")
                .update("/api/project/bug-stage/update/{id}")
                .delete("/api/project/bug-stage/delete/{id}"),
        )
        .row(
            Op::post("/api/project/bug-stage/order", stages::reorder::<Bugs>)
                .write(Projects)
                .body::<OrderIn>()
                .ok::<Vec<BugStage>>()
                .summary("Put the bug stages in the order given"),
        )
}

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

/// Every workspace starts with the default task and bug stages.
pub struct ProjectsSeeder;

#[async_trait]
impl Seeder for ProjectsSeeder {
    fn name(&self) -> &'static str {
        "projects"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        self.live_defaults(state, tenant).await
    }

    async fn live_defaults(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        stages::defaults(cx).await.map_err(|e| anyhow::anyhow!("{e:?}"))
    }
}
