"""Local receivers for the notices' tests and soak (tests/server,
benchmarks/notice_soak.py): an HTTP receiver for webhooks, a push endpoint
that decrypts what it gets with a subscription's own keys (http_ece), and
an SMTP server (aiosmtpd), all on 127.0.0.1. Each keeps what it got with
the time it arrived (``at``, time.time())."""

import base64
import json
import os
import socket
import threading
import time
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Receiver:
    """A threaded HTTP server on 127.0.0.1 keeping every POST as
    ``{"path", "headers" (names in lower case), "body", "at"}`` in ``got``. ``answers`` (a list of
    statuses, taken one a request; then 201) sets what it answers;
    ``hang`` seconds it waits before answering. Push subscriptions made by
    ``subscription()`` have their payloads decrypted into ``decrypted``."""

    def __init__(self):
        self.got: list[dict] = []
        self.decrypted: list[dict] = []
        self.answers: list[int] = []
        self.hang = 0.0
        self.keys: dict[str, tuple] = {}  # path -> (private key, auth secret)
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (the stdlib's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.take(self.path, dict(self.headers), body)
                if receiver.hang:
                    time.sleep(receiver.hang)
                with receiver.lock:
                    status = receiver.answers.pop(0) if receiver.answers else 201
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def subscription(self, path: str = "/push/device") -> dict:
        """A browser's PushSubscription JSON for a push endpoint here at
        ``path``, with a P-256 key pair and auth secret made now."""
        private = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        self.keys[path] = (private, auth)
        point = private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.url(path), "keys": {"p256dh": b64url(point), "auth": b64url(auth)}}

    def take(self, path: str, headers: dict, body: bytes) -> None:
        headers = {name.lower(): value for name, value in headers.items()}  # names are case-blind
        entry = {"path": path, "headers": headers, "body": body, "at": time.time()}
        with self.lock:
            self.got.append(entry)
            if path in self.keys:
                private, auth = self.keys[path]
                plain = http_ece.decrypt(body, private_key=private, auth_secret=auth, version="aes128gcm")
                self.decrypted.append({**json.loads(plain), "headers": headers, "path": path, "at": entry["at"]})

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class MailBox:
    """An SMTP server (aiosmtpd) on 127.0.0.1 keeping every mail received
    as an email.message.Message in ``mails``, and its arrival time in ``times``."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.mails: list = []
        self.times: list = []
        box = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
                box.times.append(time.time())
                box.mails.append(message_from_bytes(envelope.original_content or envelope.content))
                return "250 OK"

        with socket.socket() as probe:  # a free port (the controller cannot take 0)
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def close(self) -> None:
        self.controller.stop()


def wait_for(check, seconds: float = 20.0) -> bool:
    """Poll ``check()`` until true or ``seconds`` pass; returns its last value."""
    end = time.monotonic() + seconds
    while True:
        if check():
            return True
        if time.monotonic() > end:
            return bool(check())
        time.sleep(0.05)
