"""The tabletop RPG book class: the dndbook class (the D&D 5e LaTeX template, rpgtex) read as
what its commands print, in this press's own boxes and tables.

Its environments become the book model's nodes: ``DndMonster`` a box of kind "stat block"
(its ``\\DndMonsterSection`` parts boxes of kind "stat section" inside it), ``DndSidebar``,
``DndComment`` and ``DndReadAloud`` boxes of their kinds, ``DndTable`` a table whose first
row is its header. The commands inside a stat block print the lines the class prints
(``\\DndMonsterAbilityScores`` the six ability scores as a table, STR to CHA, each with its
modifier; ``\\DndMonsterAttack`` "Melee Weapon Attack: +3 to hit…"), in the class's English
words. Its header commands (``\\DndFeatHeader``, ``\\DndSpellHeader``, ``\\DndArea``…) are
headings with the lines under them. Each command and environment has one handler,
registered by name in the reader's tables (``latex_syntax.INLINE``, ``latex_blocks.MACROS``
and ``ENVIRONMENTS``); the arguments each takes are ``latex_syntax.RPG_MACRO_ARGS`` and
``RPG_ENVIRONMENT_ARGS``. What a class the reader does not know still prints is
latex_options'.
"""

from __future__ import annotations

import math
import re

from nests.book import model as m
from nests.book.readers.common import merge_text, strip
from nests.book.readers.latex_blocks import ENVIRONMENTS, MACROS, handles
from nests.book.readers.latex_options import keyed, listed, _unbraced
from nests.book.readers.latex_syntax import _arg, inline_command

# The class's font and colour switches and its drawn rule: the look, never words.
_LOOKS = ("DndFontChapter", "DndFontCommentBody", "DndFontCommentTitle", "DndFontDropCap", "DndFontFooter",
          "DndFontPageNumber", "DndFontParagraph", "DndFontPart", "DndFontReadAloud", "DndFontSection",
          "DndFontSidebarBody", "DndFontSidebarTitle", "DndFontStatBlockBody", "DndFontStatBlockSection",
          "DndFontStatBlockTitle", "DndFontSubaragraph", "DndFontSubsection", "DndFontSubsubsection",
          "DndFontTableBody", "DndFontTableHeader", "DndFontTableTitle", "DndFontTocChapter", "DndFontTocPart",
          "DndFontTocSection", "DndSetThemeColor", "DndMonsterLine", "DndResetAreas", "MakeShortVerb",
          "DeleteShortVerb")

# What the class prints for a challenge rating: the rating and its experience points (its dndmonster.sty).
_EXPERIENCE = {"0": 0, "1/8": 25, "1/4": 50, "1/2": 100, "1": 200, "2": 450, "3": 700, "4": 1100, "5": 1800,
               "6": 2300, "7": 2900, "8": 3900, "9": 5000, "10": 5900, "11": 7200, "12": 8400, "13": 10000,
               "14": 11500, "15": 13000, "16": 15000, "17": 18000, "18": 20000, "19": 22000, "20": 25000,
               "21": 33000, "22": 41000, "23": 50000, "24": 62000, "25": 75000, "26": 90000, "27": 105000,
               "28": 120000, "29": 135000, "30": 155000}
# The class's English words (its dndstrings.sty), in the order it prints them.
_ABILITIES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
_BASICS = (("armor-class", "Armor Class", "10"), ("hit-points", "Hit Points", "\\DndDice{1d8}"),
           ("speed", "Speed", "30 ft."))
_DETAILS = (("saving-throws", "Saving Throws", None), ("skills", "Skills", None),
            ("damage-vulnerabilities", "Damage Vulnerabilities", None),
            ("damage-resistances", "Damage Resistances", None), ("damage-immunities", "Damage Immunities", None),
            ("condition-immunities", "Condition Immunities", None), ("senses", "Senses", "passive Perception 10"),
            ("languages", "Languages", "\u2014"), ("challenge", "Challenge", "1"))
_SPELL_LEVELS = {"1": "1st level", "2": "2nd level", "3": "3rd level", **{str(n): f"{n}th level" for n in range(4, 10)}}
_SLOTS = {"1": "1 slot", "2": "2 slots", "3": "3 slots", "4": "4 slots"}
_SPELL_LINES = ("Casting Time:", "Range:", "Components:", "Duration:")
_DICE = re.compile(r"\s*(\d+)(?:[dD](\d+)\s*(?:([+-])\s*(\d+))?)?\s*")
# The heading levels of an area and a sub-area, by the area-num-depth option (2 by default).
_AREA_LEVELS = {"1": ("section", "subsection"), "2": ("subsection", "subsubsection"),
                "3": ("subsubsection", "paragraph"), "4": ("paragraph", "subparagraph")}


# -- a command's key=value list ----------------------------------------------------
def _options_of(node) -> list[tuple[str, str, bool]]:
    """The items of a command's or an environment's first argument, its [key=value] list."""
    args = node.nodeargd.argnlist if node.nodeargd else []
    arg = args[0] if args else None
    return keyed(arg.latex_verbatim()[1:-1]) if arg is not None else []


def _values(reader, node, line: int, lower: bool = False) -> dict[str, list[m.Inline]]:
    """A command's [key=value] list, each value read as words (keys in lower case if asked)."""
    return {(key.lower() if lower else key): reader.aside(value, line) if value else []
            for key, value, _ in _options_of(node)}


# -- words the class computes ------------------------------------------------------
def _latex(nodes) -> str:
    return "".join(n.latex_verbatim() for n in nodes or [])


def dice(said: str) -> str:
    """``\\DndDice{3d8 + 3}``: the roll's average and the roll, "16 (3d8 + 3)"; a number alone as it is."""
    found = _DICE.fullmatch(said)
    if found is None:
        return said.strip()
    count, sides, sign, bonus = found.groups()
    if sides is None:
        return count
    average = int(count) * (int(sides) + 1) // 2 + (int(bonus) if sign == "+" else -int(bonus) if sign else 0)
    return f"{average} ({count}d{sides}" + (f" {'+' if sign == '+' else chr(0x2013)} {bonus})" if sign else ")")


def modifier(score: str) -> str:
    """An ability score with its modifier, "12 (+1)", "8 (–1)"; anything but a number as it is."""
    if not score.strip().isdigit():
        return score.strip()
    value = math.floor((int(score) - 10) / 2)
    return f"{int(score)} ({'+' if value >= 0 else chr(0x2013)}{abs(value)})"


def challenge(rating: str) -> str:
    """A challenge rating and its experience points, "1 (200 XP)"; a rating the class does not know as it is."""
    rating = rating.strip()
    if rating in ("0/10", "1/10"):
        return "0 (10 XP)"
    return f"{rating} ({_EXPERIENCE[rating]:,} XP)" if rating in _EXPERIENCE else rating


def _text(words: str, src: str, line: int) -> m.Text:
    return m.Text(words, source=src, line=line)


def _line(label: str, words: list[m.Inline], src: str, line: int, shape=m.Strong) -> m.Paragraph:
    """A line the class sets as a description item: its label (bold), then its words."""
    return m.Paragraph(merge_text([shape([_text(label, src, line)], source=src, line=line), _text(" ", src, line),
                                   *words]), source=src, line=line)


def _run_in(name: list[m.Inline], src: str, line: int, space: bool = True) -> list[m.Inline]:
    """A stat block action's name as the class runs it into its words: bold italic, a full stop
    after (and a space, unless the source's own space follows)."""
    return [m.Emphasis([m.Strong([*name, _text(".", src, line)], source=src, line=line)], source=src, line=line),
            *([_text(" ", src, line)] if space else [])]


# -- inline commands ---------------------------------------------------------------
@inline_command("DndDice")
def dice_roll(reader, node, src, line):
    return [_text(dice(reader.text(_arg(node, -1))), src, line)]


@inline_command("DndCRExp")
def challenge_rating(reader, node, src, line):
    return [_text(challenge(reader.text(_arg(node, -1))), src, line)]


@inline_command("DndDropCapLine", "lettrine")
def drop_cap(reader, node, src, line):
    """A drop capital and the rest of its word: one word, as it reads."""
    return reader.inline(_arg(node, -2)) + reader.inline(_arg(node, -1))


@inline_command("DndContour")
def contour(reader, node, src, line):
    return reader.inline(_arg(node, -1))


@inline_command("DndEmphSpellString")
def spell_names(reader, node, src, line):
    return _spells(reader, _latex(_arg(node, -1)), line)


def _spells(reader, said: str, line: int) -> list[m.Inline]:
    """A list of spells, each in italics, as the class sets them."""
    out: list[m.Inline] = []
    for name in listed(said):
        words = reader.aside(_unbraced(name), line)
        if words:
            out += ([_text(", ", reader.source, line)] if out else []) + [m.Emphasis(words, source=reader.source,
                                                                                      line=line)]
    return out


@inline_command(*_LOOKS)
def look(reader, node, src, line):
    return []


@inline_command("DndMonsterAction", "DndMonsterSubAction")
def action_name(reader, node, src, line):
    return _run_in(reader.inline(_arg(node, -1)), src, line, space=False)


@inline_command("DndAreaRef", "DndSubAreaRef")
def area_reference(reader, node, src, line):
    """``\\DndAreaRef{Moat}``: the area's name and the page it is on, "Moat (pg. 3)"."""
    areas = _areas(reader.files)
    name = reader.text(_arg(node, -1)).strip()
    region = {key: value for key, value, _ in _options_of(node)}.get("region", areas["region"])
    label = areas["area-label" if node.macroname == "DndAreaRef" else "sub-area-label"]
    return [_text(f"{name} (pg. ", src, line), m.Ref(f"{region}{label}:{name}", page=True, source=src, line=line),
            _text(")", src, line)]


# -- headers -----------------------------------------------------------------------
@handles(MACROS, "DndFeatHeader")
def feat_header(blocks, node, src, line):
    """A feat: a subsection, its prerequisite in italics under it."""
    r = blocks.r
    blocks.section("subsection", strip(r.inline(_arg(node, 0))), False, src, line)
    if node.nodeargd and node.nodeargd.argnlist[1] is not None:
        blocks.add(m.Paragraph([m.Emphasis(strip(r.inline(_arg(node, 1))), source=src, line=line)],
                               source=src, line=line))


@handles(MACROS, "DndItemHeader")
def item_header(blocks, node, src, line):
    """A magic item or a trap: a subsubsection, its kind in italics under it."""
    r = blocks.r
    blocks.section("subsubsection", strip(r.inline(_arg(node, 0))), False, src, line)
    blocks.add(m.Paragraph([m.Emphasis(strip(r.inline(_arg(node, 1))), source=src, line=line)], source=src, line=line))


@handles(MACROS, "DndSpellHeader")
def spell_header(blocks, node, src, line):
    """A spell: its name as an item's header, then its casting time, range, components and duration."""
    item_header(blocks, node, src, line)
    for k, label in enumerate(_SPELL_LINES, start=2):
        blocks.add(_line(label, strip(blocks.r.inline(_arg(node, k))), src, line))


def _areas(files) -> dict:
    return files.classes.setdefault("areas", {"area": 0, "sub-area": 0, "region": "", "area-label": "area",
                                              "sub-area-label": "subarea", "area-num-depth": "2"})


@handles(MACROS, "DndArea", "DndSubArea")
def area(blocks, node, src, line):
    """A numbered area of a map, "3. The Moat", and its sub-areas, "3a. The Bridge": headings the
    class's area-num-depth places (subsections by default), each named by a label for \\DndAreaRef."""
    r, areas = blocks.r, _areas(blocks.r.files)
    name = strip(r.inline(_arg(node, -1)))
    if node.macroname == "DndArea":
        areas["area"], areas["sub-area"] = areas["area"] + 1, 0
        number, label, level = str(areas["area"]), areas["area-label"], 0
    else:
        areas["sub-area"] += 1
        number = f"{areas['area']}{chr(ord('a') + (areas['sub-area'] - 1) % 26)}"
        label, level = areas["sub-area-label"], 1
    command = _AREA_LEVELS.get(areas["area-num-depth"], _AREA_LEVELS["2"])[level]
    blocks.section(command, [_text(f"{areas['region']}{number}. ", src, line), *name], False, src, line)
    r.label(f"{areas['region']}{label}:{m.plain(name)}", line)


@handles(MACROS, "DndSetAreaOptions")
def area_options(blocks, node, src, line):
    areas = _areas(blocks.r.files)
    for key, value, _ in _options_of(node):
        if key in areas and key not in ("area", "sub-area"):
            areas[key] = m.plain(blocks.r.aside(value, line))


@handles(MACROS, "DndResetAreas")
def reset_areas(blocks, node, src, line):
    _areas(blocks.r.files).update({"area": 0, "sub-area": 0})


# -- boxes -------------------------------------------------------------------------
def _box(blocks, node, kind: str, src: str, line: int, titled: bool = True) -> m.Box:
    r = blocks.r
    title = strip(r.inline(_arg(node, -1))) if titled else []
    box = m.Box(kind, title, [], source=src, line=line)
    box.blocks = type(blocks)(r).run(node.nodelist)
    blocks.add(box)
    return box


@handles(ENVIRONMENTS, "DndSidebar")
def sidebar(blocks, node, name, src, line):
    _box(blocks, node, "sidebar", src, line)


@handles(ENVIRONMENTS, "DndComment")
def comment(blocks, node, name, src, line):
    _box(blocks, node, "comment", src, line)


@handles(ENVIRONMENTS, "DndReadAloud")
def read_aloud(blocks, node, name, src, line):
    _box(blocks, node, "read aloud", src, line, titled=False)


@handles(ENVIRONMENTS, "DndMonster", "DndMonsterBg", "DndMonsterNoBg")
def stat_block(blocks, node, name, src, line):
    """A monster's stat block: a box of its lines, each of its sections (``\\DndMonsterSection``)
    a box inside it holding what follows, up to the next."""
    box = _box(blocks, node, "stat block", src, line)
    kept: list[m.Block] = []
    for block in box.blocks:
        if isinstance(block, m.Box) and block.kind == "stat section":
            kept.append(block)
        elif kept and isinstance(kept[-1], m.Box) and kept[-1].kind == "stat section":
            kept[-1].blocks.append(block)
        else:
            kept.append(block)
    box.blocks = kept


@handles(ENVIRONMENTS, "DndMonsterSpells", "DndMonsterLegendaryActions")
def stat_list(blocks, node, name, src, line):
    """The class's lists of spells and legendary actions: their lines, each read by its command."""
    blocks.flush()
    blocks.nodes(node.nodelist)
    blocks.flush()


@handles(ENVIRONMENTS, "DndTable")
def dnd_table(blocks, node, name, src, line):
    """The class's table: its first row is its header; its ``header=`` option names it (above it,
    as the class prints it); as wide as its column, its rows striped, as the class sets it."""
    r = blocks.r
    said = {key: value for key, value, _ in _options_of(node)}
    caption = r.aside(said["header"], line) if said.get("header") else []
    table = blocks.table(node, caption, node)
    table.look = "striped"
    if not table.header and len(table.rows) > 1:
        table.header = [table.rows.pop(0)]
    blocks.add(table)


# -- a stat block's lines ----------------------------------------------------------
@handles(MACROS, "DndMonsterType")
def monster_type(blocks, node, src, line):
    blocks.add(m.Paragraph([m.Emphasis(strip(blocks.r.inline(_arg(node, -1))), source=src, line=line)],
                           source=src, line=line))


def _described(blocks, node, lines, src, line) -> None:
    """Lines of labelled values from a [key=value] list, a line's default where the list gives none."""
    r = blocks.r
    said = _values(r, node, line)
    for key, label, default in lines:
        words = said.get(key) or (r.aside(default, line) if default is not None else [])
        if key == "challenge" and words:
            words = [_text(challenge(m.plain(words)), src, line)]
        if words:
            blocks.add(_line(label, words, src, line))


@handles(MACROS, "DndMonsterBasics")
def monster_basics(blocks, node, src, line):
    """Armor Class, Hit Points and Speed."""
    _described(blocks, node, _BASICS, src, line)


@handles(MACROS, "DndMonsterDetails")
def monster_details(blocks, node, src, line):
    """Saving throws, skills, damage and condition lines (those given), senses, languages, challenge."""
    _described(blocks, node, _DETAILS, src, line)


@handles(MACROS, "DndMonsterAbilityScores")
def ability_scores(blocks, node, src, line):
    """The six ability scores as the class sets them: a table, STR to CHA, each score with its modifier."""
    said = {key.lower(): value for key, value, _ in _options_of(node)}
    header = [m.Cell([_text(name, src, line)], source=src, line=line) for name in _ABILITIES]
    row = [m.Cell([_text(modifier(said.get(name.lower()) or "10"), src, line)], source=src, line=line)
           for name in _ABILITIES]
    blocks.add(m.Table([header], [row], source=src, line=line))


@handles(MACROS, "DndMonsterSection")
def stat_section(blocks, node, src, line):
    blocks.add(m.Box("stat section", strip(blocks.r.inline(_arg(node, -1))), [], source=src, line=line))


@handles(MACROS, "DndMonsterAction", "DndMonsterSubAction")
def action(blocks, node, src, line):
    """An action starts a paragraph, its name run into the words after it (``action_name``)."""
    blocks.flush()
    return False


@handles(MACROS, "DndMonsterLegendaryAction")
def legendary_action(blocks, node, src, line):
    r = blocks.r
    name = strip(r.inline(_arg(node, 0)))
    blocks.add(m.Paragraph([m.Strong([*name, _text(".", src, line)], source=src, line=line), _text(" ", src, line),
                            *strip(r.inline(_arg(node, 1)))], source=src, line=line))


@handles(MACROS, "DndInnateSpellLevel")
def innate_spells(blocks, node, src, line):
    """"At will: misty step", "3/day each: fog cloud, rope trick"."""
    r = blocks.r
    spells = _latex(_arg(node, -1))
    given = r.text(_arg(node, 0)).strip() if node.nodeargd.argnlist[0] is not None else ""
    label = (f"{given}/day each" if "," in spells else f"{given}/day") if given.isdigit() else given or "At will"
    blocks.add(_line(label + ":", _spells(r, spells, line), src, line, shape=_plain))


@handles(MACROS, "DndMonsterSpellLevel")
def spell_level(blocks, node, src, line):
    """"Cantrips (at will): light", "1st level (3 slots): shield"."""
    r = blocks.r
    args = node.nodeargd.argnlist
    level = r.text(_arg(node, 0)).strip() if args[0] is not None else ""
    slots = r.text(_arg(node, 1)).strip() if args[1] is not None else ""
    label = f"{_SPELL_LEVELS.get(level, level or 'Cantrips')} ({_SLOTS.get(slots, slots or 'at will')}):"
    blocks.add(_line(label, _spells(r, _latex(_arg(node, -1)), line), src, line, shape=_plain))


def _plain(children, source="", line=0):
    """A label the class sets in the body's own type (its spell lists')."""
    return m.Text(m.plain(children), source=source, line=line)


@handles(MACROS, "DndMonsterAttack", "DndMonsterMelee", "DndMonsterRanged")
def attack(blocks, node, src, line):
    """An attack as the class words it: "Dagger. Melee or Ranged Weapon Attack: +3 to hit, reach 5 ft.
    or range 20/60 ft., one target. Hit: 3 (1d4 + 1) piercing damage." """
    r = blocks.r
    said = _values(r, node, line)
    word = {key: m.plain(value) for key, value in said.items()}

    def text(words: str) -> m.Text:
        return _text(words, src, line)

    def italic(words: str) -> m.Emphasis:
        return m.Emphasis([text(words)], source=src, line=line)

    distance = {"DndMonsterMelee": "melee", "DndMonsterRanged": "ranged"}.get(node.macroname,
                                                                            word.get("distance") or "both")
    kind = "Spell" if word.get("type") == "spell" else "Weapon"
    reach, range_ = f"reach {word.get('reach') or '5'} ft.", f"range {word.get('range') or '20/60'} ft."
    attack_words = {"melee": (f"Melee {kind} Attack:", reach), "ranged": (f"Ranged {kind} Attack:", range_)}.get(
        distance, (f"Melee or Ranged {kind} Attack:", f"{reach} or {range_}"))
    out = _run_in(said.get("name", []), src, line) + [italic(attack_words[0]),
                                                      text(f" {word.get('mod', '')} to hit, {attack_words[1]}, "),
                                                      *(said.get("targets") or [text("one target")]), text(". "),
                                                      italic("Hit:"), text(" ")]
    if said.get("dmg"):
        out += [*said["dmg"], text(f" {word.get('dmg-type', '')} damage")]
        if said.get("or-dmg"):
            out += [text(", or "), *said["or-dmg"], text(f" {word.get('dmg-type', '')} damage "),
                    *said.get("or-dmg-when", []), text("," if said.get("plus-dmg") else "")]
        if said.get("plus-dmg"):
            out += [text(" plus "), *said["plus-dmg"], text(f" {word.get('plus-dmg-type', '')} damage")]
    out += [*said.get("extra", []), text(".")]
    blocks.add(m.Paragraph(merge_text(out), source=src, line=line))

