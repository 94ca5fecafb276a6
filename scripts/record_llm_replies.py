#!/usr/bin/env python3
"""Records a real OpenAI-compatible server's chat replies as a mnemo replay script.

A tiny HTTP proxy on 127.0.0.1: point mnemo's llm.base_url at it, and each
/v1/chat/completions request is forwarded to the real server (e.g. llama.cpp's llama-server
with a small model) and its reply appended to OUT as a replay entry that matches the request's
text (`mnemo_llm::replay::ReplayServer` format, crates/mnemo-llm/tests/fixtures/*.json).

    python3 scripts/record_llm_replies.py --upstream http://127.0.0.1:8080 --port 8099 \
        --out crates/mnemo-llm/tests/fixtures/smollm2_hybrid.json --match-from 'Text:'
    MNEMO__EXTRACT__KIND=hybrid MNEMO__LLM__BASE_URL=http://127.0.0.1:8099/v1 mnemo ingest docs/

Each entry's "match" is the first 60 characters of the longest line of the user message after
--match-from, so a replay serves each text its own recorded reply. Stop with Ctrl-C; OUT is rewritten after every
reply.
"""

import argparse
import http.server
import json
import time
import urllib.error
import urllib.request


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--upstream", required=True, help="base URL without /v1")
    ap.add_argument("--port", type=int, default=8099)
    ap.add_argument("--out", required=True)
    ap.add_argument("--match-from", default="Text:")
    ap.add_argument("--description", default="Replies recorded from a real server.")
    args = ap.parse_args()
    entries = []

    class Proxy(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (the stdlib's name)
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            req = urllib.request.Request(
                args.upstream + self.path,
                data=body,
                headers={"content-type": "application/json"},
            )
            started = time.time()
            try:
                with urllib.request.urlopen(req, timeout=600) as r:
                    status, reply = r.status, r.read()
            except urllib.error.HTTPError as e:
                status, reply = e.code, e.read()
            seconds = round(time.time() - started, 2)
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)
            if not self.path.endswith("/chat/completions"):
                return
            request = json.loads(body)
            user = next(
                (m["content"] for m in request.get("messages", []) if m.get("role") == "user"),
                "",
            )
            # The longest line of the text: a match is a substring of the JSON request body, in
            # which line breaks are escaped, and the first line may be a document's title.
            tail = user.split(args.match_from, 1)[-1]
            tail = max(tail.splitlines(), key=len, default="").strip()
            try:
                parsed = json.loads(reply)
            except ValueError:
                parsed = None
            entry = {"match": tail[:60], "status": status, "recorded_seconds": seconds}
            if parsed is None:
                entry["raw"] = reply.decode("utf-8", "replace")
            else:
                entry["body"] = parsed
            entries.append(entry)
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump({"description": args.description, "responses": entries}, f, indent=2)
                f.write("\n")

        def log_message(self, fmt, *a):
            print("proxy:", fmt % a, flush=True)

    http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Proxy).serve_forever()


if __name__ == "__main__":
    main()
