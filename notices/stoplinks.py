"""One-click stop links (issue 32): each notice carries a signed token
naming the user and the channel; following it turns that channel off. The
token is signed with the site's SECRET_KEY (django.core.signing) and does not
expire: an old e-mail's link still works."""

from django.core import signing
from django.urls import reverse

from notices.models import CHANNELS

SALT = "notices.stop"


def stop_token(user_id: int, channel: str) -> str:
    """The signed token stopping ``channel`` for user ``user_id``."""
    return signing.dumps({"u": user_id, "c": channel}, salt=SALT, compress=True)


def stop_path(user_id: int, channel: str) -> str:
    """The site path of the stop link of ``channel`` for user ``user_id``."""
    return reverse("notices:stop", args=[stop_token(user_id, channel)])


def read_token(token: str) -> tuple[int, str]:
    """The (user id, channel) a token names.

    Raises signing.BadSignature when it was not made here or was altered."""
    data = signing.loads(token, salt=SALT)
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or data.get("c") not in CHANNELS:
        raise signing.BadSignature("not a stop token")
    return data["u"], data["c"]
