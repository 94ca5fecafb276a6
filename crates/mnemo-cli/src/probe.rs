//! `mnemo probe URL`: a plain-HTTP GET that exits 0 on a 2xx answer, for container health checks
//! (the image has no curl). Kept to HTTP/1.1 over TCP with no client library: it only reads the
//! status line of a local `/readyz`.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Splits `http://host:port/path` into (host:port, path); the port defaults to 80.
fn parse(url: &str) -> anyhow::Result<(String, String)> {
    let Some(rest) = url.trim().strip_prefix("http://") else {
        bail!("probe takes an http:// URL (got {url:?})");
    };
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    if host.is_empty() || host.contains(['@', ' ']) {
        bail!("probe: no usable host in {url:?}");
    }
    let host = if host.contains(':') && !host.ends_with(']') {
        host.to_string()
    } else {
        format!("{host}:80")
    };
    Ok((host, path.to_string()))
}

/// GETs `url` and reports its status; exit 0 for 2xx, 1 otherwise (or when nothing answers
/// within `timeout`).
pub async fn run(url: &str, timeout: Duration) -> anyhow::Result<ExitCode> {
    let (addr, path) = parse(url)?;
    let status = tokio::time::timeout(timeout, async {
        let mut s = tokio::net::TcpStream::connect(&addr)
            .await
            .with_context(|| format!("cannot connect to {addr}"))?;
        let host = addr.rsplit_once(':').map_or(addr.as_str(), |(h, _)| h);
        s.write_all(
            format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await?;
        let mut head = [0u8; 64];
        let mut n = 0;
        while n < head.len() && !head[..n].contains(&b'\n') {
            let got = s.read(&mut head[n..]).await?;
            if got == 0 {
                break;
            }
            n += got;
        }
        let line = String::from_utf8_lossy(&head[..n]).to_string();
        let code: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .with_context(|| format!("{addr} did not answer HTTP (got {line:?})"))?;
        Ok::<_, anyhow::Error>(code)
    })
    .await
    .with_context(|| format!("{url} did not answer within {} s", timeout.as_secs()))??;
    if (200..300).contains(&status) {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("{url}: HTTP {status}");
        Ok(ExitCode::FAILURE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert_eq!(
            parse("http://127.0.0.1:7700/readyz").unwrap(),
            ("127.0.0.1:7700".into(), "/readyz".into())
        );
        assert_eq!(
            parse("http://localhost").unwrap(),
            ("localhost:80".into(), "/".into())
        );
        assert!(parse("https://x/readyz").is_err());
        assert!(parse("http:///readyz").is_err());
    }
}
