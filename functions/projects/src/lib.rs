//! Projects: projects with their members and clients, the workspace's ordered task and bug
//! stages, tasks with their subtasks and comments, and milestones. Bugs, files, reports, the lite
//! module and time tracking build on these (issue 13).

pub mod bugs;
pub mod files;
pub mod lite;
pub mod milestones;
pub mod projects;
pub mod reports;
pub mod seed;
pub mod stages;
pub mod tasks;
pub mod timers;
pub mod work;

use async_trait::async_trait;
use identity::users::UserOut;
use shared::auth::Module::Projects;
use shared::http::UPLOAD_BODY_LIMIT;
use shared::module::ModuleDef;
use shared::resource::index::Indexed;
use shared::resource::refs::Cascade;
use shared::resource::{example, Cx, Deleted, NoFilters};
use shared::routes::{Build, Crud, Op, Routes};
use shared::sandbox::Seeder;
use shared::store::TenantId;
use shared::AppState;

use projects::Project;
use stages::{BugStage, Bugs, OrderIn, TaskStage, Tasks};

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "projects",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        projects::PROJECT_CREATED,
        projects::PROJECT_COMPLETED,
        tasks::TASK_CREATED,
        tasks::TASK_ASSIGNED,
        tasks::TASK_STAGE_CHANGED,
        bugs::BUG_CREATED,
    ],
    seeder: Some(&ProjectsSeeder),
    cascades: &[
        Cascade::of::<tasks::Subtask>(),
        Cascade::of::<tasks::TaskComment>(),
        Cascade::of::<bugs::BugComment>(),
        Cascade::of::<timers::Tracker>(),
    ],
    ledger: None,
};

/// Every projects route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Projects")
        .resource::<Project>(
            Crud::new()
                .list("/api/projects")
                .create("/api/projects/create")
                .show("/api/project/show/{id}")
                .update("/api/project/update/{id}")
                .delete("/api/project/delete/{id}").batch_create("/api/project/batch/create").batch_update("/api/project/batch/update").batch_delete("/api/project/batch/delete").import("/api/project/import").export("/api/project/export"),
        )
        .row(
            Op::get("/api/get-projects", projects::my_projects)
                .read(Projects)
                .query::<NoFilters>()
                .sorts(&<Project as Indexed>::LISTS.sort_names())
                .list::<Project>()
                .summary("The projects the caller is a member of"),
        )
        .row(
            Op::post("/api/project/client/invite", projects::invite_client)
                .write(Projects)
                .body::<projects::InviteIn>()
                .ok::<Project>()
                .answers(&[409])
                .summary("Add a client user to a project"),
        )
        .row(
            Op::delete("/api/project/client/delete/{id}", projects::remove_client).names_kind("id", shared::auth::records::USER)
                .write(Projects)
                .params::<projects::OfProject>()
                .ok::<Project>()
                .summary("Take client user {id} off the project `project_id`"),
        )
        .row(
            Op::delete("/api/project/member/delete/{id}", projects::remove_member).names_kind("id", shared::auth::records::USER)
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
                .list("/api/project/task-stages").show("/api/project/task-stages/{id}")
                .create("/api/project/task-stage/create")
                .update("/api/project/task-stage/update/{id}")
                .delete("/api/project/task-stage/delete/{id}").batch_create("/api/project/task-stage/batch/create").batch_update("/api/project/task-stage/batch/update").batch_delete("/api/project/task-stage/batch/delete").import("/api/project/task-stage/import").export("/api/project/task-stage/export"),
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
                .list("/api/project/bug-stages").show("/api/project/bug-stages/{id}")
                .create("/api/project/bug-stage/create")
                .update("/api/project/bug-stage/update/{id}")
                .delete("/api/project/bug-stage/delete/{id}").batch_create("/api/project/bug-stage/batch/create").batch_update("/api/project/bug-stage/batch/update").batch_delete("/api/project/bug-stage/batch/delete").import("/api/project/bug-stage/import").export("/api/project/bug-stage/export"),
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
                .delete("/api/project/milestone/delete/{id}").batch_create("/api/project/milestone/batch/create").batch_update("/api/project/milestone/batch/update").batch_delete("/api/project/milestone/batch/delete").import("/api/project/milestone/import"),
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
            Op::get("/api/project/milestones/{id}", milestones::show_milestone)
                .names::<milestones::Milestone>("id")
                .read(Projects)
                .ok::<milestones::MilestoneOut>()
                .summary("Show a milestone with its progress from its tasks"),
        )
        .row(
            Op::post("/api/project/{id}/task/create", work::create::<tasks::Task>)
                .names::<projects::Project>("id")
                .write(Projects)
                .body::<tasks::TaskIn>()
                .created::<tasks::Task>()
                .creates::<tasks::Task>()
                .example_path(format!("/api/project/{}/task/create", example::id_of::<projects::Project>().as_str().unwrap_or_default()))
                .example(serde_json::json!({
                    "title": "Draft the launch checklist", "priority": "high", "assigned_to": [example::user()],
                    "start_date": "2026-05-04", "due_date": "2026-05-08",
                    "description": "Everything that must be true before the doors open."
                }))
                .summary("Create a task of project {id}"),
        )
        .row(
            Op::post("/api/project/{id}/task/update/{task_id}", work::update::<tasks::Task>).names::<projects::Project>("id").names::<tasks::Task>("task_id")
                .write(Projects)
                .body::<tasks::TaskPatch>()
                .ok::<tasks::Task>()
                .summary("Change a task of project {id} (its stage, assignees, ...)"),
        )
        .row(
            Op::delete(
                "/api/project/{project_id}/task/delete/{task_id}",
                work::delete::<tasks::Task>,
            ).names::<projects::Project>("project_id").names::<tasks::Task>("task_id")
            .write(Projects)
            .ok::<Deleted>()
            .summary("Delete a task with its subtasks and comments"),
        )
        .row(
            Op::get("/api/project/task/show/{id}", tasks::show_task).names::<tasks::Task>("id")
                .read(Projects)
                .ok::<tasks::TaskDetail>()
                .summary("A task with its subtasks and comments"),
        )
        .row(
            Op::get("/api/project/{id}/task-board", tasks::task_board).names::<projects::Project>("id")
                .read(Projects)
                .ok::<tasks::TaskBoard>()
                .summary("A project's tasks by stage, with counts"),
        )
        .row(
            Op::post(
                "/api/project/task/{task_id}/comment/create",
                work::create_comment::<tasks::Task>,
            ).names::<tasks::Task>("task_id")
            .write(Projects)
            .body::<shared::resource::comments::CommentIn>()
            .created::<tasks::TaskComment>()
            .summary("Comment on a task"),
        )
        .resource::<tasks::TaskComment>(Crud::new().delete("/api/project/task/comment/delete/{comment_id}").batch_delete("/api/project/task/comment/batch/delete"))
        .row(
            Op::post("/api/project/task-subtask/create/{task_id}", tasks::create_subtask)
                .names::<tasks::Task>("task_id")
                .write(Projects)
                .body::<tasks::SubtaskIn>()
                .created::<tasks::Subtask>()
                .creates::<tasks::Subtask>()
                .example_path(format!(
                    "/api/project/task-subtask/create/{}",
                    example::id_of::<tasks::Task>().as_str().unwrap_or_default()
                ))
                .example(serde_json::json!({"name": "Book the caterer", "due_date": "2026-05-06", "user_id": example::user()}))
                .summary("Add a subtask to a task"),
        )
        .resource::<tasks::Subtask>(Crud::new().update("/api/project/task-subtask/update/{subtask_id}").batch_update("/api/project/task-subtask/batch/update"))
        .row(
            Op::get("/api/bug-status-list", bugs::bug_statuses)
                .read(Projects)
                .ok::<Vec<BugStage>>()
                .summary("The bug stages in board order (a form's options)"),
        )
        .row(
            Op::post("/api/project/bug/create/{project_id}", work::create::<bugs::Bug>).names::<projects::Project>("project_id")
                .write(Projects)
                .body::<bugs::BugIn>()
                .created::<bugs::Bug>()
                .summary("Report a bug of project {project_id}"),
        )
        .row(
            Op::post(
                "/api/project/{project_id}/bug/update/{bug_id}",
                work::update::<bugs::Bug>,
            ).names::<projects::Project>("project_id").names::<bugs::Bug>("bug_id")
            .write(Projects)
            .body::<bugs::BugPatch>()
            .ok::<bugs::Bug>()
            .summary("Change a bug of project {project_id} (its stage, assignees, ...)"),
        )
        .row(
            Op::delete(
                "/api/project/{project_id}/bug/delete/{bug_id}",
                work::delete::<bugs::Bug>,
            ).names::<projects::Project>("project_id").names::<bugs::Bug>("bug_id")
            .write(Projects)
            .ok::<Deleted>()
            .summary("Delete a bug with its comments"),
        )
        .row(
            Op::get("/api/project/bug/show/{bug_id}", bugs::show_bug).names::<bugs::Bug>("bug_id")
                .read(Projects)
                .ok::<bugs::BugDetail>()
                .summary("A bug with its comments"),
        )
        .row(
            Op::get("/api/project/bug/{project_id}", bugs::bug_board).names::<projects::Project>("project_id")
                .read(Projects)
                .ok::<bugs::BugBoard>()
                .summary("A project's bugs by stage, with counts"),
        )
        .row(
            Op::post(
                "/api/project/bug/{bug_id}/comment/create",
                work::create_comment::<bugs::Bug>,
            ).names::<bugs::Bug>("bug_id")
            .write(Projects)
            .body::<shared::resource::comments::CommentIn>()
            .created::<bugs::BugComment>()
            .summary("Comment on a bug"),
        )
        .resource::<bugs::BugComment>(Crud::new().delete("/api/project/bug/{id}/comment/delete"))
        .row(
            Op::post("/api/project/file/create", files::upload)
                .write(Projects)
                .multipart(&["file", "project_id"], UPLOAD_BODY_LIMIT)
                .created::<files::ProjectFileOut>()
                .answers(&[409])
                .summary("Attach a file to a project"),
        )
        .row(
            Op::delete("/api/project/file/delete/{id}", files::delete).names::<shared::resource::files::AttachedFile<files::OfProject>>("id")
                .write(Projects)
                .ok::<Deleted>()
                .summary("Delete a project's file"),
        )
        .row(
            Op::get("/api/project/file/download/{id}", files::download)
                .names::<shared::resource::files::AttachedFile<files::OfProject>>("id")
                .read(Projects)
                .download()
                .summary("Download a project's file (in the cloud: a redirect to a signed link)"),
        )
        .row(
            Op::get("/api/project/report/{id}", reports::project_report).names::<projects::Project>("id")
                .read(Projects)
                .ok::<reports::ProjectReport>()
                .summary("A project's figures: tasks and bugs by stage, overdue tasks, hours logged, budget spent"),
        )
        .row(
            Op::get("/api/project/reports", reports::project_reports)
                .read(Projects)
                .query::<projects::ProjectFilters>()
                .sorts(&<Project as Indexed>::LISTS.sort_names())
                .list::<reports::ProjectReport>()
                .summary("Projects, each with its figures"),
        )
        .row(
            Op::post("/api/tracker-login", timers::sign_in)
                .read(Projects)
                .ok::<timers::TrackerSession>()
                .summary("The time-tracker app's start: the caller, their running timer, projects and tasks"),
        )
        .row(
            Op::post("/api/add-tracker", timers::start)
                .write(Projects)
                .body::<timers::StartIn>()
                .created::<timers::Started>()
                .summary("Start the caller's timer on a task (stopping the one running)"),
        )
        .row(
            Op::post("/api/stop-tracker", timers::stop_running)
                .write(Projects)
                .optional_body::<timers::StopIn>()
                .ok::<timers::Tracker>()
                .answers(&[409])
                .summary("Stop the caller's running timer; its time adds to the task and project"),
        )
        .merge(lite_routes())
}

/// The lite module's routes: the same records and operations, RPC-style.
fn lite_routes<B: Build>() -> Routes<B> {
    Routes::new("Projects (lite)")
        .row(
            Op::get("/api/lite/home", lite::home)
                .read(Projects)
                .ok::<lite::LiteHome>()
                .summary("Counts, the caller's running timer and the newest projects"),
        )
        .row(
            Op::post("/api/lite/project-activity", lite::project_activity)
                .read(Projects)
                .body::<lite::ProjectIdIn>()
                .ok::<Vec<lite::ActivityItem>>()
                .answers(&[404])
                .summary("A project's latest tasks, bugs, files and logged time, newest first"),
        )
        .row(
            Op::post("/api/lite/project-create-update", lite::project_create_update)
                .write(Projects)
                .upsert_body::<projects::ProjectIn, projects::ProjectPatch>()
                .ok_or_created::<Project>()
                .answers(&[404, 409])
                .summary("Create a project, or update it when `id` is given"),
        )
        .row(
            Op::post("/api/lite/project-delete", lite::project_delete)
                .write(Projects)
                .body::<lite::IdIn>()
                .ok::<Deleted>()
                .answers(&[404, 409])
                .summary("Delete project `id` (one without tasks, bugs, milestones or files)"),
        )
        .row(
            Op::post("/api/lite/project-details", lite::project_details)
                .read(Projects)
                .body::<lite::IdIn>()
                .ok::<lite::LiteProjectDetails>()
                .answers(&[404])
                .summary("Project `id` with its task board and files"),
        )
        .row(
            Op::delete("/api/lite/project-file-delete/{id}", files::delete)
                .names::<shared::resource::files::AttachedFile<files::OfProject>>("id")
                .write(Projects)
                .ok::<Deleted>()
                .summary("Delete a project's file"),
        )
        .row(
            Op::post("/api/lite/project-file-upload", files::upload)
                .write(Projects)
                .multipart(&["file", "project_id"], UPLOAD_BODY_LIMIT)
                .created::<files::ProjectFileOut>()
                .answers(&[409])
                .summary("Attach a file to a project"),
        )
        .row(
            Op::post("/api/lite/project-list", lite::project_list)
                .read(Projects)
                .optional_body::<lite::ProjectListIn>()
                .list::<Project>()
                .summary("Projects, filtered and paged by the body"),
        )
        .row(
            Op::post("/api/lite/project-status-update", lite::project_status_update)
                .write(Projects)
                .body::<lite::StatusIn>()
                .ok::<Project>()
                .answers(&[404, 409])
                .summary("Move project `id` to `status` (`ongoing ↔ on_hold → finished`)"),
        )
        .resource::<Project>(Crud::new().list("/api/lite/projects"))
        .row(
            Op::get("/api/lite/projects/{project}/tasks", lite::project_tasks)
                .names::<projects::Project>("project")
                .read(Projects)
                .query::<NoFilters>()
                .sorts(&<tasks::Task as Indexed>::LISTS.sort_names())
                .list::<tasks::Task>()
                .summary("A project's tasks, paged"),
        )
        .row(
            Op::post("/api/lite/task-create-update", lite::task_create_update)
                .write(Projects)
                .upsert_body::<lite::NewTaskIn, lite::TaskChangeIn>()
                .ok_or_created::<tasks::Task>()
                .answers(&[404, 409])
                .summary("Create a task of `project_id`, or update task `id`"),
        )
        .row(
            Op::post("/api/lite/task-delete", lite::task_delete)
                .write(Projects)
                .body::<lite::IdIn>()
                .ok::<Deleted>()
                .answers(&[404, 409])
                .summary("Delete task `id` with its subtasks, comments and logged time"),
        )
        .row(
            Op::post("/api/lite/task-details", lite::task_details)
                .read(Projects)
                .body::<lite::IdIn>()
                .ok::<tasks::TaskDetail>()
                .answers(&[404])
                .summary("Task `id` with its subtasks, comments and logged time"),
        )
        .row(
            Op::post("/api/lite/task-list", lite::task_list)
                .read(Projects)
                .optional_body::<lite::TaskListIn>()
                .list::<tasks::Task>()
                .summary("Tasks of a project (and stage) or assignee, paged"),
        )
        .row(
            Op::post("/api/lite/task-stage-update", lite::task_stage_update)
                .write(Projects)
                .body::<lite::TaskStageIn>()
                .ok::<tasks::Task>()
                .answers(&[404, 409])
                .summary("Move task `id` to stage `stage_id`"),
        )
        .row(
            Op::post("/api/lite/taskboard", lite::taskboard)
                .read(Projects)
                .body::<lite::ProjectIdIn>()
                .ok::<tasks::TaskBoard>()
                .answers(&[404])
                .summary("A project's tasks by stage, with counts"),
        )
        .row(
            Op::get("/api/lite/users", lite::users)
                .read(Projects)
                .query::<identity::users::UserFilters>()
                .sorts(&<identity::users::User as Indexed>::LISTS.sort_names())
                .list::<UserOut>()
                .summary("The workspace's users, to pick members and assignees from"),
        )
}

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

/// Every workspace starts with the default task and bug stages; a sandbox also with demo projects
/// ([`seed`]).
pub struct ProjectsSeeder;

#[async_trait]
impl Seeder for ProjectsSeeder {
    fn name(&self) -> &'static str {
        "projects"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        self.live_defaults(state, tenant).await?;
        let cx = Cx::system(state, tenant, OWNER);
        seed::seed_projects(cx, chrono::Utc::now().date_naive())
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))
    }

    async fn live_defaults(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        stages::defaults(cx).await.map_err(|e| anyhow::anyhow!("{e:?}"))
    }
}
