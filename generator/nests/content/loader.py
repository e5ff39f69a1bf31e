"""Find content files, merge a user's directories over the built-in one, load on demand.

A user's ``--content DIR`` mirrors the built-in layout: a file at the same
relative path replaces the built-in one, a new file adds to it.
"""

from __future__ import annotations

import copy
import hashlib
from functools import cached_property
from pathlib import Path

from nests import paths
from nests.content import schemas
from nests.content.schema import validate
from nests.content.yamlfile import YamlDocument, read_yaml
from nests.errors import NestsError, Problem
from nests.model import CharacterClass


class Content:
    """All content of one run, built-in and the user's, read lazily and validated."""

    def __init__(self, roots: list[tuple[Path, str]]):
        # (directory, name shown in messages), later roots override earlier ones
        self.roots = roots
        self._files: dict[str, tuple[Path, str]] = {}
        self._read: dict[str, Document] = {}       # each file read once: kinds and checks share it
        self._users: set[str] = set()              # the files a user's directory gives (or overrides)
        for i, (root, shown) in enumerate(roots):
            if not root.exists():
                raise NestsError(Problem("no such content directory", file=shown))
            if not root.is_dir():
                raise NestsError(Problem("is not a directory; --content takes a directory that mirrors content/",
                                         file=shown))
            for path in sorted(root.rglob("*.yaml")):
                rel = path.relative_to(root).as_posix()
                self._files[rel] = (path, f"{shown}/{rel}")
                if i:
                    self._users.add(rel)
            if i == 0:                  # the built-in content: where content files go
                self._built_in = list(self._files)

    # -- files -------------------------------------------------------------
    def files(self, folder: str) -> list[str]:
        """Relative paths of the YAML files directly in ``folder``, sorted."""
        prefix = folder.rstrip("/") + "/"
        return sorted(r for r in self._files if r.startswith(prefix) and "/" not in r[len(prefix):])

    def document(self, rel: str) -> YamlDocument:
        if rel not in self._files:
            raise NestsError(Problem("missing from the content", file=rel))
        if rel not in self._read:
            path, shown = self._files[rel]
            self._read[rel] = read_yaml(path, shown)
        return self._read[rel]

    def users(self, rel: str) -> bool:
        """Whether ``rel`` comes from a user's directory, not the built-in content."""
        return rel in self._users

    def checked(self, rel: str, spec) -> YamlDocument:
        doc = self.document(rel)
        problems = validate(doc, spec)
        if problems:
            raise NestsError(problems)
        return doc

    @cached_property
    def content_hash(self) -> str:
        """A short hash of every content file in use: the packet's reproduction stamp."""
        digest = hashlib.sha256()
        for rel in sorted(self._files):
            digest.update(rel.encode() + b"\0" + self._files[rel][0].read_bytes() + b"\0")
        return digest.hexdigest()[:12]

    # -- kinds of content --------------------------------------------------
    @cached_property
    def catalogue(self) -> dict:
        doc = self.checked("catalogue.yaml", schemas.catalogue())
        # Derived Features may only average attributes the catalogue defines.
        attributes = [a["id"] for a in doc.data["attributes"]]
        problems = [
            doc.problem((group, i, "mean_of", j), f"{name!r} is not an attribute; allowed: {', '.join(attributes)}")
            for group in ("combat_conditions", "common_abilities")
            for i, entry in enumerate(doc.data[group])
            for j, name in enumerate(entry["mean_of"])
            if name not in attributes
        ]
        if problems:
            raise NestsError(problems)
        return doc.data

    @cached_property
    def classes(self) -> dict[str, CharacterClass]:
        """Every class by id (its file name), validated and built once."""
        return {cid: CharacterClass.from_content(cid, doc.data) for cid, doc in self._class_files.items()}

    def class_problem(self, class_id: str, path: tuple, message: str) -> Problem:
        """A problem with a class, at the line of its file that ``path`` names."""
        return self._class_files[class_id].problem(path, message)

    @cached_property
    def _class_files(self) -> dict[str, YamlDocument]:
        """Every class file by id (its file name), validated against the catalogue and the sheets."""
        spec = schemas.character_class(self.catalogue)
        docs, problems = {}, []
        for rel in self.files("classes"):
            doc = self.document(rel)
            problems += validate(doc, spec)
            docs[Path(rel).stem] = doc
        if problems:
            raise NestsError(problems)
        for doc in docs.values():
            problems += self._fits_sheet(doc)
        if problems:
            raise NestsError(problems)
        return docs

    # -- the typed content: each part read, checked and built once, on first use ------
    @cached_property
    def tables(self):
        """The rules' tables, rulings and enemies (nests.content.tables.Tables)."""
        from nests.content.tables import Tables

        return Tables(self)

    @cached_property
    def packet(self):
        """packet.yaml, the Nests and the Job tables (nests.content.packet.PacketTables)."""
        from nests.content.packet import PacketTables

        return PacketTables(self)

    def with_packet_settings(self, changes: dict) -> "Content":
        """This content but for some of packet.yaml's settings (``changes``: each key a setting, a mapping merged
        one level down): the packet as it would be made by another reading of a rule (a packet's ``without``)."""
        other = copy.copy(self)
        pt = copy.copy(self.packet)
        pt.settings = {**pt.settings, **{k: {**pt.settings.get(k, {}), **v} if isinstance(v, dict) else v
                                         for k, v in changes.items()}}
        other.__dict__["packet"] = pt          # the cached ``packet`` of the copy
        return other

    @cached_property
    def simulate(self):
        """simulate.yaml: the difficulty estimate's settings (nests.content.simulate.SimulateSettings)."""
        from nests.content.simulate import read_simulate

        return read_simulate(self)

    @cached_property
    def sheets(self) -> dict:
        """Every sheet definition by id (nests.content.sheets.SheetDefinition)."""
        from nests.content.sheets.load import read_definitions

        return read_definitions(self)

    def check(self, *kinds: str) -> "Content":
        """Validate the kinds of content a command uses (``KINDS``; all of them when
        none is named) now, so that the command fails on bad content before it
        generates anything, whichever files it happens to read first. A command
        checks no more than it uses: a plain sheet does not pay for the packet's
        tables. (Each kind is read once and kept, so this costs nothing later.)"""
        unknown = [k for k in kinds if k not in KINDS]
        if unknown:
            raise ValueError(f"unknown content kinds {unknown}; known: {', '.join(KINDS)}")
        # Content files go where the built-in ones are; a file elsewhere (a typo such
        # as tabels/) is reported rather than silently ignored.
        built_in = self._built_in
        top = sorted(r for r in built_in if "/" not in r)
        folders = sorted({r.rsplit("/", 1)[0] for r in built_in if "/" in r})
        known = (f"{', '.join(top)} and the .yaml files directly in {', '.join(f + '/' for f in folders)}")
        problems = [Problem(f"not a content file this tool reads; content files are {known}", file=shown)
                    for rel, (_, shown) in self._files.items()
                    if rel not in top and ("/" not in rel or rel.rsplit("/", 1)[0] not in folders)]
        for kind in kinds or KINDS:
            try:
                KINDS[kind](self)
            except NestsError as err:
                problems += err.problems
        if problems:
            raise NestsError(list(dict.fromkeys(problems)))     # kinds that share a file report it once
        return self

    def _fits_sheet(self, doc: YamlDocument) -> list[Problem]:
        """A class's text fits the line the sheet definition gives it (pronouns, diet):
        the label, ": " and the text in the field's width."""
        from nests.text.measure import width

        out = []
        for sheet in self.sheets.values():
            if not sheet.classes:
                continue
            for f in sheet.fields:
                value = doc.data.get(f["key"])
                if f["source"] == "class" and f["kind"] == "text" and isinstance(value, str):
                    room = f["width"] - width(f["label"]) - 2
                    if width(value) > room:
                        out.append(doc.problem((f["key"],), f"{value!r} is {width(value)} columns wide; the sheet's "
                                                            f"{f['label']} line holds {room} ({sheet.file})"))
        return out

    def class_ids(self, playable_only: bool = True) -> list[str]:
        return [cid for cid, cls in self.classes.items() if cls.playable or not playable_only]


def load_content(extra_dirs: tuple[str, ...] | list[str] = ()) -> Content:
    """The built-in content, extended and overridden by each of ``extra_dirs`` in turn."""
    roots = [(paths.CONTENT, "content")]
    roots += [(Path(d), str(d).rstrip("/")) for d in extra_dirs]
    return Content(roots)


# The kinds of content a command can ask ``Content.check`` for, in the order they are checked:
# each reads (and so checks) its part of the Content. The tables' check includes the enemies.
KINDS = {"classes": lambda c: c.classes, "tables": lambda c: c.tables.enemies, "packet": lambda c: c.packet,
         "sheets": lambda c: c.sheets, "simulate": lambda c: c.simulate}
