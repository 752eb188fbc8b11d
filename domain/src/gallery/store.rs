//! The library's files behind `object_store`: local disk under `gallery.dir`, or an S3-compatible
//! bucket when `gallery.storage = "s3"`. Everything else sees one `Files` either way.
use std::sync::Arc;

use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use secrecy::ExposeSecret;

use crate::config::{GallerySettings, GalleryStorage, S3Settings};
use crate::{Error, Result};

#[derive(Clone, Debug)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
}

fn failed(e: object_store::Error) -> Error {
    Error::Internal(anyhow::anyhow!("gallery store: {e}"))
}

impl Files {
    pub fn new(settings: &GallerySettings) -> anyhow::Result<Files> {
        if settings.storage == GalleryStorage::S3 {
            return Ok(Files { store: Arc::new(s3(&settings.s3)?) });
        }
        std::fs::create_dir_all(&settings.dir).map_err(|e| anyhow::anyhow!("gallery.dir {}: {e}", settings.dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(&settings.dir)?;
        Ok(Files { store: Arc::new(store) })
    }

    fn path(key: &str) -> Result<Path> {
        Path::parse(key).map_err(|e| Error::Internal(anyhow::anyhow!("gallery key {key}: {e}")))
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<()> {
        self.store.put(&Self::path(key)?, PutPayload::from(bytes)).await.map_err(failed)?;
        Ok(())
    }

    /// The file's bytes; `None` when it is not there.
    pub async fn get(&self, key: &str) -> Result<Option<bytes::Bytes>> {
        match self.store.get(&Self::path(key)?).await {
            Ok(found) => Ok(Some(found.bytes().await.map_err(failed)?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(e)),
        }
    }

    /// Removes the file; one already gone is fine, any other failure is logged (the row that
    /// named it is gone, so the file is only an orphan).
    pub async fn remove(&self, key: &str) {
        let Ok(path) = Self::path(key) else { return };
        match self.store.delete(&path).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => tracing::warn!(key, error = %e, "gallery file not removed"),
        }
    }
}

/// The bucket; a missing bucket name stops the start naming the setting. Path-style requests
/// (`endpoint/bucket/key`), which every S3-compatible service answers; AWS itself still does.
fn s3(s: &S3Settings) -> anyhow::Result<object_store::aws::AmazonS3> {
    if s.bucket.trim().is_empty() {
        anyhow::bail!("gallery.storage is s3 but gallery.s3.bucket is empty");
    }
    // object_store's client asks rustls for the process's provider and panics without one. A
    // second install finds the first in place, which is as good.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut builder = AmazonS3Builder::new().with_bucket_name(s.bucket.trim()).with_region(s.region.trim()).with_virtual_hosted_style_request(false);
    let endpoint = s.endpoint.trim();
    if !endpoint.is_empty() {
        builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
    }
    // Without a key pair, the builder's own chain (instance or container role) is used.
    if !s.access_key_id.trim().is_empty() {
        builder = builder.with_access_key_id(s.access_key_id.trim());
    }
    if let Some(secret) = &s.secret_access_key {
        builder = builder.with_secret_access_key(secret.expose_secret());
    }
    Ok(builder.build()?)
}
