//! What a bench reads of its own process and of the processes it started (Linux `/proc`): the
//! CPU time of its threads by name (each part of the product on a runtime whose threads carry
//! its name, `bench::Split`) and peak resident memory, printed the same way by every bench.
use std::collections::BTreeMap;

/// `/proc`'s CPU times are in clock ticks of 1/100 s (USER_HZ on every Linux the benches run on).
const TICKS_PER_SEC: f64 = 100.0;

/// CPU seconds (user + system) of this process's live threads, summed by thread name.
pub fn thread_cpu() -> BTreeMap<String, f64> {
    let mut by_name = BTreeMap::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return by_name };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else { continue };
        if let Some((name, secs)) = parse_stat(&stat) {
            *by_name.entry(name).or_insert(0.0) += secs;
        }
    }
    by_name
}

/// CPU seconds (user + system) of process `pid` so far, its threads' included.
pub fn process_cpu(pid: u32) -> Option<f64> {
    parse_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?).map(|(_, secs)| secs)
}

/// CPU seconds (user + system) so far of every live process called `name` (`postgres`: the
/// server and each backend). A process that ended in between is not counted, so a reading over
/// a run sees the backends its pools kept open.
pub fn named_processes_cpu(name: &str) -> f64 {
    let Ok(procs) = std::fs::read_dir("/proc") else { return 0.0 };
    procs
        .flatten()
        .filter(|p| p.file_name().to_str().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit())))
        .filter_map(|p| parse_stat(&std::fs::read_to_string(p.path().join("stat")).ok()?))
        .filter(|(n, _)| n == name)
        .map(|(_, secs)| secs)
        .sum()
}

/// CPU seconds (user + system) of this whole process so far, every thread's included.
pub fn own_cpu() -> f64 {
    process_cpu(std::process::id()).unwrap_or(0.0)
}

/// The cores this process may run on, which the benches' processes and PostgreSQL share.
pub fn cores() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// The name and user + system CPU seconds of a `stat` line: `pid (name) state ... utime stime`.
/// The name may hold spaces and parentheses, so the fields are counted from the last ')'.
fn parse_stat(stat: &str) -> Option<(String, f64)> {
    let (head, rest) = stat.rsplit_once(')')?;
    let name = head.split_once('(')?.1.to_string();
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state is field 3, utime field 14 and stime field 15 (proc(5)).
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some((name, ticks / TICKS_PER_SEC))
}

/// The CPU seconds spent between two `thread_cpu` readings, by name (threads that ended in
/// between are not counted: the bench runtimes keep theirs alive).
pub fn spent(before: &BTreeMap<String, f64>, after: &BTreeMap<String, f64>) -> BTreeMap<String, f64> {
    after.iter().map(|(name, secs)| (name.clone(), secs - before.get(name).copied().unwrap_or(0.0))).collect()
}

/// A `/proc/<pid>/status` memory line (`VmHWM`, `VmRSS`) in MB; `None` as pid is this process.
fn status_mb(pid: Option<u32>, field: &str) -> Option<f64> {
    let path = pid.map_or_else(|| "/proc/self/status".to_string(), |p| format!("/proc/{p}/status"));
    let status = std::fs::read_to_string(path).ok()?;
    let line = status.lines().find(|l| l.starts_with(field) && l[field.len()..].starts_with(':'))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Peak resident memory (VmHWM) of process `pid`, or of this process for `None`, in MB.
pub fn peak_rss_mb(pid: Option<u32>) -> Option<f64> {
    status_mb(pid, "VmHWM")
}

/// Resident memory now (VmRSS) of process `pid`, or of this process for `None`, in MB.
pub fn rss_mb(pid: Option<u32>) -> Option<f64> {
    status_mb(pid, "VmRSS")
}

/// The line every bench prints at its end: `peak RSS api … MB, worker … MB`. `inside` says what
/// runs in the bench's own process; `workers` are the worker processes it started (read before
/// they are stopped), else the worker is in the bench process too.
pub fn peak_rss_line(inside: &str, workers: &[u32]) -> String {
    let own = peak_rss_mb(None).unwrap_or(0.0);
    if workers.is_empty() {
        return format!("peak RSS api {own:.0} MB, worker {own:.0} MB: one figure, the bench process ({inside}) holds both");
    }
    let peaks: Vec<f64> = workers.iter().filter_map(|p| peak_rss_mb(Some(*p))).collect();
    let top = peaks.iter().copied().fold(0.0, f64::max);
    format!("peak RSS api {own:.0} MB (the bench process: {inside}), worker {top:.0} MB (the largest of {} worker processes)", peaks.len())
}

/// The same line for a bench that runs neither the api nor the worker: what its process peaked at.
pub fn peak_rss_alone(inside: &str) -> String {
    format!("peak RSS api -, worker -: {:.0} MB for the bench process ({inside})", peak_rss_mb(None).unwrap_or(0.0))
}

/// Resident memory over a long run, read once a minute: of this process (the api, with whatever
/// else the bench runs inside it) and of the worker processes `workers`. Each reading is printed
/// as it is taken; `finish` prints the run's first, last and highest reading and the growth
/// ratio (last / first: near 1.00 when nothing grows without bound).
pub struct MemoryWatch {
    task: tokio::task::JoinHandle<Vec<(f64, f64)>>,
    stop: tokio::sync::watch::Sender<bool>,
}

impl MemoryWatch {
    pub fn start(workers: Vec<u32>) -> Self {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(async move {
            let t = std::time::Instant::now();
            let mut seen = vec![];
            let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
            tick.tick().await;
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stopped.changed() => break,
                }
                let own = rss_mb(None).unwrap_or(0.0);
                let worker = workers.iter().filter_map(|p| rss_mb(Some(*p))).fold(0.0, f64::max);
                let workers_part = if workers.is_empty() { String::new() } else { format!(", worker {worker:.0} MB") };
                println!("memory at {:.1} min: RSS api {own:.0} MB{workers_part}", t.elapsed().as_secs_f64() / 60.0);
                seen.push((own, worker));
            }
            seen
        });
        MemoryWatch { task, stop }
    }

    /// Stops the readings and prints what they show (nothing when the run was under two minutes).
    pub async fn finish(self) {
        let _ = self.stop.send(true);
        let seen = self.task.await.unwrap_or_default();
        if seen.len() < 2 {
            return;
        }
        let api: Vec<f64> = seen.iter().map(|s| s.0).collect();
        let worker: Vec<f64> = seen.iter().map(|s| s.1).collect();
        for (part, values) in [("api", api), ("worker", worker)] {
            let (first, last) = (values[0], values[values.len() - 1]);
            if first <= 0.0 {
                continue;
            }
            let top = values.iter().copied().fold(0.0, f64::max);
            println!(
                "memory over {} minutes, {part}: {first:.0} MB after the first minute, {last:.0} MB at the end (highest {top:.0} MB); growth ratio {:.2}",
                seen.len(),
                last / first
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_gives_its_name_and_cpu_even_with_spaces_and_parentheses_in_the_name() {
        let stat = "4242 (api (x) 1) S 1 4242 4242 0 -1 4194368 512 0 0 0 250 50 0 0 20 0 9 0 100 0 0";
        assert_eq!(parse_stat(stat), Some(("api (x) 1".to_string(), 3.0)));
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn this_process_reports_its_memory_and_threads() {
        assert!(peak_rss_mb(None).is_some_and(|m| m > 0.0) && rss_mb(None).is_some_and(|m| m > 0.0));
        assert!(!thread_cpu().is_empty());
    }

    #[test]
    fn cpu_spent_by_this_process_counts_under_its_name_and_as_its_own() {
        let before = own_cpu();
        let mut x = 0u64;
        for i in 0..50_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        assert!(own_cpu() > before, "{x}");
        let name = parse_stat(&std::fs::read_to_string("/proc/self/stat").unwrap()).unwrap().0;
        assert!(named_processes_cpu(&name) >= own_cpu() - 0.01);
        assert_eq!(named_processes_cpu("no-such-process-name"), 0.0);
    }
}
