//! A document's text between the steps that make it and the client that reads it
//! (issue 42, item 1). The steps run as fast as the upstream and the renderer allow,
//! holding one of the process's document streams only while they run; what the client
//! has not read yet waits here: the first [`MEMORY_BYTES`] in memory, the rest in a
//! file that is deleted as soon as it is opened (nothing is left behind by a crash) and
//! dropped again once it has been read. The files of all documents together hold at most
//! [`DISK_BYTES`]: past that, a document's steps wait until readers catch up or leave.
//! A client that leaves stops its document's steps.

use std::collections::VecDeque;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use futures_util::{Stream, StreamExt};
use tokio::sync::{Notify, OwnedSemaphorePermit};

/// Unread text of one document kept in memory before the rest goes to a file.
pub const MEMORY_BYTES: usize = 1 << 20;
/// Unread text of all documents kept in files at once.
pub const DISK_BYTES: u64 = 2 << 30;
/// Largest piece read from a file at once.
const READ_BYTES: u64 = 64 * 1024;

/// The files' bytes, process-wide, and the signal that some were freed.
pub struct Disk {
    cap: u64,
    used: AtomicU64,
    freed: Notify,
}

impl Disk {
    pub const fn new(cap: u64) -> Self {
        Self { cap, used: AtomicU64::new(0), freed: Notify::const_new() }
    }

    /// Bytes in spool files now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    fn take(&self, n: u64) -> bool {
        self.used.fetch_update(Ordering::AcqRel, Ordering::Acquire, |u| (u + n <= self.cap).then_some(u + n)).is_ok()
    }

    fn give(&self, n: u64) {
        if n > 0 {
            self.used.fetch_sub(n, Ordering::AcqRel);
            self.freed.notify_waiters();
        }
    }
}

/// The process's spool files.
pub static DISK: Disk = Disk::new(DISK_BYTES);

/// The unread text of one document.
struct Inner {
    memory: VecDeque<Bytes>,
    memory_bytes: usize,
    /// The file of text past the memory, with how much of it was written and read.
    file: Option<File>,
    written: u64,
    read: u64,
    /// The steps' end: `Some(None)` whole, `Some(Some(error))` cut.
    end: Option<Option<String>>,
}

struct Shared {
    inner: Mutex<Inner>,
    /// The reader's signal: more text, or the end.
    more: Notify,
    memory_cap: usize,
    disk: &'static Disk,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Keeps `bytes` after everything kept before; waits while the files are full.
    async fn push(&self, bytes: Bytes) -> std::io::Result<()> {
        let len = bytes.len() as u64;
        loop {
            // Asked for before the test, so a file freed in between is not missed.
            let freed = self.disk.freed.notified();
            {
                let mut inner = self.lock();
                if inner.written == inner.read && inner.memory_bytes + bytes.len() <= self.memory_cap {
                    inner.memory_bytes += bytes.len();
                    inner.memory.push_back(bytes);
                    self.more.notify_one();
                    return Ok(());
                }
                if self.disk.take(len) {
                    let written = inner.written;
                    let wrote = match &inner.file {
                        Some(file) => file.write_all_at(&bytes, written),
                        None => spool_file().and_then(|file| {
                            file.write_all_at(&bytes, 0)?;
                            inner.file = Some(file);
                            Ok(())
                        }),
                    };
                    if let Err(e) = wrote {
                        self.disk.give(len);
                        return Err(e);
                    }
                    inner.written += len;
                    self.more.notify_one();
                    return Ok(());
                }
            }
            freed.await;
        }
    }

    fn end(&self, error: Option<String>) {
        self.lock().end = Some(error);
        self.more.notify_one();
    }

    /// The next piece of text, `None` after the last, or the error that cut the document.
    async fn next(&self) -> Option<std::io::Result<Bytes>> {
        loop {
            {
                let mut inner = self.lock();
                if let Some(bytes) = inner.memory.pop_front() {
                    inner.memory_bytes -= bytes.len();
                    return Some(Ok(bytes));
                }
                if inner.read < inner.written {
                    return Some(self.read_file(&mut inner));
                }
                match inner.end.take() {
                    Some(None) => return None,
                    Some(Some(error)) => {
                        inner.end = Some(None);
                        return Some(Err(std::io::Error::other(error)));
                    }
                    None => {}
                }
            }
            self.more.notified().await;
        }
    }

    /// A piece of the file; the file is dropped once all of it has been read.
    fn read_file(&self, inner: &mut Inner) -> std::io::Result<Bytes> {
        let n = (inner.written - inner.read).min(READ_BYTES);
        let mut buf = vec![0; n as usize];
        let Some(file) = &inner.file else { return Err(std::io::Error::other("spool file missing")) };
        file.read_exact_at(&mut buf, inner.read)?;
        inner.read += n;
        if inner.read == inner.written {
            inner.file = None;
            self.disk.give(inner.written);
            (inner.read, inner.written) = (0, 0);
        }
        Ok(Bytes::from(buf))
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        let inner = self.lock();
        if inner.file.is_some() {
            self.disk.give(inner.written);
        }
    }
}

/// A new file, unnamed once open: only this process's handle reaches it.
fn spool_file() -> std::io::Result<File> {
    let mut random = [0u8; 12];
    getrandom::getrandom(&mut random).map_err(|e| std::io::Error::other(e.to_string()))?;
    let name: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let path = std::env::temp_dir().join(format!("portal-spool-{}-{name}", std::process::id()));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path)?;
    std::fs::remove_file(&path)?;
    Ok(file)
}

/// Stops the steps when the reader is dropped.
struct Abort(tokio::task::AbortHandle);

impl Drop for Abort {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Runs `steps` to their end on a task of their own, holding `permit` meanwhile, and
/// answers their text as the client reads it (an error ends it, as it ended the steps).
pub fn spooled<S>(steps: S, permit: OwnedSemaphorePermit) -> impl Stream<Item = std::io::Result<Bytes>> + Send
where
    S: Stream<Item = std::io::Result<Bytes>> + Send + 'static,
{
    spooled_with(steps, permit, MEMORY_BYTES, &DISK)
}

fn spooled_with<S>(
    steps: S,
    permit: OwnedSemaphorePermit,
    memory_cap: usize,
    disk: &'static Disk,
) -> impl Stream<Item = std::io::Result<Bytes>> + Send
where
    S: Stream<Item = std::io::Result<Bytes>> + Send + 'static,
{
    let shared = Arc::new(Shared {
        inner: Mutex::new(Inner {
            memory: VecDeque::new(),
            memory_bytes: 0,
            file: None,
            written: 0,
            read: 0,
            end: None,
        }),
        more: Notify::new(),
        memory_cap,
        disk,
    });
    let writer = shared.clone();
    let task = tokio::spawn(async move {
        let _permit = permit;
        let mut steps = std::pin::pin!(steps);
        while let Some(item) = steps.next().await {
            let pushed = match item {
                Ok(bytes) => writer.push(bytes).await.map_err(|e| format!("spool: {e}")),
                Err(e) => Err(e.to_string()),
            };
            if let Err(error) = pushed {
                writer.end(Some(error));
                return;
            }
        }
        writer.end(None);
    });
    let abort = Abort(task.abort_handle());
    futures_util::stream::unfold((shared, abort), |(shared, abort)| async move {
        let item = shared.next().await?;
        Some((item, (shared, abort)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::sync::Semaphore;

    fn pieces(n: usize, size: usize) -> Vec<Bytes> {
        (0..n).map(|i| Bytes::from(vec![b'a' + (i % 26) as u8; size])).collect()
    }

    async fn collect(stream: impl Stream<Item = std::io::Result<Bytes>>) -> (Vec<u8>, Option<String>) {
        let mut stream = std::pin::pin!(stream);
        let mut out = Vec::new();
        while let Some(item) = stream.next().await {
            match item {
                Ok(bytes) => out.extend_from_slice(&bytes),
                Err(e) => return (out, Some(e.to_string())),
            }
        }
        (out, None)
    }

    #[tokio::test]
    async fn the_steps_end_before_a_slow_reader_and_the_text_comes_whole_and_in_order() {
        static TEST_DISK: Disk = Disk::new(1 << 30);
        let permits = Arc::new(Semaphore::new(1));
        let sent = pieces(40, 10_000);
        let expected: Vec<u8> = sent.iter().flat_map(|b| b.to_vec()).collect();
        let steps = futures_util::stream::iter(sent.into_iter().map(Ok));
        let permit = permits.clone().try_acquire_owned().unwrap();
        let mut reader = Box::pin(spooled_with(steps, permit, 64 * 1024, &TEST_DISK));
        // One piece read, then the reader stalls: the steps finish and give the permit back.
        let first = reader.next().await.unwrap().unwrap();
        let _back = tokio::time::timeout(Duration::from_secs(5), permits.clone().acquire_owned())
            .await
            .expect("the permit is back while the client has not read")
            .unwrap();
        assert!(TEST_DISK.used() > 0, "the text past the memory is in a file");
        let (rest, error) = collect(reader).await;
        assert_eq!(error, None);
        assert_eq!([first.to_vec(), rest].concat(), expected);
        assert_eq!(TEST_DISK.used(), 0, "the file is gone once read");
    }

    #[tokio::test]
    async fn a_failed_step_cuts_the_text_after_what_came_before() {
        static TEST_DISK: Disk = Disk::new(1 << 30);
        let permits = Arc::new(Semaphore::new(1));
        let steps = futures_util::stream::iter(vec![
            Ok(Bytes::from_static(b"one ")),
            Ok(Bytes::from_static(b"two ")),
            Err(std::io::Error::other("upstream Timeout")),
            Ok(Bytes::from_static(b"never")),
        ]);
        let permit = permits.try_acquire_owned().unwrap();
        let (text, error) = collect(spooled_with(steps, permit, 4, &TEST_DISK)).await;
        assert_eq!(text, b"one two ");
        assert_eq!(error.as_deref(), Some("upstream Timeout"));
        assert_eq!(TEST_DISK.used(), 0);
    }

    #[tokio::test]
    async fn full_files_hold_the_steps_until_the_reader_catches_up() {
        static TEST_DISK: Disk = Disk::new(30_000);
        let permits = Arc::new(Semaphore::new(1));
        let sent = pieces(20, 10_000);
        let expected: Vec<u8> = sent.iter().flat_map(|b| b.to_vec()).collect();
        let permit = permits.clone().try_acquire_owned().unwrap();
        let mut reader =
            Box::pin(spooled_with(futures_util::stream::iter(sent.into_iter().map(Ok)), permit, 10_000, &TEST_DISK));
        let first = reader.next().await.unwrap().unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(TEST_DISK.used() <= 30_000, "never past the cap: {}", TEST_DISK.used());
        assert!(permits.clone().try_acquire_owned().is_err(), "the steps wait, holding their permit");
        let (rest, error) = collect(reader).await;
        assert_eq!(error, None);
        assert_eq!([first.to_vec(), rest].concat(), expected);
        assert_eq!(TEST_DISK.used(), 0);
    }

    #[tokio::test]
    async fn a_reader_that_leaves_stops_the_steps_and_frees_their_file() {
        static TEST_DISK: Disk = Disk::new(1 << 30);
        let permits = Arc::new(Semaphore::new(1));
        let steps =
            futures_util::stream::iter(pieces(10, 10_000).into_iter().map(Ok)).chain(futures_util::stream::pending());
        let permit = permits.clone().try_acquire_owned().unwrap();
        let mut reader = Box::pin(spooled_with(steps, permit, 1_000, &TEST_DISK));
        reader.next().await.unwrap().unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(TEST_DISK.used() > 0);
        assert!(permits.clone().try_acquire_owned().is_err(), "the endless steps still run");
        drop(reader);
        let _back = tokio::time::timeout(Duration::from_secs(5), permits.acquire_owned()).await.unwrap().unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(TEST_DISK.used(), 0);
    }
}
