"""The names and addresses friends on the local network reach this machine
by, for ``ALLOWED_HOSTS`` when the server listens beyond 127.0.0.1
(``make run HOST=0.0.0.0``, issue 14), and the addresses ``make run``
prints for them (``python -m codexsite.lan HOST PORT``, issue 27).

Django's host check (and so the websocket origin checks, codexsite/origin.py,
and CSRF's same-origin check, which both follow the Host header) then accept
a page opened at ``http://<this machine's address>:8000/``: an address of
any of its network interfaces (Ethernet beside Wi-Fi, a VPN, a second
card, listed by the ifaddr library), its host name and ``<name>.local``.
The list is read when the server starts: an interface that comes up later
(a VPN connected afterwards) is served after a restart.
"""

import ipaddress
import socket
import sys

import ifaddr

LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
ANY_ADDRESS = {"0.0.0.0", "::", "[::]"}


def interface_addresses() -> list[str]:
    """The addresses of this machine's network interfaces a browser on
    another computer can put in a URL, in the order the system lists them:
    IPv4 ones as they are, IPv6 ones in brackets (``[fd00::2]``); loopback
    addresses (the local names cover them) and IPv6 link-local ones (a URL
    cannot name them without the interface) left out."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]  # IPv6: (address, flow, scope)
            try:
                address = ipaddress.ip_address(text)
            except ValueError:
                continue
            if address.is_loopback or (address.version == 6 and address.is_link_local):
                continue
            found.append(str(address) if address.version == 4 else f"[{address}]")
    return found


def _host_names() -> list[str]:
    """This machine's host name, ``<name>.local`` (as mDNS announces it)
    and the addresses the name resolves to."""
    name = socket.gethostname()
    found = [name, f"{name}.local"]
    try:
        found += socket.gethostbyname_ex(name)[2]
    except OSError:
        pass
    return found


def lan_hosts(listen: str) -> list[str]:
    """The host names to accept for a server listening on ``listen``.

    ``""`` or a loopback address: just the local names (the safe default).
    ``0.0.0.0`` / ``::``: the local names, this machine's host name (and
    ``<name>.local``), the addresses that name resolves to and the address
    of every network interface (:func:`interface_addresses`). Any other
    address: the local names and that address. Returns a list without
    duplicates, in lower case.
    """
    hosts = list(LOCAL_HOSTS)
    listen = listen.strip()
    if not listen or listen in {"127.0.0.1", "localhost", "::1", "[::1]"}:
        return hosts
    if listen in ANY_ADDRESS:
        found = _host_names() + interface_addresses()
    else:
        found = [f"[{listen}]" if ":" in listen else listen]
    for host in found:
        if host and host.lower() not in hosts:
            hosts.append(host.lower())
    return hosts


def start_lines(listen: str, port: int) -> list[str]:
    """What ``make run`` prints before the server starts, for a server
    listening on ``listen`` at ``port``: the address to open on this
    computer and, when it listens on every interface, the addresses friends
    can open, one per interface, then the host name's ``.local`` form
    (which needs a network that resolves it). Returns the lines, in our own
    words."""
    listen = listen.strip() or "127.0.0.1"
    here = f"Codex: open http://127.0.0.1:{port}/ on this computer."
    if listen in {"127.0.0.1", "localhost", "::1", "[::1]"}:
        return [here, "Only this computer can reach it: `make run HOST=0.0.0.0` serves your network too."]
    if listen not in ANY_ADDRESS:
        shown = f"[{listen}]" if ":" in listen else listen
        return [f"Codex: open http://{shown}:{port}/ (on this computer and from your network)."]
    friends = dict.fromkeys(interface_addresses() + [f"{socket.gethostname()}.local"])
    return [
        here,
        "Friends on your network open one of these (the one of the network you share):",
        *(f"  http://{host}:{port}/" for host in friends),
    ]


def site_url(listen: str, port: int) -> str:
    """The site's address for a server listening on ``listen`` at ``port``,
    as players reach it (the default CODEX_SITE_URL: the links in notices).

    ``""`` or a loopback address: ``http://127.0.0.1:PORT``. ``0.0.0.0`` /
    ``::``: this machine's first network address (:func:`interface_addresses`),
    so friends' mails lead here; 127.0.0.1 when it has none. Any other
    address: that one (IPv6 in brackets)."""
    listen = listen.strip()
    host = "127.0.0.1"
    if listen in ANY_ADDRESS:
        host = next(iter(interface_addresses()), host)
    elif listen and listen not in {"127.0.0.1", "localhost", "::1", "[::1]"}:
        host = f"[{listen}]" if ":" in listen and not listen.startswith("[") else listen
    return f"http://{host}:{port}"


if __name__ == "__main__":  # `python -m codexsite.lan HOST PORT` (make run)
    print("\n".join(start_lines(sys.argv[1], int(sys.argv[2]))), flush=True)
