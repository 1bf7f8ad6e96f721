"""The names and addresses friends on the local network reach this machine
by, for ``ALLOWED_HOSTS`` when the server listens beyond 127.0.0.1
(``make run HOST=0.0.0.0``, issue 14).

Django's host check (and so the websocket origin checks, codexsite/origin.py,
and CSRF's same-origin check, which both follow the Host header) then accept
a page opened at ``http://<this machine's address>:8000/``.
"""
import socket

LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
ANY_ADDRESS = {"0.0.0.0", "::", "[::]"}


def _route_address() -> str | None:
    """The address this machine's default route leaves from (no packet is
    sent: connecting a UDP socket only picks the route), or None offline."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed for real
            return probe.getsockname()[0]
    except OSError:
        return None


def lan_hosts(listen: str) -> list[str]:
    """The host names to accept for a server listening on ``listen``.

    ``""`` or a loopback address: just the local names (the safe default).
    ``0.0.0.0`` / ``::``: the local names, this machine's host name (and
    ``<name>.local``, as mDNS announces it), the addresses that name
    resolves to and the address of the default route. Any other address:
    the local names and that address. Returns a list without duplicates.
    """
    hosts = list(LOCAL_HOSTS)
    listen = listen.strip()
    if not listen or listen in {"127.0.0.1", "localhost", "::1", "[::1]"}:
        return hosts
    if listen in ANY_ADDRESS:
        name = socket.gethostname()
        found = [name, f"{name}.local"]
        try:
            found += socket.gethostbyname_ex(name)[2]
        except OSError:
            pass
        found.append(_route_address())
    else:
        found = [f"[{listen}]" if ":" in listen else listen]
    for host in found:
        if host and host.lower() not in hosts:
            hosts.append(host.lower())
    return hosts
