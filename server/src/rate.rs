//! A count of events per second, shared by a process's threads without a lock: the
//! web-vitals reports (`router::vitals`).

/// Events in the current second, past a limit refused (the vitals reports' 429).
#[derive(Debug, Default)]
pub struct Rate {
    window: std::sync::atomic::AtomicU64,
}

impl Rate {
    /// Counts one event in the current second (the high bits hold the second, the low
    /// 16 the count); `false` past the limit.
    pub fn admit(&self, per_second: u64) -> bool {
        use std::sync::atomic::Ordering;
        let second = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let mut current = self.window.load(Ordering::Relaxed);
        loop {
            let (at, n) = (current >> 16, current & 0xffff);
            let next = if at == second { (second << 16) | (n + 1).min(0xffff) } else { (second << 16) | 1 };
            if at == second && n >= per_second {
                return false;
            }
            match self.window.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(seen) => current = seen,
            }
        }
    }
}
