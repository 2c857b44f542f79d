//! One V8 isolate holding the server bundle, with the two entry points of the
//! contract looked up once and called directly (no script compilation per request).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use deno_core::v8;
use deno_core::{JsRuntime, RuntimeOptions};

use crate::contract::{RenderOutput, Resolution};
use crate::error::RenderError;
use crate::reuse::{envelope, AttachError, Embedded, Reuse};

/// What an isolate needs to start; shared by all workers of a pool.
pub(crate) struct IsolateSpec {
    pub bundle: String,
    pub translations_json: String,
    pub heap_limit_bytes: usize,
    /// A startup snapshot with the bundle already evaluated, when one was made.
    pub snapshot: Option<&'static [u8]>,
    /// Script run after `init` in every isolate (tests wrap the entry points with it).
    pub extra_script: String,
}

/// How far past its limit an isolate may grow while its termination unwinds: half
/// the limit, at least 16 MiB (128 MiB → 192 MiB at most). With two serving threads the
/// renderer's heaps stay under 400 MiB even when every thread hits a runaway render.
fn heap_ceiling(limit: usize) -> usize {
    limit.saturating_add((limit / 2).max(16 << 20))
}

pub(crate) struct Isolate {
    runtime: JsRuntime,
    resolve_fn: v8::Global<v8::Function>,
    render_fn: v8::Global<v8::Function>,
    head_fn: v8::Global<v8::Function>,
    body_fn: v8::Global<v8::Function>,
    machine_fn: v8::Global<v8::Function>,
    /// Set by the near-heap-limit callback; the worker replaces the isolate.
    heap_exceeded: Arc<AtomicBool>,
    young: Young,
    /// Upstream answers parsed earlier, put back into inputs that carry the same text.
    reuse: Reuse,
    /// Deep-freezes a value (kept answers are shared between renders).
    freeze_fn: v8::Global<v8::Function>,
}

/// A function that freezes an object and everything under it, and answers it.
const FREEZE: &str =
    "(() => { const freeze = (v) => { if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) { \
    Object.freeze(v); for (const k in v) freeze(v[k]); } return v; }; return freeze; })()";

static YOUNG_COLLECTIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many times, in this process, an isolate collected its young generation between
/// two pages rather than in the middle of one.
pub fn young_collections_between_pages() -> u64 {
    YOUNG_COLLECTIONS.load(Ordering::Relaxed)
}

/// What [`Isolate::collect_young_between_pages`] knows of V8's young generation.
#[derive(Default)]
struct Young {
    /// Its index in V8's heap space statistics.
    index: Option<usize>,
    /// Bytes in use when the last page started.
    at_start: usize,
    /// Bytes the last page allocated (head and body; measured when no scavenge ran).
    per_page: usize,
}

pub(crate) enum Call {
    Resolve,
    Render,
    /// The first half of a render: status, redirect and head (`html` left empty),
    /// and the number of the body it prepared.
    Head,
    /// The second half: the body a `Head` prepared, by its number.
    Body(u32),
    /// A `Head` that prepares no body (a HEAD request: nobody will ask for one).
    HeadOnly,
    /// Forgets the body a `Head` prepared, unrendered (its client went away).
    Discard(u32),
    /// One step of a document for machines (`machine(request, answer)`): the request is
    /// the call's input text, given as it is; the answer, when there is one, the upstream
    /// answer the previous step asked for.
    Machine(Option<String>),
}

/// What a [`Call`] answered.
pub(crate) enum Reply {
    Resolve(Resolution),
    Render(RenderOutput),
    Head(RenderOutput, u32),
    Body(String),
    /// A machine step without its text (JSON, the contract's `Step`) and the text it adds.
    Machine(String, String),
}

/// Isolates and snapshots are created one at a time per process: V8 crashed in
/// `JsRuntime::new` when several were created at once from different snapshots
/// (several pools in one test process). Creation is rare (start-up, replacement).
fn creation_turn() -> std::sync::MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// Initialises V8 for serving before anything else does. Left to itself, deno_core
/// initialises V8 on the first runtime it makes; when that is the snapshot maker it
/// adds `--predictable`, which turns off concurrent compilation and GC for the
/// life of the process and costs every render.
fn init_v8() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        {
            let flags = std::env::var("RENDERER_V8_FLAGS").unwrap_or_default();
            // `--expose-gc` lets the renderer collect the young generation between pages.
            let mut args = vec![String::new(), "--expose-gc".to_owned()];
            args.extend(flags.split_whitespace().map(str::to_owned));
            let rest = deno_core::v8_set_flags(args);
            if rest.len() > 1 {
                tracing::warn!(unknown = ?&rest[1..], "V8 ignored some RENDERER_V8_FLAGS");
            }
        }
        JsRuntime::init_platform(None)
    });
}

impl Isolate {
    pub fn new(spec: &IsolateSpec) -> Result<Self, RenderError> {
        init_v8();
        let _turn = creation_turn();
        let params = v8::CreateParams::default().heap_limits(0, spec.heap_limit_bytes);
        let mut runtime = JsRuntime::try_new(RuntimeOptions {
            create_params: Some(params),
            startup_snapshot: spec.snapshot,
            ..Default::default()
        })
        .map_err(|e| RenderError::Start(e.to_string()))?;
        if spec.snapshot.is_none() {
            runtime
                .execute_script("entry-server.js", spec.bundle.clone())
                .map_err(|e| RenderError::Start(e.to_string()))?;
        }
        let heap_exceeded = Arc::new(AtomicBool::new(false));
        let flag = heap_exceeded.clone();
        let handle = runtime.v8_isolate().thread_safe_handle();
        let ceiling = heap_ceiling(spec.heap_limit_bytes);
        runtime.add_near_heap_limit_callback(move |current, _initial| {
            // Stop the script and grant headroom so V8 can unwind instead of aborting.
            // The headroom is bounded: a loop that never reaches an interrupt check
            // (V8 has such shapes) ends in V8's own out-of-memory abort at the
            // ceiling rather than taking all of the machine's memory.
            flag.store(true, Ordering::SeqCst);
            handle.terminate_execution();
            (current * 2).min(ceiling).max(current)
        });
        let init = format!(
            "__portal.init({})",
            serde_json::to_string(&spec.translations_json).map_err(|e| RenderError::Start(e.to_string()))?
        );
        runtime.execute_script("<init>", init).map_err(|e| RenderError::Start(e.to_string()))?;
        {
            // `init` loads the bundle's split pages: their promises settle here.
            deno_core::scope!(scope, runtime);
            scope.perform_microtask_checkpoint();
        }
        if !spec.extra_script.is_empty() {
            runtime
                .execute_script("<extra>", spec.extra_script.clone())
                .map_err(|e| RenderError::Start(e.to_string()))?;
        }
        let fns = runtime
            .execute_script(
                "<entry-points>",
                format!("[__portal.resolve, __portal.render, __portal.renderHead, __portal.renderBody, {FREEZE}, __portal.machine]"),
            )
            .map_err(|e| RenderError::Start(e.to_string()))?;
        let (resolve_fn, render_fn, head_fn, body_fn, freeze_fn, machine_fn) = {
            deno_core::scope!(scope, runtime);
            let local = v8::Local::new(scope, fns);
            let array = v8::Local::<v8::Array>::try_from(local)
                .map_err(|_| RenderError::Start("__portal entry points missing".into()))?;
            let get = |i: u32| -> Result<v8::Global<v8::Function>, RenderError> {
                let value = array
                    .get_index(scope, i)
                    .ok_or_else(|| RenderError::Start("__portal entry point missing".into()))?;
                let f = v8::Local::<v8::Function>::try_from(value)
                    .map_err(|_| RenderError::Start("__portal entry point is not a function".into()))?;
                Ok(v8::Global::new(scope, f))
            };
            (get(0)?, get(1)?, get(2)?, get(3)?, get(4)?, get(5)?)
        };
        let isolate = runtime.v8_isolate();
        let index = (0..isolate.number_of_heap_spaces())
            .find(|&i| isolate.get_heap_space_statistics(i).is_some_and(|s| s.space_name().to_bytes() == b"new_space"));
        let young = Young { index, ..Young::default() };
        Ok(Self {
            runtime,
            resolve_fn,
            render_fn,
            head_fn,
            body_fn,
            machine_fn,
            heap_exceeded,
            young,
            reuse: Reuse::default(),
            freeze_fn,
        })
    }

    /// Before a page: when the young generation has no room for another page (as much
    /// as the last one allocated, and a quarter more), collects it now, while nothing
    /// of a page is alive and the scavenge has next to nothing to copy, rather than
    /// letting it fill in the middle of this render, where the scavenge copies the
    /// render's live tree (the figures: `bench/results/measurements.md`).
    fn collect_young_between_pages(&mut self) {
        let Some(index) = self.young.index else { return };
        let isolate = self.runtime.v8_isolate();
        let Some(stats) = isolate.get_heap_space_statistics(index) else { return };
        let used = stats.space_used_size();
        if used >= self.young.at_start {
            self.young.per_page = used - self.young.at_start;
        }
        self.young.at_start = used;
        // The next page is taken to allocate what the last one did, and a quarter more.
        if stats.space_available_size() < self.young.per_page + self.young.per_page / 4 {
            // "For testing" in name only: it is V8's one call for a minor collection,
            // and needs `--expose-gc` (see `init_v8`).
            isolate.request_garbage_collection_for_testing(v8::GarbageCollectionType::Minor);
            YOUNG_COLLECTIONS.fetch_add(1, Ordering::Relaxed);
            self.young.at_start = isolate.get_heap_space_statistics(index).map_or(0, |s| s.space_used_size());
        }
    }

    pub fn thread_safe_handle(&mut self) -> v8::IsolateHandle {
        self.runtime.v8_isolate().thread_safe_handle()
    }

    pub fn heap_exceeded(&self) -> bool {
        self.heap_exceeded.load(Ordering::SeqCst)
    }

    /// Calls one entry point with the input JSON, whose `embedded` answers are taken
    /// from those parsed earlier when their text is the same. `Err(None)` means
    /// execution was terminated (deadline or heap limit): the caller decides which.
    pub fn call(&mut self, call: &Call, input: &str, embedded: &[Embedded]) -> Result<Reply, Option<RenderError>> {
        if matches!(call, Call::Head | Call::HeadOnly | Call::Render) {
            self.collect_young_between_pages();
        }
        let function = match call {
            Call::Resolve => self.resolve_fn.clone(),
            Call::Render => self.render_fn.clone(),
            Call::Head | Call::HeadOnly => self.head_fn.clone(),
            Call::Body(_) | Call::Discard(_) => self.body_fn.clone(),
            Call::Machine(_) => self.machine_fn.clone(),
        };
        let (runtime, reuse, freeze) = (&mut self.runtime, &mut self.reuse, &self.freeze_fn);
        deno_core::scope!(scope, runtime);
        v8::tc_scope!(let tc, scope);
        let arg: v8::Local<v8::Value> = if let Call::Body(id) | Call::Discard(id) = call {
            v8::Integer::new_from_unsigned(tc, *id).into()
        } else if let Call::Machine(_) = call {
            v8::String::new(tc, input)
                .ok_or_else(|| Some(RenderError::Contract("input too large for a V8 string".into())))?
                .into()
        } else {
            let outer = envelope(input, embedded).map_err(|e| Some(RenderError::Contract(e)))?;
            let text = v8::String::new(tc, &outer)
                .ok_or_else(|| Some(RenderError::Contract("input too large for a V8 string".into())))?;
            // Parsed here rather than in the bundle, so that input that is not JSON (an
            // upstream answer the server passed on unchecked) is told apart from a
            // failing render, and the caller can check the answers and try again.
            let parsed = v8::json::parse(tc, text)
                .map(|value| (value, reuse.attach(tc, value, input, embedded, freeze)))
                .ok_or(AttachError::Thrown);
            match parsed {
                Ok((value, Ok(()))) => value,
                Ok((_, Err(AttachError::Contract(e)))) => return Err(Some(RenderError::Contract(e))),
                Err(AttachError::Thrown) | Ok((_, Err(AttachError::Thrown))) => {
                    if tc.has_terminated() || tc.is_execution_terminating() {
                        return Err(None);
                    }
                    let message = tc.exception().map(|e| e.to_rust_string_lossy(tc)).unwrap_or_default();
                    tc.reset();
                    return Err(Some(RenderError::Input(message)));
                }
                Err(AttachError::Contract(e)) => return Err(Some(RenderError::Contract(e))),
            }
        };
        let function = v8::Local::new(tc, function);
        let recv = v8::undefined(tc).into();
        // The second argument: `headOnly` of `renderHead`, `discard` of `renderBody`.
        let second = matches!(call, Call::HeadOnly | Call::Discard(_));
        let called = if let Call::Machine(answer) = call {
            let answer: v8::Local<v8::Value> = match answer {
                Some(text) => v8::String::new(tc, text)
                    .ok_or_else(|| Some(RenderError::Contract("answer too large for a V8 string".into())))?
                    .into(),
                None => v8::undefined(tc).into(),
            };
            function.call(tc, recv, &[arg, answer])
        } else if second {
            let flag = v8::Boolean::new(tc, true).into();
            function.call(tc, recv, &[arg, flag])
        } else {
            function.call(tc, recv, &[arg])
        };
        let Some(value) = called else {
            if tc.has_terminated() || tc.is_execution_terminating() {
                return Err(None);
            }
            let message =
                tc.exception().map(|e| e.to_rust_string_lossy(tc)).unwrap_or_else(|| "unknown exception".into());
            return Err(Some(RenderError::Js(message)));
        };
        match call {
            Call::Resolve => {
                let text = value.to_rust_string_lossy(tc);
                serde_json::from_str(&text)
                    .map(Reply::Resolve)
                    .map_err(|e| Some(RenderError::Contract(format!("resolve: {e}"))))
            }
            Call::Body(_) | Call::Discard(_) => {
                if !value.is_string() {
                    return Err(Some(RenderError::Contract("renderBody must answer a string".into())));
                }
                Ok(Reply::Body(value.to_rust_string_lossy(tc)))
            }
            Call::Machine(_) => {
                let array = v8::Local::<v8::Array>::try_from(value)
                    .map_err(|_| Some(RenderError::Contract("machine must answer an array".into())))?;
                let text =
                    |i: u32| array.get_index(tc, i).filter(|v| v.is_string()).map(|v| v.to_rust_string_lossy(tc));
                match (text(0), text(1)) {
                    (Some(step), Some(out)) => Ok(Reply::Machine(step, out)),
                    _ => Err(Some(RenderError::Contract("machine must answer [step, text]".into()))),
                }
            }
            Call::Render | Call::Head | Call::HeadOnly => {
                let array = v8::Local::<v8::Array>::try_from(value)
                    .map_err(|_| Some(RenderError::Contract("render must answer an array".into())))?;
                let item = |i: u32| array.get_index(tc, i);
                let status = item(0).and_then(|v| v.uint32_value(tc)).unwrap_or(0);
                let redirect = item(1).filter(|v| v.is_string()).map(|v| v.to_rust_string_lossy(tc));
                let head = item(2).map(|v| v.to_rust_string_lossy(tc)).unwrap_or_default();
                let status = u16::try_from(status)
                    .ok()
                    .filter(|s| (100..600).contains(s))
                    .ok_or_else(|| Some(RenderError::Contract(format!("bad status {status}"))))?;
                let out = RenderOutput { status, redirect, head, html: String::new() };
                // The fourth field: the body number of a head, the markup of a whole render.
                Ok(match call {
                    Call::Head | Call::HeadOnly => {
                        Reply::Head(out, item(3).and_then(|v| v.uint32_value(tc)).unwrap_or(0))
                    }
                    _ => Reply::Render(RenderOutput {
                        html: item(3).filter(|v| v.is_string()).map(|v| v.to_rust_string_lossy(tc)).unwrap_or_default(),
                        ..out
                    }),
                })
            }
        }
    }
}

/// Evaluates the bundle once and snapshots the heap, so that each new isolate
/// (at start and after every replacement) skips parsing and running the bundle.
///
/// One snapshot per process: V8 shares its read-only heap and string table
/// between isolates, and isolates deserialised from different snapshots corrupt
/// them (seen as crashes in `SharedHeapDeserializer`). Later pools reuse the
/// snapshot; a pool with a different bundle is refused.
pub(crate) fn make_snapshot(bundle: &str) -> Result<&'static [u8], RenderError> {
    static SNAPSHOT: std::sync::Mutex<Option<(u64, &'static [u8])>> = std::sync::Mutex::new(None);
    let key = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        bundle.hash(&mut hasher);
        hasher.finish()
    };
    let mut made = SNAPSHOT.lock().unwrap_or_else(|e| e.into_inner());
    match *made {
        Some((made_for, blob)) if made_for == key => return Ok(blob),
        Some(_) => return Err(RenderError::Start("this process already holds a snapshot of another bundle".into())),
        None => {}
    }
    init_v8();
    let _turn = creation_turn();
    let mut runtime = deno_core::JsRuntimeForSnapshot::new(RuntimeOptions::default());
    runtime.execute_script("entry-server.js", bundle.to_owned()).map_err(|e| RenderError::Start(e.to_string()))?;
    let blob: &'static [u8] = Box::leak(runtime.snapshot());
    *made = Some((key, blob));
    Ok(blob)
}
