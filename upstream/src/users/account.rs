//! The user's own account: the users API's profile and company (SPEC §7) and the CPV codes whose tenders the user
//! is notified of.

use super::{bearer, user_id, Answer, Users};
use crate::answer::JsonAnswer;
use crate::classifiers::Scheme;
use crate::error::UpstreamError;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use rusqlite::{params, OptionalExtension};
use serde_json::{json, Value};

/// CPV codes one account may follow.
pub const MAX_CPV_NOTIFICATIONS: usize = 100;

impl Users {
    /// Replaces the CPV codes a user follows; returns the updated profile.
    pub fn set_cpv_notifications(&self, user_id: i64, codes: &[String]) -> Result<Value, UpstreamError> {
        // The platform keeps the list as a JSON string, `""` when empty.
        let stored = if codes.is_empty() { String::new() } else { json!(codes).to_string() };
        self.write(|tx| {
            let text: Option<String> =
                tx.query_row("SELECT profile FROM users WHERE id = ?1", [user_id], |r| r.get(0)).optional()?;
            let text = text.ok_or_else(|| UpstreamError::Unauthorized("unknown user".into()))?;
            let mut profile: Value = serde_json::from_str(&text).unwrap_or_else(|_| json!({}));
            if !profile.is_object() {
                profile = json!({});
            }
            profile["cpvNotificationList"] = json!(stored);
            tx.execute("UPDATE users SET profile = ?1 WHERE id = ?2", params![profile.to_string(), user_id])?;
            Ok(profile)
        })
    }
}

fn profile_column(s: &AppState, h: &HeaderMap, col: &str) -> Answer {
    let id = user_id(&s.users.verify(bearer(h)?)?);
    let text: Option<String> =
        s.users.db().query_row(&format!("SELECT {col} FROM users WHERE id = ?1"), [id], |r| r.get(0)).optional()?;
    let text = text.ok_or_else(|| UpstreamError::Unauthorized("unknown user".into()))?;
    Ok(JsonAnswer::ok(serde_json::from_str(&text).unwrap_or_default()))
}

/// The profile, with whether its address is confirmed (`emailConfirmed`).
pub(super) async fn profile(State(s): State<AppState>, h: HeaderMap) -> Answer {
    let mut answer = profile_column(&s, &h, "profile")?;
    let id = user_id(&s.users.verify(bearer(&h)?)?);
    let confirmed = super::confirmation::is_confirmed(&s.users.db(), id)?;
    if let Some(profile) = answer.body.as_object_mut() {
        profile.insert("emailConfirmed".into(), json!(confirmed));
    }
    Ok(answer)
}
pub(super) async fn company(State(s): State<AppState>, h: HeaderMap) -> Answer {
    profile_column(&s, &h, "company")
}

/// `45000000-7`: eight digits, a dash, a check digit.
fn is_cpv_code(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 10 && b[8] == b'-' && b[..8].iter().chain(&b[9..]).all(u8::is_ascii_digit)
}

/// The CPV codes of a notification-list body: an array of codes, or an object with
/// `cpvNotificationList` as an array or as the profile's JSON string (`""` = none).
/// Duplicates are dropped, order kept.
pub fn cpv_notification_list(body: &[u8], cpv: &Scheme) -> Result<Vec<String>, UpstreamError> {
    const NAME: &str = "cpvNotificationList";
    let shape = || UpstreamError::invalid(NAME, "expected an array of CPV codes");
    let v: Value = serde_json::from_slice(body).map_err(|e| UpstreamError::MalformedJson(e.to_string()))?;
    let items = match v {
        Value::Array(a) => a,
        Value::Object(mut o) => match o.remove(NAME) {
            None | Some(Value::Null) => return Err(UpstreamError::MissingParameter(NAME.into())),
            Some(Value::Array(a)) => a,
            Some(Value::String(s)) if s.trim().is_empty() => Vec::new(),
            Some(Value::String(s)) => serde_json::from_str(&s).map_err(|_| shape())?,
            Some(_) => return Err(shape()),
        },
        _ => return Err(UpstreamError::MalformedJson("expected an array or an object".into())),
    };
    if items.len() > MAX_CPV_NOTIFICATIONS {
        return Err(UpstreamError::invalid(
            NAME,
            format!("at most {MAX_CPV_NOTIFICATIONS} codes, got {}", items.len()),
        ));
    }
    let mut codes: Vec<String> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let name = format!("{NAME}[{i}]");
        let code = item.as_str().map(str::trim).ok_or_else(|| UpstreamError::invalid(&name, "expected a string"))?;
        if !is_cpv_code(code) {
            return Err(UpstreamError::invalid(&name, format!("`{code}` is not a CPV code like 45000000-7")));
        }
        // Without a loaded classifier only the shape can be checked.
        if !cpv.nodes.is_empty() && cpv.get(code).is_none() {
            return Err(UpstreamError::invalid(&name, format!("unknown CPV code `{code}`")));
        }
        if !codes.iter().any(|c| c == code) {
            codes.push(code.to_string());
        }
    }
    Ok(codes)
}

pub(super) async fn put_cpv_notifications(State(s): State<AppState>, h: HeaderMap, b: Bytes) -> Answer {
    let id = user_id(&s.users.verify(bearer(&h)?)?);
    let codes = cpv_notification_list(&b, &s.data.read().classifiers.cpv)?;
    Ok(JsonAnswer::ld(StatusCode::OK, s.users.set_cpv_notifications(id, &codes)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpv_notification_bodies() {
        let cpv = Scheme::build(
            ["45000000-7", "09100000-0"]
                .iter()
                .map(|id| (id.to_string(), format!("uk {id}"), format!("en {id}")))
                .collect(),
            2,
        );
        let ok = |b: &str| cpv_notification_list(b.as_bytes(), &cpv).unwrap();
        let err = |b: &str| cpv_notification_list(b.as_bytes(), &cpv).unwrap_err().to_string();
        assert_eq!(ok(r#"["45000000-7", "09100000-0", "45000000-7"]"#), ["45000000-7", "09100000-0"]);
        assert_eq!(ok(r#"{"cpvNotificationList": ["09100000-0"]}"#), ["09100000-0"]);
        assert_eq!(ok(r#"{"cpvNotificationList": "[\"09100000-0\"]"}"#), ["09100000-0"]);
        assert!(ok(r#"{"cpvNotificationList": ""}"#).is_empty());
        assert!(ok("[]").is_empty());
        assert!(err(r#"["45000000"]"#).contains("cpvNotificationList[0]"));
        assert!(err(r#"["45000000-7", "12345678-9"]"#).contains("unknown CPV code `12345678-9`"));
        assert!(err(r#"[45000000]"#).contains("cpvNotificationList[0]"));
        assert!(err(r#"{}"#).contains("missing parameter"));
        let too_many = serde_json::to_string(&vec!["45000000-7"; MAX_CPV_NOTIFICATIONS + 1]).unwrap();
        assert!(err(&too_many).contains("at most"));
        // Without a classifier, only the shape is checked.
        let none = Scheme::build(Vec::new(), 2);
        assert_eq!(cpv_notification_list(br#"["12345678-9"]"#, &none).unwrap(), ["12345678-9"]);
    }
}
