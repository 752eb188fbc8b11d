//! CPU-heavy steps (decoding an image, hashing a password) run on the blocking pool behind a
//! small semaphore: they never hold the async runtime's threads, so `GET /api/health` and every
//! other request keep answering, and at most one per core runs at once.
use std::sync::LazyLock;

use tokio::sync::Semaphore;

static PERMITS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// Runs `work` off the runtime once a permit is free; a panic in it is the caller's panic.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = PERMITS.acquire().await.expect("the semaphore is never closed");
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => value,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}
