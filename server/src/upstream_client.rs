//! The client of the pages' upstream requests and one exchange with it: kept apart
//! from `page::fetch` (which chooses what to ask and keeps answers) so the state that
//! owns the client does not depend on the pages that use it.

use std::time::Duration;

use axum::body::Bytes;
use axum::http::{header, HeaderValue, Method, Request, Uri};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use renderer::Failure;

/// The client of the pages' upstream requests: plain HTTP/1.1 with kept-alive
/// connections, no redirects followed (an upstream that redirects is misconfigured or
/// compromised: its answer is a failure) and no proxy. It is hyper's own, without
/// reqwest's layers (decision 0019): a page's requests are a GET or a POST of JSON.
pub type PageClient = Client<HttpConnector, Full<Bytes>>;

/// A [`PageClient`] whose connections time out connecting after `timeout`.
pub fn page_client(timeout: Duration) -> PageClient {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    connector.set_connect_timeout(Some(timeout));
    Client::builder(hyper_util::rt::TokioExecutor::new()).pool_max_idle_per_host(64).build(connector)
}

/// The request of a spec: a GET, or a POST that only reads, in the platform's JSON-LD
/// (SPEC §7); `None` when the address is not an `http://` URL, or the token is not a
/// header value.
pub fn request_of(url: &str, body: Option<&serde_json::Value>, bearer: Option<&str>) -> Option<Request<Full<Bytes>>> {
    let uri: Uri = url.parse().ok()?;
    if uri.scheme_str() != Some("http") || uri.host().is_none() {
        return None;
    }
    let mut request = Request::builder().uri(uri).header(header::ACCEPT, "application/json");
    let body = match body {
        Some(body) => {
            request = request.method(Method::POST).header(header::CONTENT_TYPE, "application/ld+json");
            Full::new(Bytes::from(body.to_string()))
        }
        None => Full::new(Bytes::new()),
    };
    if let Some(token) = bearer {
        request = request.header(header::AUTHORIZATION, HeaderValue::from_str(&format!("Bearer {token}")).ok()?);
    }
    request.body(body).ok()
}

/// Sends the request and reads its answer whole: the body, or the upstream's status
/// when it is 300 or more (redirects are not followed: a 3xx is a failure like a 4xx).
/// A body larger than `max` bytes (announced or sent) is [`Failure::Invalid`], read no
/// further; one cut short is [`Failure::Unreachable`].
pub async fn exchange(client: &PageClient, request: Request<Full<Bytes>>, max: usize) -> Result<Vec<u8>, Failure> {
    let response = client.request(request).await.map_err(|_| Failure::Unreachable)?;
    let status = response.status().as_u16();
    if status >= 300 {
        return Err(Failure::Status(status));
    }
    let announced =
        response.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok()).unwrap_or(0);
    if announced > max as u64 {
        return Err(Failure::Invalid);
    }
    let mut body = Vec::with_capacity(announced as usize);
    let mut incoming = response.into_body();
    while let Some(frame) = incoming.frame().await {
        let frame = frame.map_err(|_| Failure::Unreachable)?;
        if let Some(chunk) = frame.data_ref() {
            if body.len() + chunk.len() > max {
                return Err(Failure::Invalid);
            }
            body.extend_from_slice(chunk);
        }
    }
    Ok(body)
}
