"""The match page's modulepreload list (issue 31 point 5;
codexsite/modulegraph.py, game.views.match_modules): every module a page's
scripts import, directly or not, each once, and the board of the table's
game with them."""

from pathlib import Path

import pytest

from codexsite.modulegraph import imports_of
from game.views import match_modules


def test_imports_are_followed_to_the_end_each_once(tmp_path: Path):
    files = {
        "main.js": 'import { a } from "./a.js";\nimport {\n  b,\n  c,\n} from "./b.js";\n'
        + '// see import("./typedef.js")\n',
        "a.js": 'export { deep } from "./deep.js";\nimport { b } from "./b.js";\n',
        "b.js": 'const later = () => import("./dynamic.js");\n',
        "deep.js": "export const deep = 1;\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert imports_of(tmp_path, ["main.js"]) == ["a.js", "b.js", "deep.js"]
    with pytest.raises(FileNotFoundError):
        imports_of(tmp_path, ["missing.js"])


def test_the_match_page_preloads_its_board_and_all_they_import():
    codex = match_modules("codex")
    assert codex[0] == "js/codexmatch.js" and {"js/page.js", "js/patch.js", "js/board.js"} <= set(codex)
    assert len(codex) == len(set(codex)) and "js/match.js" not in codex
    assert match_modules("c23")[0] == "js/c23match.js" and "js/board.js" not in match_modules("c23")
    assert "js/nonematch.js" not in match_modules("none")  # no such board: match.js's imports only
