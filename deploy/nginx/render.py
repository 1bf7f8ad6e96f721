"""Render the nginx configuration that puts several daphne workers behind
one address (issue 13): the site (upstream and server blocks, for nginx's
http context) from deploy/nginx/codex.conf.in, and a whole configuration to
run it from a scratch directory (deploy/nginx/local.conf.in, used by
benchmarks/servers.py ``Proxy``).

Command line, for a deployment::

    python -m deploy.nginx.render --worker 127.0.0.1:8001 --worker 127.0.0.1:8002 \\
        --listen 80 --server-name codex.example.org --static-root /srv/codex/static \\
        > /etc/nginx/conf.d/codex.conf

The templates mark their placeholders ``@name`` (nginx itself uses ``$``).

Beside the daphne workers (and not behind nginx: they serve no requests),
a deployment on Redis runs one or more ``manage.py run_huey`` processes,
which play the table bots and stand-ins (game/tasks.py; README
"Configuration and scaling out", docs/ARCHITECTURE.md "Background work").
"""

import argparse
import re
import string
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SITE_TEMPLATE = HERE / "codex.conf.in"
LOCAL_TEMPLATE = HERE / "local.conf.in"
# One nginx word: no spaces, quotes, semicolons, braces or `$` (which nginx
# would read as a variable), so a value cannot end the directive or add one.
WORD = re.compile(r"[^\s;{}'\"$#\\]+")


class _Template(string.Template):
    delimiter = "@"


def _word(value: str, what: str) -> str:
    """``value`` when it is one plain nginx word, else ValueError naming ``what``."""
    if not WORD.fullmatch(value or ""):
        raise ValueError(f"{what} {value!r} is not one plain word (no spaces, quotes, ;, {{ }}, $ or #)")
    return value


def _fill(template: Path, **values: str) -> str:
    return _Template(template.read_text()).substitute(values)


def site(
    workers: list[str],
    listen: str = "80",
    server_name: str = "_",
    static_root: str | None = None,
    show_upstream: bool = False,
    template: Path = SITE_TEMPLATE,
) -> str:
    """The site configuration: an upstream of ``workers`` and a server that
    proxies HTTP and websockets to them.

    ``workers``: daphne addresses as nginx writes them (``127.0.0.1:8001``,
    ``unix:/run/codex/1.sock``), at least one; ``listen``: nginx's listen
    value (``80``, ``127.0.0.1:8000``); ``server_name``: the site's host
    name (``_``: any); ``static_root``: an absolute directory (what
    ``manage.py collectstatic`` filled) that nginx serves under /static/
    itself, or None to let the workers (WhiteNoise) serve static files too;
    ``show_upstream``: add an ``X-Upstream`` response header naming the
    worker that answered (for the benchmark and the tests; it shows internal
    addresses, so not in production); ``template``: the site template
    (another checkout's, for the benchmark of an older commit).

    Returns the text. Raises ValueError when there is no worker, a value is
    not one plain nginx word, or ``static_root`` is not absolute.
    """
    if not workers:
        raise ValueError("at least one worker address is needed")
    servers = "\n".join(f"    server {_word(w, 'worker address')};" for w in workers)
    static = ""
    if static_root is not None:
        root = Path(_word(str(static_root), "static root"))
        if not root.is_absolute():
            raise ValueError(f"static root {static_root!r} is not an absolute path")
        # Unhashed file names (no manifest storage): a short cache life, as WhiteNoise gives them.
        static = (
            f"    location /static/ {{\n        alias {root}/;\n        expires 60s;\n        access_log off;\n    }}"
        )
    header = "    add_header X-Upstream $upstream_addr always;" if show_upstream else ""
    return _fill(
        template,
        servers=servers,
        listen=_word(listen, "listen address"),
        server_name=_word(server_name, "server name"),
        static=static,
        upstream_header=header,
    )


def local(site_file: str, mime_types: str | None = None, user: str | None = None) -> str:
    """A whole nginx configuration around ``site_file`` (a path, relative to
    the configuration's directory or absolute) for
    ``nginx -p PREFIX/ -c CONF -g "daemon off;"``: one nginx worker
    process, pid, temporary files and access log under PREFIX, errors on
    stderr.

    ``mime_types``: the path of nginx's mime.types to include (None: serve
    everything as application/octet-stream); ``user``: the ``user``
    directive's value, only meaningful when nginx starts as root (its
    workers would otherwise run as nobody and could not read PREFIX).
    Raises ValueError when a value is not one plain nginx word.
    """
    return _fill(
        LOCAL_TEMPLATE,
        site=_word(site_file, "site file"),
        mime_types=f"    include {_word(mime_types, 'mime.types path')};" if mime_types else "",
        user=f"user {_word(user, 'user')};" if user else "",
    )


def main(argv=None) -> int:
    """Command line: print the site configuration (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--worker",
        action="append",
        required=True,
        help="a daphne worker's address (host:port or unix:PATH); repeat for each",
    )
    parser.add_argument("--listen", default="80", help="nginx listen value (default 80)")
    parser.add_argument("--server-name", default="_", help="the site's host name (default: any)")
    parser.add_argument("--static-root", help="serve /static/ from this directory (collectstatic's STATIC_ROOT)")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(site(args.worker, args.listen, args.server_name, args.static_root))
    except ValueError as err:
        parser.error(str(err))
    return 0


if __name__ == "__main__":
    sys.exit(main())
