"""Server processes for the load benchmark: a fresh database (SQLite file or
PostgreSQL database), migrated; daphne worker processes on their own ports,
optionally under the py-spy sampling profiler; their resident memory.

Used by benchmarks/load.py; nothing here is imported by the server.
"""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PG_ADMIN_URL = os.environ.get("CODEX_BENCH_PG", "postgres://postgres@127.0.0.1:5432")
PG_DATABASE = "codex_bench"
REDIS_URL = os.environ.get("CODEX_BENCH_REDIS", "redis://127.0.0.1:6379/3")


def prepare_database(kind: str) -> str:
    """Create an empty database of ``kind`` ("sqlite" or "postgres") and migrate it.

    Returns its ``DATABASE_URL``. The PostgreSQL database ``codex_bench`` is
    dropped first if it exists (only the benchmark uses it). Raises
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
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True,
                   env={**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "codexsite.settings"})
    return url


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_listening(proc: subprocess.Popen, port: int, seconds: float = 30) -> bool:
    """Wait until something listens on 127.0.0.1:``port``. Returns True then,
    False as soon as ``proc`` exits or after ``seconds``. (Also used by
    tests/server/test_restart.py to start its daphne.)"""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                return False
            time.sleep(0.1)


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
    """One daphne process serving ``codexsite.asgi:application`` on a free port.

    ``database_url``: its DATABASE_URL; ``redis``: use the Redis channel layer
    (else the in-memory one: one worker only); ``profile``: a path, to run it
    under ``py-spy record`` (raw collapsed stacks written there at stop);
    ``root``: the checkout whose server code runs (another one to measure
    an older commit: ``git archive <commit> | tar -x -C DIR``).
    The benchmark echo route is on and the per-connection rate limit lifted
    (the closed-loop phase sends as fast as answers come).
    Raises RuntimeError when it does not listen within 30 s.
    """

    def __init__(self, database_url: str, redis: bool, profile: str | None = None, root: Path = ROOT):
        self.port = free_port()
        env = {**os.environ, "DATABASE_URL": database_url, "DEBUG": "0", "LOG_LEVEL": "WARNING",
               "DJANGO_SETTINGS_MODULE": "codexsite.settings", "CODEX_BENCH_ECHO": "1",
               "CODEX_WS_RATE": "10000", "CODEX_WS_BURST": "10000"}
        env.pop("REDIS_URL", None)
        if redis:
            env["REDIS_URL"] = REDIS_URL
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                   "--websocket-max-message-size", "65536", "--websocket-max-frame-size", "65536",
                   "codexsite.asgi:application"]
        if profile:
            command = [str(BIN / "py-spy"), "record", "--format", "raw", "--rate", "200",
                       "--output", profile, "--", *command]
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(command, cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        if not wait_listening(self.proc, self.port):
            self.stop()
            raise RuntimeError(f"daphne did not start: {self.output()[-2000:]}")
        self.pid = self._server_pid(bool(profile))

    def _server_pid(self, profiled: bool) -> int:
        """The daphne process id (py-spy's child when profiled)."""
        if not profiled:
            return self.proc.pid
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        return int(children[0])

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
