//! The second factor: RFC 6238 one-time codes (TOTP) and their base32 secrets, and the
//! spending of a user's code, which is good once.

use super::{now_secs, same_bytes, Users};
use crate::error::UpstreamError;
use hmac::{Hmac, Mac};
use rusqlite::{params, OptionalExtension};

/// Decodes RFC 4648 base32 (no padding).
pub fn base32_decode(s: &str) -> Option<Vec<u8>> {
    let mut bits = 0u64;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.trim_end_matches('=').bytes() {
        let v = match c.to_ascii_uppercase() {
            c @ b'A'..=b'Z' => c - b'A',
            c @ b'2'..=b'7' => c - b'2' + 26,
            _ => return None,
        } as u64;
        bits = (bits << 5) | v;
        n += 5;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    Some(out)
}

/// RFC 6238 TOTP (SHA-1, 30 s steps, 6 digits) at a Unix time.
pub fn totp(secret_b32: &str, unix_secs: i64) -> Option<String> {
    let key = base32_decode(secret_b32)?;
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(&key).ok()?;
    mac.update(&((unix_secs / 30) as u64).to_be_bytes());
    let h = mac.finalize().into_bytes();
    let off = (h[19] & 0x0f) as usize;
    let code = u32::from_be_bytes([h[off] & 0x7f, h[off + 1], h[off + 2], h[off + 3]]) % 1_000_000;
    Some(format!("{code:06}"))
}

impl Users {
    /// Accepts a one-time code of the user once: the step it belongs to must be later
    /// than the last step accepted, and recording it is one conditional `UPDATE`, so a
    /// replayed or concurrently presented code fails.
    pub(super) fn spend_otp(&self, user_id: i64, otp: &str) -> Result<bool, UpstreamError> {
        let secret: Option<String> =
            self.db().query_row("SELECT totp_secret FROM users WHERE id = ?1", [user_id], |r| r.get(0)).optional()?;
        let Some(secret) = secret.filter(|s| !s.is_empty()) else {
            return Ok(false);
        };
        let now_step = now_secs() / 30;
        // One step either side absorbs clock drift and a code typed as it changed.
        let step = (now_step - 1..=now_step + 1)
            .find(|step| totp(&secret, step * 30).is_some_and(|code| same_bytes(code.as_bytes(), otp.as_bytes())));
        let Some(step) = step else {
            return Ok(false);
        };
        self.write(|tx| {
            Ok(tx.execute(
                "UPDATE users SET totp_last_step = ?1 WHERE id = ?2 AND totp_last_step < ?1",
                params![step, user_id],
            )? == 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::users;
    use super::*;

    #[test]
    fn totp_matches_rfc6238_vectors() {
        // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (base32 below), 8 digits → last 6.
        let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
        assert_eq!(totp(secret, 59).unwrap(), "287082");
        assert_eq!(totp(secret, 1111111109).unwrap(), "081804");
        assert_eq!(totp(secret, 20000000000).unwrap(), "353130");
    }

    #[test]
    fn base32() {
        assert_eq!(base32_decode("MZXW6YTBOI").unwrap(), b"foobar");
        assert!(base32_decode("not base32!").is_none());
    }

    #[test]
    fn a_one_time_code_is_good_once() {
        let u = users();
        let code = totp("JBSWY3DPEHPK3PXP", now_secs()).unwrap();
        assert!(u.spend_otp(4, &code).unwrap());
        assert!(!u.spend_otp(4, &code).unwrap());
        assert!(!u.spend_otp(1, &code).unwrap(), "a user without a second factor has no codes");
    }
}
