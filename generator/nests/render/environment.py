"""The one Jinja environment: a user's templates over ours, StrictUndefined, our filters.

Plaintext templates (``*.txt.j2``) are not escaped; HTML templates
(``*.html.j2``) and SVG templates (``*.svg.j2``) are, so content text never reaches HTML raw. A user's
``--templates DIR`` comes first in a ChoiceLoader: a file there at the same
relative path as a built-in template replaces it. The page grid's numbers
reach every template as globals (``grid.PAGE_WIDTH``…); ``environment_at``
gives templates that draw a page of another width (the packet at --width N)
its own ``grid`` and ``ascii`` globals.

It is Jinja's sandbox (``jinja2.sandbox.SandboxedEnvironment``), for our
templates and a user's alike, since one environment loads both: a template may
read what it is given and call its public methods and our filters, and
nothing whose name starts with an underscore (so no way from an object to
Python's internals, modules or files). Sandboxed templates compile to other
code than unsandboxed ones, so their compiled cache is a folder of its own.

A user's templates are bounded like a book (issue 29): a template reached through
a link leading outside the templates folder is not read (one error line); ``*``
and ``**`` may not make a string, list or number past ``LARGEST`` (an error, not
the memory filled); and a render of a user's templates may take ``RENDER_SECONDS``
of CPU time (a loop without end is an error at its template line, exit 2), as may
a macro or include calling itself without end.
"""

from __future__ import annotations

import os
import posixpath
import signal
import threading
from functools import lru_cache
from pathlib import Path

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from nests import paths
from nests.cache import cache_dir
from nests.errors import NestsError, Problem
from nests.render import paper
from nests.text import grid
from nests.render.filters import FILTERS

_user_templates: str | None = None
RENDER_SECONDS = 20          # CPU seconds a render of a user's templates may take (ours take a fraction of one)
LARGEST = 10_000_000         # items of a string or list, digits of a number, a template's * or ** may make


class _ConfinedLoader(jinja2.FileSystemLoader):
    """A user's templates folder: a template found through a link that leads outside the
    folder (the folder as given, its own links resolved) is refused, not read."""

    def get_source(self, environment, template):
        pieces = jinja2.loaders.split_template_path(template)
        for searchpath in self.searchpath:
            filename = posixpath.join(searchpath, *pieces)
            if os.path.isfile(filename):
                root = Path(searchpath).resolve()
                if not Path(filename).resolve().is_relative_to(root):
                    raise NestsError(Problem(f"a link leading outside the templates folder {searchpath}; not read",
                                             file=filename))
                break
        return super().get_source(environment, template)


class _TooLong(Exception):
    """A render of a user's templates past its CPU seconds."""


def use_templates(directory: str | None) -> None:
    """Put a user's template directory before the built-in one (None: built-in only)."""
    global _user_templates
    if directory is not None:
        path = Path(directory)
        if not path.exists():
            raise NestsError(Problem("no such templates directory", file=str(directory)))
        if not path.is_dir():
            raise NestsError(Problem("is not a directory; --templates takes a directory", file=str(directory)))
        # Jinja passes over a template name that is no file and takes the built-in one:
        # a user's override that cannot be read is said, not silently replaced.
        broken = [Problem("is a directory; a template is a file", file=str(p)) if p.is_dir() else
                  Problem("cannot be read: it is a link to nothing (a dangling symlink)", file=str(p))
                  for p in sorted(path.rglob("*.j2")) if p.is_dir() or not p.exists()]
        if broken:
            raise NestsError(broken)
    if directory != _user_templates:
        _user_templates = directory
        environment.cache_clear()
        environment_at.cache_clear()


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs: compiling the sheet template costs
    more than everything else a text sheet needs. Jinja checks each entry
    against its template's source, so a stale entry is never used."""
    base = cache_dir("jinja-sandboxed-2")       # (-2: since * and ** are checked, see _Sandbox)
    return jinja2.FileSystemBytecodeCache(str(base)) if base else None


class _Sandbox(SandboxedEnvironment):
    """Jinja's sandbox, its verdict on an attribute remembered per kind of object and
    name: the verdict depends on nothing else, and asking it anew for every attribute a
    template reads took a third of a packet's time. (``format`` and ``format_map``,
    which the sandbox wraps, always go its own way.)"""

    _verdicts: dict[tuple[type, str], bool] = {}
    intercepted_binops = frozenset(["*", "**"])

    def call_binop(self, context, operator: str, left, right):
        """``*`` and ``**`` checked before they run: "x" * 10**10 would fill the memory."""
        if operator == "*" and isinstance(right, (str, list, tuple)):
            left, right = right, left
        if operator == "*" and isinstance(left, (str, list, tuple)) and isinstance(right, int):
            too_big = len(left) * right > LARGEST
        elif operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            too_big = abs(right) * max(abs(left), 2).bit_length() > LARGEST * 3
        else:
            too_big = False
        if too_big:
            raise jinja2.exceptions.SecurityError(f"{operator} would make more than {LARGEST:,} items or digits")
        return super().call_binop(context, operator, left, right)

    def is_safe_attribute(self, obj, attr: str, value) -> bool:
        key = (type(obj), attr)
        verdict = self._verdicts.get(key)
        if verdict is None:
            verdict = self._verdicts[key] = super().is_safe_attribute(obj, attr, value)
        return verdict

    def getattr(self, obj, attribute: str):
        if self._verdicts.get((type(obj), attribute)) and attribute not in ("format", "format_map"):
            try:
                return getattr(obj, attribute)
            except AttributeError:
                pass
        return super().getattr(obj, attribute)


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = _Sandbox(
        bytecode_cache=_bytecode_cache(),
        loader=jinja2.ChoiceLoader(
            ([_ConfinedLoader(_user_templates)] if _user_templates else [])
            + [jinja2.FileSystemLoader(str(paths.TEMPLATES))]
        ),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2", "svg.j2"), default_for_string=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(FILTERS)
    env.globals["grid"] = grid
    env.globals["papers"] = paper.PAPERS
    env.globals["paper_columns"] = paper.COLUMNS
    return env


@lru_cache(maxsize=8)
def environment_at(page: grid.Grid, ascii: bool) -> jinja2.Environment:
    """The environment whose templates see ``grid`` (the numbers of a page ``page.PAGE_WIDTH``
    columns wide) and ``ascii`` (printable ASCII only) as globals. Its own template cache:
    a compiled template keeps the globals of the environment that loaded it."""
    env = environment().overlay(cache_size=400)
    env.globals = {**environment().globals, "grid": page, "ascii": ascii}
    return env


def render(template: str, **context) -> str:
    return _render(environment(), template, context)


def render_at(page: grid.Grid, ascii: bool, template: str, **context) -> str:
    """``template`` rendered with the page grid ``page`` and the ``ascii`` flag as its globals."""
    return _render(environment_at(page, ascii), template, context)


def _render(env: jinja2.Environment, template: str, context: dict) -> str:
    # A template compiles when first loaded: this one here, the ones it imports or
    # includes while it renders. Either way the error names the file and line.
    try:
        compiled = env.get_template(template)
        return _bounded(compiled, context)
    except _TooLong:
        file, line = _template_line_of(template)
        raise NestsError(Problem(f"template still rendering after {RENDER_SECONDS} s of CPU time (a loop that "
                                 "does not end?); not written", file=file, line=line)) from None
    except RecursionError as err:
        file, line = _template_line(err, template)
        raise NestsError(Problem("template calls itself without end (a macro, include or import that reaches "
                                 "itself again); not written", file=file, line=line)) from None
    except NestsError as err:
        # a filter's refusal (text wider than its field…) that names no file: the template line
        raise _located(err, _template_line(err, template)) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as err:
        where = _template_line(err, None)
        if where is None:       # not the template's doing: a fault of ours, shown as such
            raise
        raise NestsError(Problem(f"template fails: {type(err).__name__}: {err}", file=where[0], line=where[1])) from None
    except jinja2.exceptions.SecurityError as err:
        file, line = _template_line(err, template)
        raise NestsError(Problem(f"template reaches for what no template may use: {err}", file=file,
                                 line=line)) from None
    except jinja2.TemplateSyntaxError as err:
        raise NestsError(Problem(f"template does not compile: {err.message}", file=err.filename or err.name,
                                 line=err.lineno)) from None
    except jinja2.TemplateNotFound as err:
        raise NestsError(Problem("template not found (a user's template imports one that does not exist)",
                                 file=err.name)) from None
    except UnicodeDecodeError:
        raise NestsError(Problem("template is not UTF-8 text", file=template)) from None
    except jinja2.UndefinedError as err:
        file, line = _template_line(err, template)
        raise NestsError(Problem(f"template uses something it is not given: {err.message}", file=file, line=line)) from None


_rendering = threading.local()


def _bounded(compiled: jinja2.Template, context: dict) -> str:
    """The render; with a user's templates (in the main thread, where a signal can stop it),
    bounded by ``RENDER_SECONDS`` of the process's CPU time. A render inside a render (a
    filter's) runs within the outer one's time."""
    if (_user_templates is None or getattr(_rendering, "on", False)
            or threading.current_thread() is not threading.main_thread()):
        return compiled.render(**context)
    _rendering.on, _rendering.where = True, None

    def stop(signum, frame):
        while frame is not None and not frame.f_code.co_filename.endswith(".j2"):
            frame = frame.f_back
        if frame is not None:           # (the compiled code's line, told back as the template's)
            made = frame.f_globals.get("__jinja_template__")
            _rendering.where = (frame.f_code.co_filename,
                                made.get_corresponding_lineno(frame.f_lineno) if made else None)
        raise _TooLong()

    before = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, RENDER_SECONDS)
    try:
        return compiled.render(**context)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, before)
        _rendering.on = False


def _template_line_of(template: str) -> tuple[str, int | None]:
    """Where the render that ran too long was stopped: its template file and line."""
    return getattr(_rendering, "where", None) or (template, None)


def _template_line(err: BaseException, template: str | None) -> tuple[str, int | None] | None:
    """The template file and line where ``err`` arose (Jinja puts template lines in the
    traceback); ``template`` without a line when none is found (None: not found)."""
    import traceback

    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename.endswith(".j2")]
    if frames:
        return frames[-1].filename, frames[-1].lineno
    return (template, None) if template is not None else None


def _located(err: NestsError, where: tuple[str, int | None] | None) -> NestsError:
    if where is None or all(p.file for p in err.problems):
        return err
    return NestsError([p if p.file else Problem(p.message, file=where[0], line=where[1]) for p in err.problems])
