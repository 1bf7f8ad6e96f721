"""Account forms."""

from django.contrib.auth.forms import UserCreationForm

from lobby.displaynames import clean_display_name
from lobby.models import User


class SignupForm(UserCreationForm):
    """Sign up with a username, a display name (required; lobby.names) and a
    password (twice)."""

    class Meta:
        model = User
        fields = ["username", "display_name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = True
        self.fields["display_name"].help_text = "The name other players see: 2 to 24 letters, digits or spaces."

    def clean_display_name(self) -> str:
        """The tidied display name; a ValidationError when it is bad or taken."""
        return clean_display_name(self.cleaned_data.get("display_name"))
