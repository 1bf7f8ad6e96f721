"""E-mail notices through Django's mail framework (settings EMAIL_URL:
the console backend in `make run`, a file or SMTP server by configuration;
README "Notices")."""

from django.conf import settings
from django.core.mail import EmailMessage

from notices.text import Message


def message_id(key: str) -> str:
    """The Message-ID of the notice whose idempotency key is ``key``: the
    same for every try, so a mail server or client that got it once sees
    the second copy as the same message."""
    return f"<{key}@{settings.CODEX_MAIL_DOMAIN}>"


def send(address: str, message: Message, key: str) -> None:
    """Send ``message`` to ``address`` with Message-ID from ``key`` and the
    one-click stop (List-Unsubscribe, RFC 8058) besides the link in the text.

    Raises the mail backend's error (OSError, smtplib.SMTPException) when not sent."""
    email = EmailMessage(
        subject=message.title,
        body=message.as_text(),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "Message-ID": message_id(key),
            "List-Unsubscribe": f"<{message.stop_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    email.send(fail_silently=False)
