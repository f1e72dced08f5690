//! Files (profile photos, attachments): bytes in an object store, metadata in the record. S3 in the
//! cloud (moto in tests), a directory under `DATA_DIR/files` locally. Keys always start with the
//! tenant, so one tenant's key can never name another's file.

use std::path::PathBuf;

use async_trait::async_trait;
use bytes::Bytes;

use super::{StoreError, TenantId};

/// A tenant-scoped object key, e.g. `t/7/users/3/photo-<uuid>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectKey(String);

impl ObjectKey {
    /// `name` is made of safe segments chosen by the caller's code, never by user input.
    pub fn new(tenant: TenantId, name: &str) -> Self {
        Self(format!("t/{tenant}/{name}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Re-reads a key stored in a record, refusing one outside the tenant.
    pub fn stored(tenant: TenantId, raw: &str) -> Option<Self> {
        let ok = raw.starts_with(&format!("t/{tenant}/")) && !raw.split('/').any(|s| s == ".." || s.is_empty());
        ok.then(|| Self(raw.to_owned()))
    }
}

/// A stored object: bytes and content type.
#[derive(Clone, Debug)]
pub struct Object {
    pub bytes: Bytes,
    pub content_type: String,
}

#[async_trait]
pub trait ObjectStore: Send + Sync + 'static {
    async fn put(&self, key: &ObjectKey, object: Object) -> Result<(), StoreError>;
    async fn get(&self, key: &ObjectKey) -> Result<Option<Object>, StoreError>;
    async fn delete(&self, key: &ObjectKey) -> Result<(), StoreError>;
    /// Starts an object written a part at a time (an export): it exists under `key` only once
    /// [`ObjectWriter::finish`] returns, and the parts are not all held in memory.
    async fn writer(&self, key: &ObjectKey, content_type: &str) -> Result<Box<dyn ObjectWriter>, StoreError>;
    /// A URL anyone holding it may download the object from until `expires_in` has passed, as
    /// an attachment named `file_name` ([`attachment_disposition`]), where the store
    /// can sign one (S3); `None` where the API serves the bytes itself.
    async fn download_url(
        &self,
        key: &ObjectKey,
        file_name: &str,
        expires_in: std::time::Duration,
    ) -> Result<Option<String>, StoreError>;
}

/// An object being written ([`ObjectStore::writer`]).
#[async_trait]
pub trait ObjectWriter: Send {
    async fn write(&mut self, bytes: Bytes) -> Result<(), StoreError>;
    /// Stores the object; its size in bytes.
    async fn finish(self: Box<Self>) -> Result<u64, StoreError>;
}

/// Objects in a local directory; the content type sits beside each file.
pub struct DirObjectStore {
    root: PathBuf,
}

impl DirObjectStore {
    pub fn new(root: PathBuf) -> Self {
        Self { root }
    }

    fn path(&self, key: &ObjectKey) -> PathBuf {
        self.root.join(key.as_str())
    }
}

#[async_trait]
impl ObjectStore for DirObjectStore {
    async fn put(&self, key: &ObjectKey, object: Object) -> Result<(), StoreError> {
        let path = self.path(key);
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await.map_err(StoreError::internal)?;
        }
        // Write then rename, so a crash never leaves a half-written file under the real name.
        let tmp = path.with_extension(format!("tmp-{}", uuid::Uuid::new_v4()));
        tokio::fs::write(&tmp, &object.bytes)
            .await
            .map_err(StoreError::internal)?;
        tokio::fs::write(path.with_extension("content-type"), object.content_type.as_bytes())
            .await
            .map_err(StoreError::internal)?;
        tokio::fs::rename(&tmp, &path).await.map_err(StoreError::internal)
    }

    async fn get(&self, key: &ObjectKey) -> Result<Option<Object>, StoreError> {
        let path = self.path(key);
        match tokio::fs::read(&path).await {
            Ok(bytes) => {
                let content_type = tokio::fs::read_to_string(path.with_extension("content-type"))
                    .await
                    .unwrap_or_else(|_| "application/octet-stream".into());
                Ok(Some(Object {
                    bytes: bytes.into(),
                    content_type,
                }))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(StoreError::internal(e)),
        }
    }

    async fn writer(&self, key: &ObjectKey, content_type: &str) -> Result<Box<dyn ObjectWriter>, StoreError> {
        let path = self.path(key);
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await.map_err(StoreError::internal)?;
        }
        let tmp = path.with_extension(format!("tmp-{}", uuid::Uuid::new_v4()));
        let file = tokio::fs::File::create(&tmp).await.map_err(StoreError::internal)?;
        Ok(Box::new(FileWriter {
            file: tokio::io::BufWriter::new(file),
            tmp,
            path,
            content_type: content_type.to_owned(),
            size: 0,
        }))
    }

    async fn download_url(
        &self,
        _key: &ObjectKey,
        _file_name: &str,
        _expires_in: std::time::Duration,
    ) -> Result<Option<String>, StoreError> {
        Ok(None)
    }

    async fn delete(&self, key: &ObjectKey) -> Result<(), StoreError> {
        let path = self.path(key);
        for p in [path.clone(), path.with_extension("content-type")] {
            match tokio::fs::remove_file(&p).await {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(StoreError::internal(e)),
            }
        }
        Ok(())
    }
}

/// A local object being written: a temporary file renamed into place when finished.
struct FileWriter {
    file: tokio::io::BufWriter<tokio::fs::File>,
    tmp: PathBuf,
    path: PathBuf,
    content_type: String,
    size: u64,
}

#[async_trait]
impl ObjectWriter for FileWriter {
    async fn write(&mut self, bytes: Bytes) -> Result<(), StoreError> {
        use tokio::io::AsyncWriteExt;
        self.size += bytes.len() as u64;
        self.file.write_all(&bytes).await.map_err(StoreError::internal)
    }

    async fn finish(mut self: Box<Self>) -> Result<u64, StoreError> {
        use tokio::io::AsyncWriteExt;
        self.file.flush().await.map_err(StoreError::internal)?;
        self.file.get_ref().sync_all().await.map_err(StoreError::internal)?;
        tokio::fs::write(self.path.with_extension("content-type"), self.content_type.as_bytes())
            .await
            .map_err(StoreError::internal)?;
        tokio::fs::rename(&self.tmp, &self.path)
            .await
            .map_err(StoreError::internal)?;
        Ok(self.size)
    }
}

/// S3 takes parts of at least 5 MiB (but the last) in a multipart upload.
const PART_BYTES: usize = 5 * 1024 * 1024;

/// An S3 object being written: a multipart upload, a part each time 5 MiB have gathered (one
/// plain put when the whole object is smaller).
struct S3Writer {
    client: aws_sdk_s3::Client,
    bucket: String,
    key: String,
    content_type: String,
    buffer: Vec<u8>,
    upload_id: Option<String>,
    parts: Vec<aws_sdk_s3::types::CompletedPart>,
    size: u64,
}

fn unavailable<E: std::error::Error + Send + Sync + 'static>(e: E) -> StoreError {
    StoreError::Unavailable(e.into())
}

impl S3Writer {
    async fn send_part(&mut self) -> Result<(), StoreError> {
        let upload_id = match &self.upload_id {
            Some(id) => id.clone(),
            None => {
                let started = self
                    .client
                    .create_multipart_upload()
                    .bucket(&self.bucket)
                    .key(&self.key)
                    .content_type(&self.content_type)
                    .send()
                    .await
                    .map_err(unavailable)?;
                let id = started.upload_id.unwrap_or_default();
                self.upload_id = Some(id.clone());
                id
            }
        };
        let number = self.parts.len() as i32 + 1;
        let body = std::mem::take(&mut self.buffer);
        let part = self
            .client
            .upload_part()
            .bucket(&self.bucket)
            .key(&self.key)
            .upload_id(upload_id)
            .part_number(number)
            .body(body.into())
            .send()
            .await
            .map_err(unavailable)?;
        self.parts.push(
            aws_sdk_s3::types::CompletedPart::builder()
                .set_e_tag(part.e_tag)
                .part_number(number)
                .build(),
        );
        Ok(())
    }
}

#[async_trait]
impl ObjectWriter for S3Writer {
    async fn write(&mut self, bytes: Bytes) -> Result<(), StoreError> {
        self.size += bytes.len() as u64;
        self.buffer.extend_from_slice(&bytes);
        if self.buffer.len() >= PART_BYTES {
            self.send_part().await?;
        }
        Ok(())
    }

    async fn finish(mut self: Box<Self>) -> Result<u64, StoreError> {
        if self.upload_id.is_none() {
            let body = std::mem::take(&mut self.buffer);
            self.client
                .put_object()
                .bucket(&self.bucket)
                .key(&self.key)
                .content_type(&self.content_type)
                .body(body.into())
                .send()
                .await
                .map_err(unavailable)?;
            return Ok(self.size);
        }
        if !self.buffer.is_empty() {
            self.send_part().await?;
        }
        let parts = aws_sdk_s3::types::CompletedMultipartUpload::builder()
            .set_parts(Some(std::mem::take(&mut self.parts)))
            .build();
        self.client
            .complete_multipart_upload()
            .bucket(&self.bucket)
            .key(&self.key)
            .upload_id(self.upload_id.clone().unwrap_or_default())
            .multipart_upload(parts)
            .send()
            .await
            .map_err(unavailable)?;
        Ok(self.size)
    }
}

/// Objects in an S3 bucket.
pub struct S3ObjectStore {
    client: aws_sdk_s3::Client,
    bucket: String,
}

impl S3ObjectStore {
    pub fn new(client: aws_sdk_s3::Client, bucket: impl Into<String>) -> Self {
        Self {
            client,
            bucket: bucket.into(),
        }
    }

    /// Creates the bucket if missing (local development and tests; the template owns it in the cloud).
    pub async fn create_bucket(&self) -> Result<(), StoreError> {
        match self.client.create_bucket().bucket(&self.bucket).send().await {
            Ok(_) => Ok(()),
            Err(e) => {
                use aws_sdk_s3::error::ProvideErrorMetadata;
                match e.code() {
                    Some("BucketAlreadyOwnedByYou" | "BucketAlreadyExists") => Ok(()),
                    _ => Err(StoreError::Unavailable(e.into())),
                }
            }
        }
    }
}

#[async_trait]
impl ObjectStore for S3ObjectStore {
    async fn put(&self, key: &ObjectKey, object: Object) -> Result<(), StoreError> {
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key.as_str())
            .content_type(object.content_type)
            .body(object.bytes.into())
            .send()
            .await
            .map_err(|e| StoreError::Unavailable(e.into()))?;
        Ok(())
    }

    async fn get(&self, key: &ObjectKey) -> Result<Option<Object>, StoreError> {
        match self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key.as_str())
            .send()
            .await
        {
            Ok(out) => {
                let content_type = out
                    .content_type
                    .clone()
                    .unwrap_or_else(|| "application/octet-stream".into());
                let bytes = out
                    .body
                    .collect()
                    .await
                    .map_err(|e| StoreError::Unavailable(e.into()))?
                    .into_bytes();
                Ok(Some(Object { bytes, content_type }))
            }
            Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => Ok(None),
            Err(e) => Err(StoreError::Unavailable(e.into())),
        }
    }

    async fn writer(&self, key: &ObjectKey, content_type: &str) -> Result<Box<dyn ObjectWriter>, StoreError> {
        Ok(Box::new(S3Writer {
            client: self.client.clone(),
            bucket: self.bucket.clone(),
            key: key.as_str().to_owned(),
            content_type: content_type.to_owned(),
            buffer: Vec::new(),
            upload_id: None,
            parts: Vec::new(),
            size: 0,
        }))
    }

    async fn download_url(
        &self,
        key: &ObjectKey,
        file_name: &str,
        expires_in: std::time::Duration,
    ) -> Result<Option<String>, StoreError> {
        let config = aws_sdk_s3::presigning::PresigningConfig::expires_in(expires_in).map_err(unavailable)?;
        let request = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key.as_str())
            .response_content_disposition(attachment_disposition(file_name))
            .presigned(config)
            .await
            .map_err(unavailable)?;
        Ok(Some(request.uri().to_string()))
    }

    async fn delete(&self, key: &ObjectKey) -> Result<(), StoreError> {
        self.client
            .delete_object()
            .bucket(&self.bucket)
            .key(key.as_str())
            .send()
            .await
            .map_err(|e| StoreError::Unavailable(e.into()))?;
        Ok(())
    }
}

/// `attachment; filename="<name>"` for a client's file name, as one header value of printable
/// ASCII whatever the name holds: quotes, backslashes and control characters dropped, any other
/// character outside ASCII written `_` there and the whole name given again, percent-encoded,
/// as `filename*=UTF-8''...` (RFC 6266), which browsers prefer. The API's own answers and the
/// object store's signed links ([`ObjectStore::download_url`]) both send it.
pub fn attachment_disposition(name: &str) -> String {
    let kept: String = name
        .chars()
        .filter(|c| *c != '"' && *c != '\\' && !c.is_control())
        .collect();
    let ascii: String = kept.chars().map(|c| if c.is_ascii() { c } else { '_' }).collect();
    if ascii == kept {
        return format!("attachment; filename=\"{ascii}\"");
    }
    let encoded: String = kept
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}
