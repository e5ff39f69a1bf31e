"""The RPG book class (issue 37, point 6): the dndbook class of the D&D 5e LaTeX template
read as what its environments print (stat blocks with their ability score table, sidebars,
comment and read-aloud boxes, DndTable, its header commands, two columns, \\MakeShortVerb),
and what any class the reader does not know still prints (an environment of cells is a
table, a key=value list its values). The sources here are written for these tests: only the
class's command names and argument shapes come from it."""

import re

import pypdfium2
import pytest
from click.testing import CliRunner

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.book.readers.latex_options import keyed
from nests.book.readers.latex_rpg import challenge, dice, modifier
from nests.cli import main
from nests.generators.rulebook.printed import book_html

PREAMBLE = "\\documentclass[letterpaper,twocolumn,openany]{dndbook}\n\\usepackage{shortvrb}\n\\MakeShortVerb{\\|}\n"

STAT_BLOCK = r"""
\begin{DndMonster}[float*=b,width=\textwidth + 8pt]{Lantern Moth}
  \begin{multicols}{2}
    \DndMonsterType{Small beast, unaligned}
    \DndMonsterBasics[
        armor-class = {13 (14 with \emph{dust cloak})},
        hit-points  = {\DndDice{4d6 + 4}},
        speed       = {10 ft., fly 40 ft.},
      ]
    \DndMonsterAbilityScores[str = 6, dex = 17, con = 12, int = 3, wis = 13, cha = 9]
    \DndMonsterDetails[
        %skills = {Stealth +5},
        senses = {blindsight 30 ft., passive Perception 11},
        challenge = 1/2,
      ]
    \DndMonsterAction{Glow}
    The moth sheds dim light in a 10-foot radius.
    \DndMonsterSection{Actions}
    \DndMonsterMelee[name=Proboscis, mod=+5, dmg=\DndDice{1d6+3}, dmg-type=piercing]
    \DndMonsterRanged[name=Spore Puff, mod=+5, range=15/30, dmg=\DndDice{2d4}, dmg-type=poison,
      extra={, and the target is blinded}]
    \DndMonsterSection{Legendary Actions}
    \begin{DndMonsterLegendaryActions}
      \DndMonsterLegendaryAction{Flutter}{The moth flies half its speed.}
    \end{DndMonsterLegendaryActions}
  \end{multicols}
\end{DndMonster}
"""

BODY = r"""
\chapter{Moths}
\DndDropCapLine{L}{antern moths} gather where |\light| burns.

\begin{DndReadAloud}
  Pale wings drift over the reeds.
\end{DndReadAloud}

\begin{DndComment}{Running Moths}
  Moths flee bright light.
\end{DndComment}

\begin{DndSidebar}[float=!b]{Moth Lore}
  Every moth remembers one flame.
\end{DndSidebar}

\begin{DndTable}[header=Moth Swarms]{cX}
  d4 & Swarm \\
  1  & Three moths \\
  2  & A cloud of moths
\end{DndTable}

\DndFeatHeader{Moth Friend}[Prerequisite: a lantern]
Moths follow you.

\DndItemHeader{Dust Cloak}{Wondrous item, uncommon}
The cloak sheds dust.

\DndSpellHeader{Moth Call}{1st-level enchantment}{1 action}{60 feet}{V, S}{1 minute}
Moths come.

\DndArea{Reed Bank}
Reeds.

\DndSubArea{Old Jetty}
Planks. See \DndAreaRef{Reed Bank}.
""" + STAT_BLOCK


def book_of(tmp_path, body: str = BODY, preamble: str = PREAMBLE) -> m.Book:
    source = tmp_path / "moths.tex"
    source.write_text(f"{preamble}\\begin{{document}}\n{body}\n\\end{{document}}\n", encoding="utf-8")
    return read_book(str(source))


def boxes(book, kind: str) -> list[m.Box]:
    return [n for n in walk(book.blocks) if isinstance(n, m.Box) and n.kind == kind]


def words(nodes) -> str:
    return " ".join(m.plain(n.children) for n in walk(nodes) if isinstance(n, (m.Paragraph, m.Cell)))


@pytest.fixture(scope="module")
def moths(tmp_path_factory):
    return book_of(tmp_path_factory.mktemp("moths"))


def test_a_stat_block_is_a_box_of_the_lines_the_class_prints(moths):
    (block,) = boxes(moths, "stat block")
    assert m.plain(block.title) == "Lantern Moth"
    said = words(block.blocks)
    for line in ("Small beast, unaligned", "Armor Class 13 (14 with dust cloak)", "Hit Points 18 (4d6 + 4)",
                 "Speed 10 ft., fly 40 ft.", "Senses blindsight 30 ft., passive Perception 11",
                 "Languages \u2014", "Challenge 1/2 (100 XP)", "Glow. The moth sheds dim light",
                 "Proboscis. Melee Weapon Attack: +5 to hit, reach 5 ft., one target. Hit: 6 (1d6 + 3) "
                 "piercing damage.",
                 "Spore Puff. Ranged Weapon Attack: +5 to hit, range 15/30 ft., one target. Hit: 5 (2d4) poison "
                 "damage, and the target is blinded.", "Flutter. The moth flies half its speed."):
        assert line in said, line
    assert "Skills" not in said                                   # commented out: not given, not printed
    assert "=" not in said and "armor-class" not in said and "[" not in said


def test_the_ability_scores_are_a_table_of_six_headers_and_their_modifiers(moths):
    (block,) = boxes(moths, "stat block")
    (table,) = [n for n in walk(block.blocks) if isinstance(n, m.Table)]
    assert [m.plain(c.children) for c in table.header[0]] == ["STR", "DEX", "CON", "INT", "WIS", "CHA"]
    assert [m.plain(c.children) for c in table.rows[0]] == ["6 (\u20132)", "17 (+3)", "12 (+1)", "3 (\u20134)",
                                                             "13 (+1)", "9 (\u20131)"]


def test_a_stat_blocks_sections_hold_what_follows_them(moths):
    (block,) = boxes(moths, "stat block")
    sections = [b for b in block.blocks if isinstance(b, m.Box)]
    assert [(b.kind, m.plain(b.title)) for b in sections] == [("stat section", "Actions"),
                                                             ("stat section", "Legendary Actions")]
    assert "Proboscis" in words(sections[0].blocks) and "Flutter" in words(sections[1].blocks)
    assert "Proboscis" not in words(sections[1].blocks)


def test_the_class_boxes_are_boxes_of_their_kinds(moths):
    assert [(m.plain(b.title), words(b.blocks)) for b in boxes(moths, "read aloud")] == [
        ("", "Pale wings drift over the reeds.")]
    assert [(m.plain(b.title), words(b.blocks)) for b in boxes(moths, "comment")] == [
        ("Running Moths", "Moths flee bright light.")]
    assert [(m.plain(b.title), words(b.blocks)) for b in boxes(moths, "sidebar")] == [
        ("Moth Lore", "Every moth remembers one flame.")]


def test_a_dnd_table_is_a_table_its_first_row_the_header(moths):
    (table,) = [n for n in moths.blocks if isinstance(n, m.Table)]
    assert [m.plain(c.children) for c in table.header[0]] == ["d4", "Swarm"]
    assert [[m.plain(c.children) for c in row] for row in table.rows] == [["1", "Three moths"],
                                                                          ["2", "A cloud of moths"]]
    assert m.plain(table.caption) == "Moth Swarms" and not table.numbered
    assert "cX" not in words(moths.blocks) and "Table head" not in words(moths.blocks)


def test_the_header_commands_are_headings_with_their_lines(moths):
    heads = [(n.level, m.plain(n.title)) for n in moths.blocks if isinstance(n, m.Heading)]
    assert [title for _, title in heads] == ["Moths", "Moth Friend", "Dust Cloak", "Moth Call", "1. Reed Bank",
                                             "1a. Old Jetty"]
    levels = dict((title, level) for level, title in heads)
    assert levels["Moth Friend"] < levels["Dust Cloak"] == levels["Moth Call"]          # subsection, subsubsection
    assert levels["1. Reed Bank"] < levels["1a. Old Jetty"]
    said = words(moths.blocks)
    assert "Prerequisite: a lantern Moths follow you." in said
    assert "Wondrous item, uncommon" in said
    for line in ("Casting Time: 1 action", "Range: 60 feet", "Components: V, S", "Duration: 1 minute"):
        assert line in said
    # the class numbers its chapters alone (secnumdepth 0)
    assert [n.numbered for n in moths.blocks if isinstance(n, m.Heading)] == [True] + [False] * 5


def test_an_area_reference_names_the_areas_page(moths):
    (area,) = [n for n in moths.blocks if isinstance(n, m.Heading) and m.plain(n.title) == "1. Reed Bank"]
    refs = [n for n in walk(moths.blocks) if isinstance(n, m.Ref)]
    assert [(r.target, r.page) for r in refs] == [(area.anchor, True)] and area.anchor
    assert "See Reed Bank (pg. " in words(moths.blocks)


def test_short_verbs_and_drop_caps(moths):
    first = next(n for n in moths.blocks if isinstance(n, m.Paragraph))
    assert m.plain(first.children) == "Lantern moths gather where \\light burns."
    assert [n.text for n in walk([first]) if isinstance(n, m.Code)] == ["\\light"]
    assert not moths.warnings, moths.warnings


def test_short_verbs_stop_where_the_book_deletes_them_and_leave_verbatim_text(tmp_path):
    book = book_of(tmp_path, "A |x & y| and \\verb|z|.\n\n\\begin{verbatim}\n|kept|\n\\end{verbatim}\n\n"
                             "\\DeleteShortVerb{\\|}\n$|a|$ is a size.\n")
    codes = [n.text for n in walk(book.blocks) if isinstance(n, m.Code)]
    assert codes == ["x & y", "z"]
    assert [n.lines for n in walk(book.blocks) if isinstance(n, m.Verbatim)] == [["|kept|"]]
    assert "|a|" in words(book.blocks)


def test_twocolumn_sets_two_columns_and_onecolumn_one(tmp_path):
    assert book_of(tmp_path, "Words.").columns == 2
    assert book_of(tmp_path, "Words.", "\\documentclass[onecolumn]{book}\n").columns == 1
    assert book_of(tmp_path, "Words.", "\\documentclass{article}\n").columns is None


def test_a_class_the_reader_does_not_know_still_prints_its_content(tmp_path):
    book = book_of(tmp_path, "\\begin{LootTable}{cl}\n d6 & Find \\\\\n \\hline\n 1 & Rope \\\\\n 2 & Lamp\n"
                             "\\end{LootTable}\n\n\\MonsterStats[armor = 12, hit-points = {7 (2d6)},\n"
                             "  %speed = 30,\n  notes = {bites, stings}]\n\nAfter the stats.\n",
                   "\\documentclass{fancyrpg}\n")
    (table,) = [n for n in book.blocks if isinstance(n, m.Table)]
    assert [[m.plain(c.children) for c in row] for row in table.header + table.rows] == [
        ["d6", "Find"], ["1", "Rope"], ["2", "Lamp"]]
    said = words(book.blocks)
    assert "12; 7 (2d6); bites, stings" in said and "After the stats." in said
    assert "=" not in said and "armor" not in said and "30" not in said and "cl" not in said.split()
    assert any("MonsterStats" in w.message for w in book.warnings)          # still said to be unknown


def test_a_known_commands_settings_are_still_dropped(tmp_path):
    book = book_of(tmp_path, "\\includegraphics[width=3cm]{none.png}\n\\printglossary[style=long]\nWords.\n",
                   "\\documentclass{book}\n")
    assert "long" not in words(book.blocks) and "3cm" not in words(book.blocks)


@pytest.mark.parametrize("said, printed", [("3d8 + 3", "16 (3d8 + 3)"), ("1d4+1", "3 (1d4 + 1)"), ("2d6", "7 (2d6)"),
                                           ("1d6-1", "2 (1d6 \u2013 1)"), ("7", "7"), ("lots", "lots")])
def test_dice_print_their_average_first(said, printed):
    assert dice(said) == printed


def test_scores_ratings_and_lists():
    assert [modifier(s) for s in ("10", "11", "9", "1", "30", "?")] == ["10 (+0)", "10 (+0)".replace("10", "11", 1),
                                                                       "9 (\u20131)", "1 (\u20135)", "30 (+10)", "?"]
    assert [challenge(c) for c in ("0", "1/4", "13", "0/10", "99")] == ["0 (0 XP)", "1/4 (50 XP)", "13 (10,000 XP)",
                                                                       "0 (10 XP)", "99"]
    assert keyed("a = 1, b = {x, {y}}, % c = 3\n flag, d={}") == [("a", "1", True), ("b", "x, {y}", True),
                                                                 ("flag", "", False), ("d", "", True)]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The moths' book as `nests rulebook --style book` prints it: its PDF's pages' text and
    characters, its txt, and its body's HTML."""
    out = tmp_path_factory.mktemp("printed")
    book = book_of(out)
    result = CliRunner().invoke(main, ["rulebook", str(out / "moths.tex"), "--style", "book", "--format", "pdf",
                                       "--format", "txt", "-o", str(out / "out")])
    assert result.exit_code == 0, result.output
    document = pypdfium2.PdfDocument((out / "out" / "moths.pdf").read_bytes())
    pages = [document[k] for k in range(len(document))]
    return pages, (out / "out" / "moths.txt").read_text(encoding="utf-8"), book_html(book, "letter", book.columns)


def test_the_pdf_prints_the_ability_scores_and_no_key_value_text(printed):
    pages, _, _ = printed
    text = "\n".join(p.get_textpage().get_text_range() for p in pages)
    assert re.search(r"STR\s+DEX\s+CON\s+INT\s+WIS\s+CHA\s+6 \(\u20132\)\s+17 \(\+3\)", text), text
    assert "armor-class" not in text and "hit-points" not in text and " = " not in text
    assert "Hit Points 18 (4d6 + 4)" in " ".join(text.split())


def test_the_pdf_is_set_in_the_two_columns_the_class_asks_for(printed):
    pages, _, html = printed
    body = [p for p in pages if "Lantern Moth" in p.get_textpage().get_text_range()][-1]
    middle, text = body.get_width() / 2, body.get_textpage()
    boxes = [text.get_charbox(k) for k in range(text.count_chars()) if text.get_text_range(k, 1).isalpha()]
    assert len(boxes) > 200 and not [b for b in boxes if b[0] < middle < b[2]]
    assert '<div class="flow">' in html


def test_the_class_boxes_and_table_print_as_what_they_are(printed):
    _, _, html = printed
    for look in ("stat-block", "stat-section", "sidebar", "comment", "read-aloud"):
        assert f'<aside class="box {look}"' in html, look
    assert "<th>d4</th><th>Swarm</th>" in html and "<td>Three moths</td>" in html
    assert "<th>STR</th><th>DEX</th><th>CON</th><th>INT</th><th>WIS</th><th>CHA</th>" in html
    assert "Read Aloud" not in html                                  # its look says what it is


def test_the_txt_frames_each_box_and_sets_the_scores_as_a_table(printed):
    _, txt, _ = printed
    assert "[Lantern Moth]" in txt and "[Actions]" in txt and "[Read Aloud]" in txt and "[Moth Lore]" in txt
    assert re.search(r"STR +DEX +CON +INT +WIS +CHA", txt)


def test_in_two_columns_chapters_and_parts_are_set_across_the_page_outside_the_columns(tmp_path):
    """Each chapter's text in columns of its own, its heading above them: a heading spanning the
    columns from inside them is what WeasyPrint lays out badly (what followed one was lost)."""
    book = book_of(tmp_path, "\\part{Wings}\n\\chapter{One}\nFirst words.\n\\section{Inside}\nMore.\n"
                             "\\chapter{Two}\nLast words.\n")
    html = book_html(book, "a4", 2)
    body = html[html.index("<main>"):]
    assert re.search(r'</div>\s*<h1 [^>]*rank1[^>]*>.*Two</h1>\s*<div class="flow">', body)
    assert re.search(r'<div class="flow">\s*<p>First words.</p>\s*<h2 ', body)
    assert body.count('<div class="flow">') == 2 and body.count("</div>") == 2


def test_a_dnd_table_spans_its_column_its_rows_striped(printed):
    """DndTable as the class sets it: as wide as its column, its title above it, its rows on
    alternate tints: tinted bands as wide as the column behind every other row."""
    from nests.generators.rulebook.book_page import book_page

    pages, _, html = printed
    assert re.search(r'<table class="table[^"]* striped"', html)
    page = next(p for p in pages if "Three moths" in p.get_textpage().get_text_range())
    column = book_page("letter", 2).column * 72 / 25.4
    bands = [obj.get_bounds() for obj in page.get_objects(filter=(pypdfium2.raw.FPDF_PAGEOBJ_PATH,))]
    wide = [b for b in bands if abs((b[2] - b[0]) - column) < 3 and b[3] - b[1] < 20]
    text, said = page.get_textpage(), page.get_textpage().get_text_range()

    def middle(words: str) -> float:
        box = text.get_charbox(said.index(words))
        return (box[1] + box[3]) / 2

    # the first row under the header tinted, the second not (the class colours every other row)
    assert any(b[1] <= middle("Three moths") <= b[3] for b in wide)
    assert not any(b[1] <= middle("A cloud of moths") <= b[3] for b in wide)
