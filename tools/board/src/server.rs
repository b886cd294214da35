//! The HTTP side: the page and its scripts, the JSON API the page calls, and a stream of
//! server-sent events that carries the whole state after every change.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::board::Board;
use crate::guard::{self, Guard};
use crate::lobby::Lobby;
use crate::setup::NewGame;
use crate::snapshot::{catalog_json, move_at, state_json, view_json};

/// The page's files, served from the binary.
const FILES: [(&str, &str, &str); 7] = [
    (
        "panels.js",
        "text/javascript",
        include_str!("../page/panels.js"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_str!("../page/icon.svg"),
    ),
    ("app.js", "text/javascript", include_str!("../page/app.js")),
    (
        "form.js",
        "text/javascript",
        include_str!("../page/form.js"),
    ),
    (
        "draw.js",
        "text/javascript",
        include_str!("../page/draw.js"),
    ),
    ("style.css", "text/css", include_str!("../page/style.css")),
    (
        "index.html",
        "text/html",
        include_str!("../page/index.html"),
    ),
];

/// How long the event stream waits to gather changes into one message.
const GATHER: Duration = Duration::from_millis(40);

/// How long a client may take to send a request's header, and then its body.
const REQUEST_READ: Duration = Duration::from_secs(10);

/// The most connections the server keeps open at once; one more is closed unanswered.
const MAX_CONNECTIONS: usize = 128;

/// How often an idle event stream writes a comment line, by which a page that went away is
/// seen.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// The most event streams open at once, on one game and on the whole server.
pub const MAX_STREAMS_PER_GAME: usize = 8;
/// See [`MAX_STREAMS_PER_GAME`].
pub const MAX_STREAMS: usize = 32;

type Shared = State<Arc<Lobby>>;

/// A JSON body whose rejection (bad JSON, a missing or unknown field) is answered like every
/// other error: `400 {"error": "..."}`.
struct Body<T>(T);

impl<T, S> axum::extract::FromRequest<S> for Body<T>
where
    Json<T>: axum::extract::FromRequest<S, Rejection = axum::extract::rejection::JsonRejection>,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Response> {
        let reading = Json::<T>::from_request(request, state);
        match tokio::time::timeout(REQUEST_READ, reading).await {
            Ok(Ok(Json(body))) => Ok(Body(body)),
            Ok(Err(rejection)) => Err(error(in_words(&rejection.body_text()))),
            Err(_) => Err((
                StatusCode::REQUEST_TIMEOUT,
                Json(json!({ "error": "the request's body did not come in time" })),
            )
                .into_response()),
        }
    }
}

/// A rejected body's message in a player's words: which field, and what it should be (serde's
/// `invalid type: string "abc", expected u64 at line 1 column 271` becomes `seats[1].limit.ms:
/// "abc" should be a whole number`).
fn in_words(message: &str) -> String {
    let message = message
        .split_once("target type: ")
        .map_or(message, |(_, rest)| rest);
    let message = message
        .rsplit_once(" at line ")
        .map_or(message, |(head, _)| head);
    let kinds = [
        ("u64", "a whole number"),
        ("u32", "a whole number"),
        ("usize", "a whole number"),
        ("i64", "a whole number"),
        ("a boolean", "true or false"),
    ];
    let mut words = message.to_string();
    for (kind, said) in kinds {
        words = words.replace(&format!("expected {kind}"), &format!("expected {said}"));
    }
    let words = words
        .replace("invalid type: string ", "")
        .replace(", expected ", " should be ");
    format!("the request was not understood: {words}")
}

fn error(message: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "error": message }))).into_response()
}

/// The place in `index.html` where the page's token goes.
const TOKEN_PLACE: &str = "{{BOARD_TOKEN}}";

/// The routes, behind `guard`: the page of each game at `/game/<id>`, and each game's API
/// under `/api/game/<id>/`.
pub fn router(lobby: Arc<Lobby>, guard: Arc<Guard>) -> Router {
    let index = page_text("index.html").replace(TOKEN_PLACE, guard.token());
    let page_of = move |id: String, lobby: Arc<Lobby>| {
        let known = id == "new" || id.parse().is_ok_and(|id| lobby.game(id).is_ok());
        match known {
            true => ([(header::CONTENT_TYPE, "text/html")], index.clone()).into_response(),
            false => (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/html")],
                format!(
                    "<!doctype html><title>no such game</title><p>There is no game {}: it was \
                     closed, or never started. <a href=\"/\">The newest game</a>.</p>",
                    id.escape_default()
                ),
            )
                .into_response(),
        }
    };
    let game_page =
        move |State(lobby): Shared, Path(id): Path<String>| async move { page_of(id, lobby) };
    Router::new()
        .route("/", get(newest_game))
        .route("/favicon.ico", get(|| async { page("icon.svg") }))
        .route("/game/{id}", get(game_page))
        .route("/page/{file}", get(page_file))
        .route("/api/catalog", get(catalog))
        .route("/api/games", get(games).post(create_game))
        .route("/api/game/{id}/state", get(state))
        .route("/api/game/{id}/events", get(events))
        .route("/api/game/{id}/new", post(new_game))
        .route("/api/game/{id}/close", post(close_game))
        .route("/api/game/{id}/move", post(play))
        .route("/api/game/{id}/show", post(show))
        .route("/api/game/{id}/takeback", post(take_back))
        .route("/api/game/{id}/pause", post(pause))
        .route("/api/game/{id}/load", post(load))
        .route("/api/game/{id}/restart", post(restart))
        .route("/api/game/{id}/analyse", post(analyse))
        .route("/api/game/{id}/analyse/stop", post(stop_analysis))
        .route("/api/game/{id}/preview", post(preview))
        .with_state(lobby)
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

/// The game a request's path names (`{id}`); a 404 if there is none.
struct Game(Arc<Board>);

impl FromRequestParts<Arc<Lobby>> for Game {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, lobby: &Arc<Lobby>) -> Result<Self, Response> {
        let not_found = |message: String| {
            (StatusCode::NOT_FOUND, Json(json!({ "error": message }))).into_response()
        };
        let Path(id) = Path::<u64>::from_request_parts(parts, lobby)
            .await
            .map_err(|e| not_found(e.body_text()))?;
        lobby.game(id).map(Game).map_err(not_found)
    }
}

/// `/`: the newest game's address; with every game closed, the page with no game, which
/// offers to start one (a GET changes nothing).
async fn newest_game(State(lobby): Shared) -> Response {
    match lobby.newest() {
        Some(board) => Redirect::to(&format!("/game/{}", board.id)).into_response(),
        None => Redirect::to("/game/new").into_response(),
    }
}

async fn page_file(Path(file): Path<String>) -> Response {
    page(&file)
}

/// The text of one of the page's files.
fn page_text(file: &str) -> &'static str {
    FILES
        .iter()
        .find(|(name, _, _)| *name == file)
        .map_or("", |f| f.2)
}

/// One of the page's files, with its type.
fn page(file: &str) -> Response {
    match FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

fn current(board: &Board) -> Value {
    let version = *board.subscribe().borrow();
    state_json(board, &board.lock(), version)
}

/// The state after a successful change, or the error as `{"error": ...}` with status 400.
fn reply(board: &Board, result: Result<(), String>) -> Response {
    match result {
        Ok(()) => Json(current(board)).into_response(),
        Err(message) => error(message),
    }
}

async fn catalog(State(lobby): Shared) -> Json<Value> {
    Json(catalog_json(&lobby.common))
}

async fn games(State(lobby): Shared) -> Json<Value> {
    Json(lobby.list())
}

/// Starts a game at a new address; its state (with its `id`).
async fn create_game(State(lobby): Shared, Body(setup): Body<NewGame>) -> Response {
    match lobby.create(&setup) {
        Ok(board) => Json(current(&board)).into_response(),
        Err(message) => error(message),
    }
}

async fn close_game(
    State(lobby): Shared,
    Game(board): Game,
    Body(_): Body<NoArguments>,
) -> Response {
    match lobby.close(board.id) {
        Ok(()) => Json(lobby.list()).into_response(),
        Err(message) => error(message),
    }
}

async fn state(Game(board): Game) -> Json<Value> {
    Json(current(&board))
}

/// The game's state after every change, as server-sent events, within the server's bounds on
/// streams ([`MAX_STREAMS_PER_GAME`], [`MAX_STREAMS`]). An idle stream costs nothing: it
/// waits on the game's change signal, with a comment line every [`KEEP_ALIVE`].
async fn events(State(lobby): Shared, Game(board): Game) -> Response {
    let ticket = match lobby.open_stream(board.id, MAX_STREAMS_PER_GAME, MAX_STREAMS) {
        Ok(ticket) => ticket,
        Err(message) => {
            let body = Json(json!({ "error": message }));
            return (StatusCode::TOO_MANY_REQUESTS, body).into_response();
        }
    };
    let changes = board.subscribe();
    let stream = futures_util::stream::unfold(
        (board, changes, true, ticket),
        |(board, mut changes, first, ticket)| async move {
            if !first {
                changes.changed().await.ok()?;
                tokio::time::sleep(GATHER).await;
            }
            changes.borrow_and_update();
            let data = current(&board).to_string();
            Some((
                Ok::<_, Infallible>(Event::default().event("state").data(data)),
                (board, changes, false, ticket),
            ))
        },
    );
    // A page that went away is seen at the next write: a comment every few seconds frees its
    // place soon.
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response()
}

async fn new_game(State(lobby): Shared, Game(board): Game, Body(setup): Body<NewGame>) -> Response {
    let result = lobby
        .make_room(board.id, setup.engine_seats())
        .and_then(|()| board.new_game(&setup));
    reply(&board, result)
}

#[derive(Deserialize)]
struct Token {
    token: String,
}

async fn play(Game(board): Game, Body(body): Body<Token>) -> Response {
    let result = board.act(|table| table.play_human(&body.token));
    reply(&board, result)
}

#[derive(Deserialize)]
struct Ply {
    ply: usize,
}

async fn show(Game(board): Game, Body(body): Body<Ply>) -> Response {
    let result = board.act(|table| table.show(body.ply));
    reply(&board, result)
}

/// The body of a request that needs no arguments: `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArguments {}

async fn take_back(Game(board): Game, Body(_): Body<NoArguments>) -> Response {
    let result = board.act(|table| table.take_back());
    reply(&board, result)
}

#[derive(Deserialize)]
struct Paused {
    paused: bool,
}

async fn pause(Game(board): Game, Body(body): Body<Paused>) -> Response {
    let result = board.act(|table| {
        table.set_paused(body.paused);
        Ok(())
    });
    reply(&board, result)
}

#[derive(Deserialize)]
struct Text {
    text: String,
}

async fn load(Game(board): Game, Body(body): Body<Text>) -> Response {
    let result = board.act(|table| table.load(&body.text));
    reply(&board, result)
}

#[derive(Deserialize)]
struct SeatNumber {
    seat: usize,
}

async fn restart(Game(board): Game, Body(body): Body<SeatNumber>) -> Response {
    let result = board.restart(body.seat);
    reply(&board, result)
}

#[derive(Deserialize)]
struct AnalyseRequest {
    engine: usize,
    #[serde(default = "one")]
    multipv: usize,
}

fn one() -> usize {
    1
}

async fn analyse(
    State(lobby): Shared,
    Game(board): Game,
    Body(body): Body<AnalyseRequest>,
) -> Response {
    let result = lobby
        .make_room(board.id, board.seat_engines() + 1)
        .and_then(|()| board.analyse(body.engine, body.multipv));
    reply(&board, result)
}

async fn stop_analysis(Game(board): Game, Body(_): Body<NoArguments>) -> Response {
    let result = board.stop_analysis();
    reply(&board, result)
}

#[derive(Deserialize)]
struct PreviewRequest {
    ply: usize,
    tokens: Vec<String>,
}

/// The board after `tokens` from ply `ply` (a PV hovered on the page), and where the last of
/// them acted (for an arrow).
async fn preview(Game(board): Game, Body(body): Body<PreviewRequest>) -> Response {
    let result = {
        let table = board.lock();
        if body.ply > table.moves.len() {
            Err(crate::table::history::past_the_end(
                body.ply,
                table.moves.len(),
            ))
        } else {
            table.rules_at(body.ply).and_then(|mut rules| {
                let mut arrow = Value::Null;
                for token in body.tokens.iter().take(64) {
                    arrow = move_at(rules.as_ref(), token);
                    rules.play(token)?;
                }
                Ok((view_json(&rules.view()), arrow))
            })
        }
    };
    match result {
        Ok((view, arrow)) => Json(json!({ "view": view, "arrow": arrow })).into_response(),
        Err(message) => error(message),
    }
}

/// Serves `lobby`'s games on `listen` from a thread of its own, answering to the listen
/// address, `localhost`, the configured hosts and the address each request comes in on;
/// returns the address it listens on.
pub fn spawn(lobby: Arc<Lobby>, listen: SocketAddr) -> Result<SocketAddr, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(listen))
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    let mut hosts = lobby.common.config.hosts.clone();
    if !address.ip().is_unspecified() {
        hosts.insert(0, address.ip().to_string());
    }
    let guard = Arc::new(Guard::new(&hosts, address.port()));
    std::thread::spawn(move || {
        runtime.block_on(async move {
            let ticking = Arc::clone(&lobby);
            tokio::spawn(async move {
                let mut every = tokio::time::interval(Duration::from_millis(100));
                loop {
                    every.tick().await;
                    ticking.tick();
                }
            });
            serve(listener, router(lobby, guard)).await;
        });
    });
    Ok(address)
}

/// Answers each connection of `listener` with `app`, at most [`MAX_CONNECTIONS`] at once,
/// each request's header within [`REQUEST_READ`] (a client that sends half a header is cut
/// off), and with the address it came in on in each request's extensions.
async fn serve(listener: tokio::net::TcpListener, app: Router) {
    let open = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file descriptors, say: wait a little rather than spin.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            continue;
        };
        let Ok(local) = stream.local_addr() else {
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(
            app.clone()
                .layer(axum::Extension(guard::ConnectedTo(local))),
        );
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(REQUEST_READ)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .await;
            drop(permit);
        });
    }
}
