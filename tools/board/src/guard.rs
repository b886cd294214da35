//! Who may talk to the board: a request must name one of the board's own hosts (so that a page
//! elsewhere cannot reach it by DNS rebinding), must not come from another site's page (a
//! foreign `Origin`, or `Sec-Fetch-Site` other than `same-origin` where the browser sends it;
//! only a person's own navigation to a page is let in from elsewhere), and a request that
//! changes anything must come from the board's own page: a same-origin `Origin`, or, without
//! one, the token the page gets with its HTML. Everything else is refused with a 403 and a
//! clear message. Every answer forbids other sites to frame the board.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The header that carries the page's token.
pub const TOKEN_HEADER: &str = "x-board-token";

/// Which of the machine's addresses a connection came in on, put in each request's
/// extensions by the server: a board that listens on every address answers to each of them.
#[derive(Clone, Copy, Debug)]
pub struct ConnectedTo(pub SocketAddr);

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

/// An address as a `Host` header writes it: IPv6 in brackets, IPv4 as it is (an IPv4 address
/// a dual-stack socket reports as IPv6 turned back).
fn host_name(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V6(v6) => format!("[{v6}]"),
        v4 => v4.to_string(),
    }
}

impl Guard {
    /// A guard for a board on `port` answering to `hosts` (besides `localhost`), with a fresh
    /// random token.
    pub fn new(hosts: &[String], port: u16) -> Self {
        let mut names = vec!["localhost".to_string()];
        for host in hosts {
            let name = host.to_ascii_lowercase();
            let name = match name.parse::<IpAddr>() {
                Ok(ip) => host_name(ip),
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
    /// one of the board's own, on its port (`default_port` when none is written): a configured
    /// name, or the address the request came in on (`local`).
    fn is_own(&self, authority: &str, default_port: u16, local: Option<IpAddr>) -> bool {
        let authority = authority.to_ascii_lowercase();
        let (name, port) = match authority.rsplit_once(':') {
            Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
            _ => (authority.as_str(), Some(default_port)),
        };
        let local = local.map(host_name);
        port == Some(self.port)
            && (self.hosts.iter().any(|h| h == name) || local.as_deref() == Some(name))
    }

    /// Why `method` with `headers`, come in on the address `local`, is refused, if it is.
    pub fn refusal(
        &self,
        method: &Method,
        headers: &HeaderMap,
        local: Option<IpAddr>,
    ) -> Option<String> {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text("host").unwrap_or("");
        if !self.is_own(host, 80, local) {
            let here = local.map_or(String::new(), |ip| format!(", {}", host_name(ip)));
            return Some(format!(
                "host '{}' is not one this board answers to ({}{here} on port {}; --allow-host \
                 adds names)",
                host.escape_debug(),
                self.hosts.join(", "),
                self.port
            ));
        }
        if let Some(origin) = text("origin") {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|authority| self.is_own(authority, 80, local));
            if !own {
                return Some(format!(
                    "origin '{}' is not this board's: only its own page may use it",
                    origin.escape_debug()
                ));
            }
        }
        let reading = matches!(*method, Method::GET | Method::HEAD);
        // A person's own navigation (a link, a bookmark) may open a page from anywhere; a
        // frame, a script or a form of another site's page may not reach the board at all.
        let navigation = reading
            && text("sec-fetch-mode") == Some("navigate")
            && text("sec-fetch-dest") == Some("document");
        match text("sec-fetch-site") {
            Some(site @ ("cross-site" | "same-site")) if !navigation => {
                return Some(format!(
                    "a request from another site's page ({site}) is refused: only the board's own \
                     page may use it"
                ));
            }
            _ => {}
        }
        if reading || text("origin").is_some() {
            return None;
        }
        match text(TOKEN_HEADER) == Some(self.token.as_str()) {
            true => None,
            false => Some(format!(
                "a request that changes the board needs its page's origin or its token ({TOKEN_HEADER})"
            )),
        }
    }
}

/// What every answer carries: no other site may frame the board's pages (clickjacking), and
/// no answer is read as another type than it says.
fn protect(headers: &mut HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'self'"),
    );
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

/// The middleware: refuses what [`Guard::refusal`] refuses, with a 403, and protects every
/// answer (see [`protect`]).
pub async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let local = request.extensions().get::<ConnectedTo>().map(|c| c.0.ip());
    let mut response = match guard.refusal(request.method(), request.headers(), local) {
        Some(message) => (
            StatusCode::FORBIDDEN,
            axum::Json(json!({ "error": message })),
        )
            .into_response(),
        None => next.run(request).await,
    };
    protect(response.headers_mut());
    response
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
        let get = |host: &str| guard.refusal(&Method::GET, &headers(&[("host", host)]), None);
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
        let post =
            |pairs: &[(&'static str, &str)]| guard.refusal(&Method::POST, &headers(pairs), None);
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
    #[test]
    fn no_request_of_another_sites_page_is_answered_not_even_a_get() {
        let guard = Guard::new(&["127.0.0.1".to_string()], 8080);
        let get =
            |pairs: &[(&'static str, &str)]| guard.refusal(&Method::GET, &headers(pairs), None);
        let host = ("host", "127.0.0.1:8080");
        assert_eq!(
            get(&[host]),
            None,
            "a GET with no origin: a tool, or the page itself"
        );
        assert_eq!(get(&[host, ("origin", "http://127.0.0.1:8080")]), None);
        assert_eq!(get(&[host, ("sec-fetch-site", "same-origin")]), None);
        assert_eq!(
            get(&[host, ("sec-fetch-site", "none")]),
            None,
            "typed or bookmarked"
        );
        assert!(
            get(&[host, ("origin", "http://evil.example")]).is_some(),
            "an event stream"
        );
        assert!(
            get(&[host, ("origin", "http://127.0.0.1:9999")]).is_some(),
            "another port"
        );
        for site in ["cross-site", "same-site"] {
            let fetched = [host, ("sec-fetch-site", site), ("sec-fetch-mode", "cors")];
            assert!(get(&fetched).is_some(), "{site}");
            let framed = [
                host,
                ("sec-fetch-site", site),
                ("sec-fetch-mode", "navigate"),
                ("sec-fetch-dest", "iframe"),
            ];
            assert!(get(&framed).is_some(), "{site} frame");
            let followed = [
                host,
                ("sec-fetch-site", site),
                ("sec-fetch-mode", "navigate"),
                ("sec-fetch-dest", "document"),
            ];
            assert_eq!(
                get(&followed),
                None,
                "a person following a link from {site}"
            );
            let posted = [
                host,
                ("sec-fetch-site", site),
                (TOKEN_HEADER, guard.token()),
            ];
            assert!(
                guard
                    .refusal(&Method::POST, &headers(&posted), None)
                    .is_some()
            );
        }
    }

    #[test]
    fn a_board_on_every_address_answers_to_the_one_a_request_came_in_on() {
        let guard = Guard::new(&[], 8080);
        let at = |host: &str, local: &str| {
            let local = Some(local.parse::<IpAddr>().unwrap());
            guard.refusal(&Method::GET, &headers(&[("host", host)]), local)
        };
        assert_eq!(at("127.0.0.1:8080", "127.0.0.1"), None);
        assert_eq!(at("192.168.1.7:8080", "192.168.1.7"), None);
        assert_eq!(at("192.168.1.7:8080", "::ffff:192.168.1.7"), None);
        assert_eq!(at("[fe80::1]:8080", "fe80::1"), None);
        assert!(
            at("192.168.1.8:8080", "192.168.1.7").is_some(),
            "another machine's"
        );
        assert!(
            at("evil.example:8080", "192.168.1.7").is_some(),
            "a name: DNS rebinding"
        );
        assert!(at("0.0.0.0:8080", "127.0.0.1").is_some());
        let local = Some("192.168.1.7".parse().unwrap());
        let post = [
            ("host", "192.168.1.7:8080"),
            ("origin", "http://192.168.1.7:8080"),
        ];
        assert_eq!(guard.refusal(&Method::POST, &headers(&post), local), None);
    }
}
