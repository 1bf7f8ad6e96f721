"""Requests to addresses users give (webhooks, push endpoints) without
server-side request forgery (issue 32, "Bad input").

A URL is refused unless it is http(s) and every address its host name
resolves to is a public one: not loopback, private, link-local, shared,
reserved, multicast or unspecified, nor an IPv6 address carrying an IPv4
one that is not public (IPv4-mapped, 6to4, Teredo, NAT64, IPv4-compatible:
embedded_ipv4), nor an address of this machine's own interfaces. The
request then connects to an address that was checked (never
resolving the name again: a name that changes its answer in between cannot
lead it elsewhere), sending the name as Host and, for https, as the TLS
server name the certificate is checked against. Redirects are not followed.

CODEX_NOTICE_ALLOW_NETWORKS (settings) names networks allowed anyway: for
tests and a receiver on the same machine, empty by default.
"""

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import urllib3
from django.conf import settings

from codexsite.lan import interface_addresses
from codexsite.usertext import clipped

READ_LIMIT = 4096  # bytes of a receiver's answer read (and then dropped)


class Refused(ValueError):
    """A URL this server will not send to; ``str()`` is a sentence a user reads."""


@dataclass(frozen=True)
class Target:
    """A checked URL: its scheme, host name, port, path with query, and the
    addresses it resolved to (every one checked)."""

    scheme: str
    host: str
    port: int
    path: str
    addresses: tuple[str, ...]


@dataclass(frozen=True)
class Answer:
    """A receiver's answer: the status and the first READ_LIMIT bytes."""

    status: int
    body: bytes


def _allowed(address) -> bool:
    return any(address in ipaddress.ip_network(net) for net in settings.CODEX_NOTICE_ALLOW_NETWORKS)


def _own_addresses() -> set:
    own = set()
    for text in interface_addresses():
        own.add(ipaddress.ip_address(text.strip("[]")))
    return own


NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052's well-known prefix: the IPv4 in the last 32 bits
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")  # the deprecated ::a.b.c.d (RFC 4291 2.5.5.1)


def embedded_ipv4(address) -> list:
    """The IPv4 addresses an IPv6 ``address`` carries, which a network may
    route it to: IPv4-mapped (::ffff:a.b.c.d), 6to4 (2002::/16), Teredo
    (2001::/32: its server and its client), NAT64 (64:ff9b::/96) and
    IPv4-compatible (::a.b.c.d, but :: and ::1). None for an IPv4 address."""
    if not isinstance(address, ipaddress.IPv6Address):
        return []
    found = [address.ipv4_mapped, address.sixtofour, *(address.teredo or ())]
    if address in NAT64 or (address in IPV4_COMPATIBLE and int(address) > 1):
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return [v4 for v4 in found if v4 is not None]


def _public(address) -> bool:
    """True when ``address`` (an ip_address) is one a request may reach: an
    IPv6 address carrying an IPv4 one (embedded_ipv4) only when that IPv4
    address is public too (an IPv4-mapped one is judged as its IPv4)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if _allowed(address):
        return True
    if not address.is_global or address.is_multicast:
        return False
    if not all(_public(v4) for v4 in embedded_ipv4(address)):
        return False
    return address not in _own_addresses()


def resolve(host: str, port: int) -> tuple[str, ...]:
    """The addresses ``host`` resolves to (TCP), in the resolver's order.
    Raises Refused when it resolves to none."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise Refused(f"The address {clipped(host)} could not be found.") from exc
    seen: list[str] = []
    for info in infos:
        text = str(info[4][0]).split("%")[0]
        if text not in seen:
            seen.append(text)
    if not seen:
        raise Refused(f"The address {clipped(host)} could not be found.")
    return tuple(seen)


def check(url: str) -> Target:
    """Check ``url`` (see the module) and return its Target.

    Raises Refused, with a sentence, when it is not an http(s) URL with a
    host, or when any address of its host is not a public one."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise Refused("That is not a web address.") from exc
    if parts.scheme not in ("http", "https"):
        raise Refused("Only web addresses starting with http:// or https:// can be used.")
    if not parts.hostname:
        raise Refused("That web address names no server.")
    if parts.username or parts.password:
        raise Refused("A web address with a user name or password in it cannot be used.")
    port = port or (443 if parts.scheme == "https" else 80)
    addresses = resolve(parts.hostname, port)
    for text in addresses:
        if not _public(ipaddress.ip_address(text)):
            raise Refused(
                f"{clipped(parts.hostname)} leads to a private or local address ({text}): "
                "notices go only to servers on the public internet."
            )
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, parts.hostname, port, path, addresses)


def _pool(target: Target, address: str, timeout: float):
    waits = urllib3.Timeout(connect=timeout, read=timeout)
    if target.scheme == "https":
        return urllib3.HTTPSConnectionPool(
            address,
            target.port,
            timeout=waits,
            retries=False,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
        )
    return urllib3.HTTPConnectionPool(address, target.port, timeout=waits, retries=False)


def post(url: str, body: bytes, headers: dict, timeout: float | None = None) -> Answer:
    """POST ``body`` with ``headers`` to ``url``, checked (check) and sent
    to a checked address (the next one when one cannot be reached), with
    ``timeout`` seconds (CODEX_NOTICE_TIMEOUT) to connect and for each read.

    Raises Refused (the URL), OSError or urllib3's HTTPError (no answer)."""
    target = check(url)
    wait = settings.CODEX_NOTICE_TIMEOUT if timeout is None else timeout
    host = target.host if ":" not in target.host else f"[{target.host}]"
    default_port = 443 if target.scheme == "https" else 80
    sent = {**headers, "Host": host if target.port == default_port else f"{host}:{target.port}"}
    last: Exception | None = None
    for address in target.addresses:
        pool = _pool(target, address, wait)
        try:
            response = pool.urlopen("POST", target.path, body=body, headers=sent, redirect=False, preload_content=False)
        except urllib3.exceptions.NewConnectionError as exc:
            pool.close()
            last = exc
            continue
        try:
            return Answer(response.status, response.read(READ_LIMIT))
        finally:
            response.release_conn()
            pool.close()
    assert last is not None
    raise last
