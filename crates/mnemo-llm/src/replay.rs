//! A tiny OpenAI chat-completions server on 127.0.0.1 that replays recorded responses, for tests
//! and the LLM cost benchmark: no test needs the internet or a model. It speaks just enough
//! HTTP/1.1 for reqwest (one request per connection, `Content-Length` bodies).
//!
//! A script is a JSON file: `{"responses": [{"status": 200, "body": {...}}, ...]}`. Each entry may
//! have `"match"` (served only to requests whose body contains that text, or all texts of a list), `"delay_ms"` (wait
//! before answering), `"raw"` (a non-JSON body instead of `body`) and `"repeat": true` (never used
//! up). A request is served the first unused entry that matches it; with none left it gets a 404.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Largest request accepted (prompts are far smaller).
const MAX_REQUEST_BYTES: usize = 4 << 20;

/// One recorded response.
#[derive(Debug, Clone, Deserialize)]
pub struct Recorded {
    #[serde(default = "ok")]
    pub status: u16,
    #[serde(default)]
    pub body: Value,
    #[serde(default)]
    pub raw: Option<String>,
    /// Text the request body must contain: one string, or a list that must all appear.
    #[serde(default, rename = "match")]
    pub matches: Match,
    #[serde(default)]
    pub delay_ms: u64,
    #[serde(default)]
    pub repeat: bool,
}

fn ok() -> u16 {
    200
}

/// The `match` condition of a recorded response.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(untagged)]
pub enum Match {
    #[default]
    Any,
    One(String),
    All(Vec<String>),
}

impl Match {
    fn accepts(&self, body: &str) -> bool {
        match self {
            Match::Any => true,
            Match::One(m) => body.contains(m.as_str()),
            Match::All(ms) => ms.iter().all(|m| body.contains(m.as_str())),
        }
    }
}

/// A script of recorded responses.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Script {
    #[serde(default)]
    pub description: String,
    pub responses: Vec<Recorded>,
}

impl Script {
    pub fn from_json(text: &str) -> Result<Script, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[derive(Debug, Default)]
struct State {
    script: Mutex<Vec<(Recorded, bool)>>,
    requests: Mutex<Vec<Value>>,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
}

/// A running replay server; stops when dropped.
#[derive(Debug)]
pub struct ReplayServer {
    base_url: String,
    state: Arc<State>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for ReplayServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl ReplayServer {
    /// Starts serving `script` on a free port of 127.0.0.1.
    pub async fn start(script: Script) -> std::io::Result<ReplayServer> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let base_url = format!("http://{}/v1", listener.local_addr()?);
        let state = Arc::new(State {
            script: Mutex::new(script.responses.into_iter().map(|r| (r, false)).collect()),
            ..State::default()
        });
        let st = state.clone();
        let task = tokio::spawn(async move {
            while let Ok((sock, _)) = listener.accept().await {
                let st = st.clone();
                tokio::spawn(async move {
                    if let Err(e) = serve(sock, &st).await {
                        tracing::debug!(error = %e, "replay connection ended");
                    }
                });
            }
        });
        Ok(ReplayServer {
            base_url,
            state,
            task,
        })
    }

    /// The OpenAI-style base URL, e.g. `http://127.0.0.1:41234/v1`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Bodies of the requests received so far, in arrival order.
    pub fn requests(&self) -> Vec<Value> {
        lock(&self.state.requests).clone()
    }

    /// Most requests that were being answered at the same time.
    pub fn max_concurrent(&self) -> usize {
        self.state.max_in_flight.load(Ordering::SeqCst)
    }

    /// Entries of the script not served yet (repeating entries never count).
    pub fn unused(&self) -> usize {
        lock(&self.state.script)
            .iter()
            .filter(|(r, used)| !used && !r.repeat)
            .count()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panicking test thread must not hide the server's state from the assertions.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

async fn serve(mut sock: TcpStream, st: &State) -> std::io::Result<()> {
    let Some((head, body)) = read_request(&mut sock).await? else {
        return Ok(());
    };
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let body_text = String::from_utf8_lossy(&body).into_owned();
    let now = st.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
    st.max_in_flight.fetch_max(now, Ordering::SeqCst);
    lock(&st.requests).push(request);
    let chosen = if head.contains("/chat/completions") {
        let mut script = lock(&st.script);
        script
            .iter_mut()
            .find(|(r, used)| !*used && r.matches.accepts(&body_text))
            .map(|(r, used)| {
                *used = !r.repeat;
                r.clone()
            })
    } else {
        None
    };
    let (status, text, delay) = match chosen {
        Some(r) => {
            let text = r.raw.clone().unwrap_or_else(|| r.body.to_string());
            (r.status, text, r.delay_ms)
        }
        None => (
            404,
            r#"{"error":{"message":"no recorded response for this request","type":"invalid_request_error","param":null,"code":null}}"#.to_string(),
            0,
        ),
    };
    if delay > 0 {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    let reply = format!(
        "HTTP/1.1 {status} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        reason(status),
        text.len()
    );
    let res = sock.write_all(reply.as_bytes()).await;
    st.in_flight.fetch_sub(1, Ordering::SeqCst);
    res?;
    sock.shutdown().await
}

/// Reads one request: its head (request line and headers) and its body.
async fn read_request(sock: &mut TcpStream) -> std::io::Result<Option<(String, Vec<u8>)>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = sock.read(&mut chunk).await?;
        if n == 0 || buf.len() > MAX_REQUEST_BYTES {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let len = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0)
        .min(MAX_REQUEST_BYTES);
    let mut body = buf[head_end..].to_vec();
    while body.len() < len {
        let n = sock.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(Some((head, body)))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    }
}
