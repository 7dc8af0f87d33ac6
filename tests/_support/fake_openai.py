"""A scriptable fake OpenAI-compatible server (stdlib http.server, 127.0.0.1, one thread per request).

``fake.push(*behaviours)`` queues what the next requests get; with the queue empty every
chat request gets ``fake.default`` (a valid JSON answer). Behaviours:

* ``("json", obj)``            200, the message content is ``json.dumps(obj)``
* ``("text", s)`` / ``("text", s, finish_reason)``   200, the message content is ``s``
* ``("status", code)`` / ``("status", code, headers)``   an OpenAI-style error body
* ``("hang", seconds)``        sleep, then answer the default (cut short at teardown)
* ``("garbage",)``             200 with a body that is not JSON
* ``("reset",)``               close the connection without answering

``fake.reject_formats``: ``response_format.type`` values answered with HTTP 400.
``fake.requests``: the JSON bodies of the chat requests received, in order.
"""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["FakeOpenAIServer"]


class FakeOpenAIServer:
    def __init__(self, model: str = "fake-model"):
        self.model = model
        self.default = ("json", {"decision": "continue", "scope": "none", "diagnosis": "fine"})
        self.queue: deque = deque()
        self.requests: list[dict] = []
        self.model_list_calls = 0
        self.reject_formats: set[str] = set()
        self.usage = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def start(self) -> "FakeOpenAIServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(5)

    def push(self, *behaviours) -> None:
        with self._lock:
            self.queue.extend(behaviours)

    def _next(self):
        with self._lock:
            return self.queue.popleft() if self.queue else self.default

    def _completion(self, content: str, finish_reason: str = "stop") -> dict:
        return {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": 0,
            "model": self.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
            "usage": dict(self.usage),
        }

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def _send(self, code: int, body, headers: dict | None = None):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in (headers or {}).items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (timeout): nothing to do
                    pass

            def do_GET(self):
                if self.path.rstrip("/").endswith("/models"):
                    fake.model_list_calls += 1
                    self._send(200, {"object": "list", "data": [{"id": fake.model, "object": "model", "created": 0, "owned_by": "fake"}]})
                else:
                    self._send(404, {"error": {"message": "not found", "type": "not_found"}})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    return self._send(404, {"error": {"message": "not found"}})
                with fake._lock:
                    fake.requests.append(body)
                rf = (body.get("response_format") or {}).get("type")
                if rf in fake.reject_formats:
                    return self._send(400, {"error": {"message": f"response_format {rf} not supported", "type": "invalid_request_error"}})
                b = fake._next()
                kind = b[0]
                if kind == "hang":
                    fake._stop.wait(b[1])
                    if fake._stop.is_set():
                        return
                    b = fake.default
                    kind = b[0]
                if kind == "json":
                    return self._send(200, fake._completion(json.dumps(b[1])))
                if kind == "text":
                    return self._send(200, fake._completion(b[1], *(b[2:3] or ["stop"])))
                if kind == "status":
                    code = b[1]
                    headers = b[2] if len(b) > 2 else {}
                    return self._send(code, {"error": {"message": f"fake error {code}", "type": "fake", "code": code}}, headers)
                if kind == "garbage":
                    return self._send(200, b"<html>this is not json</html>")
                if kind == "reset":
                    self.close_connection = True
                    try:
                        self.connection.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    return
                raise AssertionError(f"unknown behaviour {b!r}")

        return Handler
