//! A tiny HTTP/1.1 server on loopback for tests that need a site of their own (the store
//! inspector's pages, an image added by its address): canned answers by path.
use std::collections::HashMap;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// One canned answer of the test's own web server.
#[derive(Clone)]
pub struct Canned {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
    /// Send no Content-Length and close: the reader only learns the size by reading.
    pub unsized_body: bool,
    /// Accept the connection and never answer.
    pub hang: bool,
}

pub fn ok(content_type: &str, body: impl Into<Vec<u8>>) -> Canned {
    Canned { status: 200, headers: vec![("content-type", content_type.into())], body: body.into(), unsized_body: false, hang: false }
}

pub fn redirect(to: &str) -> Canned {
    Canned { status: 302, headers: vec![("location", to.into())], body: vec![], unsized_body: false, hang: false }
}

/// A tiny HTTP/1.1 server on loopback answering by path (query ignored); 404 otherwise.
pub async fn serve(routes: Vec<(&'static str, Canned)>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let routes: HashMap<&str, Canned> = routes.into_iter().collect();
    tokio::spawn(async move {
        loop {
            let Ok((mut sock, _)) = listener.accept().await else { return };
            let routes = routes.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match sock.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let line = String::from_utf8_lossy(&head).lines().next().unwrap_or_default().to_string();
                let path = line.split(' ').nth(1).unwrap_or("/").split('?').next().unwrap_or("/").to_string();
                let answer = routes.get(path.as_str()).cloned().unwrap_or_else(|| Canned { status: 404, ..ok("text/plain", "not found") });
                if answer.hang {
                    tokio::time::sleep(Duration::from_secs(30)).await;
                    return;
                }
                let mut out = format!("HTTP/1.1 {} X\r\nconnection: close\r\n", answer.status);
                for (k, v) in &answer.headers {
                    out.push_str(&format!("{k}: {v}\r\n"));
                }
                if !answer.unsized_body {
                    out.push_str(&format!("content-length: {}\r\n", answer.body.len()));
                }
                out.push_str("\r\n");
                let _ = sock.write_all(out.as_bytes()).await;
                let _ = sock.write_all(&answer.body).await;
                let _ = sock.shutdown().await;
            });
        }
    });
    base
}
