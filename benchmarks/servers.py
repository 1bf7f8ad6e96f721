"""Server processes for the load benchmark and the tests that run real
servers: a fresh database (SQLite file or PostgreSQL database), migrated;
daphne worker processes on their own ports, optionally under the py-spy
sampling profiler; nginx in front of them (deploy/nginx/); their resident
memory and CPU time.

Used by benchmarks/load.py and tests/server (live.py, test_proxy.py);
nothing here is imported by the server.
"""

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from deploy.nginx import render

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PG_ADMIN_URL = os.environ.get("CODEX_BENCH_PG", "postgres://postgres@127.0.0.1:5432")
PG_DATABASE = os.environ.get("CODEX_BENCH_PG_DB", "codex_bench")  # a name of its own per checkout sharing the server
REDIS_URL = os.environ.get("CODEX_BENCH_REDIS", "redis://127.0.0.1:6379/3")


def prepare_database(kind: str) -> str:
    """Create an empty database of ``kind`` ("sqlite" or "postgres") and migrate it.

    Returns its ``DATABASE_URL``. The PostgreSQL database ``codex_bench``
    (``CODEX_BENCH_PG_DB`` names another) is dropped first if it exists (only the benchmark uses it). Raises
    subprocess.CalledProcessError when the migration fails.
    """
    if kind == "sqlite":
        url = f"sqlite:///{tempfile.mkdtemp(prefix='codex-bench-')}/bench.sqlite3"
    else:
        import psycopg

        with psycopg.connect(f"{PG_ADMIN_URL}/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {PG_DATABASE} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {PG_DATABASE}")
        url = f"{PG_ADMIN_URL}/{PG_DATABASE}"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        check=True,
        env={**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "codexsite.settings"},
    )
    return url


def db_transactions(database_url: str) -> int | None:
    """The transactions PostgreSQL counted so far in the database of
    ``database_url`` (committed and rolled back; this query's own
    included), None for SQLite (it counts none)."""
    if not database_url.startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        return conn.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()[0]


def db_backend_cpu(database_url: str) -> dict:
    """``{pid: CPU seconds used so far}`` of the PostgreSQL backends
    connected to the database of ``database_url`` (this query's own left
    out; the server on this machine); ``{}`` for SQLite."""
    if not database_url.startswith("postgres"):
        return {}
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        pids = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return {pid: cpu_seconds(pid) for (pid,) in pids}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_listening(proc: subprocess.Popen, port: int, seconds: float = 30) -> bool:
    """Wait until ``proc`` (or a child of it: nginx's workers, py-spy's
    daphne) listens on TCP ``port``. Returns True then, False as soon as
    ``proc`` exits or after ``seconds``. Another process listening on that
    port does not count: a free port picked (free_port) may be taken by
    another run's server before ``proc`` binds it, and the requests would
    then go to that server (tests/server/test_lan.py got a 400 from one).
    (Also used by tests/server/test_restart.py to start its daphne.)"""
    deadline = time.monotonic() + seconds
    while not _listens(proc.pid, port):
        if proc.poll() is not None or time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _listens(pid: int, port: int) -> bool:
    """True when process ``pid`` or one of its children holds a socket
    listening on TCP ``port`` (Linux: /proc/net/tcp and tcp6, and the
    processes' file descriptors)."""
    sockets = set()
    for table in ("tcp", "tcp6"):
        try:
            rows = Path(f"/proc/net/{table}").read_text().splitlines()[1:]
        except FileNotFoundError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                sockets.add(f"socket:[{fields[9]}]")
    for owner in (pid, *children(pid)):
        try:
            if any(os.readlink(fd) in sockets for fd in Path(f"/proc/{owner}/fd").iterdir()):
                return True
        except (FileNotFoundError, ProcessLookupError):
            continue
    return False


def rss_kb(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB (VmRSS), 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system, seconds) process ``pid`` has used, 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Worker:
    """One daphne process serving ``codexsite.asgi:application`` on a free
    port of 127.0.0.1, with the message limits of ``make run``.

    ``database_url``: its DATABASE_URL; ``redis_url``: its REDIS_URL (the
    Redis channel layer and cache), "" for the in-memory layer (one worker
    only; REDIS_URL is then removed from its environment); ``env``: more
    environment variables (settings); ``proxy_headers``: trust the
    X-Forwarded-* headers of a proxy in front (daphne --proxy-headers);
    ``profile``: a path, to run it under ``py-spy record`` (raw collapsed
    stacks written there at stop); ``root``: the checkout whose server code
    runs (another one to measure an older commit:
    ``git archive <commit> | tar -x -C DIR``); ``connect_timeout``:
    seconds daphne allows a websocket handshake (None: daphne's default, 5);
    ``bind``: the address it listens on (``0.0.0.0``: every interface, as
    ``make run HOST=0.0.0.0``; the port is still one free on 127.0.0.1).
    Raises RuntimeError when it does not listen within 30 s.
    """

    def __init__(
        self,
        database_url: str,
        redis_url: str = "",
        env: dict | None = None,
        proxy_headers: bool = False,
        profile: str | None = None,
        root: Path = ROOT,
        connect_timeout: float | None = None,
        bind: str = "127.0.0.1",
    ):
        self.port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "DEBUG": "0",
            "DJANGO_SETTINGS_MODULE": "codexsite.settings",
            "REDIS_URL": redis_url,
            **(env or {}),
        }
        if not env["REDIS_URL"]:
            del env["REDIS_URL"]
        command = [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            bind,
            "-p",
            str(self.port),
            *(["--proxy-headers"] if proxy_headers else []),
            *(["--websocket_connect_timeout", str(connect_timeout)] if connect_timeout else []),
            "--websocket-max-message-size",
            "65536",
            "--websocket-max-frame-size",
            "65536",
            "codexsite.asgi:application",
        ]
        if profile:
            command = [
                str(BIN / "py-spy"),
                "record",
                "--format",
                "raw",
                "--rate",
                "200",
                "--output",
                profile,
                "--",
                *command,
            ]
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(command, cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        if not wait_listening(self.proc, self.port):
            self.stop()
            raise RuntimeError(f"daphne did not start: {self.output()[-2000:]}")
        self.pid = self._server_pid(bool(profile))

    @property
    def address(self) -> str:
        """``127.0.0.1:PORT``, as an nginx upstream names it."""
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``: the worker's own address (and a page's origin there)."""
        return f"http://{self.address}"

    def _server_pid(self, profiled: bool) -> int:
        """The daphne process id (py-spy's child when profiled)."""
        if not profiled:
            return self.proc.pid
        return children(self.proc.pid)[0]

    def rss_kb(self) -> int:
        """The daphne process's resident memory in KiB."""
        return rss_kb(self.pid)

    def cpu_seconds(self) -> float:
        """CPU time the daphne process has used so far, in seconds."""
        return cpu_seconds(self.pid)

    def output(self) -> str:
        """What the process printed so far (its log)."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        """Stop daphne (SIGTERM, then SIGKILL after 20 s) and, if any, its profiler."""
        if self.proc.poll() is None:
            pid = getattr(self, "pid", self.proc.pid)
            os.kill(pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(pid, signal.SIGKILL)
                self.proc.wait()


def children(pid: int) -> list[int]:
    """The ids of process ``pid``'s children ([] if it is gone)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


def nginx_binary() -> str | None:
    """The nginx program (on PATH, or Debian's /usr/sbin/nginx, which is not
    on a user's PATH), None when it is not installed."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def _nginx_mime_types(nginx: str) -> str | None:
    """The mime.types next to ``nginx``'s own configuration file (from
    ``nginx -V``), None when there is none."""
    built = subprocess.run([nginx, "-V"], capture_output=True, text=True).stderr
    conf = re.search(r"--conf-path=(\S+)", built)
    path = Path(conf.group(1) if conf else "/etc/nginx/nginx.conf").parent / "mime.types"
    return str(path) if path.is_file() else None


class Proxy:
    """nginx in front of ``workers`` (addresses ``host:port``) on a free port
    of 127.0.0.1, as deploy/nginx/ renders it, run from a scratch directory
    (configuration, pid, temporary files and access log there; errors in
    :meth:`output`) in the foreground: no root, nothing installed.

    ``static_root``: a collectstatic directory nginx serves under /static/
    (None: the workers serve static files); ``show_upstream``: the
    ``X-Upstream`` response header naming the worker that answered;
    ``root``: the checkout whose deploy/nginx/ site template is rendered.
    Raises RuntimeError when nginx is not installed or does not listen
    within 30 s (with its error output).
    """

    def __init__(
        self, workers: list[str], static_root: str | None = None, show_upstream: bool = True, root: Path = ROOT
    ):
        nginx = nginx_binary()
        if nginx is None:
            raise RuntimeError("nginx is not installed (Debian: apt-get install nginx-light)")
        self.port = free_port()
        self.prefix = Path(tempfile.mkdtemp(prefix="codex-nginx-"))
        for sub in ("tmp", "logs"):  # logs/: where many builds open their error log before reading the configuration
            (self.prefix / sub).mkdir()
        (self.prefix / "codex.conf").write_text(
            render.site(
                workers,
                listen=f"127.0.0.1:{self.port}",
                static_root=static_root,
                show_upstream=show_upstream,
                template=root / "deploy/nginx/codex.conf.in",
            )
        )
        # As root, nginx's workers would run as nobody, who may not read this directory.
        user = pwd.getpwuid(os.geteuid()).pw_name if os.geteuid() == 0 else None
        conf = self.prefix / "nginx.conf"
        conf.write_text(render.local("codex.conf", _nginx_mime_types(nginx), user))
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [nginx, "-p", f"{self.prefix}/", "-c", str(conf), "-g", "daemon off;"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        if not wait_listening(self.proc, self.port):
            self.stop()
            raise RuntimeError(f"nginx did not start: {self.output()[-2000:]}")

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``: the one address of every worker (and the page's origin)."""
        return f"http://127.0.0.1:{self.port}"

    def pids(self) -> list[int]:
        """The nginx master and its worker processes."""
        return [self.proc.pid, *children(self.proc.pid)]

    def rss_kb(self) -> int:
        """Resident memory of the master and workers, in KiB."""
        return sum(rss_kb(pid) for pid in self.pids())

    def cpu_seconds(self) -> float:
        """CPU time the master and its current workers have used, in seconds."""
        return sum(cpu_seconds(pid) for pid in self.pids())

    def access_log(self) -> str:
        """The access log so far: ``client "request" status upstream seconds`` per line
        (a websocket is logged when it closes)."""
        path = self.prefix / "access.log"
        return path.read_text() if path.exists() else ""

    def output(self) -> str:
        """What nginx printed (its error log)."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        """Stop nginx (SIGTERM: a fast shutdown that closes open websockets;
        SIGKILL after 10 s) and remove its directory."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.prefix, ignore_errors=True)
