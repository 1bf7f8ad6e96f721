"""Community pages (plain HTML, forms posted to the server): profiles,
friends, invitations by name and leaderboards (issue 33). A form's POST
leads back to the page it is on (codexsite.prg: Post/Redirect/Get), which
says what was done, or the refusal's sentence with its status and the
fields sent; nothing changed then."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from codexsite import prg
from community import friends, invites
from community.errors import CommunityError
from community.families import FAMILIES
from community.leaderboards import leaderboard
from community.people import is_online
from community.profiles import profile


def _account(username: str):
    """The active account whose username is ``username``, else the one whose
    username matches it in any case (as community.people.find_user reads a
    name). Raises Http404 for none (the tester's F5 of the lobby round:
    /u/Tanya/ was 404 while /u/tanya/ worked)."""
    users = get_user_model().objects.filter(is_active=True)
    found = users.filter(username=username).first() or users.filter(username__iexact=username).order_by("pk").first()
    if found is None:
        raise Http404("No such account.")
    return found


def _profile(request, user):
    said = prg.said(request)
    context = {
        "person": user,
        "online": is_online(user),
        "following": friends.follows(request.user, user),
        "own": request.user.is_authenticated and request.user.pk == user.pk,
        "error": said["error"],
        **profile(user, request.user),
    }
    return render(request, "community/profile.html", context, status=said["status"])


def profile_page(request, username):
    """A user's public profile (community.profiles.profile); 404 for no such
    account. A name in another case than the account's is sent on to the
    canonical address (a permanent redirect)."""
    user = _account(username)
    if user.username != username:
        return redirect("profile", username=user.username, permanent=True)
    return _profile(request, user)


def _follow_change(request, username, change, back_to_friends: bool = False):
    """Do ``change(request.user, name)`` (friends.follow or unfollow) to the
    profile's user on a POST; back to the friends page when
    ``back_to_friends``, else the profile (with its sentence when refused).
    No such account: 404, whatever the method; another method: 405."""
    user = _account(username)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        change(request.user, user.username)
    except CommunityError as err:
        return prg.back_to(request, reverse("profile", args=[user.username]), error=err.message, status=err.status)
    if back_to_friends:
        return redirect("friends")
    return redirect("profile", username=user.username)


@login_required
def follow_user(request, username):
    """Follow the profile's user (POST); back to the profile (its sentence when
    refused). No such account: 404, whatever the method; another method: 405."""
    return _follow_change(request, username, friends.follow)


@login_required
def unfollow_user(request, username):
    """Stop following the profile's user (POST); back to ``next`` when it is the
    friends page, else the profile. No such account: 404; another method: 405."""
    return _follow_change(request, username, friends.unfollow, request.POST.get("next") == "friends")


def _friends(request):
    said = prg.said(request)
    context = {
        "friends": friends.friends_of(request.user, request.user),
        "tables": invites.invitable_tables(request.user),
        "invites": invites.pending(request.user),
        "message": said["message"],
        "error": said["error"],
        "form": said["form"],
    }
    return render(request, "community/friends.html", context, status=said["status"])


@login_required
@require_http_methods(["GET", "POST"])
def friends_page(request):
    """The friends page: who you follow (online first, what they play), follow
    by name (POST ``name``), invite to your table, your invitations."""
    if request.method == "GET":
        return _friends(request)
    name, page = request.POST.get("name", ""), reverse("friends")
    try:
        other = friends.follow(request.user, name)
    except CommunityError as err:
        return prg.back_to(request, page, error=err.message, status=err.status, form={"name": name})
    return prg.back_to(request, page, message=f"You now follow {other.public_name}.")


@login_required
@require_POST
def invite_friends(request):
    """Invite people by name (POST ``names``) to one of your tables (POST ``table``)."""
    names, table, page = request.POST.get("names", ""), request.POST.get("table", ""), reverse("friends")
    try:
        people = invites.invite(request.user, table, names)
    except CommunityError as err:
        form = {"names": names, "table": table}
        return prg.back_to(request, page, error=err.message, status=err.status, form=form)
    who = ", ".join(p.public_name for p in people)
    return prg.back_to(request, page, message=f"Invited {who}: the invitation waits in their lobby.")


@login_required
@require_POST
def accept_invite(request, invite_id):
    """Accept an invitation: take a seat and go to the table (its invite link)."""
    try:
        table = invites.accept(request.user, invite_id)
    except CommunityError as err:
        return render(request, "refusal.html", {"heading": "No seat", "text": err.message}, status=err.status)
    return redirect("invite", token=table.invite_token)


@login_required
@require_POST
def decline_invite(request, invite_id):
    """Decline an invitation; back to the lobby."""
    try:
        invites.decline(request.user, invite_id)
    except CommunityError as err:
        return render(request, "refusal.html", {"heading": "No invitation", "text": err.message}, status=err.status)
    return redirect("lobby")


def leaderboards_page(request):
    """Every family's leaderboard, top rows each, with the rule of who is listed."""
    boards = [{"family": key, "label": text, "rows": leaderboard(key)[:10]} for key, text in FAMILIES.items()]
    return render(
        request,
        "community/leaderboards.html",
        {"boards": boards, "min_games": settings.COMMUNITY_LEADERBOARD_MIN_GAMES},
    )


def leaderboard_page(request, family):
    """One family's leaderboard; 404 for an unknown family."""
    if family not in FAMILIES:
        raise Http404("No such leaderboard")
    context = {
        "boards": [{"family": family, "label": FAMILIES[family], "rows": leaderboard(family)}],
        "min_games": settings.COMMUNITY_LEADERBOARD_MIN_GAMES,
        "single": True,
    }
    return render(request, "community/leaderboards.html", context)
