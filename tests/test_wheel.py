"""A wheel built from the repository carries its code, templates and content.

The wheel is built once without an isolated build environment and installed,
without its dependencies, into a directory of its own; commands then run from
another directory with that directory first on the import path, so every
template, content file and module they use comes out of the wheel (the
dependencies come from the test environment).
"""

import os
import subprocess
import sys
from pathlib import Path

from tests.pdf_figures import pdf_figure

ROOT = Path(__file__).parents[1]


def test_wheel_carries_code_templates_and_content(tmp_path):
    dist, site, elsewhere = tmp_path / "dist", tmp_path / "site", tmp_path / "elsewhere"
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run(pip + ["wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(ROOT)],
                   check=True, capture_output=True)
    [wheel] = dist.glob("*.whl")
    subprocess.run(pip + ["install", "--no-deps", "--target", str(site), str(wheel)], check=True, capture_output=True)
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def nests(*args):
        return subprocess.run([sys.executable, "-m", "nests", *args], cwd=elsewhere, env=env,
                              capture_output=True, text=True)

    where = subprocess.run([sys.executable, "-c", "import nests.paths as p; print(p.__file__, p.TEMPLATES, p.CONTENT)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert all(Path(w).is_relative_to(site) for w in where), where
    # every package of the code, every template and every content file is in the wheel
    packages = {p.parent.relative_to(ROOT / "generator") for p in (ROOT / "generator").rglob("__init__.py")}
    assert {p for p in packages if not (site / p / "__init__.py").is_file()} == set()
    for folder, installed in (("templates", "nests/templates"), ("content", "nests/content_data")):
        files = {p.relative_to(ROOT / folder) for p in (ROOT / folder).rglob("*") if p.is_file()}
        assert {f for f in files if not (site / installed / f).is_file()} == set(), folder
    assert (site / "bin" / "nests").is_file()

    sheet = nests("sheet", "wasp", "-o", "out")
    assert sheet.returncode == 0, sheet.stderr
    assert (elsewhere / "out" / "wasp.txt").read_text(encoding="utf-8") == \
        (ROOT / "tests/golden/sheets/wasp.txt").read_text(encoding="utf-8")
    # a PDF figure is drawn by the wheel's own code, in a child process of its own
    (elsewhere / "fig.pdf").write_bytes(pdf_figure())
    (elsewhere / "book.md").write_text("# Book\n\n![A figure](fig.pdf)\n", encoding="utf-8")
    book = nests("rulebook", "book.md", "-o", "out")
    assert book.returncode == 0 and book.stderr == "", book.stderr
    assert "[fig.pdf]" in (elsewhere / "out" / "book.txt").read_text(encoding="utf-8")
    packet = nests("packet", "--seed", "42", "--format", "json", "-o", "out")
    assert packet.returncode == 0, packet.stderr
    assert (elsewhere / "out" / "packet-42.json").read_text(encoding="utf-8").startswith("{")
