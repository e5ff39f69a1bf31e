"""`nests rulebook` as a user runs it: files, standard output, warnings, --strict, --sheet, --from."""

import hashlib
import io
import re

from nests.cli import main
from nests.generators.rulebook import output_name

from tests.frames import pages_of
from tests.rulebook import golden

from .conftest import NESTS

SMALL = golden.Path(__file__).parent / "fixtures" / "small-book.raw.txt"


def golden_digest() -> str:
    return golden.GOLDEN.read_text(encoding="utf-8").split()[1]


def test_writes_the_book_named_after_its_source_and_it_holds_the_golden(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(NESTS), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {tmp_path}/nests-and-insects-1.0.0.txt\n"
    assert result.stderr == ""
    data = (tmp_path / "nests-and-insects-1.0.0.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == golden_digest()
    assert [p.name for p in tmp_path.iterdir()] == ["nests-and-insects-1.0.0.txt"]


def test_standard_output_is_the_plaintext(runner):
    result = runner.invoke(main, ["rulebook", str(NESTS), "-o", "-"])
    assert result.exit_code == 0
    assert hashlib.sha256(result.stdout_bytes).hexdigest() == golden_digest()


def test_both_formats_the_pdf_with_a_page_each_and_an_outline(runner, tmp_path):
    import pypdf

    result = runner.invoke(main, ["rulebook", str(SMALL), "--format", "txt", "--format", "pdf", "--paper", "letter",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {tmp_path}/small-book.txt\nwrote {tmp_path}/small-book.pdf\n"
    pages = pages_of((tmp_path / "small-book.txt").read_text(encoding="utf-8"))
    reader = pypdf.PdfReader(io.BytesIO((tmp_path / "small-book.pdf").read_bytes()))
    assert len(reader.pages) == len(pages)
    top = [item.title for item in reader.outline if not isinstance(item, list)]
    assert top == ["Contents", "1.0.0.0 Opening", "2.0.0.0 Closing"]


def test_warnings_go_to_standard_error_once_each_with_path_and_line(runner, tmp_path):
    source = tmp_path / "odd.raw.txt"
    source.write_text("Words.\n\n\\marginpar{x}\n\n\\charsheet[moth]\n\\charsheet[moth]\n", encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(source), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[0] == f"{source}:3: warning: unknown markup '\\\\marginpar{{x}}'; its words are kept"
    assert lines[1].startswith(f"{source}:5: warning: no character sheet moth to print")
    assert lines[2].startswith(f"{source}:6: warning: no character sheet moth to print") and len(lines) == 3
    assert result.stdout == f"wrote {tmp_path}/out/odd.txt\n"
    assert "[missing: character sheet moth]" in (tmp_path / "out" / "odd.txt").read_text(encoding="utf-8")


def test_strict_makes_warnings_errors_and_writes_nothing(runner, tmp_path):
    source = tmp_path / "odd.raw.txt"
    source.write_text("Words.\n\n\\marginpar{x}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(main, ["rulebook", str(source), "--strict", "--format", "pdf", "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {source}:3: unknown markup '\\\\marginpar{{x}}'; its words are kept\n"
    assert not out.exists()


def test_sheet_appends_sheets_at_the_end_each_page_numbered(runner, tmp_path):
    source = tmp_path / "short.raw.txt"
    source.write_text("\\chapter{Only}\nWords.\n", encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(source), "--sheet", "spider", "--sheet", "base-rules",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    pages = pages_of((tmp_path / "short.txt").read_text(encoding="utf-8"))
    assert len(pages) == 5                 # contents, the chapter, spider, base-rules' two pages
    assert "►Character Sheet◄" in pages[2][0] and " SPIDER " in pages[2][1]
    for n, page in enumerate(pages, start=1):
        assert f"►{n}◄" in page[-2]
    assert pages[3][0] != pages[2][0] and pages[4][0] == pages[3][0]      # base-rules: its own header, twice


def test_an_unknown_sheet_option_is_a_user_error(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(SMALL), "--sheet", "no-such-game", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --sheet 'no-such-game' is not a sheet; known sheets: ants, base-rules,")
    assert not (tmp_path / "out").exists()


def test_from_names_the_markup_of_a_file_whose_name_does_not(runner, tmp_path):
    source = tmp_path / "notes.text"
    source.write_text("\\chapter{Named}\nWords.\n", encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(source), "-o", "-"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {source}: cannot tell the markup from the file name")
    result = runner.invoke(main, ["rulebook", str(source), "--from", "nests", "-o", "-"])
    assert result.exit_code == 0 and "║ 1.0.0.0 Named " in result.stdout


def test_missing_source_is_a_user_error(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(tmp_path / "none.raw.txt"), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path}/none.raw.txt: no such rulebook source\n"


def test_pdf_cannot_go_to_standard_output(runner):
    result = runner.invoke(main, ["rulebook", str(SMALL), "--format", "pdf", "-o", "-"])
    assert result.exit_code == 2
    assert result.stderr == "error: a PDF cannot go to standard output; give -o DIR\n"


def test_output_name_drops_the_markup_extension():
    assert output_name("../shared/rulebook/nests-and-insects-1.0.0.raw.txt") == "nests-and-insects-1.0.0"
    assert output_name("base-rules.md") == "base-rules"
    assert output_name("rules-and-procedures.tex") == "rules-and-procedures"
    assert output_name("basic-rules.rst") == "basic-rules"
    assert output_name("malleus-deum.xml") == "malleus-deum"
    assert output_name("book.txt") == "book"
    assert output_name("notes") == "notes"
