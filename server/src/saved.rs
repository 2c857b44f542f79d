//! Saved searches (the users API's `/api/users/saved-searches`, see `upstream/API.md`):
//!
//! - `POST [/en]/icabinet/searches`: the forms of a search page ("save this search") and
//!   of the cabinet (rename or change the alerts of one, delete one). Fields: `action`
//!   (`save`, `update` or `delete`), the anti-forgery token, and `register`, `query`,
//!   `name`, `frequency` or `id` as the action needs. Without JavaScript the answer is a
//!   redirect to the cabinet's list (or the cabinet again with what went wrong); the app
//!   reads JSON.
//! - `POST [/en]/alerts/unsubscribe`: the button of an alert's unsubscribe link (`id`,
//!   `token`), without a login: it turns the search's alerts off and answers with the
//!   same page, which then says so.

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use std::collections::HashMap;

use crate::form::{
    invalid, language_of, localized, no_session, prefix, refused, refused_with_session, see_other, wants_json,
    with_cookies, Cabinet, CheckedForm, FormOutcome,
};
use crate::session::users::{self, FailedCall};
use crate::state::AppState;

/// The registers a search may be saved from.
pub(crate) const REGISTERS: [&str; 3] = ["tenders", "plans", "contracts"];

/// What a saved-search form asks for, once its fields are read and checked.
#[derive(Debug, PartialEq, Eq)]
enum Change {
    Save { register: String, query: String, name: String, frequency: String },
    Update { id: u64, name: Option<String>, frequency: Option<String> },
    Delete { id: u64 },
}

/// A saved search's id: a positive whole number (it goes into a path).
fn id_of(value: Option<&String>) -> Result<u64, FailedCall> {
    let text = value.map(|v| v.trim()).unwrap_or("");
    match text.parse::<u64>() {
        Ok(id) if id > 0 && text.bytes().all(|b| b.is_ascii_digit()) && text.len() <= 18 => Ok(id),
        _ => Err(invalid("id")),
    }
}

/// A field as typed, or none when it is missing or blank (the users API checks the rest).
fn text(fields: &HashMap<String, String>, name: &str) -> Option<String> {
    fields.get(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn change_of(fields: &HashMap<String, String>) -> Result<Change, FailedCall> {
    match fields.get("action").map(String::as_str).unwrap_or("") {
        "save" => {
            let register = text(fields, "register").filter(|r| REGISTERS.contains(&r.as_str()));
            Ok(Change::Save {
                register: register.ok_or_else(|| invalid("register"))?,
                query: fields.get("query").map(|q| q.trim().trim_start_matches('?').to_owned()).unwrap_or_default(),
                name: text(fields, "name").ok_or_else(|| invalid("name"))?,
                frequency: text(fields, "frequency").unwrap_or_else(|| "daily".to_owned()),
            })
        }
        "update" => Ok(Change::Update {
            id: id_of(fields.get("id"))?,
            name: text(fields, "name"),
            frequency: text(fields, "frequency"),
        }),
        "delete" => Ok(Change::Delete { id: id_of(fields.get("id"))? }),
        _ => Err(invalid("action")),
    }
}

/// The users API call that makes the change; `language` is the page's (a saved search's
/// alerts are written in the language it was saved in).
fn call(change: &Change, language: &str) -> (Method, String, Value) {
    match change {
        Change::Save { register, query, name, frequency } => (
            Method::POST,
            "/api/users/saved-searches".to_owned(),
            json!({ "register": register, "query": query, "name": name, "frequency": frequency, "language": language }),
        ),
        Change::Update { id, name, frequency } => {
            (Method::PUT, format!("/api/users/saved-searches/{id}"), json!({ "name": name, "frequency": frequency }))
        }
        Change::Delete { id } => (Method::DELETE, format!("/api/users/saved-searches/{id}"), json!({})),
    }
}

/// `POST [/en]/icabinet/searches`.
pub async fn change(State(state): State<AppState>, form: CheckedForm<Cabinet>) -> Response {
    // Its outcomes are shown on the cabinet page.
    let CheckedForm { page: cabinet, headers, fields, .. } = form;
    let lang = prefix(&cabinet);
    let cut = |name: &str, n: usize| fields.get(name).map(|v| v.chars().take(n).collect::<String>());
    let values = json!({ "form": "searches", "name": cut("name", 200), "frequency": cut("frequency", 16) });
    let visitor = state.sessions().visitor(state.http(), &headers).await;
    let Some(bearer) = visitor.bearer() else {
        return no_session(&headers, &cabinet, "/icabinet", &visitor.set_cookies);
    };
    if !state.config().client.features.cabinet {
        return with_cookies(see_other(&localized(lang, "/")), &visitor.set_cookies);
    }
    let change = match change_of(&fields) {
        Ok(change) => change,
        Err(refusal) => {
            return with_cookies(refused(&state, &headers, &cabinet, refusal, values).await, &visitor.set_cookies)
        }
    };
    let (method, path, call_body) = call(&change, language_of(lang));
    match users::change(state.http(), state.sessions().users(), method, &path, bearer, call_body).await {
        Ok(answer) if wants_json(&headers) => {
            let search = Some(answer.get("data").cloned().unwrap_or(Value::Null));
            let outcome = FormOutcome { search, ..FormOutcome::done() };
            with_cookies(axum::Json(outcome).into_response(), &visitor.set_cookies)
        }
        Ok(_) => {
            let done = match change {
                Change::Save { .. } => "saved",
                Change::Update { .. } => "updated",
                Change::Delete { .. } => "deleted",
            };
            with_cookies(see_other(&format!("{cabinet}?searches={done}#saved-searches")), &visitor.set_cookies)
        }
        Err(refusal) => refused_with_session(&state, &headers, &cabinet, refusal, values, &visitor.set_cookies).await,
    }
}

/// `POST [/en]/alerts/unsubscribe`: no login, the token is the proof.
pub async fn unsubscribe(State(state): State<AppState>, form: CheckedForm) -> Response {
    let CheckedForm { page, headers, fields, .. } = form;
    let lang = prefix(&page);
    let id = id_of(fields.get("id"));
    let token = fields.get("token").map(|t| t.trim()).unwrap_or("");
    // The page again, for this search (its address carries the id and the token).
    let id_text = id.as_ref().map_or(0, |id| *id).to_string();
    let query = serde_urlencoded::to_string([("id", id_text.as_str()), ("token", token)]).unwrap_or_default();
    let page = format!("{}?{query}", localized(lang, "/alerts/unsubscribe"));
    let outcome = match id {
        Ok(id) => {
            users::submit(
                state.http(),
                state.sessions().users(),
                &format!("/api/saved-searches/{id}/unsubscribe"),
                json!({ "token": token }),
                None,
            )
            .await
        }
        Err(refusal) => Err(refusal),
    };
    match outcome {
        Ok(_) if wants_json(&headers) => axum::Json(FormOutcome::done()).into_response(),
        Ok(_) => see_other(&page),
        Err(refusal) => refused(&state, &headers, &page, refusal, json!({})).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn a_form_is_read_into_one_change() {
        assert_eq!(
            change_of(&form(&[
                ("action", "save"),
                ("register", "plans"),
                ("query", "?status%5B0%5D=scheduled"),
                ("name", " Plans "),
            ])),
            Ok(Change::Save {
                register: "plans".into(),
                query: "status%5B0%5D=scheduled".into(),
                name: "Plans".into(),
                frequency: "daily".into()
            })
        );
        assert_eq!(
            change_of(&form(&[("action", "update"), ("id", "7"), ("frequency", "off")])),
            Ok(Change::Update { id: 7, name: None, frequency: Some("off".into()) })
        );
        assert_eq!(change_of(&form(&[("action", "delete"), ("id", "12")])), Ok(Change::Delete { id: 12 }));
        let (method, path, body) = call(&Change::Delete { id: 12 }, "uk");
        assert_eq!((method, path.as_str(), body), (Method::DELETE, "/api/users/saved-searches/12", json!({})));
    }

    #[test]
    fn bad_input_names_its_field() {
        let field = |pairs: &[(&str, &str)]| change_of(&form(pairs)).unwrap_err().field;
        assert_eq!(field(&[("action", "save"), ("register", "monitorings"), ("name", "x")]), Some("register".into()));
        assert_eq!(field(&[("action", "save"), ("register", "tenders"), ("name", " ")]), Some("name".into()));
        for bad in ["", "0", "-1", "1.5", "../1", "1e3", "99999999999999999999"] {
            assert_eq!(field(&[("action", "update"), ("id", bad)]), Some("id".into()), "{bad}");
        }
        assert_eq!(field(&[("action", "rename")]), Some("action".into()));
    }
}
