//! Registration: the static lists its form offers (countries, kinds of economic
//! entity, customer categories), the form's fields per step and language, and the
//! submission that creates an unconfirmed account and mails its confirmation link, the
//! login and the way to log in, in the registrant's language (attempts counted per
//! requester, accounts created per requester and overall).

use super::confirmation::{forget_unconfirmed, mail_code, Language};
use super::throttle::{Key, Scope, Subject};
use super::{
    body_json, email_field, hash_password, new_password_field, now_secs, requester, Answer, REGISTRATIONS, SIGN_UPS,
    SIGN_UPS_OVERALL,
};
use crate::answer::JsonAnswer;
use crate::error::UpstreamError;
use crate::peer::ClientAddr;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::params;
use serde_json::{json, Value};
use std::time::Instant;

pub(super) async fn countries(State(s): State<AppState>) -> Answer {
    Ok(JsonAnswer::ok(json!(s.data.read().classifiers.countries)))
}

pub(super) async fn economic_entities() -> Answer {
    Ok(JsonAnswer::ok(json!([
        {"code": "legal", "name": "Юридична особа", "name_en": "Legal entity"},
        {"code": "individual", "name": "Фізична особа-підприємець", "name_en": "Sole proprietor"},
        {"code": "foreign", "name": "Нерезидент", "name_en": "Non-resident"}
    ])))
}

pub(super) async fn customer_category() -> Answer {
    Ok(JsonAnswer::ok(json!([
        {"code": "general", "name": "Замовник, що здійснює діяльність в окремих сферах господарювання", "name_en": "Special-sector entity"},
        {"code": "authority", "name": "Орган державної влади, місцевого самоврядування", "name_en": "Public authority"},
        {"code": "central", "name": "Централізована закупівельна організація", "name_en": "Central purchasing body"},
        {"code": "defense", "name": "Замовник, що здійснює закупівлі для потреб оборони", "name_en": "Defence procurer"},
        {"code": "other", "name": "Юридична особа, яка забезпечує потреби держави", "name_en": "Other public-interest entity"}
    ])))
}

/// The label of a registration field in Ukrainian or English.
fn field_label(name: &str, en: bool) -> String {
    let (uk, english) = match name {
        "email" => ("Електронна пошта", "E-mail"),
        "password" => ("Пароль (щонайменше 8 символів)", "Password (at least 8 characters)"),
        "userGroup" => ("Тип користувача", "User type"),
        "countryId" => ("Країна", "Country"),
        "incorporationCountryId" => ("Країна реєстрації організації", "Country of incorporation"),
        "legalName" => ("Повна назва організації", "Legal name of the organisation"),
        "identifier" => ("Код ЄДРПОУ або реєстраційний номер", "EDRPOU code or registration number"),
        "customerCategory" => ("Категорія замовника", "Customer category"),
        "classificationEconomicEntity" => ("Вид суб'єкта господарювання", "Kind of economic entity"),
        "firstName" => ("Ім'я", "First name"),
        "lastName" => ("Прізвище", "Last name"),
        "phone" => ("Телефон", "Phone"),
        "position" => ("Посада", "Position"),
        other => (other, other),
    };
    (if en { english } else { uk }).to_owned()
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
            Some(c) if !s.data.read().classifiers.countries.iter().any(|x| x.code == c) => {
                Err(UpstreamError::invalid(name, format!("unknown country `{c}`")))
            }
            _ => Ok(()),
        }
    };
    known("countryId", &v["countryId"])?;
    known("incorporationCountryId", &v["incorporationCountryId"])?;
    // A buyer or a central purchasing body names its customer category; a seller its
    // kind of economic entity (the static lists of SPEC §7).
    let category = if group == "seller" { "classificationEconomicEntity" } else { "customerCategory" };
    let fields: Vec<(&str, bool)> = match step.as_str() {
        "form-data-first" => vec![("email", true), ("password", true), ("userGroup", true), ("countryId", true)],
        "form-data-second" => {
            vec![("incorporationCountryId", true), ("legalName", true), ("identifier", true), (category, true)]
        }
        "form-data-third" => vec![("firstName", true), ("lastName", true), ("phone", false), ("position", false)],
        _ => return Err(UpstreamError::NotFound { kind: "registration step", id: step }),
    };
    let mut data = serde_json::Map::new();
    for l in langs {
        let en = l == "en";
        let fields: Vec<Value> = fields
            .iter()
            .map(|(f, required)| json!({"name": f, "label": field_label(f, en), "required": required}))
            .collect();
        data.insert(l.clone(), json!({"step": step, "userGroup": group, "fields": fields}));
    }
    Ok(JsonAnswer::ld(StatusCode::OK, json!({"data": data})))
}

/// Registration submission: `step` = `finish` creates the account and e-mails the user.
pub(super) async fn registration_submit(
    State(s): State<AppState>,
    ClientAddr(addr): ClientAddr,
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
    let email = email_field(&v)?;
    let pw = new_password_field(&v)?;
    let ty = v["userGroup"].as_str().unwrap_or("buyer").to_string();
    if !["buyer", "seller", "cpe"].contains(&ty.as_str()) {
        return Err(UpstreamError::invalid("userGroup", format!("expected buyer, seller or cpe, got `{ty}`")));
    }
    let exists = || UpstreamError::Conflict(format!("user `{email}` already exists"));
    // The 409 tells that an address is registered (the portal's form says so, decision
    // 0017): attempts are counted per requester before the look-up, so addresses cannot
    // be tried in bulk. An account created gives its attempt back: only refusals weigh.
    // Accounts created are counted too, per requester and overall: an attempt that
    // creates none gives those back.
    let ip = requester(&s, addr);
    let attempt = ip.map(|ip| (Key(Scope::Registration, Subject::Addr(Some(ip))), REGISTRATIONS));
    let mut created = vec![(Key(Scope::SignUpOverall, Subject::Addr(None)), SIGN_UPS_OVERALL)];
    created.extend(ip.map(|ip| (Key(Scope::SignUp, Subject::Addr(Some(ip))), SIGN_UPS)));
    let counted: Vec<_> = attempt.into_iter().chain(created.iter().copied()).collect();
    s.users.admit(&counted)?;
    // The letter goes out in the language of the page the registration was sent from.
    let language = Language::of_request(&v);
    let made = async {
        let started = Instant::now();
        // Looked up first so that a taken address costs no hash; the unique index still
        // decides between two registrations racing for it.
        if s.users.account(&email)?.is_some() {
            return Err(exists());
        }
        let looked_up = Instant::now();
        let hash = s.users.hashing(move || hash_password(&pw)).await??;
        let hashed = Instant::now();
        let text = |k: &str| v[k].as_str().map(str::trim).unwrap_or_default().to_owned();
        let profile = json!({"email": email, "userType": ty, "cpvNotificationList": "", "language": language.code(),
            "firstName": text("firstName"), "lastName": text("lastName"), "phone": text("phone"), "position": text("position")});
        let company = json!({"name": text("legalName"), "identifier": {"scheme": "UA-EDR", "id": text("identifier")},
            "countryId": text("incorporationCountryId")});
        let stored = s.users.write(|tx| {
            let now = now_secs();
            // An address left unconfirmed past its time is free again.
            forget_unconfirmed(tx, now)?;
            let id: i64 = match tx.query_row(
                "INSERT INTO users (email, password, type, profile, company, confirmed, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6) RETURNING id",
                params![email, hash, ty, profile.to_string(), company.to_string(), now],
                |r| r.get(0),
            ) {
                Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                    return Err(exists())
                }
                other => other?,
            };
            // The one letter an unconfirmed address gets: its subject is fixed.
            mail_code(tx, s.config.portal_origin.as_deref(), id, &email, language, now)
        });
        // Where a registration's time goes (issue 46, item 19): the hash is its floor.
        let ms = |from: Instant, to: Instant| to.duration_since(from).as_secs_f64() * 1e3;
        tracing::debug!(
            lookup_ms = ms(started, looked_up),
            hash_ms = ms(looked_up, hashed),
            store_and_mail_ms = ms(hashed, Instant::now()),
            "registration"
        );
        stored
    };
    let now = Instant::now();
    match made.await {
        Ok(()) => s.users.throttle.give_back(attempt.as_slice(), now),
        Err(e) => {
            s.users.throttle.give_back(&created, now);
            return Err(e);
        }
    }
    Ok(JsonAnswer::ld(
        StatusCode::CREATED,
        json!({"ok": true, "email": email, "type": ty, "emailConfirmed": false, "confirmation": "sent"}),
    ))
}
