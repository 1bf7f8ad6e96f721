"""Changes between two JSON documents, for the ``patch`` message of the live
protocol (docs/PROTOCOL.md "Patches"): ``diff(old, new)`` lists operations
that ``apply(old, ops)`` turns into ``new``.

An operation is a JSON array; a path is a list of object keys (strings) and
array indices (ints) from the document's root:

- ``["set", path, value]``: put ``value`` at ``path`` (a new key, or a
  replaced value or array element);
- ``["del", path]``: remove the object key at ``path``;
- ``["trim", path, k, items]``: the array at ``path`` loses its first ``k``
  elements and gets ``items`` appended (a log that scrolls).

Values are compared with Python's ``==``, as JSON values: documents must
not hold ``true`` where they once held ``1`` (or ``1.0``) at the same place
(the engine's views do not: tests/server/test_patches.py replays games).
Pure functions; no Django.
"""

# A same-length array with more changed elements than this share is sent whole.
_ELEMENTWISE_SHARE = 0.5


def diff(old, new) -> list:
    """The operations that turn JSON document ``old`` into ``new`` (both
    dicts/lists/scalars as ``json.loads`` makes them; dict keys become
    strings in paths). Returns ``[]`` when they are equal."""
    ops = []
    if old != new:
        _diff(old, new, [], ops)
    return ops


def _diff(old, new, path: list, ops: list) -> None:
    """Append to ``ops`` what turns ``old`` into ``new`` (known unequal) at ``path``."""
    if isinstance(new, dict) and isinstance(old, dict):
        for key, value in new.items():
            if key not in old:
                ops.append(["set", [*path, str(key)], value])
            elif old[key] != value:
                _diff(old[key], value, [*path, str(key)], ops)
        for key in old:
            if key not in new:
                ops.append(["del", [*path, str(key)]])
        return
    if isinstance(new, list) and isinstance(old, list):
        shift = _shift(old, new)
        if shift is not None:
            ops.append(["trim", path, shift, new[len(old) - shift :]])
            return
        if len(old) == len(new) and new:
            changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
            if len(changed) <= _ELEMENTWISE_SHARE * len(new):
                for i in changed:
                    _diff(old[i], new[i], [*path, i], ops)
                return
    ops.append(["set", path, new])


def _shift(old: list, new: list) -> int | None:
    """The ``k`` such that ``new`` is ``old`` without its first ``k``
    elements plus some appended, keeping at least one old element; None
    when there is none."""
    if not old or not new:
        return None
    first = new[0]
    for k, item in enumerate(old):
        kept = len(old) - k
        if kept > len(new):
            continue
        if item == first and old[k:] == new[:kept]:
            return k
    return None


def apply(doc, ops: list):
    """Apply ``ops`` (from :func:`diff`) to ``doc``, changing it in place.

    Returns the new document (a different object only when an operation
    replaces the root). Raises KeyError, IndexError or TypeError when an
    operation does not fit ``doc`` (it was made against another document).
    """
    for op in ops:
        kind, path = op[0], op[1]
        if kind == "trim":
            target = doc
            for step in path:
                target = target[step]
            del target[: op[2]]
            target.extend(op[3])
            continue
        if not path:
            if kind != "set":
                raise TypeError(f"cannot {kind} the root")
            doc = op[2]
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if kind == "set":
            if isinstance(parent, list) and last >= len(parent):
                raise IndexError(f"no element {last} at {path}")
            parent[last] = op[2]
        elif kind == "del":
            del parent[last]
        else:
            raise TypeError(f"unknown operation {kind!r}")
    return doc


def patch_message(previous: dict, current: dict) -> dict:
    """The ``patch`` message that takes a client from the ``state`` message
    ``previous`` (the last one it was sent) to ``current``:
    ``{"type": "patch", "version", "base", "ops"}``; ``version`` is not
    repeated inside ``ops``."""
    return {
        "type": "patch",
        "version": current["version"],
        "base": previous["version"],
        "ops": diff({**previous, "version": current["version"]}, current),
    }
