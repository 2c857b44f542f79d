//! Users API (SPEC §7) and the old portal's auth endpoints, over an embedded SQLite
//! database: argon2id password hashes, HS256 JWTs with `exp`, rotating revocable refresh
//! tokens, RFC 6238 TOTP as second factor, an e-mail outbox table (read through the
//! development-only `/dev/outbox`) and throttling of failed logins per account and address.

use crate::error::UpstreamError;
use crate::router::JsonAnswer;
use crate::{dates, AppState, UpstreamConfig};
use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use hmac::{Hmac, Mac};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Mutex;

/// Seed users: (email, password, type, TOTP secret base32 or empty).
pub const SEED_USERS: &[(&str, &str, &str, &str)] = &[
    ("buyer@example.com", "buyer-password-1", "buyer", ""),
    ("seller@example.com", "seller-password-1", "seller", ""),
    ("cpe@example.com", "cpe-password-1", "cpe", ""),
    ("twofa@example.com", "twofa-password-1", "buyer", "JBSWY3DPEHPK3PXP"),
];

/// Failed logins allowed before delays start; the delay doubles per further failure.
const FREE_FAILURES: u32 = 3;

/// The users store.
pub struct Users {
    db: Mutex<Connection>,
    secret: Vec<u8>,
    ttl: i64,
    dev: bool,
    failures: Mutex<HashMap<String, (u32, i64)>>,
}

impl std::fmt::Debug for Users {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Users").finish_non_exhaustive()
    }
}

fn hash_password(pw: &str) -> Result<String, UpstreamError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(pw.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| UpstreamError::Hash(e.to_string()))
}

fn verify_password(pw: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| Argon2::default().verify_password(pw.as_bytes(), &h).is_ok())
}

fn random_token() -> String {
    let mut b = [0u8; 32];
    use argon2::password_hash::rand_core::RngCore;
    OsRng.fill_bytes(&mut b);
    B64.encode(b)
}

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
    /// Opens (creating and seeding when new) the users database.
    pub fn open(config: &UpstreamConfig) -> Result<Self, UpstreamError> {
        let db = if config.users_db.as_os_str() == ":memory:" {
            Connection::open_in_memory()?
        } else {
            if let Some(dir) = config.users_db.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            Connection::open(&config.users_db)?
        };
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL,
               password TEXT NOT NULL, type TEXT NOT NULL, totp_secret TEXT NOT NULL DEFAULT '',
               profile TEXT NOT NULL DEFAULT '{}', company TEXT NOT NULL DEFAULT '{}');
             CREATE TABLE IF NOT EXISTS refresh_tokens (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
               expires INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
             CREATE TABLE IF NOT EXISTS recovery (code TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL,
               body TEXT NOT NULL, created INTEGER NOT NULL);",
        )?;
        let count: i64 = db.query_row("SELECT count(*) FROM users", [], |r| r.get(0))?;
        if count == 0 {
            for (email, pw, ty, secret) in SEED_USERS {
                let profile = json!({"email": email, "firstName": ty.to_uppercase(), "lastName": "Тестовий",
                    "userType": ty, "cpvNotificationList": if *ty == "seller" { "[\"45000000-7\",\"09100000-0\"]" } else { "" }});
                let company = json!({"name": format!("ТОВ \"{}\"", ty.to_uppercase()), "identifier": {"scheme": "UA-EDR", "id": "00000000"}});
                db.execute(
                    "INSERT INTO users (email, password, type, totp_secret, profile, company) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![email, hash_password(pw)?, ty, secret, profile.to_string(), company.to_string()],
                )?;
            }
        }
        Ok(Self {
            db: Mutex::new(db),
            secret: config.jwt_secret.as_bytes().to_vec(),
            ttl: config.token_ttl_secs,
            dev: config.dev_endpoints,
            failures: Mutex::new(HashMap::new()),
        })
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Signs an HS256 JWT for a user; `pending` marks a token awaiting the second factor.
    pub fn sign(&self, user_id: i64, email: &str, ty: &str, pending: bool, ttl: i64) -> String {
        let now = dates::now_ms() / 1000;
        let header = B64.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
        let claims = json!({"sub": user_id, "username": email, "type": ty, "2fa_pending": pending, "iat": now, "exp": now + ttl});
        let payload = B64.encode(claims.to_string());
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.secret).expect("hmac takes any key length");
        mac.update(format!("{header}.{payload}").as_bytes());
        format!("{header}.{payload}.{}", B64.encode(mac.finalize().into_bytes()))
    }

    /// Verifies signature and expiry; returns the claims.
    pub fn verify(&self, token: &str) -> Result<Value, UpstreamError> {
        let bad = || UpstreamError::Unauthorized("invalid token".into());
        let mut parts = token.split('.');
        let (h, p, s) = (parts.next().ok_or_else(bad)?, parts.next().ok_or_else(bad)?, parts.next().ok_or_else(bad)?);
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.secret).map_err(|_| bad())?;
        mac.update(format!("{h}.{p}").as_bytes());
        mac.verify_slice(&B64.decode(s).map_err(|_| bad())?).map_err(|_| bad())?;
        let claims: Value = serde_json::from_slice(&B64.decode(p).map_err(|_| bad())?).map_err(|_| bad())?;
        if claims["exp"].as_i64().unwrap_or(0) <= dates::now_ms() / 1000 {
            return Err(UpstreamError::Unauthorized("token expired".into()));
        }
        Ok(claims)
    }

    fn issue(&self, user_id: i64, email: &str, ty: &str) -> Result<Value, UpstreamError> {
        let token = self.sign(user_id, email, ty, false, self.ttl);
        let refresh = random_token();
        self.db().execute(
            "INSERT INTO refresh_tokens (token, user_id, expires) VALUES (?1, ?2, ?3)",
            params![refresh, user_id, dates::now_ms() / 1000 + 30 * 86_400],
        )?;
        Ok(
            json!({"token": token, "refresh_token": refresh, "user": {"email": email, "type": ty, "2fa_complete": true}}),
        )
    }

    fn throttle_check(&self, keys: &[String]) -> Result<(), UpstreamError> {
        let now = dates::now_ms() / 1000;
        let f = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        for k in keys {
            if let Some(&(n, until)) = f.get(k) {
                if n > FREE_FAILURES && until > now {
                    return Err(UpstreamError::Throttled((until - now) as u64));
                }
            }
        }
        Ok(())
    }

    fn throttle_fail(&self, keys: &[String]) {
        let now = dates::now_ms() / 1000;
        let mut f = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        for k in keys {
            let e = f.entry(k.clone()).or_insert((0, 0));
            e.0 += 1;
            if e.0 > FREE_FAILURES {
                e.1 = now + (1i64 << (e.0 - FREE_FAILURES).min(10));
            }
        }
    }

    fn user_by_email(&self, email: &str) -> Result<Option<(i64, String, String, String)>, UpstreamError> {
        Ok(self
            .db()
            .query_row(
                "SELECT id, password, type, totp_secret FROM users WHERE email = ?1",
                [email.to_lowercase()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?)
    }

    fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), UpstreamError> {
        self.db().execute(
            "INSERT INTO outbox (recipient, subject, body, created) VALUES (?1, ?2, ?3, ?4)",
            params![to, subject, body, dates::now_ms()],
        )?;
        Ok(())
    }
}

fn body_json(bytes: &Bytes) -> Result<Value, UpstreamError> {
    let v: Value = serde_json::from_slice(bytes).map_err(|e| UpstreamError::MalformedJson(e.to_string()))?;
    if !v.is_object() {
        return Err(UpstreamError::MalformedJson("expected a json object".into()));
    }
    Ok(v)
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a str, UpstreamError> {
    v[name].as_str().filter(|s| !s.trim().is_empty()).ok_or_else(|| UpstreamError::MissingParameter(name.to_string()))
}

fn bearer(h: &HeaderMap) -> Result<&str, UpstreamError> {
    h.get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| UpstreamError::Unauthorized("missing bearer token".into()))
}

fn client_addr(h: &HeaderMap) -> String {
    h.get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .unwrap_or("local")
        .trim()
        .to_string()
}

type Answer = Result<JsonAnswer, UpstreamError>;

async fn login(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let (email, pw) = (field(&v, "email")?.to_lowercase(), field(&v, "password")?.to_string());
    let keys = [format!("account:{email}"), format!("addr:{}", client_addr(&h))];
    let u = s.users.clone();
    u.throttle_check(&keys)?;
    let found = u.user_by_email(&email)?;
    let ok = tokio::task::spawn_blocking(move || found.filter(|(_, hash, _, _)| verify_password(&pw, hash)))
        .await
        .map_err(|e| UpstreamError::Hash(e.to_string()))?;
    let Some((id, _, ty, secret)) = ok else {
        u.throttle_fail(&keys);
        return Err(UpstreamError::Unauthorized("invalid credentials".into()));
    };
    if !secret.is_empty() {
        let token = u.sign(id, &email, &ty, true, 300);
        return Ok(JsonAnswer::ok(
            json!({"token": token, "refresh_token": null, "user": {"email": email, "type": ty, "2fa_complete": false}}),
        ));
    }
    Ok(JsonAnswer::ok(u.issue(id, &email, &ty)?))
}

async fn second_factor(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    let claims = s.users.verify(bearer(&h)?)?;
    if claims["2fa_pending"] != true {
        return Err(UpstreamError::Unauthorized("token is not awaiting a second factor".into()));
    }
    let v = body_json(&b)?;
    let otp = v["otp"].as_str().map(String::from).or_else(|| v["otp"].as_u64().map(|n| format!("{n:06}")));
    let otp = otp.ok_or_else(|| UpstreamError::MissingParameter("otp".into()))?;
    let email = claims["username"].as_str().unwrap_or_default().to_string();
    let keys = [format!("account:{email}"), format!("addr:{}", client_addr(&h))];
    s.users.throttle_check(&keys)?;
    let (id, _, ty, secret) =
        s.users.user_by_email(&email)?.ok_or_else(|| UpstreamError::Unauthorized("unknown user".into()))?;
    let now = dates::now_ms() / 1000;
    if ![-30, 0, 30].iter().any(|d| totp(&secret, now + d).as_deref() == Some(otp.as_str())) {
        s.users.throttle_fail(&keys);
        return Err(UpstreamError::Unauthorized("invalid one-time password".into()));
    }
    Ok(JsonAnswer::ld(StatusCode::CREATED, s.users.issue(id, &email, &ty)?))
}

async fn refresh(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let token = field(&v, "refresh_token")?;
    let row: Option<(i64, i64, i64)> = s
        .users
        .db()
        .query_row("SELECT user_id, expires, revoked FROM refresh_tokens WHERE token = ?1", [token], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .optional()?;
    let Some((uid, expires, revoked)) = row else {
        return Err(UpstreamError::Unauthorized("unknown refresh token".into()));
    };
    if revoked != 0 || expires <= dates::now_ms() / 1000 {
        return Err(UpstreamError::Unauthorized("refresh token revoked or expired".into()));
    }
    // Rotation: the presented token is spent.
    s.users.db().execute("UPDATE refresh_tokens SET revoked = 1 WHERE token = ?1", [token])?;
    let (email, ty): (String, String) =
        s.users.db().query_row("SELECT email, type FROM users WHERE id = ?1", [uid], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(JsonAnswer::ok(s.users.issue(uid, &email, &ty)?))
}

async fn revoke(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let n = s
        .users
        .db()
        .execute("UPDATE refresh_tokens SET revoked = 1 WHERE token = ?1", [field(&v, "refresh_token")?])?;
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"revoked": n})))
}

fn profile_column(s: &AppState, h: &HeaderMap, col: &str) -> Answer {
    let claims = s.users.verify(bearer(h)?)?;
    if claims["2fa_pending"] == true {
        return Err(UpstreamError::Unauthorized("second factor pending".into()));
    }
    let id = claims["sub"].as_i64().unwrap_or_default();
    let text: String = s.users.db().query_row(&format!("SELECT {col} FROM users WHERE id = ?1"), [id], |r| r.get(0))?;
    Ok(JsonAnswer::ok(serde_json::from_str(&text).unwrap_or_default()))
}

async fn profile(State(s): State<AppState>, h: HeaderMap) -> Answer {
    profile_column(&s, &h, "profile")
}
async fn company(State(s): State<AppState>, h: HeaderMap) -> Answer {
    profile_column(&s, &h, "company")
}

async fn forgot(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let email = field(&v, "email")?.to_lowercase();
    if let Some((id, ..)) = s.users.user_by_email(&email)? {
        let code = random_token();
        s.users.db().execute(
            "INSERT INTO recovery (code, user_id, expires) VALUES (?1, ?2, ?3)",
            params![code, id, dates::now_ms() / 1000 + 3600],
        )?;
        s.users.send(&email, "Відновлення пароля", &format!("Код відновлення: {code}"))?;
    }
    // Same answer for unknown addresses: no account enumeration.
    Ok(JsonAnswer::ld(
        StatusCode::OK,
        json!({"ok": true, "message": "if the address is registered, a recovery e-mail was sent"}),
    ))
}

async fn new_password(State(s): State<AppState>, b: Bytes) -> Answer {
    let v = body_json(&b)?;
    let (code, pw) = (field(&v, "recoveryCode")?, field(&v, "password")?);
    if pw.chars().count() < 8 {
        return Err(UpstreamError::invalid("password", "at least 8 characters"));
    }
    let uid: Option<i64> = s
        .users
        .db()
        .query_row(
            "SELECT user_id FROM recovery WHERE code = ?1 AND expires > ?2",
            params![code, dates::now_ms() / 1000],
            |r| r.get(0),
        )
        .optional()?;
    let uid = uid.ok_or_else(|| UpstreamError::invalid("recoveryCode", "unknown or expired recovery code"))?;
    let hash = hash_password(pw)?;
    let db = s.users.db();
    db.execute("UPDATE users SET password = ?1 WHERE id = ?2", params![hash, uid])?;
    db.execute("DELETE FROM recovery WHERE code = ?1", [code])?;
    db.execute("UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ?1", [uid])?;
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true})))
}

async fn outbox(State(s): State<AppState>) -> Answer {
    if !s.users.dev {
        return Err(UpstreamError::NotFound { kind: "path", id: "/dev/outbox".into() });
    }
    let db = s.users.db();
    let mut st = db.prepare("SELECT id, recipient, subject, body, created FROM outbox ORDER BY id")?;
    let rows: Vec<Value> = st
        .query_map([], |r| {
            Ok(json!({"id": r.get::<_, i64>(0)?, "to": r.get::<_, String>(1)?, "subject": r.get::<_, String>(2)?,
                "body": r.get::<_, String>(3)?, "created": dates::format_kyiv(r.get::<_, i64>(4)?)}))
        })?
        .collect::<Result<_, _>>()?;
    let n = rows.len();
    Ok(JsonAnswer::ok(crate::router::hydra("/dev/outbox", rows, n)))
}

async fn countries(State(s): State<AppState>) -> Answer {
    Ok(JsonAnswer::ok(json!(s.data.classifiers.countries)))
}

async fn economic_entities() -> Answer {
    Ok(JsonAnswer::ok(json!([
        {"code": "legal", "name": "Юридична особа", "name_en": "Legal entity"},
        {"code": "individual", "name": "Фізична особа-підприємець", "name_en": "Sole proprietor"},
        {"code": "foreign", "name": "Нерезидент", "name_en": "Non-resident"}
    ])))
}

async fn customer_category() -> Answer {
    Ok(JsonAnswer::ok(json!([
        {"code": "general", "name": "Замовник, що здійснює діяльність в окремих сферах господарювання", "name_en": "Special-sector entity"},
        {"code": "authority", "name": "Орган державної влади, місцевого самоврядування", "name_en": "Public authority"},
        {"code": "central", "name": "Централізована закупівельна організація", "name_en": "Central purchasing body"},
        {"code": "defense", "name": "Замовник, що здійснює закупівлі для потреб оборони", "name_en": "Defence procurer"},
        {"code": "other", "name": "Юридична особа, яка забезпечує потреби держави", "name_en": "Other public-interest entity"}
    ])))
}

/// Form metadata per registration step, keyed by language.
async fn registration_form(
    State(s): State<AppState>,
    axum::extract::Path(step): axum::extract::Path<String>,
    b: Bytes,
) -> Answer {
    let v = if b.is_empty() { json!({}) } else { body_json(&b)? };
    let langs: Vec<String> = match &v["languages"] {
        Value::Array(a) => a.iter().filter_map(|x| x.as_str().map(String::from)).collect(),
        Value::String(x) => vec![x.clone()],
        _ => vec!["uk".into(), "en".into()],
    };
    let group = v["userGroup"].as_str().unwrap_or("buyer");
    if !["buyer", "seller", "cpe"].contains(&group) {
        return Err(UpstreamError::invalid("userGroup", format!("expected buyer, seller or cpe, got `{group}`")));
    }
    let known = |name: &str, id: &Value| -> Result<(), UpstreamError> {
        match id.as_str() {
            Some(c) if !s.data.classifiers.countries.iter().any(|x| x.code == c) => {
                Err(UpstreamError::invalid(name, format!("unknown country `{c}`")))
            }
            _ => Ok(()),
        }
    };
    known("countryId", &v["countryId"])?;
    known("incorporationCountryId", &v["incorporationCountryId"])?;
    let fields: Vec<&str> = match step.as_str() {
        "form-data-first" => vec!["email", "password", "userGroup", "countryId"],
        "form-data-second" => vec!["incorporationCountryId", "legalName", "identifier"],
        "form-data-third" => vec!["firstName", "lastName", "phone", "position"],
        _ => return Err(UpstreamError::NotFound { kind: "registration step", id: step }),
    };
    let mut data = serde_json::Map::new();
    for l in langs {
        let label = |f: &str| if l == "en" { f.to_string() } else { format!("{f} (uk)") };
        data.insert(l.clone(), json!({"step": step, "userGroup": group, "fields": fields.iter().map(|f| json!({"name": f, "label": label(f), "required": true})).collect::<Vec<_>>()}));
    }
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"data": data})))
}

/// Registration submission: `step` = `finish` creates the account and e-mails the user.
async fn registration_submit(
    State(s): State<AppState>,
    axum::extract::Path(step): axum::extract::Path<String>,
    b: Bytes,
) -> Answer {
    if step.starts_with("form-data-") {
        return registration_form(State(s), axum::extract::Path(step), b).await;
    }
    let v = body_json(&b)?;
    if step != "finish" && step != "register" {
        return Ok(JsonAnswer::ld(StatusCode::OK, json!({"ok": true, "step": step, "data": v})));
    }
    let email = field(&v, "email")?.to_lowercase();
    let pw = field(&v, "password")?;
    if pw.chars().count() < 8 {
        return Err(UpstreamError::invalid("password", "at least 8 characters"));
    }
    let ty = v["userGroup"].as_str().unwrap_or("buyer");
    if !["buyer", "seller", "cpe"].contains(&ty) {
        return Err(UpstreamError::invalid("userGroup", format!("expected buyer, seller or cpe, got `{ty}`")));
    }
    if s.users.user_by_email(&email)?.is_some() {
        return Err(UpstreamError::Conflict(format!("user `{email}` already exists")));
    }
    let profile = json!({"email": email, "userType": ty, "cpvNotificationList": ""});
    s.users.db().execute(
        "INSERT INTO users (email, password, type, profile) VALUES (?1, ?2, ?3, ?4)",
        params![email, hash_password(pw)?, ty, profile.to_string()],
    )?;
    s.users.send(&email, "Реєстрацію завершено", "Ваш обліковий запис створено.")?;
    Ok(JsonAnswer::ld(StatusCode::CREATED, json!({"ok": true, "email": email, "type": ty})))
}

/// Old portal: the session is a cookie holding a valid JWT.
fn old_session(s: &AppState, h: &HeaderMap) -> Option<Value> {
    let cookies = h.get("cookie")?.to_str().ok()?;
    let jwt = cookies.split(';').find_map(|c| c.trim().strip_prefix("old_session="))?;
    s.users.verify(jwt).ok()
}

async fn old_check(State(s): State<AppState>, h: HeaderMap) -> Answer {
    Ok(JsonAnswer::ok(json!({"isGuest": old_session(&s, &h).is_none()})))
}

async fn old_login(State(s): State<AppState>, b: Bytes) -> Result<axum::response::Response, UpstreamError> {
    use axum::response::IntoResponse;
    let jwt = form_urlencoded::parse(&b)
        .find(|(k, _)| k == "jwt")
        .map(|(_, v)| v.into_owned())
        .or_else(|| serde_json::from_slice::<Value>(&b).ok().and_then(|v| v["jwt"].as_str().map(String::from)))
        .ok_or_else(|| UpstreamError::MissingParameter("jwt".into()))?;
    s.users.verify(&jwt)?;
    let mut r = JsonAnswer::ld(StatusCode::OK, json!({"ok": true})).into_response();
    if let Ok(v) = format!("old_session={jwt}; Path=/old; HttpOnly; SameSite=Lax").parse() {
        r.headers_mut().insert("set-cookie", v);
    }
    Ok(r)
}

async fn old_logout() -> axum::response::Response {
    use axum::response::IntoResponse;
    let mut r = JsonAnswer::ok(json!({"ok": true})).into_response();
    if let Ok(v) = "old_session=; Path=/old; Max-Age=0".parse() {
        r.headers_mut().insert("set-cookie", v);
    }
    r
}

/// Users, static lists and old portal routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/auth", post(login))
        .route("/api/auth/2fa", post(second_factor))
        .route("/auth/token/refresh", post(refresh))
        .route("/auth/token/revoke", post(revoke))
        .route("/api/users/profile", get(profile))
        .route("/api/users/profile/company", get(company))
        .route("/api/users/forgot-password", post(forgot))
        .route("/api/users/new-password", post(new_password))
        .route("/api/users/registration/{step}", post(registration_submit))
        .route("/lists/countries.json", get(countries))
        .route("/lists/classificationEconomicEntities.json", get(economic_entities))
        .route("/lists/customerCategory.json", get(customer_category))
        .route("/dev/outbox", get(outbox))
        .route("/old/checkAuth.php", get(old_check))
        .route("/old", post(old_login))
        .route("/old/", post(old_login))
        .route("/old/cabinet/logout", get(old_logout))
}

#[cfg(test)]
mod tests {
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
}
