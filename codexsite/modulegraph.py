"""The ES modules a page's scripts import, found in their files (issue 31
point 5): the match page lists them as ``<link rel="modulepreload">`` in its
head, so the browser fetches and compiles them all at once instead of one
level of imports after another (static/js is served as it is, no bundle)."""

import re
from pathlib import Path

# A static import or re-export of a module of the same folder: `from "./x.js"`.
_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"\./([\w-]+\.js)"', re.MULTILINE)


def imports_of(folder: Path, entries: list[str]) -> list[str]:
    """Every module the modules ``entries`` (file names in ``folder``)
    import, directly or not, by static import: takes the folder and the
    entry file names, returns the names of the others, nearest first (then
    by name). A dynamic ``import()`` is not followed. Raises
    FileNotFoundError for a file that is not there."""
    seen = set(entries)
    level = list(entries)
    found: list[str] = []
    while level:
        following = sorted(
            {name for entry in level for name in _IMPORT.findall((folder / entry).read_text()) if name not in seen}
        )
        seen.update(following)
        found += following
        level = following
    return found
