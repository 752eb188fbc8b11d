//! Coalesces concurrent single-item calls into one batched call: jobs claim and complete their
//! rows one at a time, PostgreSQL sees one statement per batch.
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{Semaphore, mpsc, oneshot};

type Reply<O> = oneshot::Sender<Result<O, String>>;

pub struct Batcher<I, O> {
    tx: mpsc::Sender<(I, Reply<O>)>,
}

impl<I: Send + 'static, O: Send + 'static> Batcher<I, O> {
    /// `run` gets up to `max` inputs and returns one output per input, in order. At most
    /// `parallel` batches are in flight; inputs arriving meanwhile form the next batch.
    pub fn spawn<F, Fut>(max: usize, parallel: usize, run: F) -> Self
    where
        F: Fn(Vec<I>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<O>, String>> + Send + 'static,
    {
        let (tx, mut rx) = mpsc::channel::<(I, Reply<O>)>(max * parallel * 2);
        let run = Arc::new(run);
        let permits = Arc::new(Semaphore::new(parallel));
        tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let permit = permits.clone().acquire_owned().await.expect("semaphore is never closed");
                let mut batch = vec![first];
                while batch.len() < max {
                    match rx.try_recv() {
                        Ok(item) => batch.push(item),
                        Err(_) => break,
                    }
                }
                let run = run.clone();
                tokio::spawn(async move {
                    let (inputs, replies): (Vec<I>, Vec<Reply<O>>) = batch.into_iter().unzip();
                    match run(inputs).await {
                        Ok(outputs) => {
                            for (reply, out) in replies.into_iter().zip(outputs) {
                                let _ = reply.send(Ok(out));
                            }
                        }
                        Err(e) => {
                            for reply in replies {
                                let _ = reply.send(Err(e.clone()));
                            }
                        }
                    }
                    drop(permit);
                });
            }
        });
        Self { tx }
    }

    pub async fn call(&self, input: I) -> Result<O, String> {
        let (reply, rx) = oneshot::channel();
        self.tx.send((input, reply)).await.map_err(|_| "batcher stopped".to_string())?;
        rx.await.map_err(|_| "batch dropped".to_string())?
    }
}
