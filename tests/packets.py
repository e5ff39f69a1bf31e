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
import hashlib
import inspect
import os
import pickle
from dataclasses import dataclass
from pathlib import Path

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


# Across the test processes of one run (pytest-xdist's workers), what a packet's choice found is shared too:
# tests/conftest.py names a folder in SHARED for the run, and the first process to choose a packet writes there
# which Nest, depth and side Rooms it kept, with its estimate; another process asking for the same packet makes
# that Nest again (``generate.assemble``, a few milliseconds) rather than choosing anew (a second or more).
SHARED = "NESTS_TEST_CHOICES"


@dataclass(frozen=True)
class _Choice:
    """What ``build_packet`` chose, enough to make the same packet again: the Nest, its cut, its side Rooms, the
    attributes the choice set, and the estimates already played (None: not yet asked for)."""
    candidate: int
    cut: int | None
    sides: int
    drawn: int
    choice_of: int
    screened: float | None
    session: object
    beside: object


def _chosen(packet) -> _Choice:
    kept = packet.__dict__
    return _Choice(packet.candidate, packet.oneshot_depth, len(packet.sides), packet.drawn, packet.choice_of,
                   packet.screened, kept.get("session"), kept.get("beside"))


def _again(a: dict, choice: _Choice):
    """The packet ``choice`` names, made again from the same arguments."""
    content, pt = a["content"], a["content"].packet.settings
    packet = generate.assemble(content, a["seed"], generate.check_party(content, a["party"]),
                               a["nest"] or pt["default_nest"], a["depth"], (),
                               a["difficulty"] or pt["difficulty"]["default"], choice.cut, a["runs"], choice.candidate,
                               None, None, choice.sides)
    packet.drawn, packet.choice_of, packet.screened = choice.drawn, choice.choice_of, choice.screened
    for name in ("session", "beside"):
        if getattr(choice, name) is not None:
            packet.__dict__[name] = getattr(choice, name)
    return packet


def _shared_file(key: tuple):
    folder = os.environ.get(SHARED)
    if not folder:
        return None
    return Path(folder) / (hashlib.sha256(repr(key).encode()).hexdigest() + ".pickle")


def _share(path, made) -> None:
    """Writes what was chosen (or the refusal and its nearest packet's choice), whole or not at all."""
    if path is None or path.exists():
        return
    record = ("refused", str(made), _chosen(made.packet) if made.packet is not None else None) \
        if isinstance(made, NoNestLands) else ("kept", _chosen(made))
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(pickle.dumps(record))
    os.replace(tmp, path)


def _from_shared(path, a: dict):
    if path is None or not path.exists():
        return None
    record = pickle.loads(path.read_bytes())
    if record[0] == "kept":
        return _again(a, record[1])
    return NoNestLands(record[1], packet=_again(a, record[2]) if record[2] is not None else None)


@functools.wraps(_build)
def shared_build(*args, **kwargs):
    """``build_packet`` itself, each packet (or refusal: NoNestLands) made once per process, and chosen once per
    run (``SHARED``): a packet as first rolled (no re-roll) made again from another process's choice."""
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
        path = _shared_file(key) if not a["rerolls"] else None
        made = _from_shared(path, a)
        if made is None:
            try:
                made = _build(*args, **kwargs)
            except NoNestLands as refused:
                made = refused
            _share(path, made)
        _built[key] = made
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
