"""The one Jinja environment: our templates only, StrictUndefined, our filters.

Plaintext templates (``*.txt.j2``) are not escaped; HTML templates
(``*.html.j2``) are, so content text never reaches HTML raw.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from nests import paths
from nests.cache import cache_dir
from nests.render.filters import FILTERS


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs: compiling the sheet template costs
    more than everything else a text sheet needs. Jinja checks each entry
    against its template's source, so a stale entry is never used."""
    base = cache_dir("jinja")
    return jinja2.FileSystemBytecodeCache(str(base)) if base else None


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        bytecode_cache=_bytecode_cache(),
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
