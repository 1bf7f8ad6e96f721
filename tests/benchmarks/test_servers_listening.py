"""benchmarks.servers waits for the process it started to listen, not for
any process on that port (tests/server/test_lan.py failed once under load
with a 400: the free port it had picked was taken by another run's server
before its daphne bound it, which then exited, and the requests went to
that other server, whose hosts are the local ones only)."""

import socket
import subprocess
import sys

from benchmarks.servers import wait_listening


def test_another_process_listening_on_the_port_is_not_taken_for_the_one_started():
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        idle = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        try:
            assert not wait_listening(idle, port, seconds=1)
        finally:
            idle.kill()
            idle.wait()


def test_the_process_started_is_found_listening():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = f"import socket, time; s = socket.socket(); s.bind(('127.0.0.1', {port})); s.listen(); time.sleep(30)"
    server = subprocess.Popen([sys.executable, "-c", code])
    try:
        assert wait_listening(server, port, seconds=20)
    finally:
        server.kill()
        server.wait()
