//! Projects: projects with their members and clients, the workspace's ordered task and bug
//! stages, tasks with their subtasks and comments, and milestones. Bugs, files, reports, the lite
//! module and time tracking build on these (issue 13).

pub mod milestones;
pub mod projects;
pub mod stages;
pub mod tasks;

use async_trait::async_trait;
use identity::users::UserOut;
use shared::auth::Module::Projects;
use shared::module::ModuleDef;
use shared::resource::index::Indexed;
use shared::resource::refs::Cascade;
use shared::resource::{Cx, Deleted, NoFilters};
use shared::routes::{Crud, Op, Routes};
use shared::sandbox::Seeder;
use shared::store::TenantId;
use shared::AppState;

use projects::Project;
use stages::{BugStage, Bugs, OrderIn, TaskStage, Tasks};

pub const MODULE: ModuleDef = ModuleDef {
    function: "projects",
    routes,
    event_types: &[
        projects::PROJECT_CREATED,
        projects::PROJECT_COMPLETED,
        tasks::TASK_CREATED,
        tasks::TASK_ASSIGNED,
        tasks::TASK_STAGE_CHANGED,
    ],
    seeder: Some(&ProjectsSeeder),
    cascades: &[Cascade::of::<tasks::Subtask>(), Cascade::of::<tasks::TaskComment>()],
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
        .resource::<milestones::Milestone>(
            Crud::new()
                .create("/api/project/milestone/create")
                .update("/api/project/milestone/update/{id}")
                .delete("/api/project/milestone/delete/{id}"),
        )
        .row(
            Op::get("/api/project/milestones", milestones::list_milestones)
                .read(Projects)
                .query::<milestones::MilestoneFilters>()
                .sorts(&<milestones::Milestone as Indexed>::LISTS.sort_names())
                .list::<milestones::MilestoneOut>()
                .summary("Milestones (of a project with `project_id`), each with its progress from its tasks"),
        )
        .row(
            Op::post("/api/project/{id}/task/create", tasks::create_task)
                .write(Projects)
                .body::<tasks::TaskIn>()
                .created::<tasks::Task>()
                .summary("Create a task of project {id}"),
        )
        .row(
            Op::post("/api/project/{id}/task/update/{task_id}", tasks::update_task)
                .write(Projects)
                .body::<tasks::TaskPatch>()
                .ok::<tasks::Task>()
                .summary("Change a task of project {id} (its stage, assignees, ...)"),
        )
        .row(
            Op::delete("/api/project/{project_id}/task/delete/{task_id}", tasks::delete_task)
                .write(Projects)
                .ok::<Deleted>()
                .summary("Delete a task with its subtasks and comments"),
        )
        .row(
            Op::get("/api/project/task/show/{id}", tasks::show_task)
                .read(Projects)
                .ok::<tasks::TaskDetail>()
                .summary("A task with its subtasks and comments"),
        )
        .row(
            Op::get("/api/project/{id}/task-board", tasks::task_board)
                .read(Projects)
                .ok::<tasks::TaskBoard>()
                .summary("A project's tasks by stage, with counts"),
        )
        .row(
            Op::post("/api/project/task/{task_id}/comment/create", tasks::create_comment)
                .write(Projects)
                .body::<tasks::CommentIn>()
                .created::<tasks::TaskComment>()
                .summary("Comment on a task"),
        )
        .resource::<tasks::TaskComment>(Crud::new().delete("/api/project/task/comment/delete/{comment_id}"))
        .row(
            Op::post("/api/project/task-subtask/create/{task_id}", tasks::create_subtask)
                .write(Projects)
                .body::<tasks::SubtaskIn>()
                .created::<tasks::Subtask>()
                .summary("Add a subtask to a task"),
        )
        .resource::<tasks::Subtask>(Crud::new().update("/api/project/task-subtask/update/{subtask_id}"))
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
