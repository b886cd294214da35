//! Who may talk to the board: a request must name one of the board's own hosts (so that a page
//! elsewhere cannot reach it by DNS rebinding), and a request that changes anything must come
//! from the board's own page: a same-origin `Origin`, or, without one, the token the page gets
//! with its HTML. Everything else is refused with a 403 and a clear message.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The header that carries the page's token.
pub const TOKEN_HEADER: &str = "x-board-token";

/// The names the board answers to and the token of its page.
#[derive(Clone, Debug)]
pub struct Guard {
    /// Host names (lower case, IPv6 addresses in brackets) a request may name.
    hosts: Vec<String>,
    /// The port the board listens on.
    port: u16,
    /// The page's token: random, made when the server starts.
    token: String,
}

impl Guard {
    /// A guard for a board on `port` answering to `hosts` (besides `localhost`), with a fresh
    /// random token.
    pub fn new(hosts: &[String], port: u16) -> Self {
        let mut names = vec!["localhost".to_string()];
        for host in hosts {
            let name = host.to_ascii_lowercase();
            let name = match name.parse::<std::net::Ipv6Addr>() {
                Ok(_) => format!("[{name}]"),
                Err(_) => name,
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
        Guard {
            hosts: names,
            port,
            token: format!("{:032x}", rand::random::<u128>()),
        }
    }

    /// The page's token.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The names it answers to, for messages.
    pub fn hosts(&self) -> &[String] {
        &self.hosts
    }

    /// Whether `authority` (`name` or `name:port`, as a `Host` header or an origin gives it) is
    /// one of the board's own, on its port (`default_port` when none is written).
    fn is_own(&self, authority: &str, default_port: u16) -> bool {
        let authority = authority.to_ascii_lowercase();
        let (name, port) = match authority.rsplit_once(':') {
            Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
            _ => (authority.as_str(), Some(default_port)),
        };
        port == Some(self.port) && self.hosts.iter().any(|h| h == name)
    }

    /// Why `method` with `headers` is refused, if it is.
    pub fn refusal(&self, method: &Method, headers: &HeaderMap) -> Option<String> {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text("host").unwrap_or("");
        if !self.is_own(host, 80) {
            return Some(format!(
                "host '{}' is not one this board answers to ({} on port {}; --allow-host adds names)",
                host.escape_debug(),
                self.hosts.join(", "),
                self.port
            ));
        }
        if matches!(*method, Method::GET | Method::HEAD) {
            return None;
        }
        match text("origin") {
            Some(origin) => {
                let own = origin
                    .strip_prefix("http://")
                    .is_some_and(|authority| self.is_own(authority, 80));
                (!own).then(|| {
                    format!(
                        "origin '{}' is not this board's: only its own page may change it",
                        origin.escape_debug()
                    )
                })
            }
            None if text(TOKEN_HEADER) == Some(self.token.as_str()) => None,
            None => Some(format!(
                "a request that changes the board needs its page's origin or its token ({TOKEN_HEADER})"
            )),
        }
    }
}

/// The middleware: refuses what [`Guard::refusal`] refuses, with a 403.
pub async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    match guard.refusal(request.method(), request.headers()) {
        Some(message) => (
            StatusCode::FORBIDDEN,
            axum::Json(json!({ "error": message })),
        )
            .into_response(),
        None => next.run(request).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn only_the_boards_own_hosts_and_port_are_answered() {
        let guard = Guard::new(&["127.0.0.1".to_string(), "::1".to_string()], 8080);
        let get = |host: &str| guard.refusal(&Method::GET, &headers(&[("host", host)]));
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert_eq!(get(host), None, "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1:8081",
            "localhost",
            "",
        ] {
            assert!(get(host).is_some(), "{host}");
        }
        assert_eq!(guard.hosts(), ["localhost", "127.0.0.1", "[::1]"]);
    }

    #[test]
    fn changes_need_the_pages_origin_or_its_token() {
        let guard = Guard::new(&["127.0.0.1".to_string()], 80);
        let post = |pairs: &[(&'static str, &str)]| guard.refusal(&Method::POST, &headers(pairs));
        let host = ("host", "127.0.0.1");
        assert_eq!(post(&[host, ("origin", "http://127.0.0.1")]), None);
        assert_eq!(post(&[host, ("origin", "http://localhost:80")]), None);
        assert_eq!(post(&[host, (TOKEN_HEADER, guard.token())]), None);
        assert!(post(&[host]).is_some(), "neither");
        assert!(post(&[host, (TOKEN_HEADER, "guess")]).is_some());
        assert!(post(&[host, ("origin", "http://evil.example")]).is_some());
        assert!(post(&[host, ("origin", "null")]).is_some());
        assert!(post(&[host, ("origin", "https://127.0.0.1")]).is_some());
        let token = guard.token().to_string();
        let both = [
            host,
            ("origin", "http://evil.example"),
            (TOKEN_HEADER, &token),
        ];
        assert!(
            post(&both).is_some(),
            "a foreign origin is refused whatever it carries"
        );
        assert_eq!(guard.token().len(), 32);
        assert_ne!(Guard::new(&[], 80).token(), guard.token());
    }
}
