"""The one Jinja environment: our templates only, StrictUndefined, our filters.

Plaintext templates (``*.txt.j2``) are not escaped; HTML templates
(``*.html.j2``) are, so content text never reaches HTML raw.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from nests import paths
from nests.render.filters import FILTERS


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",), default_for_string=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(FILTERS)
    return env


def render(template: str, **context) -> str:
    return environment().get_template(template).render(**context)
