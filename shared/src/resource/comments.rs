//! Comments on a record (a task's, a bug's): the text and who wrote it, under its parent
//! ([`ParentRef`]). A module declares which kinds of parent take its comments
//! ([`CommentParents`]); the record, its body and its checks are these.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::parent::{children_of, ensure_room_in, parent_filter, Attached, ParentRef, Parents};
use super::{CreatedUnder, Cx, Lists, Meta, NoChange, NoFilters, Ref, Resource};
use crate::auth::Module;
use crate::domain::Text;
use crate::http::{ApiError, FieldErrors};

/// The parents one module's comments live in, and what the module keeps of them.
pub trait CommentParents: Parents + JsonSchema {
    /// The comments' kind (`project_task_comment`).
    const COMMENT_KIND: &'static str;
    const MODULE: Module;
    /// Most comments on one parent (409 `limit_reached` past it); its details show them all.
    const MAX_COMMENTS: usize;
    /// The comments' references to their parents ([`super::parent::cascade_from`]: they go with it).
    const REFS: &'static [Ref<Comment<Self>>];
}

/// Longest comment, in characters.
pub const MAX_COMMENT_CHARS: usize = 5000;

/// A comment on a record.
#[derive(Clone, Debug, Serialize, crate::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "S: CommentParents", rename = "{S}Comment")]
pub struct Comment<S: CommentParents> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub parent: ParentRef<S>,
    pub comment: String,
    /// Who wrote it.
    pub user_id: u64,
}

/// Body of a comment create route.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"comment": "The sitemap is in the shared folder."}))]
pub struct CommentIn {
    #[schemars(required)]
    pub comment: Option<Text<5000>>,
}

impl<S: CommentParents> Attached for Comment<S> {
    type Parents = S;
    fn parent(&self) -> ParentRef<S> {
        self.parent
    }
}

impl<S: CommentParents> Resource for Comment<S> {
    const KIND: &'static str = S::COMMENT_KIND;
    const NAME: &'static str = "Comment";
    const MODULE: Module = S::MODULE;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[parent_filter::<Self>()],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = S::REFS;
    // Written under its parent ([`CreatedUnder`]).
    type In = NoChange;
    type Patch = NoChange;
    type Out = Comment<S>;
    type Filters = NoFilters;
    crate::meta_field!();

    /// Not searched (read under their parent).
    fn search_text(&self) -> String {
        String::new()
    }
}

/// Written by the caller on a parent the route has checked.
impl<S: CommentParents> CreatedUnder for Comment<S> {
    type Parent = ParentRef<S>;
    type Body = CommentIn;

    async fn build_under(cx: Cx<'_>, parent: ParentRef<S>, input: CommentIn) -> Result<Self, ApiError> {
        let comment = FieldErrors::check_required(|e| e.required_text("comment", input.comment))?;
        ensure_room_in::<Self>(cx, parent, S::MAX_COMMENTS).await?;
        Ok(Self {
            meta: Meta::default(),
            parent,
            comment,
            user_id: cx.user_id,
        })
    }
}

/// The comments on `parent` (all of them, at most [`CommentParents::MAX_COMMENTS`]), oldest
/// first: one query.
pub async fn comments_on<S: CommentParents>(cx: Cx<'_>, parent: ParentRef<S>) -> Result<Vec<Comment<S>>, ApiError> {
    children_of::<Comment<S>>(cx, parent, S::MAX_COMMENTS).await
}
