"""Confirming an e-mail address (the tester's fault "the address is never
verified"): when a user sets or changes the address of their notices, the
site mails it a signed link once; until that link is opened no notice and
no test notice goes to it (notices.outbox.chosen_channels). Sending the link
again is limited (notices.limits). The token names the user and the address,
so a link to an address since changed confirms nothing; it lasts
CODEX_NOTICE_CONFIRM_DAYS days."""

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.urls import reverse

from notices.models import NoticeChoice
from notices.text import absolute

SALT = "notices.confirm"


def is_confirmed(user, choice: NoticeChoice | None) -> bool:
    """Whether ``user``'s e-mail address is the one confirmed in ``choice``."""
    return bool(user.email) and choice is not None and choice.email_confirmed.lower() == user.email.lower()


def token(user_id: int, address: str) -> str:
    """The signed token confirming ``address`` for user ``user_id``."""
    return signing.dumps({"u": user_id, "e": address}, salt=SALT, compress=True)


def read_token(text: str) -> tuple[int, str]:
    """The (user id, address) a token names.

    Raises signing.BadSignature when it was not made here, was altered or
    is older than CODEX_NOTICE_CONFIRM_DAYS (signing.SignatureExpired)."""
    data = signing.loads(text, salt=SALT, max_age=settings.CODEX_NOTICE_CONFIRM_DAYS * 86400)
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or not isinstance(data.get("e"), str):
        raise signing.BadSignature("not a confirmation token")
    return data["u"], data["e"]


def send_link(user) -> None:
    """Mail the confirmation link of ``user``'s address to it (not limited
    here: the callers count it, notices.limits).

    Raises the mail backend's error (OSError, smtplib.SMTPException) when not sent."""
    link = absolute(reverse("notices:confirm", args=[token(user.pk, user.email)]))
    body = (
        f"Someone, we hope you, asked the Codex site to send turn notices to this address for the player "
        f"{user.username}.\n\nOpen this link to confirm it is yours:\n{link}\n\n"
        "If it was not you, ignore this mail: nothing will be sent here."
    )
    EmailMessage(
        subject="Confirm your address for Codex turn notices",
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
    ).send(fail_silently=False)


def confirm(user_id: int, address: str) -> bool:
    """Mark ``address`` confirmed for user ``user_id`` if it is still their
    address; returns whether it was."""
    rows = NoticeChoice.objects.filter(user_id=user_id, user__email__iexact=address)
    return rows.update(email_confirmed=address) > 0
