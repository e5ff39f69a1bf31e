"""Packets for the tests: each built once per test process, and one whatever its difficulty lands.

``share_builds()`` (called by tests/conftest.py before any test module is imported) puts a cache in
front of ``build_packet``, keyed by its arguments and the content's hash: a packet is built once per
process whoever asks for it, a test, a command run in-process (``nests packet``, ``nests simulate``),
or a re-roll building the packet as first rolled. The packet is the same object each time, as the
packets of tests/packet/conftest.py always were: nothing a test or a command does after the build
changes it (the estimate is played when first read and kept). A build that records what it made on
the way (``drawn``: a batch's statistics) is never served from the cache. What the builder computes
is unchanged; only how often it is asked."""

from __future__ import annotations

import functools
import inspect

import nests.generators.estimate
import nests.packet
from nests.generators.packet import generate
from nests.generators.packet.difficulty import NoNestLands

_built: dict[tuple, object] = {}
_build = generate.build_packet
_SIGNATURE = inspect.signature(_build)


def _key(content, seed, party, nest, depth, rerolls, difficulty, runs) -> tuple:
    pt = content.packet.settings
    return (content.content_hash, seed, tuple(party), nest or pt["default_nest"], depth, tuple(rerolls),
            difficulty or pt["difficulty"]["default"], runs)


@functools.wraps(_build)
def shared_build(*args, **kwargs):
    """``build_packet`` itself, each packet (or refusal: NoNestLands) made once per process."""
    bound = _SIGNATURE.bind(*args, **kwargs)
    bound.apply_defaults()
    a = bound.arguments
    if a["drawn"] is not None:
        return _build(*args, **kwargs)
    try:
        key = _key(a["content"], a["seed"], a["party"], a["nest"], a["depth"], a["rerolls"], a["difficulty"],
                   a["runs"])
        hash(key)
    except Exception:                     # arguments or content the builder refuses: it says so itself
        return _build(*args, **kwargs)
    if key not in _built:
        try:
            _built[key] = _build(*args, **kwargs)
        except NoNestLands as refused:
            _built[key] = refused
    made = _built[key]
    if isinstance(made, NoNestLands):
        raise made.with_traceback(None)
    return made


def share_builds() -> None:
    """Every caller of ``build_packet`` in this process goes through ``shared_build`` (the builder's own
    call for a re-roll's packet as first rolled too)."""
    for module in (generate, nests.packet, nests.generators.estimate):
        module.build_packet = shared_build


def packet_or_nearest(content, seed: int, party, **options):
    """The packet of ``seed``; where no Nest lands its difficulty (the command refuses it), the nearest one
    the refusal names, as printed by tests that read a packet's parts rather than its band."""
    try:
        return generate.build_packet(content, seed, list(party), **options)
    except NoNestLands as miss:
        return miss.packet


def packet_settings(folder, *changes: tuple[str, str]):
    """A homebrew content directory ``folder`` holding content/packet.yaml with each (old, new) of ``changes``
    made, each old text found exactly once (a change to the built-in file must update the test)."""
    from pathlib import Path

    from nests.paths import CONTENT

    text = (CONTENT / "packet.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "packet.yaml").write_text(text, encoding="utf-8")
    return folder
