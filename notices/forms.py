"""The settings page's form: which channels, the e-mail address, the webhook URL."""

from django import forms

from codexsite import netguard


class ChoiceForm(forms.Form):
    """A user's notice channels (push is turned on from the browser, which
    must subscribe first: the page's script)."""

    email_on = forms.BooleanField(required=False, label="E-mail me when it is my turn")
    email = forms.EmailField(required=False, label="E-mail address")
    webhook_url = forms.CharField(
        required=False,
        max_length=500,
        label="Webhook address (Discord or Slack)",
        help_text="A chat server's incoming webhook: https://... Leave empty for none.",
    )

    def clean_webhook_url(self) -> str:
        """The webhook URL checked by the SSRF guard (codexsite.netguard.check), or ""."""
        url = self.cleaned_data["webhook_url"].strip()
        if url:
            try:
                netguard.check(url)
            except netguard.Refused as exc:
                raise forms.ValidationError(str(exc)) from exc
        return url

    def clean(self):
        """E-mail notices need an address."""
        data = super().clean()
        if data.get("email_on") and not data.get("email") and "email" not in self.errors:
            self.add_error("email", "Give an e-mail address to receive notices by e-mail.")
        return data
