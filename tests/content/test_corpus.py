"""A corpus of broken content, run through every command family.

Each case edits one built-in content file in a user's ``--content`` directory
(or puts a file there that cannot be read as content) and names the one line
every command that uses that file must print: ``error: PATH:LINE: KEY: MESSAGE``,
exit status 2, no traceback, nothing written. The content stage validates
every kind of content a command uses before it generates anything, so each of
those commands gives the same line for the same broken file; a command that
does not use the file (a plain sheet and the packet's tables) neither reads nor
checks it, and runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from nests.cli import main

ROOT = Path(__file__).parents[2]
BUILT_IN = ROOT / "content"
SMALL_BOOK = ROOT / "tests" / "rulebook" / "fixtures" / "small-book.raw.txt"
DICE = "d4, d6, d8, d10, d12, d20, d40, d60, d80, d100, d120, 1d4, 1d6, 1d8, 1d10, 1d12, 1d20"


@dataclass(frozen=True)
class Case:
    """Replace ``old`` by ``new`` in the built-in file ``rel``; the error stands on
    the line holding ``needle`` of the edited text (None: the problem has no line),
    at ``key`` (None: the file as a whole), and says ``message``."""

    name: str
    rel: str
    old: str
    new: str
    needle: str | None
    key: str | None
    message: str

    def text(self) -> str:
        original = (BUILT_IN / self.rel).read_text(encoding="utf-8") if (BUILT_IN / self.rel).exists() else ""
        assert self.old in original, (self.rel, self.old)
        return original.replace(self.old, self.new, 1)

    def expected(self, directory: str) -> str:
        text = self.text()
        where = f"{directory}/{self.rel}"
        if self.needle is not None:
            where += f":{line_of(text, self.needle) if text else 1}"
        return f"error: {where}: " + (f"{self.key}: " if self.key else "") + self.message + "\n"


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


CASES = [
    Case("wrong type", "tables/dice.yaml", "decile: [20, 40, 60, 80, 100, 120]", "decile: twenty",
         "decile: twenty", "decile", "'twenty' is not a list"),
    Case("die of no size the game has", "tables/food-colour.yaml", "die: d12", "die: d13",
         "die: d13", "die", f"'d13' is not a die of the game; allowed: {DICE}"),
    Case("a die that is not a die", "tables/quantification-dice.yaml", "{ratings: 0-20,   die: d40}",
         "{ratings: 0-20,   die: forty}", "die: forty", "rows.0.die", f"'forty' is not a die of the game; allowed: {DICE}"),
    Case("a face left uncovered", "tables/food-colour.yaml", "faces: 10-11,", "faces: 10,",
         "rows:", "rows", "no row covers 11; every one of the faces of d12 needs exactly one row"),
    Case("a face covered twice", "tables/food-colour.yaml", "faces: 2-3,", "faces: 1-3,",
         "faces: 1-3", "rows.1.faces", "1 is already covered by row 1"),
    Case("a face beyond the die", "tables/food-colour.yaml", "faces: 10-11,", "faces: 10-12,",
         "faces: 10-12", "rows.5.faces", "12 is not the faces of d12"),
    Case("a face that is no number", "tables/food-colour.yaml", "faces: 8-9,", "faces: eight,",
         "faces: eight", "rows.4.faces", "'eight' is not a face (a whole number) or a run like \"0-1\""),
    Case("a Chance formula with a bad Level factor", "tables/costs.yaml", "chance: {base: 50, level: 1}",
         "chance: {base: 50, level: 2}", "base: 50, level: 2", "rows.0.chance.level", "2 is not one of: -1, 0, 1"),
    Case("a Chance formula on an unknown Feature", "tables/costs.yaml", "chance: {base: 50, level: 1}",
         "chance: {base: 50, level: 1, feature: luck}", "feature: luck", "rows.0.chance.feature",
         "'luck' is not one of: perception"),
    Case("a missing key", "tables/costs.yaml", "    name: Hunger\n", "",
         "- id: hunger", "rows.0.name", "missing; this key is required"),
    Case("a duplicate key", "tables/costs.yaml", "    name: Hunger\n", "    name: Hunger\n    name: Thirst\n",
         "name: Thirst", "rows.0.name", "duplicate key"),
    Case("an unknown key", "tables/dice.yaml", "polyhedral:", "colour: red\npolyhedral:",
         "colour: red", "colour", "unknown key; allowed: source, die, decile, polyhedral, one_based"),
    Case("an unknown ruling", "tables/costs.yaml", "roll-per-instance]", "roll-per-instances]",
         "roll-per-instances", "rulings.1", "'roll-per-instances' is not a ruling in rulings.yaml"),
    # (with its basis: a ruling gives one since rulings say what they rest on, tests/content/test_rulings.py)
    Case("a ruling without its text", "rulings.yaml", "rulings:\n",
         "rulings:\n  - {id: homebrew, text: '', basis: {silent: Encounter (TBD)}}\n",
         "id: homebrew", "rulings.0.text", "is empty; text is required"),
    Case("a Nest Level band that is not a row", "tables/nest-levels.yaml", "{band: 0-20,", "{band: low,",
         "band: low", "first_level.band", "'low' is not one of the rows' ratings; allowed: 0-20, 21-40, 41-60, 61-80, 81-100"),
    Case("a rating band overlapping the next", "tables/nest-levels.yaml", "{ratings: 21-40,", "{ratings: 20-40,",
         "ratings: 20-40", "rows.1.ratings", "20 is already covered by row 1"),
    Case("an Exploration table that is no event table", "tables/exploration-action.yaml", "Cost: costs", "Cost: cost",
         "Cost: cost", "tables.Cost", "'cost' is not one of: costs, risks, rewards"),
    Case("a follow-up table that does not exist", "tables/item-alignment.yaml", "then: beneficial-abilities}",
         "then: kind-abilities}", "kind-abilities", "rows.0.then",
         "'kind-abilities' is not a die table; allowed: beneficial-abilities, food-colour, food-type, "
         "harmful-abilities, item-alignment, item-condition, secret, secret-costs, secret-rewards, secret-risks"),
    Case("a follow-up table left out", "tables/secret.yaml", ",   then: secret-costs}", "}",
         "faces: 1-2", "rows.0.then", "missing; this key is required"),
    Case("two rows for one resolution case", "tables/degrees-of-success.yaml",
         "{matches_effort: true,  beats_resistance: false,", "{matches_effort: true,  beats_resistance: true,",
         "beats_resistance: true, degree: Partial Success", "initial.1", "matches_effort true, beats_resistance true is already given in row 1; "
         "each of the four combinations needs exactly one row"),
    Case("a summons naming no enemy", "tables/alarm-pheromones.yaml", "{enemy: worker-termite,", "{enemy: worker-termites,",
         "worker-termites", "rows.0.enemy", "'worker-termites' is not an enemy in enemies/; allowed: centipede, king, "
         "major-termite-soldier, minor-termite-soldier, moth, nasute-soldier, queen-primary, queen-secondary, "
         "queen-tertiary, worker-termite"),
    Case("an event table on no die", "tables/costs.yaml", "die: d100", "die: none",
         "die: none", "die", f"'none' is not a die of the game; allowed: {DICE}"),
    Case("rating rows on a die", "tables/nest-levels.yaml", "die: rating", "die: d100",
         "die: d100", "die", "'d100' does not fit these rows; rows keyed by rating bands take die: rating"),
    Case("an event without its procedure", "tables/costs.yaml", "    resolve: {procedure: players}\n", "",
         "- id: hunger", "rows.0.resolve", "missing; this key is required"),
    Case("an enemy flag that is no flag", "enemies/worker-termite.yaml", "provisional: false", "provisional: maybe",
         "provisional: maybe", "provisional", "'maybe' is not true or false"),
    Case("an enemy's Wounds on a bad die", "enemies/worker-termite.yaml", "{names: [Wounds Max], die: d20}",
         "{names: [Wounds Max], die: d21}", "die: d21", "features.3.die", f"'d21' is not a die of the game; allowed: {DICE}"),
    Case("an enemy Feature both rated and rolled", "enemies/worker-termite.yaml", "{names: [Wounds Max], die: d20}",
         "{names: [Wounds Max], die: d20, rating: 5}", "die: d20, rating: 5", "features.3",
         "give exactly one of rating, die, number"),
    Case("a catalogue figure of the wrong type", "catalogue.yaml", "starting_luck: 11", "starting_luck: eleven",
         "starting_luck: eleven", "starting_luck", "'eleven' is not a whole number 0–99"),
    Case("a class rating out of range", "classes/wasp.yaml", "speed: 60", "speed: 160",
         "speed: 160", "attributes.speed", "160 is not a rating 0–100"),
    Case("a YAML tag, never executed", "tables/dice.yaml", "die: none", "die: !!python/object/apply:os.system [touch pwned]",
         "die: !!python", "die", "YAML tag '!!python/object/apply:os.system' is not allowed (tags are never executed); "
         "write a plain value"),
    Case("a local YAML tag", "tables/dice.yaml", "die: none", "die: !none x",
         "die: !none", "die", "YAML tag '!none' is not allowed (tags are never executed); write a plain value"),
    Case("a merge key", "tables/dice.yaml", "die: none", "base: &b {die: none}\n<<: *b",
         "<<: *b", None, "a merge key '<<' is not allowed; keys are plain words"),
    Case("a date where text goes", "tables/dice.yaml", "die: none", "die: 2024-01-01",
         "die: 2024", "die", "'2024-01-01' reads as a date; put it in quotes to keep it as text"),
    Case("a number too long to read", "classes/wasp.yaml", "speed: 60", "speed: " + "9" * 5000,
         "speed: 999", "attributes.speed", "'9999999999999999999999999999999999999...' cannot be read as a value; "
         "write a number of a few digits, or text"),
    Case("not YAML at all", "tables/dice.yaml", "die: none", "die: [none",
         "die: [none", "die", "not valid YAML: did not find expected ',' or ']'"),
    Case("a character YAML refuses", "tables/dice.yaml", "die: none", "die: none\x07",
         "die: none", "die", "not valid YAML: the character '\\x07' cannot stand in YAML text"),
    Case("an empty file", "tables/dice.yaml", (BUILT_IN / "tables/dice.yaml").read_text(encoding="utf-8"), "",
         "", None, "is empty; a content file holds a mapping of keys"),
    Case("a list where a mapping goes", "tables/dice.yaml", (BUILT_IN / "tables/dice.yaml").read_text(encoding="utf-8"),
         "- source: x\n- die: none\n", "- source", None, "a list is not a mapping"),
    Case("a folder of content misspelt", "tabels/food-colour.yaml", "", "source: x\n",
         None, None, "not a content file this tool reads; content files are campaign.yaml, catalogue.yaml, packet.yaml, "
         "rulings.yaml, simulate.yaml and the .yaml files directly in classes/, enemies/, jobs/, nests/, sheets/, tables/"),
    Case("a control character in a text", "tables/food-colour.yaml", "result: Red}", 'result: "Re\\td"}',
         "Re\\td", "rows.3.result", "'Re\\td' holds the control character '\\t'; text holds printable characters only"),
    Case("a line break in a text", "enemies/worker-termite.yaml", 'description: "Blind, unarmed',
         'description: "Blind,\\n\\nunarmed', "description:", "description",
         "'Blind,\\n\\nunarmed and unable to fight, ...' holds a line break; text is one paragraph "
         "(in a folded block '>', no blank line)"),
    Case("an empty value", "classes/wasp.yaml", "speed: 60", "speed:",
         "speed:", "attributes.speed", "null (an empty value) is not a rating 0–100"),
    Case("wide characters counted in columns", "classes/wasp.yaml", "name: Wasp", "name: " + "蜂" * 18,
         "name: 蜂", "name", f"'{'蜂' * 18}' is 36 columns wide; at most 35 fit"),
    Case("a key that is no word", "tables/dice.yaml", "polyhedral:", "1: one\npolyhedral:",
         "1: one", None, "key '1' is not a word; keys are plain words (quote it to keep it)"),
    Case("a run of faces without end", "tables/food-colour.yaml", "faces: 10-11,", "faces: 10-99999999999999999999,",
         "faces: 10-9999", "rows.5.faces", "'10-99999999999999999999' is not a face (a whole number) or a run like \"0-1\""),
    Case("a Secret that becomes no Event", "tables/secret-rewards.yaml", "result: room}", "result: rooms}",
         "result: rooms", "rows.0.result", "'rooms' is not an Event of rewards; allowed: room, shortcut, item-known, "
         "resource, level, secret"),
    Case("a procedure that is no name", "tables/rewards.yaml", "resolve: {procedure: room}",
         "resolve: {procedure: [room]}", "procedure: [room]", "rows.0.resolve.procedure",
         "a list is not a procedure; allowed: players, room, boolean, obstacle, darkness, resource, encounter, food-item, "
         "shortcut, level, secret"),
    Case("a sheet field without its kind", "sheets/base-rules.yaml", "label: Entity Type, kind: text,",
         "label: Entity Type,", "key: entity_type", "areas.0.fields.0.kind",
         "missing; this key is required (one of: rating, number, die, pool, checkbox, choice, text, lines, list, "
         "track, attack)"),
    Case("a sheet label that leaves its value no room", "sheets/base-rules.yaml", "label: Entity Type,",
         "label: Entity Type of the Creature Described Here At Length,", "key: entity_type", "areas.0.fields.0.width",
         "46 columns leave no room for a value after the label 'Entity Type of the Creature Described Here At "
         "Length', which needs 54 with its ': '"),
    Case("an Item Key result wider than its column", "tables/food-colour.yaml", "result: Yellow}", "result: 黄色い黄色}",
         "黄色い黄色", "rows.5.result", "'黄色い黄色' is 10 columns wide; at most 7 fit"),
    Case("a stat block's Feature name wider than its label", "enemies/worker-termite.yaml", "names: [Swarming]",
         "names: [Swarming in Numbers Beyond All Counting]", "Swarming in", "features.4.names.0",
         "'Swarming in Numbers Beyond All Counting' is 39 columns wide; at most 34 fit"),
    Case("a sheet's footer note wider than its border", "sheets/nests-and-insects.yaml", "footer: [Depleted]",
         "footer: [Depleted and Gone for Ever and Ev]", "footer: [Depleted and", "areas.11.footer.0",
         "'Depleted and Gone for Ever and Ev' is 33 columns; a box's bottom border holds 32 on the narrowest page (--width 40)"),
    Case("a table the game does not have", "tables/food-flavour.yaml", "", "source: x\ndie: d12\n",
         None, None, "unknown table; known: alarm-pheromones, beneficial-abilities, costs, degrees-of-success, "
         "desperate-times, dice, exploration-action, food-colour, food-type, harmful-abilities, item-alignment, "
         "item-condition, nest-levels, quantification-dice, rewards, risks, secret, secret-costs, secret-rewards, "
         "secret-risks, encounters-<nest>"),
]

# Cases that concern packet content (packet.yaml, nests/, jobs/, the procedures'
# arguments in the event tables, encounter rows, rulings the packet code cites).
PACKET_CASES = [
    Case("a default party member that is no class", "packet.yaml", "default_party: [wasp, spider, beetle, ants]",
         "default_party: [wasp, mantis]", "default_party", "default_party.1",
         "'mantis' is not a playable class; known: ants, beetle, ladybug, scorpion, spider, wasp"),
    Case("a reach of Rooms that is no number", "packet.yaml", "oneshot: {rooms: 10, spares: 1}", "oneshot: {rooms: many, spares: 1}",
         "oneshot: {rooms", "reach.oneshot.rooms", "'many' is not a whole number 1–200"),
    Case("a boolean procedure without its effort", "tables/costs.yaml",
         "resolve: {procedure: boolean, effort: {base: 100, level: -1}, success: leads to a Room, failure: dead end}",
         "resolve: {procedure: boolean, success: leads to a Room, failure: dead end}",
         "procedure: boolean, success: leads", "rows.1.resolve.effort",
         "missing; this key is required"),
    Case("an encounter row naming no enemy", "tables/encounters-termite-nest.yaml", "{id: worker-termite,",
         "{id: worker-termites,", "worker-termites", "rows.0.id",
         "'worker-termites' has no stat block in content/enemies/; known: centipede, king, major-termite-soldier, "
         "minor-termite-soldier, moth, nasute-soldier, queen-primary, queen-secondary, queen-tertiary, worker-termite"),
    Case("a Nest naming no encounter table", "nests/termite.yaml", "encounters: termite-nest",
         "encounters: ant-nest", "encounters: ant-nest", "encounters",
         "'ant-nest' is not an encounter table; known: termite-nest"),
    Case("a Job table on a bad die", "jobs/clients.yaml", "die: d10", "die: d11", "die: d11", "die", f"'d11' is not a die of the game; allowed: {DICE}"),
    Case("a Job row without the table it leads to", "jobs/kinds.yaml", "verb: kill,                  then: targets-creature}",
         "verb: kill}", "{faces: 0, result: Kill,     verb: kill}", "rows.0.then", "missing; this key is required"),
    Case("a ruling id used twice", "rulings.yaml", "  - id: packet-session\n",
         "  - id: packet-spare-rooms   # again\n    text: Once more.\n    basis: {silent: Rooms (TBD)}\n"
         "  - id: packet-session\n",
         "# again", "rulings.40.id", "'packet-spare-rooms' is used twice (first at rulings.35); each id once"),
    Case("a client row without its text", "jobs/clients.yaml",
         ',  text: "Their foraging trails are cut by termite galleries every spring."}', "}",
         "faces: 0,", "rows.0.text", "missing; this key is required"),
    Case("a default party naming a class twice", "packet.yaml", "default_party: [wasp, spider, beetle, ants]",
         "default_party: [wasp, spider, wasp, ants]", "default_party:", "default_party.2",
         "'wasp' is named twice; each class at most once"),
    Case("a default party larger than max_party", "packet.yaml", "max_party: 6 ", "max_party: 3 ",
         "default_party:", "default_party", "names 4 classes; max_party allows at most 3"),
    Case("a simulation Disposition off the track", "simulate.yaml", "Partial Success: Holding", "Partial Success: Standing",
         "Partial Success: Standing", "support.outcomes.Partial Success",
         "'Standing' is not on the track; allowed: Retreating, Recoiling, Holding, Advancing, Charging"),
    Case("a simulation with no guard against an endless fight", "simulate.yaml", "guard_rounds: 1000", "guard_rounds: 0",
         "guard_rounds: 0", "guard_rounds", "0 is not a whole number 10–100000"),
    # A Nest's own words (content/nests/, checked by nests.content.nest) and the flag its Heart's words follow
    Case("a Room row needing an Area past 100%", "nests/termite.yaml", "area: 0-5}", "area: 0-500}", "Sentry Niche",
         "rooms.zones.0.rows.9.area", "'0-500' is not a rating 0–100 or a run of them like \"30-100\""),
    Case("two Rooms of a Nest with one name", "nests/termite.yaml", "result: Crawlway,", "result: Breather Vents,",
         "A flat squeeze", "rooms.zones.0.rows.10.result",
         "'Breather Vents' is already at rooms.zones.0.rows.0; each Room's name and description once in a Nest"),
    Case("depth zones leaving a rating out", "nests/termite.yaml", "ratings: 21-60", "ratings: 22-60", "  zones:",
         "rooms.zones", "no row covers 21; every one of the ratings 0–100 needs exactly one row"),
    Case("more Rooms promised apart than the rows name", "nests/termite.yaml", "most: 40 ", "most: 200 ", "most: 200",
         "rooms.most", "only 97 rows of all the zones fit Area 0% and Height 0% (a Room of zone 'skin' can roll them); "
         "a packet names up to 200 Rooms apart: add rows without area or height"),
    Case("a target without its words for a Job kind", "nests/termite.yaml",
         '        Capture: "She cannot move a step: beaten, she must be hauled out by the party, her bulk filling every tunnel."\n',
         "", "      deeds:", "heart.targets.queen-primary.deeds",
         "'Capture': missing; every deed needs its words (allowed: the kinds that pick 'queen-primary': Kill, Capture)"),
    Case("a Heart chamber named as a Room", "nests/termite.yaml", 'result: Royal Cell,        flavour: "A vaulted',
         'result: Cistern,        flavour: "A vaulted', "A vaulted", "heart.targets.queen-primary.chambers.rows.1.result",
         "'Cistern' is a Room's, at rooms.zones.2.rows.2; the Heart's chamber is no Room of the Nest"),
    Case("a stat block's move flag that is no flag", "enemies/queen-primary.yaml", "moves: false", "moves: never",
         "moves: never", "moves", "'never' is not true or false"),
    Case("a ruling the packet cites, removed", "rulings.yaml", "  - id: new-level-die\n", "  - id: new-level-dice\n",
         "rulings:", "rulings", "'new-level-die': missing; the packet's procedures cite these rulings, so each must stay"),
]

FAMILIES = {
    "sheet": ["sheet", "wasp"],
    "enemy": ["enemy", "worker-termite"],
    "enemies": ["enemies"],
    "classes": ["classes"],
    "roll": ["roll", "d60"],
    "odds": ["odds", "--effort", "50", "--resistance", "40"],
    "packet": ["packet", "--seed", "7", "--format", "txt"],
    "simulate": ["simulate", "--seed", "7", "--runs", "3"],
    "build": ["build"],
    "rulebook": ["rulebook", str(SMALL_BOOK)],
}
WRITERS = {"sheet", "enemy", "packet", "build", "rulebook"}
# The kinds of content each family reads: a class's sheet needs the classes (and the
# catalogue) and the sheet definitions; the rules' commands the tables (dice, the
# Degrees…, the enemies and the rulings they cite), and a stat block the sheet definitions
# too; the packet and the build all.
SHEET_KINDS, RULES_KINDS = {"classes", "sheets"}, {"tables"}
USES = {"sheet": SHEET_KINDS, "classes": SHEET_KINDS, "rulebook": SHEET_KINDS, "enemy": RULES_KINDS | {"sheets"},
        "enemies": RULES_KINDS | {"sheets"}, "roll": RULES_KINDS, "odds": RULES_KINDS,
        "simulate": SHEET_KINDS | RULES_KINDS | {"packet", "simulate"}}
# Which kind a content file belongs to, by the longest of these its path starts with
# (a Nest's encounter tables are the packet's); a file outside the layout (no kind)
# is everyone's problem.
FILE_KINDS = {"catalogue.yaml": "classes", "classes/": "classes", "sheets/": "sheets", "tables/": "tables",
              "tables/encounters-": "packet", "enemies/": "tables", "rulings.yaml": "tables",
              "packet.yaml": "packet", "nests/": "packet", "jobs/": "packet", "simulate.yaml": "simulate"}


def uses(family: str, case: "Case") -> bool:
    starts = [p for p in FILE_KINDS if case.rel.startswith(p)]
    kind = FILE_KINDS[max(starts, key=len)] if starts else None
    return kind is None or family not in USES or kind in USES[family]


def broken_content(tmp_path: Path, case: Case) -> str:
    directory = tmp_path / "my-content"
    target = directory / case.rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(case.text(), encoding="utf-8")
    return str(directory)


def snapshot(directory: Path) -> dict:
    """Every path under ``directory`` with its bytes (None for a folder)."""
    if not directory.exists():
        return {}
    return {p.relative_to(directory).as_posix(): None if p.is_dir() else p.read_bytes()
            for p in sorted(directory.rglob("*"))}


def run_family(runner, family: str, extra: list[str], out: Path):
    args = FAMILIES[family] + extra + (["-o", str(out)] if family in WRITERS else [])
    return runner.invoke(main, args)


@pytest.mark.parametrize("case", CASES + PACKET_CASES, ids=[c.name for c in CASES + PACKET_CASES])
def test_every_command_family(runner, tmp_path, case):
    directory = broken_content(tmp_path, case)
    out = tmp_path / "out"
    for family in [f for f in FAMILIES if uses(f, case)]:      # the others: see the test below
        result = run_family(runner, family, ["--content", directory], out)
        assert (family, result.output) == (family, case.expected(directory))
        assert result.exit_code == 2, family
        assert isinstance(result.exception, SystemExit), (family, result.exception)
        assert not out.exists(), f"{family} wrote something"
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


# One broken file of each kind: every family that does not read that kind runs as usual.
ONE_OF_EACH_KIND = {"a class rating out of range", "a sheet field without its kind", "die of no size the game has",
                    "a reach of Rooms that is no number", "a simulation with no guard against an endless fight"}


@pytest.mark.parametrize("case", [c for c in CASES + PACKET_CASES if c.name in ONE_OF_EACH_KIND],
                         ids=lambda c: c.name)
def test_a_command_runs_beside_broken_content_it_does_not_read(runner, tmp_path, case):
    directory = broken_content(tmp_path, case)
    others = [f for f in FAMILIES if not uses(f, case)]
    assert others, case.name
    for family in others:
        out = tmp_path / family
        result = run_family(runner, family, ["--content", directory], out)
        assert (family, result.exit_code) == (family, 0), result.output
        assert "error" not in result.output, family


def test_each_kind_of_content_has_a_broken_file_above():
    kinds = {FILE_KINDS[max((p for p in FILE_KINDS if c.rel.startswith(p)), key=len)]
             for c in CASES + PACKET_CASES if c.name in ONE_OF_EACH_KIND}
    assert kinds == {"classes", "sheets", "tables", "packet", "simulate"}


def test_the_pending_packet_cases_apply_to_the_built_in_content():
    for case in PACKET_CASES:
        assert case.text() != (BUILT_IN / case.rel).read_text(encoding="utf-8"), case.name


def test_every_case_is_a_different_problem():
    assert len({(c.rel, c.old, c.new) for c in CASES + PACKET_CASES}) == len(CASES) + len(PACKET_CASES)


# -- files that cannot be read as content ----------------------------------------
def unreadable(kind: str, path: Path) -> str:
    """Make ``path`` (a content file) unreadable in one way; returns the message."""
    if kind == "latin-1":
        path.write_bytes("source: caf\xe9\n".encode("latin-1"))
        return "source: is not UTF-8 text (byte 0xe9 at offset 11); save the file as UTF-8"
    if kind == "dangling link":
        path.symlink_to(path.parent / "nowhere.yaml")
        return "cannot be read: it is a link to nothing (a dangling symlink)"
    if kind == "directory":
        path.mkdir()
        return "is a directory; a content file must be a YAML file"
    if kind == "pipe":
        os.mkfifo(path)
        return "is not a regular file (a pipe or a device); a content file must be a YAML file"
    if kind == "too big":
        path.write_text("source: '" + "x" * 5_000_000 + "'\n", encoding="utf-8")
        return "is 5,000,011 bytes; a content file may be at most 2,097,152 bytes"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["latin-1", "dangling link", "directory", "pipe", "too big"])
@pytest.mark.parametrize("rel, families", [("tables/dice.yaml", ("roll", "packet")),
                                           ("classes/wasp.yaml", ("sheet", "packet"))])
def test_unreadable_file(runner, tmp_path, kind, rel, families):
    path = tmp_path / "my-content" / rel
    path.parent.mkdir(parents=True)
    message = unreadable(kind, path)
    line = ":1" if kind == "latin-1" else ""
    for family in families:
        result = run_family(runner, family, ["--content", str(tmp_path / "my-content")], tmp_path / "out")
        assert result.output == f"error: {path}{line}: {message}\n"
        assert result.exit_code == 2
        assert not (tmp_path / "out").exists()


def alias_bomb(levels: int = 12) -> str:
    lines = ["source: x", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, line, message", [
    (alias_bomb(), 2, "its aliases expand to more than 200,000 values or 40 levels; write the values out instead"),
    ("source: &s [*s]\n", 1, "its aliases expand to more than 200,000 values or 40 levels; write the values out instead"),
    ("source: " + "[" * 100_000 + "]" * 100_000 + "\n", 1,
     "nested more than 40 levels deep; content is a few levels at most"),
], ids=["alias bomb", "alias of itself", "deep nesting"])
def test_unbounded_yaml_ends_in_one_line(tmp_path, text, line, message):
    """In a real process, under a 2 GiB address-space limit and a 30 s timeout."""
    directory = tmp_path / "my-content" / "tables"
    directory.mkdir(parents=True)
    (directory / "dice.yaml").write_text(text, encoding="utf-8")
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
    run = subprocess.run([sys.executable, "-c", limit + "from nests.cli import main; main()",
                          "roll", "d60", "--content", str(directory.parent)],
                         capture_output=True, text=True, timeout=30, env={**os.environ, "XDG_CACHE_HOME": str(tmp_path)})
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"error: {directory}/dice.yaml:{line}: {message}\n")


def test_byte_order_mark_reads_normally(runner, tmp_path):
    directory = tmp_path / "my-content" / "classes"
    directory.mkdir(parents=True)
    text = (BUILT_IN / "classes" / "wasp.yaml").read_text(encoding="utf-8").replace("speed: 60", "speed: 65")
    (directory / "wasp.yaml").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = runner.invoke(main, ["sheet", "wasp", "--content", str(directory.parent), "-o", "-"])
    assert result.exit_code == 0
    assert "Speed.....:[__65%]" in result.output


# -- paths given on the command line -----------------------------------------------
def test_content_path_that_does_not_exist_or_is_a_file(runner, tmp_path):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    for family in FAMILIES:
        missing = run_family(runner, family, ["--content", str(tmp_path / "nowhere")], tmp_path / "out")
        assert (family, missing.output) == (family, f"error: {tmp_path}/nowhere: no such content directory\n")
        a_file = run_family(runner, family, ["--content", str(tmp_path / "a-file")], tmp_path / "out")
        assert (family, a_file.output) == (
            family, f"error: {tmp_path}/a-file: is not a directory; --content takes a directory that mirrors content/\n")
        assert missing.exit_code == a_file.exit_code == 2
    assert not (tmp_path / "out").exists()


def read_only_directory(tmp_path: Path) -> Path:
    """A directory this process cannot write into: a chmod'ed one, or, for root
    (whom permissions do not stop), a folder of the kernel's own."""
    if os.geteuid() != 0:
        directory = tmp_path / "read-only"
        directory.mkdir()
        directory.chmod(0o555)
        return directory
    return Path("/sys/kernel")


@pytest.mark.parametrize("family", sorted(WRITERS - {"build"}))
def test_unwritable_outputs(runner, tmp_path, family):
    read_only = read_only_directory(tmp_path)
    result = run_family(runner, family, [], read_only / "out")
    assert (result.exit_code, result.output) == (2, f"error: {read_only}: cannot write here: Permission denied\n")
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    result = run_family(runner, family, [], tmp_path / "a-file" / "out")
    assert (result.exit_code, result.output) == (
        2, f"error: {tmp_path}/a-file: cannot write here: it is a file, not a directory\n")
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "x"


def names_in_part(output: str, path: Path, rest: str) -> bool:
    """Whether ``output`` is the one line ``error: PATH: REST`` with a long ``path`` quoted in part
    (issue 38: its start and its end about an ellipsis, the line short)."""
    line = output.removesuffix("\n")
    start, cut, end = line.removeprefix("error: ").removesuffix(f": {rest}").partition("…")
    return (output.endswith("\n") and "\n" not in line and len(line) < 250 and line.startswith("error: ")
            and line.endswith(f": {rest}") and cut == "…" and len(start) > 40 and len(end) > 40
            and str(path).startswith(start) and str(path).endswith(end))


@pytest.mark.parametrize("family", sorted(WRITERS))
def test_an_output_name_longer_than_the_file_system_allows(runner, tmp_path, family):
    """(The path, of some 370 characters, is named in part since issue 38.)"""
    too_long = tmp_path / ("x" * 300)
    for out in (too_long, too_long / "deeper"):
        result = run_family(runner, family, [], out)
        assert (family, result.exit_code) == (family, 2)
        assert names_in_part(result.output, too_long, "cannot write here: File name too long"), (family, result.output)
    assert snapshot(tmp_path) == {}


@pytest.mark.parametrize("option, extra", [("--content", []), ("--templates", []), ("--character", [])])
def test_an_input_name_longer_than_the_file_system_allows(runner, tmp_path, option, extra):
    """(The path, of some 370 characters, is named in part since issue 38.)"""
    too_long = tmp_path / ("y" * 300)
    result = runner.invoke(main, ["sheet", "wasp", option, str(too_long), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert names_in_part(result.output, too_long, "File name too long"), result.output
    assert snapshot(tmp_path) == {}


@pytest.mark.parametrize("family, name", [("sheet", "wasp.txt"), ("enemy", "worker-termite.txt"),
                                          ("packet", "packet-7.txt"), ("rulebook", "small-book.txt")])
def test_a_directory_where_the_file_goes(runner, tmp_path, family, name):
    out = tmp_path / "out"
    (out / name).mkdir(parents=True)
    before = snapshot(out)
    result = run_family(runner, family, [], out)
    assert (result.exit_code, result.output) == (2, f"error: {out}/{name}: is a directory; cannot write a file there\n")
    assert snapshot(out) == before


def test_build_with_broken_packet_settings_leaves_the_output_as_it_was(runner, tmp_path):
    out = tmp_path / "build"
    (out / "sheets").mkdir(parents=True)
    (out / "sheets" / "wasp.txt").write_text("an older sheet\n", encoding="utf-8")
    (out / "notes.md").write_text("mine\n", encoding="utf-8")
    before = snapshot(out)
    case = Case("broken packet settings", "packet.yaml", "choice: {nests: 24}", "choice: [12", "choice", None,
                "not valid YAML: did not find expected ',' or ']'")
    directory = broken_content(tmp_path, case)
    result = runner.invoke(main, ["build", "--content", directory, "-o", str(out)])
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {directory}/packet.yaml:")
    assert len(result.output.splitlines()) == 1
    assert snapshot(out) == before


def test_a_real_process_prints_one_line_and_no_traceback(tmp_path):
    named = {c.name: c for c in CASES}
    for case in (named["a class rating out of range"], named["a sheet field without its kind"]):
        directory = broken_content(tmp_path / case.name.replace(" ", "-"), case)
        run = subprocess.run([sys.executable, "-m", "nests", "sheet", "wasp", "--content", directory,
                              "-o", str(tmp_path / "out")], capture_output=True, text=True, cwd=tmp_path)
        assert (run.returncode, run.stdout, run.stderr) == (2, "", case.expected(directory))
    assert not (tmp_path / "out").exists() and not (tmp_path / "pwned").exists()


def test_a_rulebook_source_that_is_a_directory_is_one_line(runner, tmp_path):
    (tmp_path / "book.md").mkdir()
    result = runner.invoke(main, ["rulebook", str(tmp_path / "book.md"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    # a folder is a book in many files (its files of a known markup); this one holds none
    assert result.output == (f"error: {tmp_path}/book.md: holds no file of a markup the press reads "
                             "(.md, .rst, .tex, .xml, .dbk, .raw.txt)\n")
    assert len(result.output.splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_the_rulings_the_code_cites_are_the_ones_the_content_stage_keeps():
    """A ruling id written in the code (a procedure naming the ruling it applies) must be in
    CITED_RULINGS, or a user's rulings file could drop it and crash a packet."""
    import ast
    import re

    import nests
    from nests.content.cited import CITED_RULINGS

    ids = set(re.findall(r"^  - id: ([\w-]+)", (BUILT_IN / "rulings.yaml").read_text(encoding="utf-8"), re.M))
    used = set()
    for path in Path(nests.__file__).parent.rglob("*.py"):
        if path.name == "cited.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
                used.add(node.value)
    assert used == set(CITED_RULINGS)


# -- a user's templates and character files ---------------------------------------
@pytest.mark.parametrize("text, line, message", [
    ("a\n{{ 1 / 0 }}\n", 2, "template fails: ZeroDivisionError: division by zero"),
    ("{{ 'x' + 1 }}\n", 1, "template fails: TypeError: can only concatenate str (not \"int\") to str"),
    ("{{ 'abc' | ljust(1) }}\n", 1, "text 'abc' is 3 columns wide; its field holds 1"),
    ("{{ nothing }}\n", 1, "template uses something it is not given: 'nothing' is undefined"),
], ids=["arithmetic", "types", "a field too narrow", "undefined"])
def test_a_template_that_fails_names_its_line(runner, tmp_path, text, line, message):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "sheet.txt.j2").write_text(text, encoding="utf-8")
    result = runner.invoke(main, ["sheet", "wasp", "--templates", str(tmp_path / "mine"), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.output) == (2, f"error: {tmp_path}/mine/sheet.txt.j2:{line}: {message}\n")
    assert not (tmp_path / "out").exists()


def test_a_template_that_is_no_file(runner, tmp_path):
    (tmp_path / "mine" / "sheet.txt.j2").mkdir(parents=True)
    (tmp_path / "mine" / "enemy.txt.j2").symlink_to(tmp_path / "nowhere")
    result = runner.invoke(main, ["sheet", "wasp", "--templates", str(tmp_path / "mine"), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.output) == (2, (
        f"error: {tmp_path}/mine/enemy.txt.j2: cannot be read: it is a link to nothing (a dangling symlink)\n"
        f"error: {tmp_path}/mine/sheet.txt.j2: is a directory; a template is a file\n"))
    assert not (tmp_path / "out").exists()


def test_a_character_file_that_is_a_directory(runner, tmp_path):
    (tmp_path / "hero").mkdir()
    result = runner.invoke(main, ["sheet", "--character", str(tmp_path / "hero"), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.output) == (2, f"error: {tmp_path}/hero: is a directory; a character state is a YAML file\n")
    result = runner.invoke(main, ["character", "read", str(tmp_path / "hero"), "-o", str(tmp_path / "hero.yaml")])
    assert (result.exit_code, result.output) == (2, f"error: {tmp_path}/hero: cannot be read: Is a directory\n")
    result = runner.invoke(main, ["character", "new", "wasp", "--name", "Zed\tthe Second", "-o", str(tmp_path / "z.yaml")])
    assert (result.exit_code, result.output) == (
        2, "error: --name 'Zed\\tthe Second' holds the control character '\\t'; a name is printable text\n")
    assert not (tmp_path / "out").exists() and not (tmp_path / "hero.yaml").exists() and not (tmp_path / "z.yaml").exists()


def test_wide_characters_wrap_in_columns(runner, tmp_path):
    """A special rule in wide characters wraps where the page's columns end: every line
    of the stat block keeps the page's width."""
    from nests.text.measure import width

    directory = tmp_path / "my-content" / "enemies"
    directory.mkdir(parents=True)
    text = (BUILT_IN / "enemies" / "worker-termite.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Alarm Pheromones", "name: 警報フェロモン" + " 働きアリが巣を守る" * 12, 1)
    (directory / "worker-termite.yaml").write_text(text, encoding="utf-8")
    for columns in (94, 40):
        result = runner.invoke(main, ["enemy", "worker-termite", "--width", str(columns), "--content",
                                      str(directory.parent), "-o", "-"])
        assert result.exit_code == 0, result.output
        lines = result.output.rstrip("\n").split("\n")
        assert "警報フェロモン" in result.output
        assert {width(line) for line in lines if line} == {columns}


def test_a_character_item_wider_than_its_row(runner, tmp_path):
    """A state file's item is checked where it is written, not where the sheet's frame breaks."""
    state = tmp_path / "zed.yaml"
    assert runner.invoke(main, ["character", "new", "wasp", "--name", "Zed", "-o", str(state)]).exit_code == 0
    text = state.read_text(encoding="utf-8").replace("name: Nectar of Healing", "name: 癒しの蜜と永遠の再生の花の蜜", 1)
    state.write_text(text, encoding="utf-8")
    line = line_of(text, "items:")
    result = runner.invoke(main, ["sheet", "--character", str(state), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.output) == (2, f"error: {state}:{line}: items: entry 0: '癒しの蜜と永遠の再生の花の蜜 [F]' "
                                                    "is 32 columns; a row of the sheet's Items holds 30\n")
    assert not (tmp_path / "out").exists()


def test_a_sheet_of_wide_labels_keeps_its_grid(runner, tmp_path):
    """Labels, area titles and reminders are laid out by columns: wide characters keep every
    line of a sheet at the page's width, and the blank Nests sheet fits the narrowest page."""
    from nests.text.measure import width

    directory = tmp_path / "my-content" / "sheets"
    directory.mkdir(parents=True)
    text = (BUILT_IN / "sheets" / "base-rules.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Intrinsic Attributes", "title: 固有の属性", 1).replace("label: Race/Template", "label: 種族", 1)
    (directory / "base-rules.yaml").write_text(text, encoding="utf-8")
    for sheet, columns in (("base-rules", 94), ("base-rules", 48), ("nests-and-insects", 40)):
        result = runner.invoke(main, ["sheet", "--system", sheet, "--width", str(columns), "--content",
                                      str(directory.parent), "-o", "-"])
        assert result.exit_code == 0, result.output
        assert {width(line) for line in result.output.rstrip("\n").split("\n")} == {columns}
        assert ("種族: ___" in result.output) == (sheet == "base-rules")
