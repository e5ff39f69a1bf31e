"""A Sphinx project read as one book: its toctrees' documents in place, its
includes, its references across documents, its contents' depth."""

from pathlib import Path

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk

from .test_latex_books import write


def headings(book) -> list[tuple[str, int]]:
    return [(m.plain(n.title), n.level) for n in walk(book.blocks) if isinstance(n, m.Heading)]


def texts(book) -> str:
    return " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph))


def warnings(book) -> list[tuple[str, int, str]]:
    return [(Path(w.source).as_posix(), w.line, w.message) for w in book.warnings]


PROJECT = {
    "index.rst": "Hive Guide\n==========\n\n"
                 "Start with :doc:`rules/combat` and :ref:`the sting <Sting-Rule>`.\n\n"   # 4
                 ".. toctree::\n   :maxdepth: 2\n\n"
                 "   rules/combat\n"                     # 9
                 "   Travel </travel>\n"                 # 10
                 "   rules/gone\n\n"                     # 11
                 ".. toctree::\n   :glob:\n\n   lore/*\n\n"
                 ".. include:: /parts/credits.rst\n",
    "rules/combat.rst": "Combat\n======\n\n.. _sting-rule:\n\nStings\n------\n\nA sting hurts.\n\n"
                        "Venom\n~~~~~\n\nIt burns :oddrole:`x`.\n\n"       # 14
                        ".. toctree::\n\n   ../index\n",                     # 18
    "travel.rst": "Travel\n======\n\nWalk. See :doc:`rules/combat`.\n\n.. include:: ../../outside.rst\n",
    "lore/b-queen.rst": "Queen\n=====\n\nShe rules.\n",
    "lore/a-drones.rst": "Drones\n======\n\nThey hum.\n",
    "parts/credits.rst": "Written by the hive.\n",
}


def test_a_toctree_reads_its_documents_in_place_one_level_down(tmp_path):
    write(tmp_path / "docs", PROJECT)
    book = read_book(str(tmp_path / "docs" / "index.rst"))
    assert headings(book) == [("Hive Guide", 1), ("Combat", 2), ("Stings", 3), ("Venom", 4), ("Travel", 2),
                              ("Drones", 2), ("Queen", 2)]           # a glob's documents in sorted order
    said = texts(book)
    assert "A sting hurts." in said and "They hum." in said and "Written by the hive." in said
    venom = next(n for n in walk(book.blocks) if isinstance(n, m.Heading) and m.plain(n.title) == "Venom")
    assert (Path(venom.source).relative_to(tmp_path / "docs"), venom.line) == (Path("rules/combat.rst"), 11)


def test_references_across_documents_resolve_whatever_their_case(tmp_path):
    write(tmp_path / "docs", PROJECT)
    book = read_book(str(tmp_path / "docs" / "index.rst"))
    anchors = {m.plain(n.title): n.anchor for n in walk(book.blocks) if isinstance(n, m.Heading)}
    refs = [(r.target, r.source.split("/")[-1]) for r in walk(book.blocks) if isinstance(r, m.Ref)]
    assert refs == [(anchors["Combat"], "index.rst"), (anchors["Stings"], "index.rst"),
                    (anchors["Combat"], "travel.rst")]


def test_each_problem_is_warned_at_its_own_file_and_line(tmp_path):
    write(tmp_path / "docs", PROJECT)
    book = read_book(str(tmp_path / "docs" / "index.rst"))
    docs = str(tmp_path / "docs")
    found = sorted((s.replace(docs + "/", ""), line, text.split(":")[0]) for s, line, text in warnings(book))
    assert found == [
        ("index.rst", 11, "toctree entry 'rules/gone' (rules/gone)"),
        ("rules/combat.rst", 14, 'Unknown interpreted text role "oddrole".'),
        ("rules/combat.rst", 18, "toctree entry '../index' (index)"),
        ("travel.rst", 6, "include of '../../outside.rst', which is outside the book's folder; not read")]
    assert [n.what for n in walk(book.blocks) if isinstance(n, m.Missing)] == [
        "../../outside.rst", "document: rules/gone"]


def test_nothing_outside_the_projects_folder_is_read(tmp_path):
    write(tmp_path, {"secret.rst": "Secret\n======\n"})
    write(tmp_path / "docs", {"index.rst": "Book\n====\n\n.. toctree::\n\n   ../secret\n   /../secret\n"})
    book = read_book(str(tmp_path / "docs" / "index.rst"))
    assert headings(book) == [("Book", 1)]
    assert [(line, text.split(": ")[-1]) for _, line, text in warnings(book)] == [
        (6, "it is outside the book's folder; not read"), (7, "it is outside the book's folder; not read")]


def test_the_root_toctrees_maxdepth_is_the_contents_depth(tmp_path):
    write(tmp_path / "docs", PROJECT)
    book = read_book(str(tmp_path / "docs" / "index.rst"))
    # the toctree sits under the book's title (level 1): its documents and one level below them
    assert book.toc_depth == 3
    write(tmp_path / "flat", {"index.rst": ".. toctree::\n   :maxdepth: 1\n\n   one\n",
                              "one.rst": "One\n===\n\nTwo\n---\n"})
    assert read_book(str(tmp_path / "flat" / "index.rst")).toc_depth == 1


def test_literal_includes_stay_inside_the_book_and_domain_objects_read_as_definitions(tmp_path):
    write(tmp_path, {"secret.py": "KEY = 1\n"})
    write(tmp_path / "docs", {"index.rst": "Api\n===\n\n.. literalinclude:: ../secret.py\n\n"
                                           ".. literalinclude:: /code/hive.py\n\n"
                                           ".. py:function:: swarm(size, queen=None)\n\n   Gathers the hive.\n\n"
                                           "See :doc:`index`.\n",
                              "code/hive.py": "def swarm():\n    pass\n"})
    book = read_book(str(tmp_path / "docs" / "index.rst"))
    assert [n.lines for n in walk(book.blocks) if isinstance(n, m.Verbatim)] == [["def swarm():", "    pass"]]
    assert [(line, text) for _, line, text in warnings(book)] == [
        (4, "literalinclude of '../secret.py', which is outside the book's folder; not read")]
    item = next(n for n in walk(book.blocks) if isinstance(n, m.Definition))
    assert m.plain(item.term) == "swarm(size, queen=None)" and m.plain(item.blocks[0].children) == "Gathers the hive."
    ref = next(n for n in walk(book.blocks) if isinstance(n, m.Ref))      # :doc: to the main document
    assert ref.target == next(n for n in walk(book.blocks) if isinstance(n, m.Heading)).anchor


def test_a_version_note_whose_words_start_on_its_own_line_reads_them_as_rst(tmp_path):
    write(tmp_path, {"index.rst": "Hive\n====\n\n"
                                  ".. versionchanged:: 2.4 The queen now sleeps with ``one`` eye\n"
                                  "   open and *the hive* knows it.\n\n"
                                  ".. versionadded:: 1.0\n\n   Drones hum.\n"})
    book = read_book(str(tmp_path / "index.rst"))
    boxes = [(m.plain(b.title), m.plain(b.blocks[0].children)) for b in walk(book.blocks) if isinstance(b, m.Box)]
    assert boxes == [("changed in version 2.4", "The queen now sleeps with one eye open and the hive knows it."),
                     ("new in version 1.0", "Drones hum.")]
    assert "``" not in texts(book) and warnings(book) == []


def test_conf_py_names_the_running_head_and_versions_without_being_run(tmp_path):
    write(tmp_path, {
        "conf.py": "project = 'Hive'\nrelease = '3.2'\nversion = compute()\nopen('ran', 'w')\n"
                   "latex_documents = [('index', 'hive.tex', 'The Hive Manual', 'Bees', 'manual')]\n",
        "index.rst": "Hive |release| guide\n======================\n\nSee |version| and |today|.\n\n"
                     ".. |today| replace:: spring\n",
    })
    book = read_book(str(tmp_path / "index.rst"))
    assert not (tmp_path / "ran").exists()
    assert (book.running_head, headings(book)) == ("The Hive Manual", [("Hive 3.2 guide", 1)])
    assert texts(book) == "See [missing: substitution version] and spring."   # not a plain value: a placeholder
    assert [(line, message) for _, line, message in warnings(book)] == [
        (4, "substitution 'version', which nothing in this book defines")]


def test_an_unknown_role_is_warned_at_the_line_that_holds_it(tmp_path):
    write(tmp_path, {"index.rst": "Hive\n====\n\nThe queen\nsleeps, see :nectar:`wax`\nand more.\n\n"
                                  "Again :nectar:`x`.\n"})
    book = read_book(str(tmp_path / "index.rst"))
    assert [(line, message) for _, line, message in warnings(book)] == [
        (5, 'Unknown interpreted text role "nectar".'), (8, 'Unknown interpreted text role "nectar".')]
