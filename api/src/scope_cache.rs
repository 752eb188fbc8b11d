//! Recently checked sessions and their workplace, for the catalogue's read-only calls only
//! (`extract::CatalogueScope`). Under a search load the check (one statement) cost as much as
//! the rest of a cached search; kept a few seconds, it runs once per client per few seconds.
//! Sign-out, password reset and account deletion forget the entries in this process; another
//! API process may let a signed-out token read the catalogue until its entry expires (at most
//! `auth.scope_cache_secs`). Calls that change data or read the plan never use it: they take
//! `Scope`, which checks every time.
use domain::store::workplaces::Workplace;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The token's digest and the requested workplace (`None`: the user's first).
type Key = (String, Option<Uuid>);

struct Entry {
    checked: Instant,
    user_id: Uuid,
    workplace: Workplace,
}

pub struct ScopeCache {
    entries: Mutex<HashMap<Key, Entry>>,
    ttl: Duration,
    capacity: usize,
}

impl ScopeCache {
    /// `ttl` zero turns it off.
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        ScopeCache { entries: Mutex::new(HashMap::new()), ttl, capacity: capacity.max(1) }
    }

    pub fn get(&self, token_digest: &str, workplace: Option<Uuid>) -> Option<(Uuid, Workplace)> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.lock().unwrap();
        let e = entries.get(&(token_digest.to_string(), workplace))?;
        (e.checked.elapsed() < self.ttl).then(|| (e.user_id, e.workplace.clone()))
    }

    /// Remembers a check made now. Only successful checks are kept: a refused token is asked
    /// again every time, so it starts working the moment it is valid.
    pub fn put(&self, token_digest: String, workplace: Option<Uuid>, user_id: Uuid, w: Workplace) {
        if self.ttl.is_zero() {
            return;
        }
        let mut entries = self.entries.lock().unwrap();
        if entries.len() >= self.capacity {
            entries.retain(|_, e| e.checked.elapsed() < self.ttl);
            // Still full of live entries: start over rather than track recency for a cache
            // whose entries live seconds.
            if entries.len() >= self.capacity {
                entries.clear();
            }
        }
        entries.insert((token_digest, workplace), Entry { checked: Instant::now(), user_id, workplace: w });
    }

    /// After sign-out.
    pub fn forget_token(&self, token_digest: &str) {
        self.entries.lock().unwrap().retain(|(t, _), _| t != token_digest);
    }

    /// After the account is deleted.
    pub fn forget_user(&self, user_id: Uuid) {
        self.entries.lock().unwrap().retain(|_, e| e.user_id != user_id);
    }

    /// After a password reset (which signs one unknown user out everywhere): rare enough.
    pub fn clear(&self) {
        self.entries.lock().unwrap().clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w() -> Workplace {
        Workplace { id: Uuid::new_v4(), name: "W".into(), currency: "USD".into(), plan_key: "FREE".into() }
    }

    #[test]
    fn entries_expire_and_are_forgotten_by_token_and_user() {
        // Long enough that nothing expires while these checks run, however loaded the machine.
        let c = ScopeCache::new(Duration::from_secs(60), 10);
        let (u1, u2) = (Uuid::new_v4(), Uuid::new_v4());
        c.put("t1".into(), None, u1, w());
        c.put("t2".into(), None, u2, w());
        c.put("t3".into(), None, u2, w());
        assert_eq!(c.get("t1", None).map(|e| e.0), Some(u1));
        assert!(c.get("t1", Some(Uuid::new_v4())).is_none(), "another workplace is checked on its own");
        c.forget_token("t1");
        assert!(c.get("t1", None).is_none());
        c.forget_user(u2);
        assert!(c.get("t2", None).is_none() && c.get("t3", None).is_none());
        // Expiry on a cache of its own: past the ttl an entry is not served.
        let short = ScopeCache::new(Duration::from_millis(30), 10);
        short.put("t4".into(), None, u1, w());
        std::thread::sleep(Duration::from_millis(40));
        assert!(short.get("t4", None).is_none(), "expired");
    }

    #[test]
    fn size_is_bounded_and_zero_ttl_keeps_nothing() {
        let c = ScopeCache::new(Duration::from_secs(60), 3);
        for i in 0..10 {
            c.put(format!("t{i}"), None, Uuid::new_v4(), w());
        }
        assert!(c.entries.lock().unwrap().len() <= 3);
        let off = ScopeCache::new(Duration::ZERO, 3);
        off.put("t".into(), None, Uuid::new_v4(), w());
        assert!(off.get("t", None).is_none());
    }
}
