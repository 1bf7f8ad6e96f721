"""Garbage collector settings of a server process (issue 13).

A worker holds a large heap that lives as long as the process: the
modules, Django's app registry, the URL and card tables. The collector's
full collections walk all of it; one took about 0.3 s in a loaded worker,
a stall every connection of the process waits through. ``settle`` is
called once the application is built (codexsite/asgi.py): it moves what
exists then out of the collector's reach for good (``gc.freeze``) and sets
how many more container objects made than freed start a young collection. Every move
allocates thousands of short-lived ones (a state copy, the frames), which
reference counting frees; the engine leaves no reference cycles
(tests/rules/test_no_reference_cycles.py), so a larger first threshold
collects less often with little garbage left waiting.
"""

import gc

from django.conf import settings


def settle() -> tuple[int, int, int]:
    """Freeze the objects alive now and set the collector's thresholds to
    the setting ``CODEX_GC_THRESHOLDS`` (three ints: young, middle and old
    generation, as ``gc.set_threshold`` takes them). Returns the thresholds
    set. Raises nothing."""
    gc.collect()  # what is garbage already is not frozen
    gc.freeze()
    thresholds = tuple(settings.CODEX_GC_THRESHOLDS)
    gc.set_threshold(*thresholds)
    return thresholds
