"""Where the built-in templates and content live.

In a wheel they are installed inside the package; in a source checkout (and
an editable install) they sit at the top of the repository.
"""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(installed: str, in_repo: str) -> Path:
    inside = _PACKAGE / installed
    if inside.is_dir():
        return inside
    return _PACKAGE.parents[1] / in_repo


TEMPLATES = _find("templates", "templates")
CONTENT = _find("content_data", "content")
