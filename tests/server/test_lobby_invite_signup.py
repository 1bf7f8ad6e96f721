"""An invite link survives sign-up and log-in (issue 14, point 1): a
logged-out friend opening /invite/<token>/ lands at the invited table."""

import pytest
from django.urls import reverse

from lobby import services

pytestmark = pytest.mark.django_db

PASSWORD = "a-Long-pass-42"


@pytest.fixture
def private_table(make_user):
    host = make_user("inviter")
    return services.create_table(host, "1hero", is_public=False)


def invite_path(table) -> str:
    return reverse("invite", kwargs={"token": table.invite_token})


def test_a_logged_out_friend_is_sent_to_log_in_with_the_invite_as_next(client, private_table):
    response = client.get(invite_path(private_table))
    assert response.status_code == 302
    assert response.url == f"{reverse('login')}?next={invite_path(private_table)}"
    page = client.get(response.url).content.decode()
    # the log-in page's "Sign up" link carries the invite on
    assert f'href="{reverse("signup")}?next={invite_path(private_table)}"' in page


def test_sign_up_from_an_invite_lands_at_the_invited_table(client, private_table):
    target = invite_path(private_table)
    page = client.get(f"{reverse('signup')}?next={target}").content.decode()
    assert f'name="next" value="{target}"' in page
    response = client.post(
        reverse("signup"),
        {
            "username": "newfriend",
            "display_name": "New Friend",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": target,
        },
    )
    assert response.status_code == 302 and response.url == target
    landed = client.get(target)
    assert landed.status_code == 200
    assert landed.context["page_config"]["focusTable"] == private_table.pk
    assert landed.context["page_config"]["invite"] == private_table.invite_token


def test_log_in_from_an_invite_lands_at_the_invited_table(client, make_user, private_table):
    make_user("oldfriend")
    target = invite_path(private_table)
    response = client.post(reverse("login"), {"username": "oldfriend", "password": "pw-secret-123", "next": target})
    assert response.status_code == 302 and response.url == target


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"])
def test_sign_up_never_redirects_to_another_site(client, django_user_model, target):
    response = client.post(
        reverse("signup"),
        {
            "username": "careful",
            "display_name": "Careful",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": target,
        },
    )
    assert response.status_code == 302 and response.url == reverse("lobby")
    assert django_user_model.objects.filter(username="careful").exists()


def test_sign_up_without_next_goes_to_the_lobby_and_shows_no_next_field(client):
    assert 'name="next"' not in client.get(reverse("signup")).content.decode()


def test_the_header_links_of_the_log_in_page_keep_the_invite(client, private_table):
    """Trial 14: a friend clicked the header's "Sign up" (top right) rather
    than the one below the form, and the invite was lost; both of the
    header's links carry it on, on the log-in and the sign-up page."""
    target = invite_path(private_table)
    for page_url in (f"{reverse('login')}?next={target}", f"{reverse('signup')}?next={target}"):
        page = client.get(page_url).content.decode()
        header = page.split("</header>")[0]
        assert f'href="{reverse("signup")}?next={target}"' in header
        assert f'href="{reverse("login")}?next={target}"' in header


def test_the_log_in_page_speaks_of_an_invite_only_when_there_is_one(client, private_table):
    """The front page sends a logged-out visitor to log in with next=/: the
    page then says nothing of "the page you opened (an invite to a table)"."""
    front = client.get(f"{reverse('login')}?next=/").content.decode()
    assert 'id="next-note"' not in front
    invited = client.get(f"{reverse('login')}?next={invite_path(private_table)}").content.decode()
    assert 'id="next-note"' in invited and "invite" in invited.split('id="next-note"')[1].split("</p>")[0]


def test_the_pages_an_invite_leads_to_say_who_invites_to_what(client, private_table):
    """Trial 14: the log-in page an invite led to said only "an invite to a
    table"; it (and the sign-up page) names the host and the mode."""
    target = invite_path(private_table)
    for page_url in (f"{reverse('login')}?next={target}", f"{reverse('signup')}?next={target}"):
        page = client.get(page_url).content.decode()
        assert 'id="invitation"' in page
        note = page.split('id="invitation"')[1].split("</p>")[0]
        assert "Inviter" in note and "1 hero vs 1 hero" in note
    assert 'id="invitation"' not in client.get(f"{reverse('login')}?next=/invite/nosuchtoken/").content.decode()
    assert 'id="invitation"' not in client.get(reverse("login")).content.decode()
