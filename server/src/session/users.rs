//! The portal's calls to the users API (SPEC §7): login, second factor, refresh,
//! revoke, the user's account. Only the server makes them; tokens never go to the browser.

use std::net::IpAddr;
use std::time::Duration;

use axum::http::{header, StatusCode};
use renderer::Failure;
use serde::Deserialize;
use serde_json::{json, Value};

/// The users API's answer to a login, a second factor or a refresh.
#[derive(Debug, Clone, Deserialize)]
pub struct Login {
    pub token: String,
    pub refresh_token: Option<String>,
    pub user: LoginUser,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LoginUser {
    #[serde(default)]
    pub email: String,
    #[serde(rename = "2fa_complete", default = "yes")]
    pub two_factor_complete: bool,
}

fn yes() -> bool {
    true
}

/// Why a call brought no answer the portal can use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// The users API refused: this status (401 wrong credentials or code, 400 …).
    Refused(u16),
    /// Too many attempts: wait this many seconds (`Retry-After`), when said.
    Throttled(Option<u64>),
    /// Nothing usable answered: unreachable, too slow, 5xx or not the expected JSON.
    Unavailable(Failure),
}

fn url(base: &str, path: &str) -> String {
    format!("{}{path}", base.trim_end_matches('/'))
}

/// The response, or why there is none to read: unreachable or too slow, throttled, or
/// failed on the users API's side (5xx). A 4xx is left to the caller (it reads the body).
fn received(response: Result<reqwest::Response, reqwest::Error>) -> Result<reqwest::Response, CallError> {
    let response = response
        .map_err(|e| CallError::Unavailable(if e.is_timeout() { Failure::Timeout } else { Failure::Unreachable }))?;
    let status = response.status();
    if status == StatusCode::TOO_MANY_REQUESTS {
        let wait = response.headers().get(header::RETRY_AFTER).and_then(|v| v.to_str().ok()?.trim().parse().ok());
        return Err(CallError::Throttled(wait));
    }
    if status.is_server_error() {
        // A gateway's timeout is the users API being too slow.
        let failure =
            if status == StatusCode::GATEWAY_TIMEOUT { Failure::Timeout } else { Failure::Status(status.as_u16()) };
        return Err(CallError::Unavailable(failure));
    }
    Ok(response)
}

async fn answer<T: for<'de> Deserialize<'de>>(
    response: Result<reqwest::Response, reqwest::Error>,
) -> Result<T, CallError> {
    let response = received(response)?;
    let status = response.status();
    if status.is_client_error() {
        return Err(CallError::Refused(status.as_u16()));
    }
    let bytes = response.bytes().await.map_err(|_| CallError::Unavailable(Failure::Invalid))?;
    serde_json::from_slice(&bytes).map_err(|_| CallError::Unavailable(Failure::Invalid))
}

/// The visitor's address as the portal passes it to the users API, for its throttles,
/// with the key that makes the users API believe it (`X-Proxy-Key`; empty: none, the
/// users API then believes the header only from the proxies it was configured with).
#[derive(Debug, Clone, Copy)]
pub struct Forwarded<'a> {
    pub address: IpAddr,
    pub key: &'a str,
}

impl Forwarded<'_> {
    fn on(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        let request = request.header("x-forwarded-for", self.address.to_string());
        if self.key.is_empty() {
            request
        } else {
            request.header("x-proxy-key", self.key)
        }
    }
}

/// POSTs a JSON-LD body, as the platform's clients do (SPEC §7). `from`: the visitor's
/// address, for the users API's throttle (the portal is its configured proxy).
async fn post<T: for<'de> Deserialize<'de>>(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    bearer: Option<&str>,
    body: Value,
    from: Option<Forwarded<'_>>,
) -> Result<T, CallError> {
    let mut request = http
        .post(url(base, path))
        .header(header::CONTENT_TYPE, "application/ld+json")
        .header(header::ACCEPT, "application/json")
        .body(body.to_string());
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    if let Some(from) = from {
        request = from.on(request);
    }
    answer(request.send().await).await
}

pub async fn login(
    http: &reqwest::Client,
    base: &str,
    email: &str,
    password: &str,
    from: Option<Forwarded<'_>>,
) -> Result<Login, CallError> {
    post(http, base, "/auth", None, json!({ "email": email, "password": password }), from).await
}

pub async fn second_factor(
    http: &reqwest::Client,
    base: &str,
    pending: &str,
    otp: &str,
    from: Option<Forwarded<'_>>,
) -> Result<Login, CallError> {
    post(http, base, "/api/auth/2fa", Some(pending), json!({ "otp": otp }), from).await
}

pub async fn refresh(http: &reqwest::Client, base: &str, refresh_token: &str) -> Result<Login, CallError> {
    post(http, base, "/auth/token/refresh", None, json!({ "refresh_token": refresh_token }), None).await
}

/// Logout: revokes the refresh token and ends the login session, which the access token
/// (sent as the bearer) names too, so a visitor holding either one is logged out
/// everywhere. A failure is logged, never shown (the cookies go anyway).
pub async fn revoke(http: &reqwest::Client, base: &str, refresh_token: Option<&str>, access: Option<&str>) {
    if refresh_token.is_none() && access.is_none() {
        return;
    }
    let result: Result<Value, _> =
        post(http, base, "/auth/token/revoke", access, json!({ "refresh_token": refresh_token }), None).await;
    if let Err(e) = result {
        tracing::warn!(error = ?e, "revoking a refresh token failed");
    }
}

/// The fields of the user's account the pages show (the users API's `/api/users/profile`).
#[derive(Debug, Clone, Deserialize)]
pub struct Account {
    #[serde(default)]
    pub email: String,
    #[serde(rename = "userType", default)]
    pub user_type: String,
    #[serde(rename = "firstName", default)]
    pub first_name: String,
    #[serde(rename = "lastName", default)]
    pub last_name: String,
}

pub async fn account(http: &reqwest::Client, base: &str, access: &str) -> Result<Account, CallError> {
    get(http, base, "/api/users/profile", access).await
}

/// The number of products in the user's cart (`/api/users/cart`: its `items`).
pub async fn cart_count(http: &reqwest::Client, base: &str, access: &str) -> Result<u32, CallError> {
    #[derive(Deserialize)]
    struct Cart {
        items: Vec<serde::de::IgnoredAny>,
    }
    let cart: Cart = get(http, base, "/api/users/cart", access).await?;
    Ok(u32::try_from(cart.items.len()).unwrap_or(u32::MAX))
}

/// GETs `path` with a bearer token (a user's, or the alert job's key) and reads its JSON.
pub async fn get<T: for<'de> Deserialize<'de>>(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    bearer: &str,
) -> Result<T, CallError> {
    let request = http
        .get(url(base, path))
        .header(header::ACCEPT, "application/json")
        .bearer_auth(bearer)
        .timeout(Duration::from_secs(5));
    answer(request.send().await).await
}

/// A refusal of a form's call, with the field the users API named (`parameter`) and,
/// for a bound reached, which one (`reason`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailedCall {
    pub error: CallError,
    pub field: Option<String>,
    pub reason: Option<String>,
}

/// POSTs a form's fields to the users API and reads its answer, or the refusal with the
/// field it names (registration, password recovery); `from`: the visitor's address, for
/// the users API's throttles.
pub async fn submit(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    body: Value,
    from: Option<Forwarded<'_>>,
) -> Result<Value, FailedCall> {
    let mut request = http.post(url(base, path));
    if let Some(from) = from {
        request = from.on(request);
    }
    send_form(request, body).await
}

/// PUTs a user's own change (the cabinet's CPV notification list) with their token.
pub async fn put(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    bearer: &str,
    body: Value,
) -> Result<Value, FailedCall> {
    send_form(http.put(url(base, path)).bearer_auth(bearer), body).await
}

/// Sends a user's own change (`method`: POST, PUT or DELETE; the cart) with their token.
pub async fn change(
    http: &reqwest::Client,
    base: &str,
    method: reqwest::Method,
    path: &str,
    bearer: &str,
    body: Value,
) -> Result<Value, FailedCall> {
    send_form(http.request(method, url(base, path)).bearer_auth(bearer), body).await
}

async fn send_form(request: reqwest::RequestBuilder, body: Value) -> Result<Value, FailedCall> {
    let request = request
        .header(header::CONTENT_TYPE, "application/ld+json")
        .header(header::ACCEPT, "application/json")
        .body(body.to_string());
    let refused = |error| FailedCall { error, field: None, reason: None };
    let response = received(request.send().await).map_err(refused)?;
    let status = response.status();
    let bytes = response.bytes().await.map_err(|_| refused(CallError::Unavailable(Failure::Invalid)))?;
    let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    if status.is_client_error() {
        let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::to_owned);
        return Err(FailedCall {
            error: CallError::Refused(status.as_u16()),
            field: text("parameter"),
            reason: text("reason"),
        });
    }
    Ok(body)
}
