"""LaTeX as long real books write it: pictures named from a chapter's file, the
author's own environments and theorem styles, drawings in code, \\endinput,
labels inside theorems and formulas, cleveref's lists of targets. Each of these
once hid or lost whole chapters of a real book."""

import struct
import zlib
from pathlib import Path

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import flatten, walk


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            (root / name).write_bytes(text)
        else:
            (root / name).write_text(text, encoding="utf-8")


def png(width: int = 2, height: int = 1) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def book_of(tmp_path, files) -> m.Book:
    write(tmp_path, files)
    return read_book(str(tmp_path / "hive.tex"))


def headings(book) -> list[str]:
    return [m.plain(n.title) for n in walk(book.blocks) if isinstance(n, m.Heading)]


def said(book) -> list[tuple[str, int, str]]:
    return [(Path(w.source).name, w.line, w.message) for w in book.warnings]


def doc(body: str, preamble: str = "") -> str:
    return f"\\documentclass{{book}}\n{preamble}\\begin{{document}}\n{body}\\end{{document}}\n"


def test_a_picture_named_in_a_chapters_file_is_found_from_the_books_folder(tmp_path):
    # LaTeX finds \includegraphics names from the folder the book is typeset in,
    # whichever file names them; the book's folder is the main file's, not the chapter's
    (tmp_path / "book").mkdir()
    (tmp_path / "elsewhere.png").write_bytes(png())
    tmp_path = tmp_path / "book"
    book = book_of(tmp_path, {
        "hive.tex": doc("\\include{parts/comb}\n"),
        "parts/comb.tex": "\\chapter{Comb}\n\\includegraphics{art/cell.png}\n\n"
                          "\\includegraphics{../elsewhere.png}\n",
        "art/cell.png": png(),
    })
    images = [n.image for n in walk(book.blocks) if isinstance(n, m.Figure)]
    assert [(i.name, i.kind, i.width) for i in images] == [("art/cell.png", "png", 2), ("../elsewhere.png", "", 0)]
    assert [(f, line) for f, line, _ in said(book)] == [("comb.tex", 4)]
    assert f"outside the book's folder ({tmp_path.resolve()})" in said(book)[0][2]


def test_an_environment_the_book_defines_takes_nothing_that_follows_with_it(tmp_path):
    # its begin code opens a box its end code closes: read as written, the
    # definition swallows what follows it (here the theorem declared after it)
    book = book_of(tmp_path, {
        "hive.tex": doc("\\chapter{Swarm}\n\\begin{omen}Bees leave at dawn.\\end{omen}\n\n"
                        "\\section{Queen}\n\\begin{rule}She stays.\\end{rule}\n\\begin{omen}Twice.\\end{omen}\n",
                        "\\input{styles}\n"),
        "styles.tex": "\\newenvironment{omen}{%\n  \\begin{tcolorbox}[colframe=red]\n  \\itshape}%\n"
                      "  {\\end{tcolorbox}}\n\\renewenvironment{quote}[1][x]{\\begin{center}}{\\end{center}}\n"
                      "\\newtheorem{rule}{Rule}\n",
    })
    assert headings(book) == ["Swarm", "Queen"]
    text = " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph))
    assert "Bees leave at dawn." in text and "Twice." in text
    assert [(b.kind, m.plain(flatten(b.blocks))) for b in walk(book.blocks) if isinstance(b, m.Box)] == [
        ("rule", "She stays.")]
    assert said(book) == [("hive.tex", 5, "unknown LaTeX environment 'omen'; its text is kept")]


def test_thmtools_theorems_are_boxes_named_as_declared(tmp_path):
    book = book_of(tmp_path, {
        "hive.tex": doc("\\begin{obs}Wax is soft.\\end{obs}\n\\begin{guess}[Warm]Heat.\\end{guess}\n"
                        "\\begin{rule}Stay.\\end{rule}\n",
                        "\\usepackage{thmtools}\n\\declaretheoremstyle[headfont=\\bfseries]{plain}\n"
                        "\\declaretheorem[name=Observation,style=plain]{obs}\n\\input{styles}\n"),
        "styles.tex": "\\declaretheorem[style=plain, name={Educated Guess}]{guess}\n\\declaretheorem{rule}\n",
    })
    boxes = [(b.kind, m.plain(b.title)) for b in walk(book.blocks) if isinstance(b, m.Box)]
    assert boxes == [("observation", ""), ("educated guess", "Warm"), ("rule", "")]
    assert said(book) == []


def test_a_command_whose_argument_is_one_control_word(tmp_path):
    # \pair\theta: the argument is \theta whole, not its backslash
    book = book_of(tmp_path, {"hive.tex": doc(
        "\\chapter{Maps}\n\\[ A = \\pair\\theta \\]\nAfter the formula.\n\\section{Later}\n",
        "\\newcommand{\\pair}[1]{\\langle #1 \\rangle}\n")})
    assert headings(book) == ["Maps", "Later"]
    formula = next(n for n in walk(book.blocks) if isinstance(n, m.Formula))
    assert "θ" in formula.text and "\\" not in formula.text


def test_endinput_ends_the_file_at_the_end_of_its_line(tmp_path):
    book = book_of(tmp_path, {
        "hive.tex": doc("\\input{brood}\n\\chapter{Next}\n"),
        "brood.tex": "\\chapter{Brood}\nLarvae. \\endinput Last words.\n\\section{Never read}\nGone.\n",
    })
    assert headings(book) == ["Brood", "Next"]
    text = " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph))
    assert "Last words." in text and "Gone." not in text


def test_drawings_in_code_are_empty_frames_each_warned_at_its_line(tmp_path):
    book = book_of(tmp_path, {"hive.tex": doc(
        "\\chapter{Paths}\n"
        "\\begin{asy}\nlabel(\"$\\left<T\\right>$\", (0,0)); for (int i=0; i<2; ++i) { dot((i,0)); }\n\\end{asy}\n"
        "\\begin{figure}\n\\begin{tikzpicture}\\draw (0,0) -- (1,1);\\end{tikzpicture}\n"
        "\\caption{Flight}\\label{fig:flight}\n\\end{figure}\n"
        "See \\ref{fig:flight}.\n\\section{After}\n")})
    assert headings(book) == ["Paths", "After"]
    figures = [n for n in walk(book.blocks) if isinstance(n, m.Figure)]
    assert [(m.plain(f.caption), f.image.name, f.image.note) for f in figures] == [
        ("", "asy", "asy drawing: not printed"), ("Flight", "tikzpicture", "tikzpicture drawing: not printed")]
    assert [(line, message.split(" is ")[0]) for _, line, message in said(book)] == [
        (4, "the asy drawing"), (8, "the tikzpicture drawing")]
    text = " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph))
    assert "dot" not in text and "draw" not in text


def test_labels_inside_theorems_and_formulas_are_targets(tmp_path):
    book = book_of(tmp_path, {"hive.tex": doc(
        "\\chapter{Proofs}\n\\begin{lemma}\n\\label{lem:wax}\n[Wax]\nIt melts.\n\\end{lemma}\n"
        "\\begin{equation}\nx = 1 \\label{eq:one}\n\\end{equation}\n"
        "\\begin{alignat*}{2}\ny &= 2\n\\end{alignat*}\n"
        "By \\cref{lem:wax,eq:one} and \\ref*{lem:wax}.\n",
        "\\newtheorem{lemma}{Lemma}\n")})
    assert said(book) == []
    box = next(n for n in walk(book.blocks) if isinstance(n, m.Box))
    assert (box.anchor, m.plain(box.title)) == ("lem:wax", "Wax")
    # a formula's label leads where the formula stands: the box or heading before it
    refs = [n.target for n in walk(book.blocks) if isinstance(n, m.Ref)]
    assert refs == ["lem:wax", "lem:wax", "lem:wax"]
    assert [n.text for n in walk(book.blocks) if isinstance(n, m.Formula)][-1].replace(" ", "") == "y=2"


def test_a_title_page_and_chapter_heads_set_by_other_files_and_commands(tmp_path):
    # the title comes from a file the preamble inputs; a chapter written inside
    # \includepdf's pagecommand is a heading (named by its contents entry, its own
    # title being empty) and the PDF pages are said to be left out
    book = book_of(tmp_path, {
        "hive.tex": doc("\\includepdf[pages=1,pagecommand={\\chapter[Swarming][Swarming]{}\\label{ch:s}},"
                        " fitpaper=true]{cover.pdf}\nText of the swarm.\n"
                        "\\IfFileExists{extra/notes.tex}{\\input{extra/notes}}{\\chapter{No notes}}\n"
                        "\\IfFileExists{nowhere.tex}{\\chapter{Never}}{\\chapter{Fallback}}\n"
                        "\\begin{sidewaystable}\\begin{tabular}{ll}a & b\\\\\\end{tabular}\\caption{Wide}"
                        "\\end{sidewaystable}\n\\section{On \\glsfmtlong{qb}}\nSee \\ref{ch:s}.\n",
                        "\\input{front/titling}\n\\newacronym{qb}{QB}{queen bee}\n"),
        "front/titling.tex": "\\title{Hive Notes}\n\\author{Someone}\n",
        "extra/notes.tex": "\\chapter{Notes}\n",
    })
    assert book.title == "Hive Notes"
    assert headings(book) == ["Swarming", "Notes", "Fallback", "On queen bee"]
    assert said(book) == [("hive.tex", 5, "the PDF pages of 'cover.pdf' (\\includepdf) are not printed")]
    table = next(n for n in walk(book.blocks) if isinstance(n, m.Table))
    assert (m.plain(table.caption), [[m.plain(c.children) for c in row] for row in table.rows]) == ("Wide", [["a", "b"]])


def test_a_theorems_title_with_a_formula_and_a_table_with_trimmed_rules(tmp_path):
    book = book_of(tmp_path, {"hive.tex": doc(
        "\\begin{lemma}\n  [Cells of $\\mathbb R^2$]\nSix sides.\n\\end{lemma}\n"
        "\\begin{tabular}{lrr}\n\\toprule\n & \\multicolumn{2}{c}{Comb}\\\\\n"
        "\\cmidrule(lr){2-3} \\cmidrule[1pt](l){2-2}\nCell & N & \\si{\\percent}\\\\\n\\midrule\n"
        "Honey & \\hphantom{00}12 & 40\\\\\n\\end{tabular}\n",
        "\\newtheorem{lemma}{Lemma}\n")})
    box = next(n for n in walk(book.blocks) if isinstance(n, m.Box))
    assert m.plain(box.title) == "Cells of ℝ^2"
    table = next(n for n in walk(book.blocks) if isinstance(n, m.Table))
    assert [[m.plain(c.children) for c in row] for row in table.header + table.rows] == [
        ["", "Comb", ""], ["Cell", "N", "%"], ["Honey", "12", "40"]]


def test_a_commands_argument_over_several_lines_keeps_every_later_line_in_its_place(tmp_path):
    book = book_of(tmp_path, {"hive.tex": doc(
        "\\chapter{Comb}\n\\lead{Wax is\nmade by\nworkers} and stored.\n\\begin{oddity}\nHm.\n\\end{oddity}\n"
        "\\section\\closing\nEnd.\n",
        "\\newcommand{\\lead}[1]{\\emph{Note: #1}}\n\\newcommand{\\closing}{Last words}\n")})
    assert headings(book) == ["Comb", "Last words"]
    text = " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph))
    assert "Note: Wax is made by workers and stored." in text
    assert said(book) == [("hive.tex", 9, "unknown LaTeX environment 'oddity'; its text is kept")]
    last = [n for n in walk(book.blocks) if isinstance(n, m.Heading)][-1]
    assert last.line == 12
