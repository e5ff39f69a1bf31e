"""The PDF sheets: one page each, our font embedded and subset, the same text, the same bytes."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from nests.cli import main

GOLDEN = Path(__file__).parent / "golden" / "sheets"
ALL = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]


@pytest.fixture(scope="module")
def pdf_dir(tmp_path_factory):
    from click.testing import CliRunner

    out = tmp_path_factory.mktemp("pdf")
    result = CliRunner().invoke(main, ["sheet", "--all", "--format", "pdf", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("class_id", ALL)
def test_one_page_whose_text_is_the_plaintext_sheet(pdf_dir, class_id):
    reader = PdfReader(pdf_dir / f"{class_id}.pdf")
    assert len(reader.pages) == 1
    expected = (GOLDEN / f"{class_id}.txt").read_text(encoding="utf-8").rstrip("\n")
    assert reader.pages[0].extract_text() == expected


def test_the_font_is_embedded_and_subset(pdf_dir):
    reader = PdfReader(pdf_dir / "wasp.pdf")
    fonts = []
    for ref in reader.pages[0]["/Resources"]["/Font"].values():
        font = ref.get_object()
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
        fonts.append((str(font["/BaseFont"]), "/FontFile2" in descriptor))
    assert len(fonts) == 1, "one font serves every glyph"
    name, embedded = fonts[0]
    assert embedded
    assert name[7] == "+" and name.endswith("Nests-Mono"), name       # /XXXXXX+ marks a subset


def test_a4_by_default_and_letter_on_request(pdf_dir, runner, tmp_path):
    a4 = PdfReader(pdf_dir / "wasp.pdf").pages[0].mediabox
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)
    result = runner.invoke(main, ["sheet", "wasp", "--format", "pdf", "--paper", "letter", "-o", str(tmp_path)])
    assert result.exit_code == 0
    letter = PdfReader(tmp_path / "wasp.pdf").pages[0].mediabox
    assert (round(float(letter.width)), round(float(letter.height))) == (612, 792)


def test_same_bytes_in_every_process(pdf_dir, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    for run in ("a", "b"):
        subprocess.run([sys.executable, "-m", "nests", "sheet", "wasp", "ants", "--format", "pdf",
                        "-o", str(tmp_path / run)], check=True, env=env, capture_output=True)
    for name in ("wasp.pdf", "ants.pdf"):
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes()
        assert first == (pdf_dir / name).read_bytes()
