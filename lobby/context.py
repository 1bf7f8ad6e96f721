"""Template context: for the pages an invite link leads a logged-out friend
to (log in, sign up), who invites them to what (a newcomer's trial found
"an invite to a table" said too little); for every page, the versions of
the reference data its scripts read."""

import re

from game.api import catalog_version
from lobby.api import modes_version
from lobby.models import INVITE_TOKEN_PATTERN, Table
from lobby.modes import mode_label

_INVITE_PATH = re.compile(rf"^/invite/({INVITE_TOKEN_PATTERN})/$")


def invitation(request) -> dict:
    """``{"invitation": {"host", "mode"}}`` when the request's ``next`` (POST
    field, else query string) is the invite link of an existing table, else
    ``{}``. Only the host's public name and the mode's label, which anyone
    holding the link sees at the table anyway."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    found = _INVITE_PATH.match(target)
    if found is None:
        return {}
    table = Table.objects.select_related("host").filter(invite_token=found.group(1)).first()
    if table is None:
        return {}
    return {"invitation": {"host": table.host.public_name, "mode": mode_label(table.mode)}}


def reference_versions(request) -> dict:
    """``{"reference_versions": {"cards", "modes"}}``: the versions of the
    card catalog and of the game modes (codexsite.refcache), which base.html
    gives every page so that its scripts ask for data the browser keeps
    (static/js/common.js loadCatalog, loadModes). Takes the request (unread)."""
    return {"reference_versions": {"cards": catalog_version(), "modes": modes_version()}}
