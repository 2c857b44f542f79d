//! Pages are compressed here, not by the router's compression layer (which still
//! compresses everything else): one encoder per page, set for a page.
//!
//! The layer's brotli encoder has a 4 MiB window, and the port of brotli it uses
//! zeroes every buffer it allocates: once a page's body followed its head, each page
//! paid for zeroing megabytes (11 % of the CPU time of a compressed home page). A page
//! is at most a few hundred KiB, so a 256 KiB window loses nothing. Pages rendered
//! whole are compressed in one pass with their size as a hint; streamed pages flush
//! the head so it still goes out before the body is rendered.

use std::io::Write;

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue};

/// log2 of the brotli window: 256 KiB, more than a page.
const BROTLI_WINDOW_BITS: i32 = 18;

/// How a response body is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

impl Encoding {
    /// The encoding to answer a request with: the one its `Accept-Encoding` weighs
    /// highest (RFC 9110 §12.5.3), brotli before gzip when they weigh the same; a
    /// `*` stands for whichever is not named. Identity when neither is acceptable.
    pub fn for_request(headers: &HeaderMap) -> Encoding {
        let (mut br, mut gzip, mut any) = (None, None, None);
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or_default().trim();
                let mut weight = Some(1000);
                for param in parts {
                    if let Some((key, q)) = param.split_once('=') {
                        if key.trim().eq_ignore_ascii_case("q") {
                            weight = qvalue(q.trim());
                        }
                    }
                }
                // A malformed weight makes the item void rather than a guess.
                let Some(weight) = weight else { continue };
                if name.eq_ignore_ascii_case("br") {
                    br = Some(weight);
                } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                    gzip = Some(weight);
                } else if name == "*" {
                    any = Some(weight);
                }
            }
        }
        let (br, gzip) = (br.or(any).unwrap_or(0), gzip.or(any).unwrap_or(0));
        if br > 0 && br >= gzip {
            Encoding::Brotli
        } else if gzip > 0 {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }

    fn header_value(self) -> Option<HeaderValue> {
        match self {
            Encoding::Identity => None,
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
        }
    }

    /// Marks a response as encoded this way, and as varying with `Accept-Encoding`
    /// whatever the encoding: a shared cache must not answer a request that accepts
    /// brotli with the identity page it keeps, nor the other way round.
    pub fn mark(self, headers: &mut HeaderMap) {
        if let Some(value) = self.header_value() {
            headers.insert(header::CONTENT_ENCODING, value);
        }
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
}

/// A weight in thousandths: `q=0.5` is 500. `None` when it is not a valid qvalue.
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths =
        fraction.bytes().chain(std::iter::repeat(b'0')).take(3).fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

/// A page's encoder: `chunk` compresses and flushes (what was written so far can be
/// decoded), `finish` ends the stream.
pub enum Compressor {
    Brotli(Box<brotli::CompressorWriter<Vec<u8>>>),
    Gzip(Box<flate2::write::GzEncoder<Vec<u8>>>),
}

impl Compressor {
    /// An encoder at `level` (brotli quality or gzip level, 1-9) for a body of about
    /// `size_hint` bytes (0: unknown). `None` for identity.
    pub fn new(encoding: Encoding, level: u32, size_hint: usize) -> Option<Compressor> {
        let capacity = size_hint / 4 + 64;
        match encoding {
            Encoding::Identity => None,
            Encoding::Brotli => {
                let params = brotli::enc::BrotliEncoderParams {
                    quality: level as i32,
                    lgwin: BROTLI_WINDOW_BITS,
                    size_hint,
                    mode: brotli::enc::backward_references::BrotliEncoderMode::BROTLI_MODE_TEXT,
                    ..Default::default()
                };
                let writer = brotli::CompressorWriter::with_params(Vec::with_capacity(capacity), 4096, &params);
                Some(Compressor::Brotli(Box::new(writer)))
            }
            Encoding::Gzip => Some(Compressor::Gzip(Box::new(flate2::write::GzEncoder::new(
                Vec::with_capacity(capacity),
                flate2::Compression::new(level),
            )))),
        }
    }

    /// Compresses `data` and flushes; answers the bytes produced since the last call.
    pub fn chunk(&mut self, data: &[u8]) -> std::io::Result<Bytes> {
        let out = match self {
            Compressor::Brotli(writer) => {
                writer.write_all(data)?;
                writer.flush()?;
                writer.get_mut()
            }
            Compressor::Gzip(encoder) => {
                encoder.write_all(data)?;
                encoder.flush()?;
                encoder.get_mut()
            }
        };
        Ok(Bytes::from(std::mem::take(out)))
    }

    /// Compresses the last pieces and ends the stream; answers the bytes produced
    /// since the last `chunk`.
    pub fn finish(self, pieces: &[&[u8]]) -> std::io::Result<Bytes> {
        Ok(Bytes::from(match self {
            Compressor::Brotli(mut writer) => {
                for piece in pieces {
                    writer.write_all(piece)?;
                }
                // Ends the stream and hands the buffer over.
                writer.into_inner()
            }
            Compressor::Gzip(mut encoder) => {
                for piece in pieces {
                    encoder.write_all(piece)?;
                }
                encoder.finish()?
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn accept(value: &str) -> Encoding {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        Encoding::for_request(&headers)
    }

    #[test]
    fn negotiation_follows_weights_and_prefers_brotli_on_ties() {
        assert_eq!(Encoding::for_request(&HeaderMap::new()), Encoding::Identity);
        use Encoding::{Brotli, Gzip, Identity};
        for (header, expected) in [
            ("gzip, deflate, br, zstd", Brotli),
            ("gzip, deflate", Gzip),
            ("br;q=0.5, gzip;q=0.8", Gzip),
            ("br;q=0, gzip", Gzip),
            ("BR;Q=1.000, GZIP;q=1", Brotli),
            ("*", Brotli),
            ("br;q=0, *;q=0.1", Gzip),
            ("identity", Identity),
            ("gzip;q=0, br;q=0", Identity),
            // A malformed weight voids its item, not the header.
            ("br;q=2, gzip", Gzip),
            ("br;q=0.0001, gzip;q=0.9", Gzip),
            ("br;q=x", Identity),
        ] {
            assert_eq!(accept(header), expected, "{header}");
        }
    }

    #[test]
    fn qvalues_are_read_in_thousandths() {
        assert_eq!(qvalue("1"), Some(1000));
        assert_eq!(qvalue("1.000"), Some(1000));
        assert_eq!(qvalue("0.5"), Some(500));
        assert_eq!(qvalue("0.125"), Some(125));
        assert_eq!(qvalue("0"), Some(0));
        assert_eq!(qvalue("1.5"), None);
        assert_eq!(qvalue("0.1234"), None);
        assert_eq!(qvalue(""), None);
    }

    /// What `bytes` decode to, and whether they were a whole stream.
    fn decode_prefix(encoding: Encoding, bytes: &[u8]) -> (String, std::io::Result<usize>) {
        let mut text = String::new();
        let read = match encoding {
            Encoding::Brotli => brotli::Decompressor::new(bytes, 4096).read_to_string(&mut text),
            Encoding::Gzip => flate2::read::GzDecoder::new(bytes).read_to_string(&mut text),
            Encoding::Identity => unreachable!(),
        };
        (text, read)
    }

    fn decode(encoding: Encoding, bytes: &[u8]) -> String {
        let (text, read) = decode_prefix(encoding, bytes);
        read.unwrap();
        text
    }

    #[test]
    fn a_flushed_head_decodes_before_the_rest_is_written() {
        let head = "<!doctype html><html lang=\"uk\"><head><title>Закупівлі</title></head>".repeat(3);
        let body = "<body><main>".to_owned() + &"<p>Тендер UA-2026-01-01-000001-a</p>".repeat(500);
        for encoding in [Encoding::Brotli, Encoding::Gzip] {
            let mut compressor = Compressor::new(encoding, 4, 0).unwrap();
            let first = compressor.chunk(head.as_bytes()).unwrap();
            // The first chunk alone is a decodable prefix of the page.
            assert_eq!(decode_prefix(encoding, &first).0, head, "{encoding:?}");
            let rest = compressor.finish(&[body.as_bytes(), b"</main></body></html>"]).unwrap();
            let size = first.len() + rest.len();
            let whole = decode(encoding, &[first, rest].concat());
            assert_eq!(whole, format!("{head}{body}</main></body></html>"), "{encoding:?}");
            assert!(size * 10 < whole.len(), "{encoding:?}: {size} B");
        }
    }

    #[test]
    fn a_whole_page_compresses_in_one_pass() {
        let page = "<p>Пропозиція учасника</p>".repeat(300);
        for encoding in [Encoding::Brotli, Encoding::Gzip] {
            let bytes = Compressor::new(encoding, 4, page.len()).unwrap().finish(&[page.as_bytes()]).unwrap();
            assert!(bytes.len() * 10 < page.len(), "{encoding:?}: {} B", bytes.len());
            assert_eq!(decode(encoding, &bytes), page);
        }
        assert!(Compressor::new(Encoding::Identity, 4, 0).is_none());
    }
}
