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
