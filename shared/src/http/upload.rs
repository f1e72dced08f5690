//! Reading one file out of a `multipart/form-data` upload, within the upload limit.

use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::Multipart;
use bytes::Bytes;

use super::{ApiError, UPLOAD_BODY_LIMIT};

/// The uploaded file and the form's other text fields.
pub struct Upload {
    pub bytes: Bytes,
    /// The name the client gave the file, if any.
    pub file_name: Option<String>,
    /// The content type the client declared, if any.
    pub content_type: Option<String>,
    /// Other text fields of the form, by name.
    pub fields: Vec<(String, String)>,
}

fn multipart_error(e: MultipartError, limit: usize) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        too_large(limit)
    } else {
        ApiError::invalid("file", format!("The upload could not be read: {}.", e.body_text()))
    }
}

fn too_large(limit: usize) -> ApiError {
    ApiError::PayloadTooLarge(format!("A file may be at most {} MiB.", limit / (1024 * 1024)))
}

/// Reads the first part named one of `names` as the file (422 on `names[0]` when missing or empty,
/// 413 over the upload limit). Every part is read to its end, even past the limit (up to the
/// route's transport cap), so a refusal reaches the client instead of a reset connection.
pub async fn read_upload(multipart: Result<Multipart, MultipartRejection>, names: &[&str]) -> Result<Upload, ApiError> {
    read_upload_within(multipart, names, UPLOAD_BODY_LIMIT).await
}

/// [`read_upload`] for a route whose files may be up to `limit` bytes (the route's body limit).
pub async fn read_upload_within(
    multipart: Result<Multipart, MultipartRejection>,
    names: &[&str],
    limit: usize,
) -> Result<Upload, ApiError> {
    let field_name = names.first().copied().unwrap_or("file");
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(format!(
            "Send the file as `multipart/form-data` in a field named `{field_name}`."
        ))
    })?;
    let mut file: Option<(Vec<u8>, Option<String>, Option<String>)> = None;
    let mut fields = Vec::new();
    let mut too_large = false;
    while let Some(mut field) = multipart.next_field().await.map_err(|e| multipart_error(e, limit))? {
        let name = field.name().unwrap_or_default().to_string();
        let wanted = file.is_none() && names.contains(&name.as_str());
        let file_name = field.file_name().map(str::to_string);
        let content_type = field.content_type().map(str::to_string);
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(e, limit))? {
            if !too_large {
                bytes.extend_from_slice(&chunk);
                too_large = bytes.len() > limit;
            }
        }
        if wanted {
            file = Some((bytes, file_name, content_type));
        } else if !too_large && file_name.is_none() {
            if let Ok(text) = String::from_utf8(bytes) {
                fields.push((name, text));
            }
        }
    }
    if too_large {
        return Err(self::too_large(limit));
    }
    let (bytes, file_name, content_type) =
        file.ok_or_else(|| ApiError::invalid(field_name, format!("The {field_name} field is required.")))?;
    if bytes.is_empty() {
        return Err(ApiError::invalid(field_name, "The file is empty."));
    }
    Ok(Upload {
        bytes: Bytes::from(bytes),
        file_name,
        content_type,
        fields,
    })
}

impl Upload {
    /// Text field `name` of the form, if sent.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The required id field `name` (`project_id`), written as the document says: a whole number
    /// from 1 to 2^63 - 1 (422 on `name` otherwise).
    pub fn id_field(&self, name: &str) -> Result<u64, ApiError> {
        let text = match self.field(name).map(str::trim) {
            None | Some("") => return Err(ApiError::invalid(name, format!("The {name} field is required."))),
            Some(text) => text,
        };
        text.parse::<i64>()
            .ok()
            .filter(|id| *id > 0 && text.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|id| u64::try_from(id).ok())
            .ok_or_else(|| ApiError::invalid(name, format!("`{text}` is not a {}.", name.replace('_', " "))))
    }
}

/// What a file record keeps of an upload whose bytes are in the object store: flattened into
/// the record (`#[serde(flatten)] file: StoredUpload`), shown as its [`FileInfo`].
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct StoredUpload {
    /// The client's name for it, without path separators or control characters.
    pub file_name: String,
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    /// Where the bytes are (internal: never shown).
    #[schemars(skip)]
    pub object_key: String,
}

/// What the API shows of a stored file: everything but where its bytes are.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct FileInfo {
    pub file_name: String,
    pub content_type: String,
    /// Bytes.
    pub size: u64,
}

impl From<StoredUpload> for FileInfo {
    fn from(file: StoredUpload) -> Self {
        Self {
            file_name: file.file_name,
            content_type: file.content_type,
            size: file.size,
        }
    }
}

/// A client's file name made safe to show and to send back in a download.
fn clean_name(name: Option<String>) -> String {
    let name: String = name
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control() && *c != '/' && *c != '\\')
        .take(190)
        .collect();
    if name.trim().is_empty() {
        "file".into()
    } else {
        name
    }
}

/// Puts `upload`'s bytes in the object store under the tenant's `area` (`crm/lead_id`). Store the
/// record after this: a record never points at bytes that were not stored.
pub async fn store_upload(
    state: &crate::AppState,
    tenant: crate::store::TenantId,
    area: &str,
    upload: Upload,
) -> Result<StoredUpload, ApiError> {
    use crate::store::files::{Object, ObjectKey};
    let content_type = upload
        .content_type
        .filter(|c| c.contains('/') && c.len() < 100)
        .unwrap_or_else(|| "application/octet-stream".into());
    let object_key = ObjectKey::new(tenant, &format!("{area}/{}", crate::events::new_message_id()));
    let size = upload.bytes.len() as u64;
    state
        .files()
        .put(
            &object_key,
            Object {
                bytes: upload.bytes,
                content_type: content_type.clone(),
            },
        )
        .await?;
    Ok(StoredUpload {
        file_name: clean_name(upload.file_name),
        content_type,
        size,
        object_key: object_key.as_str().to_owned(),
    })
}

/// Deletes the bytes of a file whose record is gone. A failure leaves unreachable bytes, never a
/// broken record, so it is logged rather than answered.
pub async fn discard_upload(state: &crate::AppState, tenant: crate::store::TenantId, object_key: &str) {
    if let Some(key) = crate::store::files::ObjectKey::stored(tenant, object_key) {
        if let Err(e) = state.files().delete(&key).await {
            tracing::warn!(error = %e, "a deleted file's bytes stayed in the object store");
        }
    }
}
