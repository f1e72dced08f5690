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

/// The raster types an upload asked to be an image may be (an SVG could carry script), by the
/// type their bytes say: its content type and the client's other names for it.
const IMAGE_TYPES: [(image::ImageFormat, &str, &[&str]); 4] = [
    (image::ImageFormat::Png, "image/png", &[]),
    (image::ImageFormat::Jpeg, "image/jpeg", &["image/jpg", "image/pjpeg"]),
    (image::ImageFormat::Gif, "image/gif", &[]),
    (image::ImageFormat::WebP, "image/webp", &[]),
];

/// What decoding an uploaded image may take: 5 MiB of compressed bytes can ask for gigabytes.
fn image_limits() -> image::Limits {
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(12_000);
    limits.max_image_height = Some(12_000);
    limits.max_alloc = Some(256 * 1024 * 1024);
    limits
}

impl Upload {
    /// The upload as an image (a photo, a logo): its content type, taken from its bytes, once the
    /// whole image decodes as that type and the client declared that type or none
    /// (`application/octet-stream`). 422 on `field` otherwise: HTML behind a PNG signature, a
    /// GIF sent as `image/png`, a truncated file.
    pub fn image(&self, field: &str) -> Result<&'static str, ApiError> {
        let refused = |why: &str| {
            ApiError::invalid(
                field,
                format!("The {field} must be a PNG, JPEG, GIF or WebP image: {why}."),
            )
        };
        let format = image::guess_format(&self.bytes).ok();
        let Some(&(format, content_type, aliases)) = IMAGE_TYPES.iter().find(|(f, _, _)| Some(*f) == format) else {
            return Err(refused("its bytes are none of these"));
        };
        let declared = self
            .content_type
            .as_deref()
            .map(|t| t.split(';').next().unwrap_or_default().trim().to_ascii_lowercase());
        if let Some(declared) = declared.filter(|d| d != "application/octet-stream") {
            if declared != content_type && !aliases.contains(&declared.as_str()) {
                return Err(refused(&format!(
                    "it was sent as {declared} but its bytes are {content_type}"
                )));
            }
        }
        let mut reader = image::ImageReader::with_format(std::io::Cursor::new(&self.bytes[..]), format);
        reader.limits(image_limits());
        match reader.decode() {
            Ok(_) => Ok(content_type),
            Err(image::ImageError::Limits(_)) => Err(refused("it is larger than 12000 pixels a side")),
            Err(_) => Err(refused(&format!("it does not decode as {content_type}"))),
        }
    }

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
    /// While the record is not written yet: its marker (see [`PendingUpload`]).
    #[serde(skip)]
    #[schemars(skip)]
    pub pending: Option<PendingUpload>,
}

impl StoredUpload {
    /// The write that goes in the record's transaction: the bytes have their record.
    pub fn committed(&self) -> Vec<crate::store::Write> {
        self.pending.iter().map(PendingUpload::committed).collect()
    }
}

/// What the API shows of a stored file: everything but where its bytes are, and where to
/// download it.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct FileInfo {
    pub file_name: String,
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    /// This API's route that answers the file (with the caller's token, as the record's own
    /// routes take it): its bytes, or in the cloud a redirect to a short-lived signed link.
    pub download_url: String,
}

impl StoredUpload {
    /// What the API shows of the file whose download route is `download_url`.
    pub fn info(self, download_url: String) -> FileInfo {
        FileInfo {
            file_name: self.file_name,
            content_type: self.content_type,
            size: self.size,
            download_url,
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

/// How long an upload's bytes may wait for their record before the sweep takes them for orphans:
/// longer than any request runs (a Lambda function runs 15 minutes at most).
const PENDING_GRACE_MS: i64 = 3600 * 1000;

/// Bytes stored ahead of their record. Their marker, written before the bytes, is deleted in the
/// transaction that writes the record ([`PendingUpload::committed`]); one left past
/// [`PENDING_GRACE_MS`] names bytes no record will ever point at (the record's write failed, or
/// the process died between the two), and [`sweep_orphan_uploads`] deletes them. No bucket
/// listing, and no record is ever left pointing at deleted bytes.
#[derive(Clone, Debug)]
pub struct PendingUpload {
    marker: crate::store::Key,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct PendingMarker {
    tenant: crate::store::TenantId,
    object_key: String,
}

fn pending_partition() -> crate::store::Partition {
    crate::store::Partition::global(crate::store::GlobalIndex::Due, "upload")
}

impl PendingUpload {
    /// Marks `key`'s bytes as waiting for their record; call before storing them.
    pub async fn begin(
        store: &dyn crate::store::Store,
        tenant: crate::store::TenantId,
        key: &crate::store::files::ObjectKey,
    ) -> Result<Self, ApiError> {
        use crate::store::{Condition, Write};
        let item = marker(tenant, key, crate::time::now_unix_ms() + PENDING_GRACE_MS)?;
        let marker = item.key.clone();
        store.write(Write::put(item, Condition::Always)).await?;
        Ok(Self { marker })
    }

    /// The write that, in the record's transaction, says the bytes have their record.
    pub fn committed(&self) -> crate::store::Write {
        crate::store::Write::delete(self.marker.clone(), crate::store::Condition::Always)
    }
}

/// The marker that has the sweep delete `key`'s bytes from `due_ms` on.
fn marker(
    tenant: crate::store::TenantId,
    key: &crate::store::files::ObjectKey,
    due_ms: i64,
) -> Result<crate::store::Item, ApiError> {
    use sha2::Digest;
    let sort_key = format!(
        "{due_ms:013}#{}",
        hex::encode(sha2::Sha256::digest(key.as_str().as_bytes()))
    );
    let data = PendingMarker {
        tenant,
        object_key: key.as_str().to_owned(),
    };
    Ok(crate::store::Item::from_value(
        crate::store::Key::new(pending_partition(), sort_key),
        &data,
    )?)
}

/// The bytes of a record being deleted (a file's, or those of the files its parent's delete takes
/// along). Their marker, due at once, goes in the delete's transaction ([`ReleasedUpload::write`]),
/// and [`ReleasedUpload::discard`] deletes the bytes once that transaction has committed, then the
/// marker. So bytes never go while a record still names them (a delete that fails leaves both),
/// and should the process die between the commit and the discard, or the object store fail it,
/// the next [`sweep_orphan_uploads`] deletes them.
#[derive(Clone, Debug)]
pub struct ReleasedUpload {
    marker: crate::store::Item,
    key: crate::store::files::ObjectKey,
}

impl ReleasedUpload {
    /// The release of `object_key`'s bytes (`None` for a key outside the tenant, which no record
    /// of it may name: those bytes are not its to delete).
    pub fn new(tenant: crate::store::TenantId, object_key: &str) -> Result<Option<Self>, ApiError> {
        let Some(key) = crate::store::files::ObjectKey::stored(tenant, object_key) else {
            tracing::warn!(object_key, "a record names bytes outside its tenant; they stay");
            return Ok(None);
        };
        let marker = marker(tenant, &key, crate::time::now_unix_ms())?;
        Ok(Some(Self { marker, key }))
    }

    /// The write that goes in the record's delete transaction.
    pub fn write(&self) -> crate::store::Write {
        crate::store::Write::put(self.marker.clone(), crate::store::Condition::Always)
    }

    /// Deletes the bytes, then their marker; call once the delete has committed. A failure is
    /// logged, not answered: the record is gone either way, and the marker left behind has the
    /// sweep try again.
    pub async fn discard(self, store: &dyn crate::store::Store, files: &dyn crate::store::files::ObjectStore) {
        use crate::store::{Condition, Write};
        let done = match files.delete(&self.key).await {
            Ok(()) => store
                .write(Write::delete(self.marker.key, Condition::Always))
                .await
                .map_err(ApiError::from),
            Err(e) => Err(e.into()),
        };
        if let Err(e) = done {
            tracing::warn!(error = ?e, "a deleted record's bytes wait for the sweep");
        }
    }

    /// [`ReleasedUpload::discard`] for each.
    pub async fn discard_all(
        store: &dyn crate::store::Store,
        files: &dyn crate::store::files::ObjectStore,
        released: impl IntoIterator<Item = Self>,
    ) {
        for one in released {
            one.discard(store, files).await;
        }
    }
}

/// Deletes the bytes whose record was never written, or was deleted without its bytes following
/// ([`ReleasedUpload`]), as of `now_ms` (a scheduled job): at most
/// 100 a run, the oldest first, each found by its marker in one query.
pub async fn sweep_orphan_uploads(
    store: &dyn crate::store::Store,
    files: &dyn crate::store::files::ObjectStore,
    now_ms: i64,
) -> Result<usize, crate::store::StoreError> {
    use crate::store::{Condition, Query, SortKeyRange, Write};
    let mut query = Query::partition(pending_partition());
    query.range = SortKeyRange::Between("0".into(), format!("{now_ms:013}"));
    query.limit = 100;
    let due = store.query(query).await?.items;
    let mut swept = 0;
    for item in due {
        let marker: PendingMarker = item.parse()?;
        if let Some(key) = crate::store::files::ObjectKey::stored(marker.tenant, &marker.object_key) {
            files.delete(&key).await?;
        }
        // Only once the bytes are gone: a failure leaves the marker for the next run.
        store.write(Write::delete(item.key, Condition::Always)).await?;
        swept += 1;
    }
    Ok(swept)
}

/// Puts `upload`'s bytes in the object store under the tenant's `area` (`crm/lead_id`). Store the
/// record after this, with [`StoredUpload::committed`] in its transaction: a record never points
/// at bytes that were not stored, and bytes whose record was never written are swept.
pub async fn store_upload(
    store: &dyn crate::store::Store,
    files: &dyn crate::store::files::ObjectStore,
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
    let pending = PendingUpload::begin(store, tenant, &object_key).await?;
    files
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
        pending: Some(pending),
    })
}

/// Deletes the bytes of a file whose record is gone. A failure leaves unreachable bytes, never a
/// broken record, so it is logged rather than answered.
pub async fn discard_upload(
    files: &dyn crate::store::files::ObjectStore,
    tenant: crate::store::TenantId,
    object_key: &str,
) {
    if let Some(key) = crate::store::files::ObjectKey::stored(tenant, object_key) {
        if let Err(e) = files.delete(&key).await {
            tracing::warn!(error = %e, "a deleted file's bytes stayed in the object store");
        }
    }
}
