"""The commands that typeset books and build everything: rulebook, build."""

from __future__ import annotations

import click

from nests.cli.common import (FORMATS, PAPER, SHEET_CONTENT, check_print_options, content_option, emit, impose_option,
                              output_directory, output_option, pdf_ready, setup, templates_option)
from nests.errors import NestsError, Problem, bounded


def style_options(f):
    """--style and --columns: how a book's PDF is set (nests.generators.rulebook.printed)."""
    f = click.option("--columns", type=click.IntRange(1, 2), default=None, metavar="N",
                     help="Columns of text on a page in the book style: 1 or 2 (as game books are set). "
                          "Default: as the source sets its pages (LaTeX's twocolumn), else 1.")(f)
    return click.option("--style", type=click.Choice(["book", "framed"]), default=None,
                        help="The PDF's page: book (proportional type, the default for every markup but the "
                             "Nests raw one) or framed (the rulebook's monospace page, the Nests book's "
                             "default). The txt is the framed page in both.")(f)


@click.command()
@click.argument("sources", metavar="SOURCE...", nargs=-1, required=True, type=click.Path())
@click.option("--from", "markup", type=click.Choice(["nests", "md", "rst", "latex", "xml", "docbook"]),
              default=None,
              help="The source's markup (default: told by its file name's extension).")
@click.option("--strict", is_flag=True, help="Treat every warning as an error: exit 2 and write nothing.")
@click.option("--sheet", "sheets", multiple=True, metavar="ID",
              help="Append the character sheet ID at the book's end (repeatable).")
@click.option("--title", default=None, metavar="TEXT",
              help="The book's title, for every page's head and the PDF (default: the title the source gives).")
@click.option("--toc-depth", "toc_depth", type=click.IntRange(min=1), default=None, metavar="N",
              help="List headings down to level N in the contents (default: the source's own limit, "
                   "LaTeX's tocdepth or a toctree's :maxdepth:, else every level).")
@click.option("--number-headings", "number_headings", is_flag=True,
              help="Number the headings (3, 3.1) where the source's own tool numbers none: Markdown "
                   "(pandoc's --number-sections) and reST without a toctree's :numbered:.")
@style_options
@click.option("--format", "formats", type=FORMATS, multiple=True, help="txt, pdf, or both (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True,
              help="Paper size of the PDF (unless given: the one the source's tool prints on where it says, as "
                   "LaTeX's letter, its default, or the a4paper a book names).")
@impose_option
@output_option
@content_option
@templates_option
def rulebook(sources, markup, strict, sheets, title, toc_depth, number_headings, style, columns, formats, paper,
             impose, output, content_dirs, templates_dir) -> None:
    """Typeset the rulebook SOURCE (Markdown, reStructuredText, LaTeX, XML, DocBook or the
    Nests raw markup): DIR/<source stem>.txt and .pdf, with contents, page references and sheets
    (--impose a5: the PDF as a booklet). A book in many files: its mkdocs.yml, book.toml or
    SUMMARY.md, its folder (files in name order), or several files in their order."""
    from nests.generators.rulebook import rulebook_document
    from nests.generators.rulebook.sheets import Sheets

    if title is not None and (not title.strip() or not title.isprintable()):
        raise NestsError(f"--title {title!r}: give the title as words on one line")
    output_directory(output)
    check_columns(style, columns, markup, sources[0] if len(sources) == 1 else None)
    formats = formats or ("txt",)
    check_print_options(formats, impose)
    content = setup(content_dirs, templates_dir, SHEET_CONTENT)
    unknown = [s for s in sheets if not Sheets(content).knows(s)]
    if unknown:
        raise NestsError(f"--sheet {unknown[0]!r} is not a sheet; {Sheets(content).known()}")
    with pdf_ready(formats, output):
        source = sources[0] if len(sources) == 1 else list(sources)
        document, warnings = rulebook_document(source, content, markup, list(sheets), title=title,
                                                toc_depth=toc_depth, style=style, columns=columns,
                                                number_headings=number_headings)
        if strict and warnings:
            raise NestsError([Problem(w.message, file=w.source, line=w.line) for w in warnings])
        for warning in warnings:
            click.echo(str(warning), err=True)
        emit([document], formats, source_paper(document, paper), output, impose)


@click.command()
@click.option("--books", "books_dir", default=None, type=click.Path(),
              help="Also typeset every rulebook source in this directory into DIR/books/ (txt and pdf).")
@style_options
@output_option
@content_option
@templates_option
def build(books_dir, style, columns, output, content_dirs, templates_dir) -> None:
    """Build every default output into DIR (default: build/): all checked first, then written.
    A book of --books that cannot be typeset is left out with its error, the rest is written,
    and the exit status is 2."""
    from nests.build import FORMATS, book_documents, build_documents

    if output == "-":
        raise NestsError("nests build writes many files; give -o DIR")
    output_directory(output)
    check_columns(style, columns)
    content = setup(content_dirs, templates_dir)
    from nests.publish.pdf import workers_ready

    with workers_ready():            # the PDF workers get ready while the documents are made
        documents = build_documents(content)
        if books_dir is not None:
            books, warnings, notes, errors = book_documents(books_dir, content, style=style, columns=columns)
            for line in notes + [str(w) for w in warnings]:
                click.echo(bounded(line), err=True)
            documents += books
        # each book on the paper its source's tool prints it on (a LaTeX book's letter or a4paper), the rest on A4
        papers: dict[str, list] = {}
        for document in documents:
            papers.setdefault(book_paper(document) or "a4", []).append(document)
        for paper, printed in papers.items():
            emit(printed, FORMATS, paper, output)
    if books_dir is not None and errors:
        raise NestsError([Problem(f"{e.message}; this book is left out, the rest is written", e.file, e.line, e.key)
                          for e in errors])


def source_paper(document, paper: str) -> str:
    """The paper the book's PDF is printed on: --paper where given, else the one its source's tool
    prints on (a LaTeX book's: letter, its default, or the a4paper it names), else --paper's default."""
    from click.core import ParameterSource

    if click.get_current_context().get_parameter_source("paper") != ParameterSource.DEFAULT:
        return paper
    return book_paper(document) or paper


def book_paper(document) -> str | None:
    """The paper a typeset book's source names or its tool defaults to; None for any other document."""
    book = getattr(getattr(document, "print_book", None), "book", None)
    return getattr(book, "paper", None)


def check_columns(style, columns: int | None, markup=None, source=None) -> None:
    """Two columns are the book style's: refused, before any work, on a framed page (where the
    source asks for them itself, the framed page keeps its one column)."""
    if columns in (None, 1):
        return
    if style is None and source is not None:
        from pathlib import Path

        from nests.book.readers import reader_for
        from nests.book.readers.outlines import outline_for
        from nests.generators.rulebook.printed import default_style

        # a book in many files (a folder, mkdocs.yml…) is set in the book style, as rulebook_document sets it
        style = "book" if outline_for([str(source)]) else default_style(reader_for(Path(source), markup))
    if style == "framed":
        raise NestsError(f"--columns {columns}: the framed page has one column; two are the book style's "
                         "(give --style book)")


COMMANDS = (rulebook, build)
