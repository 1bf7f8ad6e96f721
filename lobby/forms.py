"""Account forms."""
from django.contrib.auth.forms import UserCreationForm

from lobby.models import User


class SignupForm(UserCreationForm):
    """Sign up with a username, a display name and a password (twice)."""

    class Meta:
        model = User
        fields = ["username", "display_name"]
