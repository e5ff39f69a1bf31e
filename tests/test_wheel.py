"""A wheel built from the repository carries templates and content: install it into a
fresh virtual environment and build from another directory."""

import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_wheel_installs_and_builds_elsewhere(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(dist), str(ROOT)], check=True)
    [wheel] = dist.glob("*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    # Dependencies come from the index (or pip's cache); the package itself only from the wheel.
    subprocess.run([env_dir / "bin" / "pip", "install", "-q", str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run([env_dir / "bin" / "nests", "build", "-o", "out"], cwd=elsewhere,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    built = elsewhere / "out" / "sheets"
    assert (built / "wasp.txt").read_text(encoding="utf-8") == (ROOT / "tests/golden/sheets/wasp.txt").read_text(encoding="utf-8")
    assert (built / "template.pdf").read_bytes().startswith(b"%PDF")
    # Every package of the code is in the wheel: each command runs from it.
    book = ROOT / "tests" / "rulebook" / "fixtures" / "small-book.raw.txt"
    for command in (["rulebook", str(book), "-o", "book"], ["enemy", "worker-termite", "-o", "-"],
                    ["odds", "--effort", "50", "--resistance", "50"]):
        run = subprocess.run([env_dir / "bin" / "nests", *command], cwd=elsewhere, capture_output=True, text=True)
        assert run.returncode == 0, (command, run.stderr)
