"""What a table remembers, in one SQLite file in its data folder: the packets made (by seed,
party, depth and re-rolls: enough to make each again), the characters (each a state as
`nests character` writes it, and the hash of its player's secret), and the table's own
secrets (the join token, the key its CSRF tokens are made with).

Every change is one committed transaction in WAL mode with ``synchronous=FULL``: once the
page says "saved", a killed server (kill -9) or a lost connection loses nothing."""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path

_SCHEMA = """
create table if not exists secrets (name text primary key, value text not null);
create table if not exists packets (
    id integer primary key, seed integer not null, party text not null, depth text not null,
    nest text, difficulty text, rerolls text not null default '', made real not null);
create table if not exists characters (
    id integer primary key, owner text not null, state text not null, version integer not null default 1,
    updated real not null);
create table if not exists table_version (id integer primary key check (id = 1), version integer not null);
insert or ignore into table_version values (1, 0);
create table if not exists changes (
    id integer primary key, character integer not null, at real not null, what text not null,
    before text not null, after text not null);
create table if not exists campaigns (
    id integer primary key, name text not null unique, seed integer not null, nest text not null,
    party text not null, made real not null);
create table if not exists campaign_entries (
    campaign integer not null, number integer not null, body text not null, primary key (campaign, number));
"""
# Columns added since the first tables: (table, column, its declaration), added to an older file.
_ADDED = (("packets", "parent", "integer"),)
EVENING = 12 * 3600          # the party's log: the changes of the last hours, an evening's
LOG = 40                     # ... at most this many, the newest first


class Store:
    """One connection shared by the server's threads, each use under a lock (SQLite's own
    locking is for processes; this one keeps a transaction whole among threads)."""

    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self._lock = threading.Lock()
        self._db = sqlite3.connect(folder / "table.sqlite3", check_same_thread=False, isolation_level=None)
        self._db.execute("pragma journal_mode=wal")
        self._db.execute("pragma synchronous=full")
        self._db.executescript(_SCHEMA)
        for name, column, declared in _ADDED:
            if column not in {r[1] for r in self._db.execute(f"pragma table_info({name})")}:
                self._db.execute(f"alter table {name} add column {column} {declared}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _one(self, sql: str, args=()):
        with self._lock:
            return self._db.execute(sql, args).fetchone()

    def _all(self, sql: str, args=()):
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def secret(self, name: str) -> str:
        """A secret of this table, made once (the join token stays valid across restarts)."""
        with self._lock:
            self._db.execute("insert or ignore into secrets values (?, ?)", (name, secrets.token_urlsafe(24)))
            return self._db.execute("select value from secrets where name = ?", (name,)).fetchone()[0]

    # -- packets

    def add_packet(self, seed: int, party: list[str], depth: str, nest: str | None, rerolls: list[str],
                   difficulty: str | None = None, parent: int | None = None) -> int:
        """The packet's id: a new one, or the one made before with the same spec. ``parent``: the
        packet a re-roll was made from (kept from the first time it was made)."""
        with self._lock:
            row = self._db.execute(
                "select id from packets where seed = ? and party = ? and depth = ? and nest is ? and rerolls = ? "
                "and difficulty is ?", (seed, ",".join(party), depth, nest, " ".join(rerolls), difficulty)).fetchone()
            if row:
                return row[0]
            cur = self._db.execute("insert into packets (seed, party, depth, nest, difficulty, rerolls, made, parent) "
                                   "values (?, ?, ?, ?, ?, ?, ?, ?)",
                                   (seed, ",".join(party), depth, nest, difficulty, " ".join(rerolls), time.time(),
                                    parent))
            return cur.lastrowid

    def packet(self, packet_id: int) -> dict | None:
        row = self._one("select id, seed, party, depth, nest, difficulty, rerolls, parent from packets where id = ?", (packet_id,))
        return _packet(row) if row else None

    def packets(self) -> list[dict]:
        return [_packet(r) for r in self._all(
            "select id, seed, party, depth, nest, difficulty, rerolls, parent from packets order by id desc limit 200")]

    # -- characters

    def add_character(self, owner: str, state: dict, joined: dict | None = None) -> int:
        """A new character; ``joined``: its line in the evening's log, kept with it."""
        now = time.time()
        with self._lock:
            self._db.execute("begin")
            try:
                cur = self._db.execute("insert into characters (owner, state, updated) values (?, ?, ?)",
                                       (owner, json.dumps(state), now))
                if joined:
                    self._db.execute("insert into changes (character, at, what, before, after) values (?, ?, ?, ?, ?)",
                                     (cur.lastrowid, now, joined["what"], joined["before"], joined["after"]))
                self._bump()
                self._db.execute("commit")
            except BaseException:
                self._db.execute("rollback")
                raise
            return cur.lastrowid

    def character(self, character_id: int) -> dict | None:
        row = self._one("select id, owner, state, version from characters where id = ?", (character_id,))
        return {"id": row[0], "owner": row[1], "state": json.loads(row[2]), "version": row[3]} if row else None

    def characters(self) -> list[dict]:
        return [{"id": r[0], "owner": r[1], "state": json.loads(r[2]), "version": r[3]}
                for r in self._all("select id, owner, state, version from characters order by id")]

    def save_character(self, character_id: int, state: dict, changes: list[dict] = ()) -> int:
        """The new state and what it changed (views.changes), committed together; returns its
        version (each save counts one)."""
        now = time.time()
        with self._lock:
            self._db.execute("begin")
            try:
                self._db.execute("update characters set state = ?, version = version + 1, updated = ? where id = ?",
                                 (json.dumps(state), now, character_id))
                self._db.executemany("insert into changes (character, at, what, before, after) values (?, ?, ?, ?, ?)",
                                     [(character_id, now, c["what"], c["before"], c["after"]) for c in changes])
                self._bump()
                self._db.execute("commit")
            except BaseException:
                self._db.execute("rollback")
                raise
            return self._db.execute("select version from characters where id = ?", (character_id,)).fetchone()[0]

    def changes(self, after: int = 0) -> list[dict]:
        """The evening's changes (the last ``EVENING`` seconds, at most ``LOG``), the newest first;
        with ``after``, only those since the change of that id."""
        rows = self._all("select c.id, c.character, c.at, c.what, c.before, c.after, s.state from changes c "
                         "join characters s on s.id = c.character where c.at > ? and c.id > ? order by c.id desc "
                         "limit ?", (time.time() - EVENING, after, LOG))
        return [{"id": r[0], "character": r[1], "at": r[2], "what": r[3], "before": r[4], "after": r[5],
                 "name": json.loads(r[6]).get("name", "")} for r in rows]

    def last_change(self) -> int:
        return self._one("select coalesce(max(id), 0) from changes")[0]

    # -- campaigns (nests.campaign): a record each, its entries in order; every change one transaction

    def add_campaign(self, campaign) -> bool:
        """A new campaign with the entries it already has (an import), all or nothing; False when one of
        that name exists."""
        with self._lock:
            self._db.execute("begin immediate")
            try:
                if self._db.execute("select 1 from campaigns where name = ?", (campaign.name,)).fetchone():
                    self._db.execute("rollback")
                    return False
                cur = self._db.execute("insert into campaigns (name, seed, nest, party, made) values (?, ?, ?, ?, ?)",
                                       (campaign.name, campaign.seed, campaign.nest,
                                        json.dumps([list(p) for p in campaign.party], ensure_ascii=False), time.time()))
                self._db.executemany("insert into campaign_entries (campaign, number, body) values (?, ?, ?)",
                                     [(cur.lastrowid, n, json.dumps(e, ensure_ascii=False))
                                      for n, e in enumerate(campaign.entries, 1)])
                self._db.execute("commit")
            except BaseException:
                self._db.execute("rollback")
                raise
            return True

    def campaign(self, name: str):
        """The campaign of that name (nests.campaign.model.Campaign), or None."""
        from nests.campaign.model import Campaign

        with self._lock:
            row = self._db.execute("select id, name, seed, nest, party from campaigns where name = ?", (name,)).fetchone()
            if row is None:
                return None
            entries = self._db.execute("select body from campaign_entries where campaign = ? order by number",
                                       (row[0],)).fetchall()
        return Campaign(row[1], row[2], row[3], tuple(tuple(p) for p in json.loads(row[4])),
                        tuple(json.loads(e[0]) for e in entries))

    def campaigns(self) -> list[dict]:
        rows = self._all("select c.name, c.seed, (select count(*) from campaign_entries e where e.campaign = c.id "
                         "and e.body like '{\"kind\": \"evening\"%'), c.id from campaigns c order by c.id")
        return [{"name": r[0], "seed": r[1], "evenings": r[2], "id": r[3]} for r in rows]

    def campaign_name(self, campaign_id: int) -> str | None:
        """The name of the campaign of that id (the serve page's address names a campaign by its id)."""
        row = self._one("select name from campaigns where id = ?", (campaign_id,))
        return row[0] if row else None

    def add_entry(self, name: str, entry: dict, after: int) -> bool:
        """One entry (an evening, a rest, a re-roll) appended to the campaign, in one transaction: False
        (nothing written) when the campaign no longer has ``after`` entries (another save came first)."""
        with self._lock:
            self._db.execute("begin immediate")
            try:
                row = self._db.execute("select c.id, count(e.number) from campaigns c left join campaign_entries e "
                                       "on e.campaign = c.id where c.name = ? group by c.id", (name,)).fetchone()
                if row is None or row[1] != after:
                    self._db.execute("rollback")
                    return False
                self._db.execute("insert into campaign_entries (campaign, number, body) values (?, ?, ?)",
                                 (row[0], after + 1, json.dumps(entry, ensure_ascii=False)))
                self._db.execute("commit")
            except BaseException:
                self._db.execute("rollback")
                raise
            return True

    def table_version(self) -> int:
        """Counts every change to the party: the GQ's page asks for it to know when to look again."""
        return self._one("select version from table_version where id = 1")[0]

    def _bump(self) -> None:
        self._db.execute("update table_version set version = version + 1 where id = 1")


def _packet(row) -> dict:
    return {"id": row[0], "seed": row[1], "party": row[2].split(","), "depth": row[3], "nest": row[4],
            "difficulty": row[5], "rerolls": row[6].split() if row[6] else [], "parent": row[7]}
