"""codexsite/layers.py: the in-memory channel layer sweeps for expired
messages and group members at most once per CLEAN_EVERY seconds, and still
sweeps them."""
import types

from channels import layers as channels_layers

from codexsite import layers


async def test_expired_entries_are_still_swept_but_at_most_once_a_second(monkeypatch):
    clock = {"wall": 1000.0, "mono": 50.0}
    monkeypatch.setattr(channels_layers, "time", types.SimpleNamespace(time=lambda: clock["wall"]))
    monkeypatch.setattr(layers, "time", types.SimpleNamespace(monotonic=lambda: clock["mono"]))
    layer = layers.SweepingInMemoryChannelLayer(expiry=10)
    await layer.group_add("match.1", "gone.inmemory!a")
    await layer.group_add("match.1", "here.inmemory!b")
    await layer.send("gone.inmemory!a", {"type": "old"})  # never read: expires at wall 1010
    await layer.send("here.inmemory!b", {"type": "one"})
    await layer.send("here.inmemory!b", {"type": "two"})
    assert (await layer.receive("here.inmemory!b"))["type"] == "one"  # the first sweep: nothing expired yet
    clock["wall"] += 20  # "gone"'s message has expired...
    clock["mono"] += 0.5  # ...but the last sweep was half a second ago: no sweep now
    assert (await layer.receive("here.inmemory!b"))["type"] == "two"
    assert "gone.inmemory!a" in layer.channels and "gone.inmemory!a" in layer.groups["match.1"]
    clock["mono"] += 1  # a sweep is due: the expired message goes, and its channel leaves the group
    await layer.send("here.inmemory!b", {"type": "three"})
    assert (await layer.receive("here.inmemory!b"))["type"] == "three"
    assert "gone.inmemory!a" not in layer.channels
    assert set(layer.groups["match.1"]) == {"here.inmemory!b"}
