//! Upstream answers parsed once per isolate while they stay the same.
//!
//! A render input carries the page's upstream answers as raw JSON text. The same
//! answer often comes back for page after page (the newest tenders on the home page,
//! a popular tender), and parsing it again is a tenth of such a render. The server
//! marks where each answer sits in the input ([`Embedded`]); the isolate parses the
//! rest of the input without them and puts in a value it parsed earlier from the same
//! text, or parses the text now. An answer is kept once its text has been seen twice
//! from the same source, so pages seen once (crawlers walking tenders) pay only for
//! remembering the text. Kept values are frozen: a render that tried to change one
//! would fail loudly rather than change what the next page shows.

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::ops::Range;

use deno_core::v8;

/// An upstream answer inside a render input: the JSON value at `range` of the input
/// text is `data[key].body`; `source` names where it came from (the same source
/// answering the same text is the same value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Embedded {
    pub key: String,
    pub source: String,
    pub range: Range<usize>,
}

/// Most answers an isolate keeps, and most bytes of their text.
const MAX_ENTRIES: usize = 64;
const MAX_BYTES: usize = 2 << 20;

struct Entry {
    text: Box<str>,
    /// Parsed and frozen; `None` while the text was seen once.
    value: Option<v8::Global<v8::Value>>,
}

/// One isolate's kept answers, by source, oldest first in `order`.
#[derive(Default)]
pub(crate) struct Reuse {
    entries: HashMap<String, Entry>,
    order: VecDeque<String>,
    bytes: usize,
}

static REUSED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many times, in this process, an isolate put an answer it parsed earlier into a
/// render input instead of parsing the same text again.
pub fn answers_reused() -> u64 {
    REUSED.load(std::sync::atomic::Ordering::Relaxed)
}

/// The input with every embedded answer replaced by `0`, or why the ranges are wrong.
pub(crate) fn envelope<'a>(input: &'a str, embedded: &[Embedded]) -> Result<Cow<'a, str>, String> {
    if embedded.is_empty() {
        return Ok(Cow::Borrowed(input));
    }
    let mut out = String::with_capacity(input.len().min(4096));
    let mut at = 0;
    for e in embedded {
        let r = &e.range;
        if r.start < at || r.end < r.start || input.get(r.clone()).is_none() {
            return Err(format!("embedded answer `{}` at {r:?} is out of order or not in the input", e.key));
        }
        out.push_str(&input[at..r.start]);
        out.push('0');
        at = r.end;
    }
    out.push_str(&input[at..]);
    Ok(Cow::Owned(out))
}

/// Why an embedded answer could not be put in place.
pub(crate) enum AttachError {
    /// V8 threw or was terminated: the caller looks at its try-catch scope.
    Thrown,
    /// The input has no object at `data[key]`.
    Contract(String),
}

impl Reuse {
    /// Puts each embedded answer at `data[key].body` of the parsed envelope `input`.
    /// `freeze` deep-freezes a value and answers it.
    pub fn attach<'s>(
        &mut self,
        scope: &v8::PinScope<'s, '_>,
        input: v8::Local<'s, v8::Value>,
        text: &str,
        embedded: &[Embedded],
        freeze: &v8::Global<v8::Function>,
    ) -> Result<(), AttachError> {
        if embedded.is_empty() {
            return Ok(());
        }
        let object = |value: v8::Local<'s, v8::Value>| v8::Local::<v8::Object>::try_from(value).ok();
        let name = |s: &str| v8::String::new(scope, s).map(Into::into).ok_or(AttachError::Thrown);
        let data = object(input)
            .and_then(|input| input.get(scope, v8::String::new(scope, "data")?.into()))
            .and_then(object)
            .ok_or_else(|| AttachError::Contract("render input without a `data` object".into()))?;
        let body_key = name("body")?;
        for e in embedded {
            let slot = data
                .get(scope, name(&e.key)?)
                .and_then(object)
                .ok_or_else(|| AttachError::Contract(format!("render input without `data.{}`", e.key)))?;
            let value = self.value(scope, &e.source, &text[e.range.clone()], freeze)?;
            slot.set(scope, body_key, value).ok_or(AttachError::Thrown)?;
        }
        Ok(())
    }

    /// The value of `text` from `source`: kept, or parsed now (and kept when this is
    /// the second time in a row that `source` answered it).
    fn value<'s>(
        &mut self,
        scope: &v8::PinScope<'s, '_>,
        source: &str,
        text: &str,
        freeze: &v8::Global<v8::Function>,
    ) -> Result<v8::Local<'s, v8::Value>, AttachError> {
        let seen = self.entries.get_mut(source).filter(|entry| *entry.text == *text);
        if let Some(Entry { value: Some(value), .. }) = &seen {
            REUSED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return Ok(v8::Local::new(scope, value));
        }
        let again = seen.is_some();
        let string = v8::String::new(scope, text).ok_or(AttachError::Thrown)?;
        let parsed = v8::json::parse(scope, string).ok_or(AttachError::Thrown)?;
        if text.len() > MAX_BYTES / 4 {
            return Ok(parsed);
        }
        if !again {
            self.remember(source, text, None);
            return Ok(parsed);
        }
        let freeze = v8::Local::new(scope, freeze);
        let undefined = v8::undefined(scope).into();
        let frozen = freeze.call(scope, undefined, &[parsed]).ok_or(AttachError::Thrown)?;
        self.remember(source, text, Some(v8::Global::new(scope, frozen)));
        Ok(frozen)
    }

    fn remember(&mut self, source: &str, text: &str, value: Option<v8::Global<v8::Value>>) {
        if let Some(old) = self.entries.remove(source) {
            self.bytes -= old.text.len();
            self.order.retain(|s| s != source);
        }
        while !self.order.is_empty() && (self.order.len() >= MAX_ENTRIES || self.bytes + text.len() > MAX_BYTES) {
            if let Some(oldest) = self.order.pop_front() {
                if let Some(old) = self.entries.remove(&oldest) {
                    self.bytes -= old.text.len();
                }
            }
        }
        self.bytes += text.len();
        self.order.push_back(source.to_owned());
        self.entries.insert(source.to_owned(), Entry { text: text.into(), value });
    }
}
