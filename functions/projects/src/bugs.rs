//! Bugs: a project's defects on the bug board, with comments. The same shape as tasks on the
//! workspace's bug stages (the first by default; done while in the done column), assigned to
//! members of the project; `bug.created` in the bug's own transaction. Creating, changing,
//! deleting, commenting and the board are [`crate::work`]'s, shared with tasks.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidPath};
use shared::resource::comments::{comments_on, Comment, CommentParents};
use shared::resource::index::IndexValue;
use shared::resource::parent::{cascade_from, ParentKind, ParentRef, Parents};
use shared::resource::{
    ops, Assign, CreatedUnder, Cx, Events, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource, Sort,
};

use crate::projects::Project;
use crate::stages::{self, BugStage, Bugs};
use crate::work::{self, assignees, column, stage_or_first, OnBoard, Priority, MAX_ASSIGNEES};

pub const BUG_CREATED: EventType = EventType::new("bug.created", "A bug was reported.").with_record::<Bug>();

pub type BugComment = Comment<Bugs>;

/// A bug's comments live on it and go with it.
impl Parents for Bugs {
    const ALL: &'static [ParentKind] = &[ParentKind::of::<Bug>("bug_id")];
}

impl CommentParents for Bugs {
    const COMMENT_KIND: &'static str = "project_bug_comment";
    const MODULE: Module = Module::Projects;
    const MAX_COMMENTS: usize = work::MAX_COMMENTS;
    const REFS: &'static [Ref<BugComment>] = &[cascade_from::<BugComment, 0>()];
}

/// A bug of a project.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Bug {
    #[serde(flatten)]
    pub meta: Meta,
    pub project_id: u64,
    pub title: String,
    pub priority: Priority,
    /// Members of the project working on it.
    pub assigned_to: Vec<u64>,
    pub stage_id: u64,
    pub description: Option<String>,
}

/// Body of `POST /api/project/bug/create/{project_id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"title": "Login button does nothing on Safari", "priority": "high", "assigned_to": [1]}))]
pub struct BugIn {
    #[schemars(required)]
    pub title: Option<Text<190>>,
    /// Defaults to `medium`.
    pub priority: Option<Priority>,
    /// Members of the project.
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_ASSIGNEES>)]
    pub assigned_to: Option<Vec<u64>>,
    /// A bug stage; defaults to the first.
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    pub description: Option<Text<5000>>,
}

/// Body of `POST /api/project/{project_id}/bug/update/{bug_id}`: absent fields stay;
/// `assigned_to` replaces the list; `stage_id` moves it.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct BugPatch {
    pub title: Option<Text<190>>,
    pub priority: Option<Priority>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_ASSIGNEES>)]
    pub assigned_to: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<5000>>")]
    pub description: Option<Option<Text<5000>>>,
}

impl Resource for Bug {
    const KIND: &'static str = "project_bug";
    const NAME: &'static str = "Bug";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("title", |b| IndexValue::text(&b.title))],
        filters: &[
            Filter::<Self>::one("project_id", |b| IndexValue::id(b.project_id)),
            Filter::<Self>::one("column", |b| column(b.project_id, b.stage_id)),
            Filter::<Self>::many("assignee", |b| {
                b.assigned_to.iter().map(|u| IndexValue::id(*u)).collect()
            }),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Project as Resource>::KIND, |b| vec![b.project_id]),
        Ref::to(<BugStage as Resource>::KIND, |b| vec![b.stage_id]),
    ];
    const EVENTS: Events = Events {
        created: Some(BUG_CREATED),
        updated: None,
        deleted: None,
    };
    type In = NoChange;
    type Patch = BugPatch;
    type Out = Bug;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn apply(&mut self, cx: Cx<'_>, patch: BugPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title);
        let description = patch.description.map(|d| errors.text("description", d));
        errors.into_result(())?;
        if let Some(ids) = patch.assigned_to {
            let project = ops::load::<Project>(cx, self.project_id).await?;
            self.assigned_to = assignees(&project, ids)?;
        }
        if let Some(stage_id) = patch.stage_id {
            self.stage_id = stage_or_first::<Bugs>(cx, Some(stage_id)).await?.meta.id;
        }
        self.title.assign(title);
        self.priority.assign(patch.priority);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }
}

/// Created under its project ([`crate::work::create`]).
impl CreatedUnder for Bug {
    type Parent = u64;
    type Body = BugIn;

    async fn build_under(cx: Cx<'_>, project_id: u64, input: BugIn) -> Result<Self, ApiError> {
        // The project of the path first: an unknown one is 404 whatever the body.
        let project = ops::load::<Project>(cx, project_id).await?;
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let description = errors.text("description", input.description);
        let title = errors.finish(title)?;
        let assigned_to = assignees(&project, input.assigned_to.unwrap_or_default())?;
        let stage = stage_or_first::<Bugs>(cx, input.stage_id).await?;
        Ok(Self {
            meta: Meta::default(),
            project_id,
            title,
            priority: input.priority.unwrap_or(Priority::Medium),
            assigned_to,
            stage_id: stage.meta.id,
            description,
        })
    }
}

impl OnBoard for Bug {
    type Board = Bugs;
    fn project_id(&self) -> u64 {
        self.project_id
    }
    fn stage_id(&self) -> u64 {
        self.stage_id
    }
}

/// `GET /api/bug-status-list`: the bug stages in board order (a form's options).
pub async fn bug_statuses(caller: Caller) -> Result<Json<Vec<BugStage>>, ApiError> {
    Ok(Json(stages::board::<Bugs>(caller.cx()).await?))
}

/// A bug with its comments.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BugDetail {
    #[serde(flatten)]
    pub bug: Bug,
    /// Whether its stage is the board's done column.
    pub done: bool,
    pub comments: Vec<BugComment>,
}

/// `GET /api/project/bug/show/{bug_id}`.
pub async fn show_bug(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<BugDetail>, ApiError> {
    let cx = caller.cx();
    let bug = ops::load::<Bug>(cx, id).await?;
    let (done, comments) = futures::try_join!(
        work::is_done::<Bugs>(cx, bug.stage_id),
        comments_on::<Bugs>(cx, ParentRef::only(id))
    )?;
    Ok(Json(BugDetail { bug, done, comments }))
}

/// One column of a bug board.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BugColumn {
    pub stage: BugStage,
    /// All the project's bugs in the stage.
    pub count: u64,
    /// The first 50 of them, oldest first.
    pub bugs: Vec<Bug>,
}

/// Answer of `GET /api/project/bug/{project_id}`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BugBoard {
    pub project_id: u64,
    pub columns: Vec<BugColumn>,
    /// Bugs of the project.
    pub total: u64,
    /// Of those, the ones in the done column.
    pub done: u64,
}

/// `GET /api/project/bug/{project_id}`: the project's bugs by stage, with counts.
pub async fn bug_board(caller: Caller, ValidPath(project_id): ValidPath<u64>) -> Result<Json<BugBoard>, ApiError> {
    let cx = caller.cx();
    ops::load::<Project>(cx, project_id).await?;
    let board = work::columns::<Bug>(cx, project_id).await?;
    Ok(Json(BugBoard {
        project_id,
        columns: board
            .columns
            .into_iter()
            .map(|c| BugColumn {
                stage: c.stage,
                count: c.count,
                bugs: c.items,
            })
            .collect(),
        total: board.total,
        done: board.done,
    }))
}
