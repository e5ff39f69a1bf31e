"""`nests rulebook`, with its exact output."""

from nests.cli import main
from nests.publish.txt import join_pages
from nests.generators.rulebook import output_name, typeset

from .conftest import SMALL


def test_writes_the_plaintext_named_after_the_source(runner, tmp_path, content):
    result = runner.invoke(main, ["rulebook", str(SMALL), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {tmp_path}/small-book.txt\n"
    assert result.stderr == ""
    written = (tmp_path / "small-book.txt").read_text(encoding="utf-8")
    assert written == join_pages([p.text for p in typeset(SMALL, content).pages])
    assert [p.name for p in tmp_path.iterdir()] == ["small-book.txt"]


def test_both_formats(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(SMALL), "--format", "txt", "--format", "pdf", "--paper", "letter",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {tmp_path}/small-book.txt\nwrote {tmp_path}/small-book.pdf\n"
    assert (tmp_path / "small-book.pdf").read_bytes().startswith(b"%PDF")


def test_standard_output_is_the_plaintext(runner, content):
    result = runner.invoke(main, ["rulebook", str(SMALL), "-o", "-"])
    assert result.exit_code == 0
    assert result.stdout == join_pages([p.text for p in typeset(SMALL, content).pages])


def test_warnings_go_to_standard_error_with_their_line(runner, tmp_path):
    source = tmp_path / "odd.raw.txt"
    source.write_text("Words.\n\n\\marginpar{x}\n", encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(source), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    assert result.stderr == f"warning: {source}:3: unknown markup '\\\\marginpar{{x}}'; kept as text\n"
    assert result.stdout == f"wrote {tmp_path}/out/odd.txt\n"


def test_missing_source_is_a_user_error(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(tmp_path / "none.raw.txt"), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path}/none.raw.txt: no such rulebook source\n"


def test_pdf_cannot_go_to_standard_output(runner):
    result = runner.invoke(main, ["rulebook", str(SMALL), "--format", "pdf", "-o", "-"])
    assert result.exit_code == 2
    assert result.stderr == "error: a PDF cannot go to standard output; give -o DIR\n"


def test_output_name():
    assert output_name("../shared/rulebook/nests-and-insects-1.0.0.raw.txt") == "nests-and-insects-1.0.0"
    assert output_name("book.txt") == "book"
    assert output_name("notes") == "notes"
