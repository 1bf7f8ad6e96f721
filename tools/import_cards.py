#!/usr/bin/env python3
"""Build game/codex/data/cards.json from the reference card facts.

Developer tool only (stdlib, Python 3.11). The engine loads the committed
cards.json at run time; nobody needs the reference folder to play.

    python3 tools/import_cards.py [--ref ../shared/reference/codex-cards] [--out game/codex/data/cards.json]

Only facts are taken from the reference (names, numbers, types, keyword names).
Rules text and flavour text are NOT copied: every card's ``text`` comes from
the hand-written ``tools/card_texts.py``.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import card_texts  # noqa: E402  (tools/card_texts.py)

CARD_FILES = ["neutral", "red", "green", "blue", "black", "white", "purple"]
HERO_FILE = "heroes"

# Buildings of the neutral set whose id/kind is fixed by the engine.
SPECIAL_BUILDINGS = {
    "Base": ("base", "base"),
    "Tech I Building": ("tech_1", "tech_building"),
    "Tech II Building": ("tech_2", "tech_building"),
    "Tech III Building": ("tech_3", "tech_building"),
    "Tech Lab": ("tech_lab", "addon"),
    "Heroes' Hall": ("heroes_hall", "addon"),
    "Tower": ("tower", "addon"),
    "Surplus": ("surplus", "addon"),
}

# Subtypes that are one subtype although they contain a space.
MULTIWORD_SUBTYPES = ["Cute Animal", "Angry Dancer", "Water Elemental"]

# Keyword names as printed (lowercase) -> our snake_case name, and whether
# the keyword takes a number (X).
KEYWORDS = {
    "haste": ("haste", False),
    "frenzy": ("frenzy", True),
    "resist": ("resist", True),
    "obliterate": ("obliterate", True),
    "flying": ("flying", False),
    "anti-air": ("anti_air", False),
    "swift strike": ("swift_strike", False),
    "armor piercing": ("armor_piercing", False),
    "armor": ("armor", True),
    "long-range": ("long_range", False),
    "readiness": ("readiness", False),
    "stealth": ("stealth", False),
    "invisible": ("invisible", False),
    "unstoppable": ("unstoppable", False),
    "unattackable": ("unattackable", False),
    "untargetable": ("untargetable", False),
    "indestructible": ("indestructible", False),
    "overpower": ("overpower", False),
    "sparkshot": ("sparkshot", False),
    "deathtouch": ("deathtouch", False),
    "detector": ("detector", False),
    "ephemeral": ("ephemeral", False),
    "fading": ("fading", True),
    "forecast": ("forecast", True),
    "healing": ("healing", True),
    "channeling": ("channeling", False),
    "channelling": ("channeling", False),
    "illusion": ("illusion", False),
    "flagbearer": ("flagbearer", False),
    "boost": ("boost", True),
    "stash": ("stash", False),
    "two lives": ("two_lives", False),
}
# Longest names first so "armor piercing" wins over "armor".
_KW_NAMES = sorted(KEYWORDS, key=len, reverse=True)

GOLD_GLYPHS = {"⓪": 0, "①": 1, "②": 2, "③": 3, "④": 4, "⑤": 5, "⑥": 6, "⑦": 7, "⑧": 8, "⑨": 9, "⑩": 10}

# Words after a keyword that make it conditional ("Stealth while attacking a
# unit", "Unstoppable by units with ..."): such a line gives no keyword.
_CONDITION_WORDS = ("while", "when", "by", "during", "if", "until", "this turn")

NOTES: list[str] = []  # things worth telling the developer


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.lower())
    return s.strip("_")


def split_subtypes(subtype: str | None, *, hero: bool) -> list[str]:
    if not subtype:
        return []
    subtype = subtype.strip()
    if hero:  # a hero's subtype is its title ("Renegade Beast"): one element
        return [subtype]
    out: list[str] = []
    rest = subtype
    for multi in MULTIWORD_SUBTYPES:
        if multi in rest:
            out.append(multi)
            rest = rest.replace(multi, " ")
    out.extend(rest.split())
    # keep the printed order
    order = {s: subtype.find(s) for s in out}
    return sorted(out, key=lambda s: order[s])


def _strip_parens(text: str) -> str:
    prev = None
    while prev != text:
        prev = text
        text = re.sub(r"\([^()]*\)", "", text)
    return text


def _parse_piece(piece: str):
    """'resist 2' -> ('resist', 2, ''); 'flying but x' -> ('flying', 1, 'but x').

    Returns None when the piece does not start with a keyword."""
    p = piece.strip().lower()
    if p.startswith("and "):
        p = p[4:].strip()
    for name in _KW_NAMES:
        if p == name or p.startswith(name + " "):
            key, takes_x = KEYWORDS[name]
            rest = p[len(name) :].strip()
            value = 1
            if takes_x:
                m = re.match(r"^(\d+|[⓪①②③④⑤⑥⑦⑧⑨⑩])\s*(.*)$", rest)
                if not m:
                    return None  # "Armor absorbs damage..." is not the keyword
                tok = m.group(1)
                value = GOLD_GLYPHS[tok] if tok in GOLD_GLYPHS else int(tok)
                rest = m.group(2).strip()
            return key, value, rest
    return None


def parse_keyword_line(line: str) -> tuple[dict, str | None]:
    """Keywords heading one text line.

    Returns (keywords, conditional_note). Keywords are only those listed at
    the head of the line, separated by commas; an ability that merely
    mentions a keyword gives nothing. A conditional keyword line ("Stealth
    while attacking a unit") gives nothing and a note."""
    text = _strip_parens(line).strip()
    text = text.rstrip(".").strip()
    if not text:
        return {}, None
    # "During your turn: Flying" and similar: a condition before the keyword
    if ":" in text:
        head, _, tail = text.partition(":")
        if _parse_piece(tail) is not None and _parse_piece(head) is None:
            return {}, f"conditional keyword line: {line.strip()!r}"
    pieces = [p for p in text.split(",")]
    found: dict = {}
    for i, piece in enumerate(pieces):
        parsed = _parse_piece(piece)
        if parsed is None:
            if i == 0:
                return {}, None
            break  # "..., can't patrol": the keyword list ended
        key, value, rest = parsed
        rest_l = rest.lower()
        if rest and not rest_l.startswith("but "):
            if any(rest_l.startswith(w) for w in _CONDITION_WORDS):
                return {}, f"conditional keyword line: {line.strip()!r}"
            if i == 0:
                return {}, None  # e.g. "Flying but ..." handled above; other prose
            break
        found[key] = value
    return found, None


def parse_keywords(lines: list[str], card_name: str) -> dict:
    out: dict = {}
    for line in lines:
        kws, note = parse_keyword_line(line)
        if note:
            NOTES.append(f"{card_name}: {note}")
        for k, v in kws.items():
            out[k] = v
    return out


def rules_lines(rec: dict) -> list[str]:
    return [rec[f"rules_text_{i}"] for i in range(1, 6) if rec.get(f"rules_text_{i}")]


def has_ability_text(lines: list[str]) -> bool:
    """True when the printed ``lines`` hold rules text besides reminder text
    (in parentheses): Spectral Hound prints only "(Illusions die when
    targeted...)", which is not an ability (Illusion ruling; Master
    Midori's "units with no abilities")."""
    return any(_strip_parens(line).strip() for line in lines)


def spell_info(type_: str) -> tuple[str | None, bool]:
    t = type_.lower()
    if "spell" not in t:
        return None, False
    ongoing = "ongoing" in t
    if "ultimate" in t:
        kind = "ultimate"
    elif "minor" in t:
        kind = "minor"
    else:
        kind = "normal"
    return kind, ongoing


def kind_of(rec: dict) -> str:
    t = rec["type"].lower()
    if "hero" in t:
        return "hero"
    if "spell" in t:
        return "spell"
    if "upgrade" in t:
        return "upgrade"
    if "building" in t:
        return "building"
    if "unit" in t:
        return "unit"
    raise ValueError(f"unknown type {rec['type']!r} for {rec['name']!r}")


def lower_or_none(v):
    return v.lower() if isinstance(v, str) and v else None


def build_card(rec: dict) -> dict:
    name = rec["name"].strip()
    kind = kind_of(rec)
    zone = rec["starting_zone"]
    card_id = slug(name)
    token = False
    if kind == "building" and name in SPECIAL_BUILDINGS:
        card_id, kind = SPECIAL_BUILDINGS[name]
    if zone == "trash":
        if kind == "unit":
            token = True
            zone = "token"
        elif kind in ("base", "tech_building", "addon", "building"):
            zone = "building"
        else:
            raise ValueError(f"unexpected trash-zone card {name!r}")
    spell_kind, ongoing = spell_info(rec["type"])
    lines = rules_lines(rec)
    keywords = parse_keywords(lines, name)
    subtypes = split_subtypes(rec.get("subtype"), hero=False)
    if "Flagbearer" in subtypes:
        keywords.setdefault("flagbearer", 1)
    tech = rec.get("tech_level")
    if kind in ("spell", "base", "tech_building", "addon"):
        tech = None
    hp = rec.get("HP")
    return {
        "id": card_id,
        "name": name,
        "color": rec["color"].lower(),
        "spec": lower_or_none(rec.get("spec")),
        "kind": kind,
        "spell_kind": spell_kind,
        "ongoing": ongoing,
        "legendary": "legendary" in rec["type"].lower(),
        "token": token,
        "starting_zone": zone,
        "subtypes": subtypes,
        "cost": rec.get("cost"),
        "tech": tech,
        "atk": rec.get("ATK"),
        "hp": hp,
        "targets": bool(rec.get("target_icon", False)),
        "keywords": keywords,
        "ability_text": has_ability_text(lines),
        "text": "",
    }


def build_hero(rec: dict) -> dict:
    name = rec["name"].strip()
    bands = []
    all_lines = []
    for idx, (prefix, level) in enumerate([("base", 1), ("mid", rec["mid_level"]), ("max", rec["max_level"])], start=1):
        lines = [rec[f"{prefix}_text_{i}"] for i in range(1, 5) if rec.get(f"{prefix}_text_{i}")]
        all_lines.extend(lines)
        bands.append(
            {
                "level": level,
                "atk": rec[f"ATK_{idx}"],
                "hp": rec[f"HP_{idx}"],
                "keywords": parse_keywords(lines, f"{name} band {idx}"),
                "text": "",
            }
        )
    return {
        "id": slug(name),
        "name": name,
        "color": rec["color"].lower(),
        "spec": lower_or_none(rec.get("spec")),
        "kind": "hero",
        "spell_kind": None,
        "ongoing": False,
        "legendary": False,
        "token": False,
        "starting_zone": "command",
        "subtypes": split_subtypes(rec.get("subtype"), hero=True),
        "cost": rec.get("cost"),
        "tech": None,
        "atk": rec["ATK_1"],
        "hp": rec["HP_1"],
        # heroes.json has no target_icon field: a hero "targets" if any band
        # ability carries the target glyph.
        "targets": any("◎" in line for line in all_lines),
        # the keywords the hero has at level 1; later bands add theirs
        "keywords": dict(bands[0]["keywords"]),
        "ability_text": has_ability_text(all_lines),
        "text": "",
        "mid_level": rec["mid_level"],
        "max_level": rec["max_level"],
        "bands": bands,
    }


def load_reference(ref: Path) -> tuple[list[dict], list[dict]]:
    cards, heroes = [], []
    for fname in CARD_FILES:
        cards.extend(json.loads((ref / f"{fname}.json").read_text(encoding="utf-8")))
    heroes.extend(json.loads((ref / f"{HERO_FILE}.json").read_text(encoding="utf-8")))
    return cards, heroes


def apply_texts(records: list[dict]) -> list[str]:
    """Merge our own texts in; return the ids that still have no text."""
    missing = []
    for r in records:
        if r["kind"] == "hero":
            band_texts = card_texts.HERO_BANDS.get(r["id"])
            if band_texts:
                for band, t in zip(r["bands"], band_texts, strict=True):
                    band["text"] = t
            r["text"] = card_texts.TEXTS.get(r["id"], "") or " ".join(
                f"Lv{b['level']}: {b['text']}" for b in r["bands"] if b["text"]
            )
            if band_texts is None:
                missing.append(r["id"])
        else:
            if r["id"] in card_texts.TEXTS:
                r["text"] = card_texts.TEXTS[r["id"]]
            else:
                missing.append(r["id"])
    return missing


def build(ref: Path) -> tuple[list[dict], dict]:
    raw_cards, raw_heroes = load_reference(ref)
    records: list[dict] = []
    seen_names: set[str] = set()
    skipped = collections.Counter()
    for rec in raw_cards:
        if rec["starting_zone"] == "worker" or rec["type"] == "Worker":
            skipped["worker"] += 1
            continue
        name = rec["name"].strip()
        if name in seen_names:
            skipped["duplicate"] += 1
            continue
        seen_names.add(name)
        records.append(build_card(rec))
    for rec in raw_heroes:
        records.append(build_hero(rec))
    ids = collections.Counter(r["id"] for r in records)
    dupes = [i for i, n in ids.items() if n > 1]
    if dupes:
        raise SystemExit(f"duplicate ids: {dupes}")
    return records, dict(skipped)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--ref",
        default=str(REPO.parent / "shared" / "reference" / "codex-cards"),
        help="folder with the reference JSON files",
    )
    ap.add_argument("--out", default=str(REPO / "game" / "codex" / "data" / "cards.json"))
    args = ap.parse_args(argv)
    ref = Path(args.ref)
    if not ref.is_dir():
        print(f"reference folder not found: {ref}", file=sys.stderr)
        return 2
    records, skipped = build(ref)
    missing = apply_texts(records)
    unknown = sorted(set(card_texts.TEXTS) - {r["id"] for r in records})
    unknown += sorted(set(card_texts.HERO_BANDS) - {r["id"] for r in records if r["kind"] == "hero"})

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    # one record per line: small, readable diffs
    body = ",\n".join(json.dumps(r, ensure_ascii=False) for r in records)
    out.write_text("[\n" + body + "\n]\n", encoding="utf-8")

    # --- summary for eyeballing ---
    print(f"wrote {len(records)} records to {out}  (skipped: {skipped})")
    by_kind = collections.Counter(r["kind"] for r in records)
    print("kinds:", dict(sorted(by_kind.items())))
    kw = collections.Counter()
    for r in records:
        for k in r["keywords"]:
            kw[k] += 1
        for b in r.get("bands", [])[1:]:
            for k in b["keywords"]:
                kw[k] += 1
    print("keywords (records/bands having them):")
    for k, n in sorted(kw.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {k:16} {n}")
    if NOTES:
        print("not parsed as keywords (conditional):")
        for note in NOTES:
            print("  " + note)
    if unknown:
        print("texts for unknown ids:", unknown)
    print(f"records without our text: {len(missing)}")
    if missing:
        print("  " + " ".join(missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
