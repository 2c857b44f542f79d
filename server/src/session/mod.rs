//! Sessions held by the server (SPEC §4, §6). The users API's tokens live only in
//! `HttpOnly` cookies ([`cookies`]); for each page request the server reads them,
//! refreshes an expired access token first (one refresh per token however many
//! requests carry it at once), and asks the users API who the visitor is. The summary
//! pages render (e-mail, type, name) is what the account said, asked for on every
//! request of a logged-in visitor: the users API alone knows whether the session was
//! logged out on another replica a moment ago, so no replica keeps a "this token is
//! good" of its own (ADR 0010). A forged, stale or logged-out cookie only ever gets a
//! refusal from the users API, and the cookies are then cleared.
//!
//! Nothing here has to be seen by another replica (issue 19, item 6): a login waiting
//! for its second factor and a hand-over to the old portal travel in the visitor's own
//! short-lived cookies, signed with `server.sessionSecret`; what is kept in memory (the
//! refreshes under way) is a cache that any replica can do without.
//!
//! The anti-forgery token is bound to the visitor's random cookie and, once there is a
//! session, to the session's id (the access token's `sid`): another visitor's cookie and
//! token do not fit a logged-in session. Login and logout give the visitor a new cookie.

pub mod cookies;
pub mod csrf;
pub mod users;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::HeaderMap;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use renderer::{SessionSummary, UserType};
use sha2::{Digest, Sha256};

use users::{CallError, Login};

/// An access token this close to its `exp` is refreshed before it is used.
const EXPIRY_MARGIN_SECS: u64 = 15;
/// How long a refresh's outcome answers other requests to this replica that carried the
/// same, now spent, refresh token (the browser may send several before it has the new
/// cookies). Requests to another replica get the same pair from the users API, which
/// answers a refresh token again for a few seconds after it rotated it.
const REFRESH_SHARED_FOR: Duration = Duration::from_secs(30);
/// Bound of the refreshes the server keeps track of.
const MAX_FLIGHTS: usize = 10_000;
/// A pending second factor lives as long as the users API's pending token (5 minutes).
pub const PENDING_FOR: Duration = Duration::from_secs(300);
/// A hand-over to the old portal is read once, within this time.
pub const HANDOVER_FOR: Duration = Duration::from_secs(60);
/// The paths a pending login's cookie is sent to: the second-factor form in each
/// language (and `/`, where an earlier release set it, only ever cleared).
const PENDING_PATHS: [&str; 3] = ["/login/2fa", "/en/login/2fa", "/"];
/// A longer path to go to after the code is dropped for `/` (the cookie has a size limit).
const MAX_PENDING_ORIGIN: usize = 1024;

/// A login waiting for its one-time code, carried by the visitor's own `portal_pending`
/// cookie: only this replica's secret could have signed it, for this visitor's
/// anti-forgery id, and it says until when it holds.
#[derive(Debug, PartialEq, Eq)]
pub struct Pending {
    /// The users API's pending token (good for `/api/auth/2fa` only).
    pub token: String,
    /// Where the visitor goes after the code (a path on this site).
    pub origin: String,
}

type Flight = Arc<tokio::sync::OnceCell<Result<Login, CallError>>>;

/// Refreshes under way or just done, by refresh token digest: concurrent requests
/// with one refresh token share one call (rotation spends the token at the first).
#[derive(Default)]
struct Flights(Mutex<HashMap<String, (Instant, Flight)>>);

impl Flights {
    fn get(&self, key: String) -> Flight {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if map.len() >= MAX_FLIGHTS {
            map.retain(|_, (at, _)| now.duration_since(*at) < REFRESH_SHARED_FOR);
        }
        if let Some((at, flight)) = map.get(&key) {
            if now.duration_since(*at) < REFRESH_SHARED_FOR {
                return flight.clone();
            }
        }
        let flight = Flight::default();
        // Full of live flights (an attack): this refresh goes alone rather than grow the map.
        if map.len() < MAX_FLIGHTS {
            map.insert(key, (now, flight.clone()));
        }
        flight
    }
}

pub struct Sessions {
    secret: Vec<u8>,
    /// The key that makes the users API believe the visitor addresses the portal passes
    /// on (`server.usersProxyKey`).
    proxy_key: String,
    secure: bool,
    /// The users API's base address.
    users: String,
    public_origin: String,
    flights: Flights,
}

/// Who sent a request, as far as the server could tell, and the cookies its answer sets.
#[derive(Debug, Default)]
pub struct Visitor {
    pub session: Option<SessionSummary>,
    access: Option<String>,
    csrf_id: Option<String>,
    /// What the anti-forgery token is bound to besides the cookie: the login session
    /// of the request's access cookie (see [`binding`]); `None` until read.
    binding: Option<String>,
    /// `Set-Cookie` values for the response (refreshed tokens, cleared ones, a new
    /// anti-forgery id).
    pub set_cookies: Vec<String>,
    /// Whether pages show the cookie notice: it has not been dismissed.
    pub cookie_notice: bool,
}

impl Visitor {
    /// `anonymous`, `buyer`, `seller` or `cpe`: what route decisions may depend on.
    pub fn kind(&self) -> &'static str {
        match self.session.as_ref().map(|s| s.user_type) {
            None => "anonymous",
            Some(UserType::Buyer) => "buyer",
            Some(UserType::Seller) => "seller",
            Some(UserType::Cpe) => "cpe",
        }
    }

    /// The access token for upstream calls made for this visitor (logged in only).
    pub fn bearer(&self) -> Option<&str> {
        self.session.as_ref().and(self.access.as_deref())
    }

    /// True when the response is this visitor's own (never cached or shared).
    pub fn personal(&self) -> bool {
        self.session.is_some() || !self.set_cookies.is_empty()
    }
}

fn digest(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The login session an access token belongs to (its `sid` claim, read without checking
/// the signature), or `""` for none: what an anti-forgery token is bound to. The form
/// and the request that posts it read it from the same cookie, so a token rendered for
/// a visitor fits that visitor's requests only; whether the session is good is the users
/// API's to say.
pub fn binding(access: Option<&str>) -> String {
    access.and_then(claims).and_then(|c| Some(c.get("sid")?.as_str()?.to_owned())).unwrap_or_default()
}

/// The claims of a JWT, read without checking the signature (the users API checks it).
fn claims(jwt: &str) -> Option<serde_json::Value> {
    let payload = jwt.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
    serde_json::from_slice(&bytes).ok()
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The `exp` claim of a JWT, read without checking the signature: only to know when to
/// refresh. Whether the token is good is for the users API to say.
pub fn expiry(jwt: &str) -> Option<u64> {
    claims(jwt)?.get("exp")?.as_u64()
}

fn summary(account: users::Account) -> Option<SessionSummary> {
    let user_type = match account.user_type.as_str() {
        "buyer" => UserType::Buyer,
        "seller" => UserType::Seller,
        "cpe" => UserType::Cpe,
        other => {
            tracing::warn!(user_type = other, "an account of an unknown user type: shown as logged out");
            return None;
        }
    };
    let name = format!("{} {}", account.first_name.trim(), account.last_name.trim()).trim().to_owned();
    Some(SessionSummary {
        name: if name.is_empty() { account.email.clone() } else { name },
        email: account.email,
        user_type,
        cart_count: None,
    })
}

impl Sessions {
    /// `secret` signs anti-forgery tokens (empty: a random one for this process).
    pub fn new(secret: &str, secure: bool, users: &str, public_origin: &str) -> Self {
        Self::with_proxy_key(secret, secure, users, public_origin, "")
    }

    /// [`Sessions::new`] that passes visitor addresses to the users API with `proxy_key`.
    pub fn with_proxy_key(secret: &str, secure: bool, users: &str, public_origin: &str, proxy_key: &str) -> Self {
        let secret = if secret.is_empty() { csrf::random_id().into_bytes() } else { secret.as_bytes().to_vec() };
        Self {
            secret,
            proxy_key: proxy_key.to_owned(),
            secure,
            users: users.to_owned(),
            public_origin: public_origin.to_owned(),
            flights: Flights::default(),
        }
    }

    pub fn users(&self) -> &str {
        &self.users
    }

    /// The visitor's address `address` as the users API is told it.
    pub fn forwarded(&self, address: Option<std::net::IpAddr>) -> Option<users::Forwarded<'_>> {
        Some(users::Forwarded { address: address?, key: &self.proxy_key })
    }

    pub fn secure(&self) -> bool {
        self.secure
    }

    /// The anti-forgery cookie's name: with the `__Host-` prefix over https (the browser
    /// then takes it only from this host, `Secure`, for `/`: no neighbouring subdomain
    /// can plant one), without it over plain http, where browsers refuse the prefix.
    pub fn csrf_cookie(&self) -> &'static str {
        if self.secure {
            cookies::CSRF_HOST
        } else {
            cookies::CSRF
        }
    }

    /// The visitor's anti-forgery id from these headers.
    pub fn csrf_id<'a>(&self, headers: &'a HeaderMap) -> Option<&'a str> {
        cookies::get(headers, self.csrf_cookie())
    }

    /// The cookies that end a session (and a pending login).
    pub fn cleared(&self) -> Vec<String> {
        let mut set: Vec<String> =
            [cookies::ACCESS, cookies::REFRESH].iter().map(|n| cookies::clear(n, self.secure)).collect();
        set.extend(self.pending_cleared());
        set
    }

    /// The cookies that end a pending login, in each language.
    pub fn pending_cleared(&self) -> Vec<String> {
        PENDING_PATHS.iter().map(|path| cookies::clear_at(cookies::PENDING, path, self.secure)).collect()
    }

    /// The cookies that hold a login's tokens (and end a pending one).
    pub fn login_cookies(&self, login: &Login) -> Vec<String> {
        let max_age = Some(cookies::SESSION_MAX_AGE);
        let mut set: Vec<String> =
            cookies::set(cookies::ACCESS, &login.token, max_age, self.secure).into_iter().collect();
        if let Some(refresh) = &login.refresh_token {
            set.extend(cookies::set(cookies::REFRESH, refresh, max_age, self.secure));
        }
        set.extend(self.pending_cleared());
        set
    }

    /// Who sent these headers: refreshes an expired access token and asks the users API
    /// for the account when it is not known yet. Never fails: at worst, logged out.
    pub async fn visitor(&self, http: &reqwest::Client, headers: &HeaderMap) -> Visitor {
        let mut visitor = Visitor {
            csrf_id: self.csrf_id(headers).map(str::to_owned),
            cookie_notice: !cookies::notice_dismissed(headers),
            ..Visitor::default()
        };
        let access = cookies::get(headers, cookies::ACCESS).map(str::to_owned);
        let refresh = cookies::get(headers, cookies::REFRESH).map(str::to_owned);
        visitor.binding = Some(binding(access.as_deref()));
        if access.is_none() && refresh.is_none() {
            return visitor;
        }
        let mut refreshed = false;
        let mut access = access.filter(|token| expiry(token).is_some_and(|exp| exp > now_secs() + EXPIRY_MARGIN_SECS));
        if access.is_none() {
            match self.refreshed(http, refresh.as_deref(), &mut visitor).await {
                Some(token) => {
                    access = Some(token);
                    refreshed = true;
                }
                None => return visitor,
            }
        }
        loop {
            let token = access.take().unwrap_or_default();
            match self.summary_for(http, &token).await {
                Ok(session) => {
                    visitor.session = Some(session);
                    visitor.access = Some(token);
                    return visitor;
                }
                // A token the users API no longer takes (revoked, or not its own): one
                // refresh, then logged out.
                Err(CallError::Refused(401)) if !refreshed => {
                    match self.refreshed(http, refresh.as_deref(), &mut visitor).await {
                        Some(token) => {
                            access = Some(token);
                            refreshed = true;
                        }
                        None => return visitor,
                    }
                }
                Err(CallError::Refused(_)) => {
                    visitor.set_cookies.extend(self.cleared());
                    return visitor;
                }
                // The users API is down: this page is rendered logged out, the session stays.
                Err(e) => {
                    tracing::warn!(error = ?e, "the users API did not say who the visitor is");
                    return visitor;
                }
            }
        }
    }

    /// A new access token from the refresh cookie, with its cookies set on `visitor`;
    /// a refused refresh logs out (the cookies are cleared), an unavailable users API
    /// leaves them for a later request.
    async fn refreshed(&self, http: &reqwest::Client, refresh: Option<&str>, visitor: &mut Visitor) -> Option<String> {
        let Some(refresh) = refresh else {
            visitor.set_cookies.extend(self.cleared());
            return None;
        };
        let flight = self.flights.get(digest(refresh));
        let outcome = flight.get_or_init(|| users::refresh(http, &self.users, refresh)).await;
        match outcome {
            Ok(login) => {
                visitor.set_cookies.extend(self.login_cookies(login));
                Some(login.token.clone())
            }
            Err(CallError::Refused(_)) => {
                visitor.set_cookies.extend(self.cleared());
                None
            }
            Err(e) => {
                tracing::warn!(error = ?e, "refreshing a session failed: the users API is unavailable");
                None
            }
        }
    }

    /// The session summary of an access token, as the users API says it now: a session
    /// logged out a moment ago on another replica is refused here too.
    pub async fn summary_for(&self, http: &reqwest::Client, access: &str) -> Result<SessionSummary, CallError> {
        let account = users::account(http, &self.users, access).await?;
        let mut summary = summary(account).ok_or(CallError::Refused(403))?;
        // The header counts a buyer's cart in the server's HTML too (issue 46, item 10);
        // a cart the users API cannot read now leaves the count out, not the session.
        if summary.user_type != UserType::Seller {
            summary.cart_count = users::cart_count(http, &self.users, access)
                .await
                .inspect_err(|e| tracing::debug!(error = ?e, "the cart's count is unknown"))
                .ok();
        }
        Ok(summary)
    }

    /// The anti-forgery token for this visitor's forms, minting the visitor's random
    /// id (and its cookie) when there is none yet.
    pub fn csrf_token(&self, visitor: &mut Visitor) -> String {
        let id = match &visitor.csrf_id {
            Some(id) => id.clone(),
            None => {
                let id = csrf::random_id();
                visitor.set_cookies.extend(cookies::set(self.csrf_cookie(), &id, None, self.secure));
                visitor.csrf_id = Some(id.clone());
                id
            }
        };
        csrf::token(&self.secret, &id, visitor.binding.as_deref().unwrap_or_default())
    }

    /// [`csrf_token`](Self::csrf_token) for a visitor not looked up yet (its cookies read
    /// from `headers`).
    pub fn csrf_token_for(&self, headers: &HeaderMap, visitor: &mut Visitor) -> String {
        if visitor.csrf_id.is_none() {
            visitor.csrf_id = self.csrf_id(headers).map(str::to_owned);
        }
        if visitor.binding.is_none() {
            visitor.binding = Some(binding(cookies::get(headers, cookies::ACCESS)));
        }
        self.csrf_token(visitor)
    }

    /// A new anti-forgery id for a visitor whose session begins or ends (login, logout):
    /// its cookie, and the token for it bound to `access`'s session (`None`: no session).
    /// A token or cookie the visitor had before fits nothing from now on.
    pub fn rotated_csrf(&self, access: Option<&str>) -> (String, Vec<String>) {
        let mut visitor = Visitor { binding: Some(binding(access)), ..Visitor::default() };
        let token = self.csrf_token(&mut visitor);
        (token, visitor.set_cookies)
    }

    /// True when a state-changing request carries this visitor's token, made for its
    /// cookie and its session, and does not come from another site.
    pub fn allowed(&self, headers: &HeaderMap, token: Option<&str>) -> bool {
        let Some(id) = self.csrf_id(headers) else { return false };
        let bound = binding(cookies::get(headers, cookies::ACCESS));
        csrf::same_site(headers, &self.public_origin)
            && token.is_some_and(|t| csrf::verify(&self.secret, id, &bound, t))
    }

    /// The cookie of a login waiting for its code, for the visitor whose anti-forgery id
    /// is `csrf_id` and the form of the page language `prefix` (`` or `/en`): sent to that
    /// form only, for [`PENDING_FOR`]. `None` when it cannot be written (too long).
    pub fn pending_cookie(&self, pending: &Pending, csrf_id: &str, prefix: &str) -> Option<String> {
        let origin = if pending.origin.len() > MAX_PENDING_ORIGIN { "/" } else { pending.origin.as_str() };
        let until = (now_secs() + PENDING_FOR.as_secs()).to_string();
        let payload = serde_json::json!({ "t": pending.token, "o": origin, "x": until });
        let payload = URL_SAFE_NO_PAD.encode(payload.to_string());
        let signed = csrf::sign(&self.secret, "pending", &[csrf_id, &payload]);
        let path = format!("{prefix}/login/2fa");
        cookies::set_at(
            cookies::PENDING,
            &format!("{payload}.{signed}"),
            &path,
            Some(PENDING_FOR.as_secs()),
            self.secure,
        )
    }

    /// The login waiting for a code that these headers' `portal_pending` cookie carries:
    /// signed by a replica with this secret for the same anti-forgery cookie, and not
    /// past its time. Anything else is no pending login.
    pub fn pending(&self, headers: &HeaderMap) -> Option<Pending> {
        let csrf_id = self.csrf_id(headers)?;
        let (payload, signed) = cookies::get(headers, cookies::PENDING)?.split_once('.')?;
        if !csrf::verify_signed(&self.secret, "pending", &[csrf_id, payload], signed) {
            return None;
        }
        let value: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
        let until: u64 = value["x"].as_str()?.parse().ok()?;
        if until <= now_secs() {
            return None;
        }
        Some(Pending { token: value["t"].as_str()?.to_owned(), origin: value["o"].as_str()?.to_owned() })
    }

    /// A one-time hand-over of the session whose access token is `access` to the old
    /// portal: its id (for `/login/handover/{id}`) and the cookie that alone opens it,
    /// sent only to that path, for [`HANDOVER_FOR`], signed for this id and this token.
    /// The page reads the token from the visitor's own access cookie: nothing is kept.
    pub fn handover(&self, access: &str) -> (String, Vec<String>) {
        let id = csrf::random_id();
        let until = (now_secs() + HANDOVER_FOR.as_secs()).to_string();
        let signed = csrf::sign(&self.secret, "handover", &[&id, &until, &digest(access)]);
        let path = format!("/login/handover/{id}");
        let cookie = cookies::set_at(
            cookies::HANDOVER,
            &format!("{until}.{signed}"),
            &path,
            Some(HANDOVER_FOR.as_secs()),
            self.secure,
        );
        (id, cookie.into_iter().collect())
    }

    /// The access token to hand over at `/login/handover/{id}`, and the cookie that
    /// removes the permission (read once): only with that hand-over's cookie, within its
    /// minute, and with the access cookie it was made for.
    pub fn take_handover(&self, headers: &HeaderMap, id: &str) -> Option<(String, String)> {
        let (until, signed) = cookies::get(headers, cookies::HANDOVER)?.split_once('.')?;
        let access = cookies::get(headers, cookies::ACCESS)?;
        if !csrf::verify_signed(&self.secret, "handover", &[id, until, &digest(access)], signed) {
            return None;
        }
        if until.parse::<u64>().ok()? <= now_secs() {
            return None;
        }
        let path = format!("/login/handover/{id}");
        Some((access.to_owned(), cookies::clear_at(cookies::HANDOVER, &path, self.secure)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwt(claims: &str) -> String {
        format!("eyJhbGciOiJIUzI1NiJ9.{}.c2ln", URL_SAFE_NO_PAD.encode(claims))
    }

    #[test]
    fn the_expiry_comes_from_the_token() {
        assert_eq!(expiry(&jwt(r#"{"sub":"1","exp":1700000000}"#)), Some(1_700_000_000));
        assert_eq!(expiry(&jwt(r#"{"sub":"1"}"#)), None);
        assert_eq!(expiry("not-a-jwt"), None);
        assert_eq!(expiry("a.!!!.c"), None);
    }

    #[test]
    fn the_summary_is_the_account_s() {
        let account = |t: &str, first: &str| users::Account {
            email: "b@x.ua".into(),
            user_type: t.into(),
            first_name: first.into(),
            last_name: " Тестовий ".into(),
        };
        let s = summary(account("buyer", "BUYER")).unwrap();
        assert_eq!((s.email.as_str(), s.user_type, s.name.as_str()), ("b@x.ua", UserType::Buyer, "BUYER Тестовий"));
        assert_eq!(summary(account("admin", "A")), None);
    }

    fn headers(cookies: &[(&str, &str)]) -> HeaderMap {
        let line = cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
        let mut h = HeaderMap::new();
        h.insert(axum::http::header::COOKIE, line.parse().unwrap());
        h
    }

    fn value(set_cookie: &str) -> &str {
        set_cookie.split(';').next().unwrap().split_once('=').unwrap().1
    }

    #[test]
    fn a_pending_login_is_read_by_any_replica_with_the_secret_for_the_same_visitor() {
        let a = Sessions::new("shared-secret", true, "", "");
        let b = Sessions::new("shared-secret", true, "", "");
        let pending = Pending { token: "eyJ.pending.token".into(), origin: "/plans?page=2".into() };
        let cookie = a.pending_cookie(&pending, "csrf-id", "/en").unwrap();
        assert!(
            cookie.contains("; Path=/en/login/2fa;")
                && cookie.contains("; Max-Age=300")
                && cookie.ends_with("; Secure")
        );
        let pending_value = value(&cookie);
        assert_eq!(
            b.pending(&headers(&[(cookies::CSRF_HOST, "csrf-id"), (cookies::PENDING, pending_value)])),
            Some(pending)
        );
        // Another visitor's anti-forgery id, another secret, or a changed payload: none.
        assert_eq!(b.pending(&headers(&[(cookies::CSRF_HOST, "other-id"), (cookies::PENDING, pending_value)])), None);
        assert_eq!(b.pending(&headers(&[(cookies::PENDING, pending_value)])), None);
        let other = Sessions::new("another-secret", true, "", "");
        assert_eq!(
            other.pending(&headers(&[(cookies::CSRF_HOST, "csrf-id"), (cookies::PENDING, pending_value)])),
            None
        );
        let (payload, signed) = pending_value.split_once('.').unwrap();
        let forged = Pending { token: "eyJ.other.token".into(), origin: "/".into() };
        let forged_cookie = a.pending_cookie(&forged, "csrf-id", "").unwrap();
        let forged_payload = value(&forged_cookie).split_once('.').unwrap().0;
        assert_eq!(
            b.pending(&headers(&[
                (cookies::CSRF_HOST, "csrf-id"),
                (cookies::PENDING, &format!("{forged_payload}.{signed}"))
            ])),
            None
        );
        assert_ne!(payload, forged_payload);
        // Its time written in: a payload past it is no pending login.
        let late = URL_SAFE_NO_PAD.encode(r#"{"t":"eyJ.pending.token","o":"/","x":"1"}"#);
        let late_signed = csrf::sign(b"shared-secret", "pending", &["csrf-id", &late]);
        assert_eq!(
            b.pending(&headers(&[
                (cookies::CSRF_HOST, "csrf-id"),
                (cookies::PENDING, &format!("{late}.{late_signed}"))
            ])),
            None
        );
        assert_eq!(a.pending_cleared().len(), PENDING_PATHS.len());
    }

    #[test]
    fn a_hand_over_opens_once_for_its_own_id_and_access_token() {
        let a = Sessions::new("shared-secret", false, "", "");
        let b = Sessions::new("shared-secret", false, "", "");
        let (id, set) = a.handover("eyJ.access.token");
        assert_eq!(set.len(), 1);
        assert!(set[0].contains(&format!("; Path=/login/handover/{id};")) && set[0].contains("; Max-Age=60"));
        let permission = value(&set[0]);
        let with = |access: &str| headers(&[(cookies::ACCESS, access), (cookies::HANDOVER, permission)]);
        let (token, used) = b.take_handover(&with("eyJ.access.token"), &id).unwrap();
        assert_eq!(token, "eyJ.access.token");
        assert!(used.contains("Max-Age=0") && used.contains(&format!("Path=/login/handover/{id}")));
        assert!(b.take_handover(&with("eyJ.another.token"), &id).is_none(), "only for the token it was made for");
        assert!(b.take_handover(&with("eyJ.access.token"), "another-id").is_none(), "only at its own address");
        assert!(b.take_handover(&headers(&[(cookies::ACCESS, "eyJ.access.token")]), &id).is_none(), "only with it");
        let stale = format!("1.{}", csrf::sign(b"shared-secret", "handover", &[&id, "1", &digest("eyJ.access.token")]));
        let stale = headers(&[(cookies::ACCESS, "eyJ.access.token"), (cookies::HANDOVER, &stale)]);
        assert!(b.take_handover(&stale, &id).is_none(), "only within its minute");
    }

    #[tokio::test]
    async fn concurrent_refreshes_of_one_token_share_one_flight() {
        let flights = Flights::default();
        let a = flights.get("k".into());
        let b = flights.get("k".into());
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &flights.get("other".into())));
    }
}
