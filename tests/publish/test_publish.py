"""The publish step: every output rendered first, then all written or none."""

import pytest

from nests.document import Document, File, Page
from nests.errors import NestsError
from nests.publish import publish, render_all

PAGE = "a page\n"


def docs():
    return [Document("one", "One", [Page(PAGE)], {"json": File("one.json", "{}\n")}),
            Document("sub/two", "Two", [Page(PAGE), Page("second\n")])]


def test_each_document_in_each_format_it_offers(tmp_path):
    written = publish(docs(), ["txt", "json"], "a4", str(tmp_path))
    assert [p.relative_to(tmp_path).as_posix() for p in written] == ["one.txt", "one.json", "sub/two.txt"]
    assert (tmp_path / "sub" / "two.txt").read_text() == "a page\nsecond\n"
    assert (tmp_path / "one.json").read_text() == "{}\n"


def test_a_failure_writes_nothing_and_leaves_no_temporary_file(tmp_path):
    (tmp_path / "sub" / "two.txt").mkdir(parents=True)        # a directory where a file goes
    with pytest.raises(NestsError) as err:
        publish(docs(), ["txt"], "a4", str(tmp_path))
    assert "two.txt: is a directory" in str(err.value)
    leftovers = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    assert leftovers == ["sub", "sub/two.txt"]


def test_an_unwritable_directory_is_one_line_naming_it(tmp_path):
    (tmp_path / "out").write_text("a file, not a directory")
    with pytest.raises(NestsError) as err:
        publish(docs(), ["txt"], "a4", str(tmp_path / "out"))
    assert str(err.value).startswith(f"{tmp_path / 'out'}: cannot write here")
    assert "\n" not in str(err.value)


def test_standard_output_takes_text_and_refuses_pdf(capsysbinary):
    publish(docs(), ["txt"], "a4", "-")
    assert capsysbinary.readouterr().out == b"a page\na page\nsecond\n"
    with pytest.raises(NestsError) as err:
        publish(docs(), ["txt", "pdf"], "a4", "-")
    assert "PDF cannot go to standard output" in str(err.value)


def test_pdfs_made_in_a_pool_equal_those_made_one_by_one():
    two = [Document("a", "A", [Page("first\n")]), Document("b", "B", [Page("second\n")])]
    pooled = dict(render_all(two, ["pdf"], "a4"))
    alone = {d.stem + ".pdf": dict(render_all([d], ["pdf"], "a4"))[d.stem + ".pdf"] for d in two}
    assert pooled == alone
    assert pooled["a.pdf"] != pooled["b.pdf"]
