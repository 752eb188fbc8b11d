//! The library's files behind `object_store`: local disk under `gallery.dir` (an S3-compatible
//! bucket by `gallery.store_url` is reserved and refused until it is implemented).
use std::sync::Arc;

use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use crate::config::GallerySettings;
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
        if settings.store_url.as_deref().is_some_and(|u| !u.trim().is_empty()) {
            anyhow::bail!("gallery.store_url is not supported yet: leave it empty to keep the images under gallery.dir");
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
