//! Lead-capture widgets: a workspace creates a widget (`/api/v1/widgets`) and embeds its public
//! token in a web form; `GET /api/widget/{token}` gives the form its configuration and
//! `POST /api/widget/lead` turns a submission into a lead. No token is needed, so the public side
//! limits each IP and each widget, drops honeypot submissions, and caps the body size.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use rand::Rng;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::records::{workspace_key, WorkspaceAuthView};
use shared::auth::Module;
use shared::domain::{Color, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ValidJson, ValidPath};
use shared::ratelimit::Limit;
use shared::resource::{ops, Assign, Cx, Id, IndexValue, Lists, Meta, NoFilters, Resource, Services, Sort};
use shared::store::{Condition, GlobalIndex, Item, Key, StoreExt, TenantId, Write};
use shared::AppState;

use crate::leads::LeadBoard;
use crate::leads::{Lead, LeadIn};
use crate::pipelines::{pipeline_or_first, stage_in_pipeline};

/// Largest widget submission accepted (413 above it).
pub const WIDGET_BODY_LIMIT: usize = 16 * 1024;
/// Submissions per hour from one IP address, across widgets.
const PER_IP_PER_HOUR: u32 = 20;
/// Submissions per hour to one widget, from everyone.
const PER_WIDGET_PER_HOUR: u32 = 500;
/// The form fields a widget can show.
const FIELDS: &[&str] = &["name", "email", "phone", "subject", "notes"];

/// Documents `fields` items as one of [`FIELDS`].
fn field_names(schema: &mut schemars::Schema) {
    if let Some(items) = schema.get_mut("items").and_then(|i| i.as_object_mut()) {
        items.insert("enum".into(), serde_json::json!(FIELDS));
    }
}

/// A lead-capture widget.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Widget {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// The public token the embedding form uses (`wgt_...`); not a secret.
    pub token: String,
    pub pipeline_id: u64,
    pub stage_id: u64,
    /// The form's fields, in order; `name` and `email` are always asked.
    pub fields: Vec<String>,
    /// The form's heading.
    pub title: String,
    pub button_text: String,
    /// `#RRGGBB`.
    pub color: Color,
    /// Shown after a submission.
    pub thank_you: String,
    /// A disabled widget answers 404.
    pub active: bool,
}

/// Body of `POST /api/v1/widgets`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"name": "Contact form", "fields": ["phone", "notes"], "color": "#6366F1"}))]
pub struct WidgetIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    /// Defaults to the first pipeline.
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
    /// Defaults to the pipeline's first lead stage.
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// Any of `name`, `email`, `phone`, `subject`, `notes`.
    #[schemars(transform = field_names)]
    pub fields: Option<Vec<String>>,
    pub title: Option<Text<120>>,
    pub button_text: Option<Text<40>>,
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
    pub thank_you: Option<Text<500>>,
}

/// Body of `PATCH /api/v1/widgets/{id}`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct WidgetPatch {
    pub name: Option<Text<120>>,
    #[schemars(transform = field_names)]
    pub fields: Option<Vec<String>>,
    pub title: Option<Text<120>>,
    pub button_text: Option<Text<40>>,
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
    pub thank_you: Option<Text<500>>,
    /// `false` disables the public token at once.
    pub active: Option<bool>,
}

fn token_key(token: &str) -> Key {
    Key::global(GlobalIndex::WidgetToken, token)
}

/// Where a token points.
#[derive(Debug, Serialize, Deserialize)]
struct TokenIndex {
    tenant: TenantId,
    widget_id: u64,
}

/// `wgt_`, the region when the platform has several, and 32 hex digits.
fn new_token(services: &Services) -> String {
    let bytes: [u8; 16] = rand::rng().random();
    format!("{}{}", services.credential_prefix("wgt_"), hex::encode(bytes))
}

fn check_fields(errors: &mut FieldErrors, fields: Option<Vec<String>>) -> Option<Vec<String>> {
    let mut wanted = vec!["name".to_string(), "email".to_string()];
    for field in fields? {
        let field = field.trim().to_lowercase();
        if !FIELDS.contains(&field.as_str()) {
            errors.add("fields", format!("The fields may be: {}.", FIELDS.join(", ")));
            return None;
        }
        if !wanted.contains(&field) {
            wanted.push(field);
        }
    }
    Some(wanted)
}

impl Resource for Widget {
    const KIND: &'static str = "crm_widget";
    const NAME: &'static str = "Widget";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |w| IndexValue::text(&w.name))],
        filters: &[],
        sums: &[],
    };
    type In = WidgetIn;
    type Patch = WidgetPatch;
    type Out = Widget;
    type Filters = NoFilters;

    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: WidgetIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let fields = check_fields(&mut errors, input.fields);
        let title = errors.text("title", input.title);
        let button_text = errors.text("button_text", input.button_text);
        let color = errors.color("color", input.color);
        let thank_you = errors.text("thank_you", input.thank_you);
        let name = errors.finish(name)?;
        let pipeline = pipeline_or_first(cx, "pipeline_id", input.pipeline_id).await?;
        let stage = stage_in_pipeline::<LeadBoard>(cx, Id::of(&pipeline), input.stage_id).await?;
        Ok(Self {
            meta: Meta::default(),
            name,
            token: new_token(cx.services),
            pipeline_id: pipeline.meta.id,
            stage_id: stage.meta.id,
            fields: fields.unwrap_or_else(|| vec!["name".into(), "email".into(), "phone".into(), "notes".into()]),
            title: title.unwrap_or_else(|| "Get in touch".into()),
            button_text: button_text.unwrap_or_else(|| "Send".into()),
            color: color.unwrap_or_else(|| Color::known("#6366F1")),
            thank_you: thank_you.unwrap_or_else(|| "Thank you, we will be in touch.".into()),
            active: true,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: WidgetPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let fields = check_fields(&mut errors, patch.fields);
        let title = errors.text("title", patch.title);
        let button_text = errors.text("button_text", patch.button_text);
        let color = errors.color("color", patch.color);
        let thank_you = errors.text("thank_you", patch.thank_you);
        errors.into_result(())?;
        self.name.assign(name);
        self.fields.assign(fields);
        self.title.assign(title);
        self.button_text.assign(button_text);
        self.color.assign(color);
        self.thank_you.assign(thank_you);
        self.active.assign(patch.active);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        Ok(vec![Write::delete(token_key(&self.token), Condition::Always)])
    }
}

/// `POST /api/v1/widgets` → 201: the widget and its public token's index, in one transaction.
pub async fn create_widget(
    caller: Caller,
    ValidJson(input): ValidJson<WidgetIn>,
) -> Result<(StatusCode, Json<Widget>), ApiError> {
    let cx = caller.cx();
    let mut widget = Widget::build(cx, input).await?;
    widget.meta.id = ops::reserve_id::<Widget>(cx).await?;
    let index = TokenIndex {
        tenant: cx.tenant(),
        widget_id: widget.meta.id,
    };
    let index = Write::put(
        Item::from_value(token_key(&widget.token), &index)?,
        Condition::NotExists,
    );
    let widget = ops::insert_built(cx, widget, vec![index]).await?;
    Ok((StatusCode::CREATED, Json(widget)))
}

/// The active widget behind `token` and the tenant it serves, or 404 (unknown, disabled, or its
/// workspace no longer has the CRM module).
async fn active_widget(state: &AppState, token: &str) -> Result<(TenantId, Widget), ApiError> {
    let gone = || ApiError::NotFound("No active widget has this token.".into());
    if !token.starts_with("wgt_") || token.len() > 64 {
        return Err(gone());
    }
    state.admit_region(token)?;
    let index: TokenIndex = state.store().get_as(&token_key(token)).await?.ok_or_else(gone)?;
    let keys = [
        Key::record(index.tenant, Widget::KIND, index.widget_id),
        workspace_key(index.tenant),
    ];
    let [widget, workspace] = <[Option<Item>; 2]>::try_from(state.store().get_many(&keys).await?)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("a batch read answered the wrong number of items")))?;
    let widget: Widget = widget.ok_or_else(gone)?.parse()?;
    let workspace: WorkspaceAuthView = workspace.ok_or_else(gone)?.parse()?;
    let crm_on = workspace.has_module(Module::Crm);
    if !widget.active || !crm_on || widget.token != token {
        return Err(gone());
    }
    Ok((index.tenant, widget))
}

/// What an embedding form needs to render.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WidgetConfig {
    pub token: String,
    pub fields: Vec<WidgetField>,
    pub title: String,
    pub button_text: String,
    pub color: Color,
    pub thank_you: String,
    /// Where to send the form: `POST` a JSON object of the fields plus `token`.
    pub submit_url: String,
}

/// One form field.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WidgetField {
    pub name: String,
    pub label: String,
    /// `text`, `email`, `tel` or `textarea`.
    #[serde(rename = "type")]
    pub input_type: String,
    pub required: bool,
}

fn field(name: &str) -> WidgetField {
    let (label, input_type) = match name {
        "email" => ("E-mail", "email"),
        "phone" => ("Phone", "tel"),
        "subject" => ("Subject", "text"),
        "notes" => ("Message", "textarea"),
        _ => ("Name", "text"),
    };
    WidgetField {
        name: name.into(),
        label: label.into(),
        input_type: input_type.into(),
        required: matches!(name, "name" | "email"),
    }
}

/// `GET /api/widget/{token}`: an active widget's configuration (public).
pub async fn show_widget(
    State(state): State<AppState>,
    ValidPath(token): ValidPath<String>,
) -> Result<Json<WidgetConfig>, ApiError> {
    let (_, widget) = active_widget(&state, &token).await?;
    Ok(Json(WidgetConfig {
        fields: widget.fields.iter().map(|f| field(f)).collect(),
        token: widget.token,
        title: widget.title,
        button_text: widget.button_text,
        color: widget.color,
        thank_you: widget.thank_you,
        submit_url: "/api/widget/lead".into(),
    }))
}

/// Body of `POST /api/widget/lead`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"token": "wgt_0123456789abcdef0123456789abcdef", "name": "Visitor", "email": "visitor@example.com", "notes": "Please call me"}))]
pub struct WidgetLeadIn {
    /// The widget's public token.
    #[schemars(required)]
    pub token: Option<String>,
    #[schemars(required)]
    pub name: Option<Text<190>>,
    #[schemars(required, transform = shared::http::schema::email)]
    pub email: Option<String>,
    /// Phone, subject and notes are kept only when the widget asks for them (and then checked as
    /// a lead's are).
    pub phone: Option<String>,
    pub subject: Option<String>,
    pub notes: Option<String>,
    /// Leave empty: a hidden field people never fill and bots do. Not documented: a form that
    /// fills it is answered 201 and dropped, whatever else it holds.
    #[schemars(skip)]
    pub website: Option<String>,
}

/// Answer of `POST /api/widget/lead`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WidgetThanks {
    pub message: String,
}

async fn take(state: &AppState, bucket: String, per_hour: u32) -> Result<(), ApiError> {
    let limit = Limit {
        per_window: per_hour,
        window: Duration::from_secs(3600),
    };
    let decision = state.limiter().check(&bucket, limit).await;
    if decision.allowed {
        Ok(())
    } else {
        Err(ApiError::RateLimited {
            message: format!("Too many submissions; retry in {} seconds.", decision.retry_after_secs),
            retry_after_secs: decision.retry_after_secs,
        })
    }
}

/// `POST /api/widget/lead` (public) → 201: a lead in the widget's workspace, pipeline and stage.
pub async fn submit_lead(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<WidgetLeadIn>,
) -> Result<(StatusCode, Json<WidgetThanks>), ApiError> {
    let token = body
        .token
        .clone()
        .ok_or_else(|| ApiError::invalid("token", "The token field is required."))?;
    let (tenant, widget) = active_widget(&state, &token).await?;
    take(&state, format!("widget-ip:{ip}"), PER_IP_PER_HOUR).await?;
    take(&state, format!("widget:{}", widget.meta.id), PER_WIDGET_PER_HOUR).await?;
    let thanks = Json(WidgetThanks {
        message: widget.thank_you.clone(),
    });
    // A filled honeypot is a bot: it gets the same answer and nothing is stored.
    if body.website.as_deref().is_some_and(|w| !w.trim().is_empty()) {
        return Ok((StatusCode::CREATED, thanks));
    }
    let asked = |f: &str, value: Option<String>| value.filter(|_| widget.fields.iter().any(|w| w == f));
    let input = LeadIn {
        name: body.name,
        email: body.email,
        phone: asked("phone", body.phone).map(Into::into),
        subject: Some(
            asked("subject", body.subject)
                .unwrap_or_else(|| format!("From the {} form", widget.name))
                .into(),
        ),
        notes: asked("notes", body.notes).map(Into::into),
        pipeline_id: Some(widget.pipeline_id),
        stage_id: Some(widget.stage_id),
        ..LeadIn::default()
    };
    // The workspace owner (user 1) owns leads that arrive by widget.
    ops::insert::<Lead>(Cx::system(&state, tenant, 1), input, Vec::new()).await?;
    Ok((StatusCode::CREATED, thanks))
}
