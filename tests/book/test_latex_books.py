"""LaTeX books as their authors write them: several files, parts, restyled
sectioning, switches, and environments of packages this reader does not know."""

from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def headings(book) -> list[tuple[str, int]]:
    return [(m.plain(n.title), n.level) for n in walk(book.blocks) if isinstance(n, m.Heading)]


def words(book) -> str:
    return " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, (m.Paragraph, m.Cell)))


def warnings(book) -> list[tuple[str, int, str]]:
    return [(Path(w.source).name, w.line, w.message) for w in book.warnings]


SHELF = {
    "book.tex": "\\documentclass{book}\n\\begin{document}\n"
                "\\import{volumes/}{first}\n"            # 3
                "\\include{volumes/extra}\n"             # 4
                "\\subfile{volumes/apart}\n"             # 5
                "\\input{volumes/notes.tex}\n"           # 6
                "\\end{document}\n",
    "volumes/first.tex": "\\chapter{Moths}\n\\subimport{deeper/}{wings}\n",
    # inside an \import, \input resolves in the imported folder
    "volumes/deeper/wings.tex": "\\section{Wings}\nDusty scales.\n\\input{veins}\n",
    "volumes/deeper/veins.tex": "\\subsection{Veins}\nThin \\oddity{lines}.\n",
    "volumes/extra.tex": "\\chapter{Lamps}\nBright.\n",
    "volumes/apart.tex": "\\documentclass[../book.tex]{subfiles}\n\\begin{document}\n"
                         "\\chapter{Apart}\nOn its own.\n\\end{document}\n",
    "volumes/notes.tex": "\\chapter{Notes}\n",
}


def test_every_kind_of_include_is_read_in_place(tmp_path):
    write(tmp_path, SHELF)
    book = read_book(str(tmp_path / "book.tex"))
    assert headings(book) == [("Moths", 1), ("Wings", 2), ("Veins", 3), ("Lamps", 1), ("Apart", 1), ("Notes", 1)]
    assert "Dusty scales." in words(book) and "On its own." in words(book)
    veins = next(n for n in walk(book.blocks) if isinstance(n, m.Heading) and m.plain(n.title) == "Veins")
    assert (Path(veins.source).relative_to(tmp_path), veins.line) == (Path("volumes/deeper/veins.tex"), 1)


def test_a_warning_names_the_included_file_and_its_own_line(tmp_path):
    write(tmp_path, SHELF)
    book = read_book(str(tmp_path / "book.tex"))
    assert warnings(book) == [("veins.tex", 2, "unknown LaTeX command '\\oddity'; its arguments' words are kept")]
    assert book.warnings[0].source == str(tmp_path / "volumes" / "deeper" / "veins.tex")


def test_a_file_that_includes_itself_is_read_once_with_a_warning(tmp_path):
    write(tmp_path, {"main.tex": "\\input{a}\n",
                     "a.tex": "\\section{A}\n\\input{b}\n",
                     "b.tex": "\\section{B}\n\n\\input{a}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert headings(book) == [("A", 1), ("B", 1)]
    assert warnings(book) == [("b.tex", 3, "\\input of 'a' is already being read (it includes itself); not read again")]


def test_nothing_outside_the_books_folder_is_read(tmp_path):
    (tmp_path / "secret.tex").write_text("\\section{Secret}\n", encoding="utf-8")
    write(tmp_path / "book", {"main.tex": "Words.\n\n\\input{../secret}\n\\subimport{../}{secret}\n"
                                          "\\input{/etc/hostname}\n"})
    book = read_book(str(tmp_path / "book" / "main.tex"))
    assert headings(book) == []
    assert [(w[1], w[2].split(" is ")[-1]) for w in warnings(book)] == [
        (3, "outside the book's folder; not read"), (4, "outside the book's folder; not read"),
        (5, "outside the book's folder; not read")]


def test_an_include_that_is_not_there_is_a_placeholder(tmp_path):
    write(tmp_path, {"main.tex": "\\section{Here}\n\\include{gone}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert [n.what for n in walk(book.blocks) if isinstance(n, m.Missing)] == ["gone"]
    assert warnings(book) == [("main.tex", 2, "\\include of 'gone', which is not there")]


def test_part_is_a_heading_above_chapters(tmp_path):
    write(tmp_path, {"main.tex": "\\part{Old Songs}\n\\chapter{Dusk}\n\\section{Chirp}\n\\part*{New Songs}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert headings(book) == [("Old Songs", 1), ("Dusk", 2), ("Chirp", 3), ("New Songs", 1)]
    assert "Old Songs" not in words(book)


def test_restyled_sectioning_commands_stay_headings(tmp_path):
    write(tmp_path, {"main.tex": "\\let\\plainsection\\section\n"
                                 "\\renewcommand{\\section}[1]{\\plainsection{#1}\\marginpar{x}}\n"
                                 "\\let\\topic\\subsection\n\\def\\chapter{\\relax}\n"
                                 "\\chapter{Cave}\n\\section{Roof}\n\\topic{Drips}\n\\plainsection{Floor}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert headings(book) == [("Cave", 1), ("Roof", 2), ("Drips", 3), ("Floor", 2)]
    heading = [n for n in walk(book.blocks) if isinstance(n, m.Heading)][2]
    assert heading.line == 7                   # the definitions taken out leave every line where it was


SWITCHED = ("\\documentclass{article}\n\\usepackage{etoolbox,ifthen}\n"
            "\\newtoggle{gm}\\toggletrue{gm}\n\\newtoggle{print}\n"
            "\\newboolean{long}\\setboolean{long}{true}\n\\newbool{short}\n"
            "\\begin{document}\n"
            "\\iftoggle{gm}{Secret door.}{Plain wall.}\n"
            "\\iftoggle{print}{Ink.}{Screen.}\n"
            "\\ifthenelse{\\boolean{long} \\AND \\NOT \\equal{a}{b}}{Long rest.}{Short rest.}\n"
            "\\ifbool{short}{Quick.}{Slow.}\n"
            "\\togglefalse{gm}\\iftoggle{gm}{Late secret.}{Late wall.}\n"
            "\\ifthenelse{3 < 2 \\OR \\isodd{4}}{Odd.}{Even.}\n"
            "\\ifthenelse{\\lengthtest{\\parindent > 1pt}}{Wide.}{Narrow.}\n"
            "\\end{document}\n")


def test_switches_take_the_branch_their_values_select(tmp_path):
    write(tmp_path, {"main.tex": SWITCHED})
    book = read_book(str(tmp_path / "main.tex"))
    text = words(book)
    for said in ("Secret door.", "Screen.", "Long rest.", "Slow.", "Late wall.", "Even.", "Wide."):
        assert said in text
    for unsaid in ("Plain wall.", "Ink.", "Short rest.", "Quick.", "Late secret.", "Odd.", "Narrow."):
        assert unsaid not in text
    # a condition the reader cannot weigh reads its first branch and says so, at its line
    assert [(w[1], w[2].split(";")[0]) for w in warnings(book)] == [
        (14, "cannot tell which way \\ifthenelse{\\lengthtest{\\parindent > 1pt}} goes")]


def test_a_switch_set_in_an_input_of_the_preamble_holds_in_the_body(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\input{settings}\n\\begin{document}\n"
                                 "\\iftoggle{deluxe}{\\chapter{Extras}}{}\n\\end{document}\n",
                     "settings.tex": "\\newtoggle{deluxe}\n\\toggletrue{deluxe}\n\\setcounter{tocdepth}{0}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert headings(book) == [("Extras", 1)] and book.toc_depth == 1 and book.warnings == []


UNKNOWN = ("\\begin{gadget}[colour=red, width=3cm]\nGears turn.\n\\end{gadget}\n\n"
           "\\begin{gadget}{width=2cm}\nSprings \\verb|a_b| coil \\lstinline|c&d|.\n\\end{gadget}\n\n"
           "\\begin{tcolorbox}[title={Hot Tip}, colback=red!5]\nMind the flame.\n\\end{tcolorbox}\n\n"
           "\\begin{widget}\n\\begin{tabular}{ll}\nKey & Value \\\\ \\cline{1-2}\n"
           "{\\fontsize{9}{11}\\selectfont Small} & \\textcolor{red}{Red} \\\\\n\\end{tabular}\n\\end{widget}\n")


def test_unknown_environments_keep_their_words_without_their_options(tmp_path):
    write(tmp_path, {"main.tex": UNKNOWN})
    book = read_book(str(tmp_path / "main.tex"))
    text = words(book)
    assert "Gears turn." in text and "Springs a_b coil c&d." in text
    for leak in ("colour", "width", "3cm", "2cm", "|", "1-2", "9", "11", "red"):
        assert leak not in text, leak
    table = next(n for n in walk(book.blocks) if isinstance(n, m.Table))
    assert [[m.plain(c.children) for c in row] for row in table.header + table.rows] == [
        ["Key", "Value"], ["Small", "Red"]]
    box = next(n for n in walk(book.blocks) if isinstance(n, m.Box))
    assert m.plain(box.title) == "Hot Tip" and "Mind the flame." in m.plain(box.blocks[0].children)
    # once per environment's name, where it is first met
    assert warnings(book) == [("main.tex", 1, "unknown LaTeX environment 'gadget'; its text is kept"),
                              ("main.tex", 13, "unknown LaTeX environment 'widget'; its text is kept")]


@pytest.mark.parametrize("depth, listed", [("0", ["Dusk"]), ("1", ["Dusk", "Chirp"]),
                                           ("2", ["Dusk", "Chirp", "Trill"])])
def test_tocdepth_is_the_contents_depth(tmp_path, depth, listed):
    write(tmp_path, {"main.tex": f"\\documentclass{{report}}\n\\setcounter{{tocdepth}}{{{depth}}}\n"
                                 "\\begin{document}\n\\chapter{Dusk}\n\\section{Chirp}\n"
                                 "\\subsection{Trill}\n\\subsubsection{Hush}\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    # chapter is 0 to LaTeX, section 1…; here the shallowest rank used is level 1
    assert book.toc_depth == len(listed)
    assert [t for t, level in headings(book) if level <= book.toc_depth] == listed


def test_settings_page_styles_and_bibliography_commands_print_nothing(tmp_path):
    write(tmp_path, {"main.tex": "\\section{Start}\\label{sec:start}\n\\thispagestyle{empty}\\pagestyle{fancy}\n"
                                 "\\printglossary[style=long,\n  title=Terms]\nSee \\hyperref[sec:start]{the start}.\n"
                                 "\\nocite{*}\\printbibliography[heading=bibintoc]\n"
                                 "\\begin{verbatim}\n\\draw[fill=red] (0,0);\n\\end{verbatim}\n"
                                 "\\section{After}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    text = words(book)
    assert text == "See the start."
    assert [n.lines for n in walk(book.blocks) if isinstance(n, m.Verbatim)] == [["\\draw[fill=red] (0,0);"]]
    ref = next(n for n in walk(book.blocks) if isinstance(n, m.Ref))
    assert ref.target == "sec:start" and m.plain(ref.children) == "the start"
    # the options taken out keep their line breaks: the next heading stays on its line
    assert [n.line for n in walk(book.blocks) if isinstance(n, m.Heading)] == [1, 10]
    assert book.warnings == []


PACKAGED = {
    "book.tex": "\\documentclass{book}\n\\usepackage{amsmath}\n\\usepackage{tools/moth-macros}\n"
                "\\providecommand{\\here}{book}\n"
                "% \\newcommand{\\lamp}{commented out}\n"
                "\\begin{document}\n\\title{Moth Lore}\n\\maketitle\n"
                "\\chapter{Flight}\n\\begin{lemma}[Dusk rule]\nMoths fly at \\lamp{} from \\here.\n\\end{lemma}\n"
                "\\begin{proof}\nWatch \\bright{them}: $\\odd x$.\n\\end{proof}\n\\end{document}\n",
    "tools/moth-macros.sty": "\\ProvidesPackage{moth-macros}\n\\newtheorem{lemma}{Lemma}[chapter]\n"
                             "\\newcommand{\\lamp}{the lamp}\n\\newcommand{\\bright}[1]{\\textbf{#1}}\n"
                             "\\renewcommand{\\emph}[1]{#1!}\n"              # the reader's own: not applied
                             "\\newcommand{\\odd}{\\mbox{$\\circ$}}\n",      # math inside: not applied
}


def test_the_books_own_package_gives_its_commands_and_theorems(tmp_path):
    write(tmp_path, PACKAGED)
    book = read_book(str(tmp_path / "book.tex"))
    assert book.title == "Moth Lore"
    boxes = [n for n in walk(book.blocks) if isinstance(n, m.Box)]
    assert [(b.kind, m.plain(b.title), b.numbered) for b in boxes] == [("lemma", "Dusk rule", True),
                                                                       ("proof", "", False)]
    assert m.plain(boxes[0].blocks[0].children) == "Moths fly at the lamp from book."
    assert [type(n).__name__ for n in boxes[1].blocks[0].children][:2] == ["Text", "Strong"]
    assert book.warnings == [] or all("odd" in w.message for w in book.warnings)


def test_a_document_left_inside_an_open_group_is_still_the_body(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\usepackage{graphicx}\n"
                                 "\\pretitle{\\begin{center}}\n\\settowidth{x}{y}\n"
                                 "\\begin{document}\n\\chapter{Inside}\nWords.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert headings(book) == [("Inside", 1)] and words(book) == "Words."
    assert not any("graphicx" in w.message or "settowidth" in w.message for w in book.warnings)


def test_commands_of_an_input_preamble_file_hold_in_the_body_and_provide_keeps_the_first(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\input{defs}\n\\providecommand{\\root}{main}\n"
                                 "\\begin{document}\n\\subfile{parts/one}\n\\end{document}\n",
                     "defs.tex": "\\newcommand{\\hive}{the hive}\n",
                     "parts/one.tex": "\\providecommand{\\root}{../..}\n\\documentclass[../main.tex]{subfiles}\n"
                                      "\\begin{document}\nInto \\hive{} from \\root.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert words(book) == "Into the hive from main." and book.warnings == []


def test_a_float_whose_table_is_in_a_file_of_its_own(tmp_path):
    write(tmp_path, {"main.tex": "\\section{Costs}\\label{sec:costs}\n"
                                 "\\begin{table}[h]\n\\centering\n\\input{tables/prices}\n"
                                 "\\caption{Prices of lamps}\\label{tab:prices}\n\\end{table}\n"
                                 "See Table~\\ref{tab:prices}.\n",
                     "tables/prices.tex": "\\begin{tabular}{ll}\nLamp & Price \\\\ \\hline\nOil & 3 \\\\\n"
                                          "\\end{tabular}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    table = next(n for n in walk(book.blocks) if isinstance(n, m.Table))
    assert (m.plain(table.caption), table.numbered, table.anchor) == ("Prices of lamps", True, "tab:prices")
    assert [[m.plain(c.children) for c in row] for row in table.header + table.rows] == [["Lamp", "Price"],
                                                                                       ["Oil", "3"]]
    assert Path(table.source).name == "prices.tex" and book.warnings == []


def test_glossary_entries_print_their_words(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\usepackage{glossaries}\n\\subimport{settings/}{terms}\n"
                                 "\\begin{document}\n"
                                 "\\Gls{gq} runs the \\gls{nest}. The \\gls{gq} rolls; \\acrlong{gq}s and \\glspl{nest}.\n"
                                 "\\acrfull{gq}, \\GLS{nest}, \\gls{ghost}.\n\\end{document}\n",
                     "settings/terms.tex": "\\newacronym{gq}{GQ}{game queen}\n"
                                           "\\newglossaryentry{nest}{name={nest}, description={a hive}}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert words(book) == ("Game queen (GQ) runs the nest. The GQ rolls; game queens and nests. "
                           "game queen (GQ), NEST, ghost.")
    assert warnings(book) == [("main.tex", 6, "glossary entry 'ghost' is not defined; its key is printed")]
