//! Coalesces concurrent single-item calls into one batched call: jobs claim and complete their
//! rows one at a time, PostgreSQL sees one statement per batch.
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio::time::Instant;

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
        Self::spaced(max, parallel, Duration::ZERO, run)
    }

    /// `spawn`, with batches started at least `spacing` apart: an input arriving within
    /// `spacing` of the last batch's start waits for the rest of it, with whatever else arrives
    /// meanwhile. An input after a quiet spell goes at once; under a steady stream, each batch
    /// holds what arrived over `spacing`. For batches whose fixed cost dwarfs an input's
    /// (a wallet lock, an order status refresh): at a few hundred inputs a second, batches of
    /// one or two were nearly all fixed cost.
    pub fn spaced<F, Fut>(max: usize, parallel: usize, spacing: Duration, run: F) -> Self
    where
        F: Fn(Vec<I>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<O>, String>> + Send + 'static,
    {
        let (tx, mut rx) = mpsc::channel::<(I, Reply<O>)>(max * parallel * 2);
        let run = Arc::new(run);
        let permits = Arc::new(Semaphore::new(parallel));
        tokio::spawn(async move {
            let mut last: Option<Instant> = None;
            while let Some(first) = rx.recv().await {
                if let Some(at) = last.filter(|_| !spacing.is_zero()) {
                    tokio::time::sleep_until(at + spacing).await;
                }
                let permit = permits.clone().acquire_owned().await.expect("semaphore is never closed");
                let mut batch = vec![first];
                while batch.len() < max {
                    match rx.try_recv() {
                        Ok(item) => batch.push(item),
                        Err(_) => break,
                    }
                }
                last = Some(Instant::now());
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The sizes of the batches 20 inputs formed, arriving 5 ms apart after a lone one.
    async fn batch_sizes(spacing: Duration) -> (Duration, Vec<usize>) {
        let sizes = Arc::new(Mutex::new(vec![]));
        let seen = sizes.clone();
        let b = Arc::new(Batcher::spaced(100, 1, spacing, move |items: Vec<u32>| {
            seen.lock().unwrap().push(items.len());
            async move { Ok(items) }
        }));
        let t = Instant::now();
        assert_eq!(b.call(7).await, Ok(7));
        let lone = t.elapsed();
        let calls = (0..20u32).map(|i| {
            let b = b.clone();
            async move {
                tokio::time::sleep(Duration::from_millis(5 * u64::from(i))).await;
                b.call(i).await
            }
        });
        let answers = futures::future::join_all(calls).await;
        assert_eq!(answers, (0..20).map(Ok).collect::<Vec<_>>(), "each input gets its own answer");
        let sizes = sizes.lock().unwrap()[1..].to_vec();
        (lone, sizes)
    }

    #[tokio::test(start_paused = true)]
    async fn a_lone_input_goes_at_once_and_a_stream_forms_batches_of_what_arrived_over_the_spacing() {
        let (lone, sizes) = batch_sizes(Duration::from_millis(50)).await;
        assert_eq!(lone, Duration::ZERO, "nothing came before it: it was not held");
        assert_eq!(sizes.iter().sum::<usize>(), 20);
        assert!(sizes.len() <= 3, "100 ms of inputs in batches at least 50 ms apart: {sizes:?}");
        let (_, unspaced) = batch_sizes(Duration::ZERO).await;
        assert_eq!(unspaced.len(), 20, "without spacing each input 5 ms after the last goes alone: {unspaced:?}");
    }
}
