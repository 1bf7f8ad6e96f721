"""Inviting people to a table by name (issue 33): a notice in their lobby
and an invitation they accept to take a seat."""

import re

from django.db import transaction

from community.errors import CommunityError
from community.models import TableInvite
from community.people import find_user
from lobby import services as lobby
from lobby.models import Table
from lobby.modes import mode_label

MAX_NAMES = 8  # names in one invitation (more than any table's seats)


def _labelled(table: Table) -> Table:
    """``table`` with ``mode_label``: its mode's label (lobby.modes) for the pages."""
    table.mode_label = mode_label(table.mode)
    return table


def invitable_tables(user) -> list:
    """The open tables ``user`` sits at (with a free seat or not), newest first,
    each with ``mode_label``: those they may invite people to."""
    rows = Table.objects.filter(status=Table.Status.OPEN, seats__user=user, updated__gte=lobby.idle_cutoff())
    return [_labelled(t) for t in rows.distinct().order_by("-updated")]


def _free_seats(table: Table) -> list[int]:
    return list(table.seats.filter(user__isnull=True, bot="").values_list("index", flat=True))


def invite(sender, table_id, names: str) -> list:
    """``sender`` invites the accounts named in ``names`` (commas or new lines
    between names; each as community.people.find_user reads it) to their open
    table ``table_id``. All or nothing. Returns the invited accounts.

    Raises CommunityError: ``no_names``, ``too_many_names``, ``unknown_name``,
    ``self_invite``, ``no_table`` (not an open table of the sender's),
    ``seated`` (already at the table), ``removed`` (the host removed them),
    ``table_full`` (409: fewer free seats than the people named and those
    invited before who have not answered yet)."""
    wanted = [n.strip() for n in re.split(r"[,\n]", names or "") if n.strip()]
    if not wanted:
        raise CommunityError("no_names", "Write the name of at least one person to invite.")
    if len(wanted) > MAX_NAMES:
        raise CommunityError("too_many_names", f"Invite at most {MAX_NAMES} people at once.")
    table = next((t for t in invitable_tables(sender) if str(t.pk) == str(table_id)), None)
    if table is None:
        raise CommunityError("no_table", "Choose one of your open tables to invite people to.")
    people = []
    for name in wanted:
        other = find_user(name)
        if other.pk == sender.pk:
            raise CommunityError("self_invite", "You are at this table already: invite someone else.")
        if table.seats.filter(user=other).exists():
            raise CommunityError("seated", f"{other.public_name} already sits at this table.")
        if table.removed.filter(pk=other.pk).exists():
            raise CommunityError("removed", f"The host removed {other.public_name} from this table.")
        if other not in people:
            people.append(other)
    free = len(_free_seats(table))
    # Invitations still waiting count against the free seats too (the
    # tester's F2: two posts of one name each both passed on one free seat).
    waiting = (
        TableInvite.objects.filter(table=table)
        .exclude(invitee__in=people)
        .exclude(invitee__in=table.seats.filter(user__isnull=False).values("user"))
        .count()
    )
    asked = len(people) + waiting
    if free < asked:
        raise CommunityError(
            "table_full",
            "That table is full: no free seat for anyone else."
            if not free
            else f"That table has {free} free seat(s) for {asked} people.",
            409,
        )
    with transaction.atomic():
        for other in people:
            TableInvite.objects.update_or_create(table=table, invitee=other, defaults={"sender": sender})
    return people


def pending(user) -> list[TableInvite]:
    """The invitations waiting for ``user``: to open, not idle tables they do
    not sit at, newest first (each table with ``mode_label``)."""
    rows = (
        TableInvite.objects.filter(
            invitee=user, table__status=Table.Status.OPEN, table__updated__gte=lobby.idle_cutoff()
        )
        .exclude(table__seats__user=user)
        .select_related("sender", "table")
    )
    for row in rows:
        _labelled(row.table)
    return list(rows)


def accept(user, invite_id) -> Table:
    """``user`` accepts their invitation ``invite_id``: they take the table's
    first free seat (lobby.services.take_seat, with the table's invite token,
    so a private table lets them in). Returns the table. Raises
    CommunityError ``no_invite`` (404), or the lobby's refusal (``table_full``
    when no seat is free, and take_seat's) as a CommunityError."""
    found = TableInvite.objects.filter(pk=invite_id if str(invite_id).isdigit() else None, invitee=user).first()
    if found is None:
        raise CommunityError("no_invite", "That invitation is not there any more.", 404)
    table = found.table
    free = _free_seats(table)
    if not free:
        raise CommunityError("table_full", "That table is full: no free seat is left for you.", 409)
    try:
        lobby.take_seat(table.pk, user, free[0], invite=table.invite_token)
    except lobby.LobbyError as err:
        raise CommunityError(err.code, err.message, err.status) from None
    found.delete()
    return table


def decline(user, invite_id) -> None:
    """``user`` declines their invitation ``invite_id`` (it goes). Raises
    CommunityError ``no_invite`` (404)."""
    if not str(invite_id).isdigit() or not TableInvite.objects.filter(pk=invite_id, invitee=user).delete()[0]:
        raise CommunityError("no_invite", "That invitation is not there any more.", 404)
