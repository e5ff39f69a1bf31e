"""The enemies' stat blocks as content (``content/enemies/*.yaml``): their schema and checks.

``Tables.enemies`` reads them on first use, each into a ``model.Enemy``: every file
validated (each Feature gives exactly one of rating, die, number; a die is one of
the game's; ``short`` names one of it and several, as a Room key counts them), and every enemy the Alarm Pheromones summon has a stat block.
"""

from __future__ import annotations

from pathlib import Path

from nests.content import schemas
from nests.content.faces import DIE_NAME, die_problem
from nests.content.schema import Bool, Int, List, Map, Rating, Str, validate
from nests.content.yamlfile import YamlDocument
from nests.errors import NestsError

FEATURE_NAME = 34       # the label room of a Feature on a stat block (its sheet definition)
SHORT_NAME = 24         # a creature's short name in a Room key's Encounter line ("5 Major Soldiers (E3 p.13)")
FEATURE = Map(required={"names": List(Str(allow_empty=False, max_len=FEATURE_NAME), min_len=1)},
              optional={"rating": Rating(), "die": DIE_NAME, "number": Int(0, 1000), "note": Str()})
ENEMY = Map(
    required={"name": Str(allow_empty=False, max_len=schemas.HEADING_NAME_WIDTH),
              "short": Map(required={"one": Str(allow_empty=False, max_len=SHORT_NAME),
                                     "many": Str(allow_empty=False, max_len=SHORT_NAME)}),
              "source": Str(allow_empty=False), "provisional": Bool(),
              "features": List(FEATURE, min_len=1), "group": Str(allow_empty=False, max_len=80),
              "special_rules": List(Map(required={"name": Str(allow_empty=False), "text": Str(allow_empty=False)}))},
    optional={"description": Str(), "attacks": Map(required={"base": schemas.attack(), "special": schemas.attack()}),
              "disposition": List(Str(allow_empty=False), min_len=5, max_len=5), "count": Int(1, 1000),
              "wounds_max": DIE_NAME, "moves": Bool()},
)


def read_enemies(tables) -> dict[str, YamlDocument]:
    """Every enemy file by id (its file name), validated; ``tables`` gives the game's dice
    and the Alarm Pheromones' rows."""
    content = tables.content
    docs, problems = {}, []
    for rel in content.files("enemies"):
        doc = content.document(rel)
        found = validate(doc, ENEMY)
        problems += found
        if not found:
            for i, f in enumerate(doc.data["features"]):
                if ("rating" in f) + ("die" in f) + ("number" in f) != 1:
                    problems.append(doc.problem(("features", i), "give exactly one of rating, die, number"))
                elif "die" in f:
                    problems += die_problem(doc, ("features", i, "die"), f["die"], tables.dice_sizes)
        docs[Path(rel).stem] = doc
    summons = tables.docs["alarm-pheromones"]
    for i, row in enumerate(summons.data["rows"]):
        if row["enemy"] not in docs:
            problems.append(summons.problem(("rows", i, "enemy"), f"{row['enemy']!r} is not an enemy in enemies/; "
                                                                  f"allowed: {', '.join(sorted(docs))}"))
    if problems:
        raise NestsError(problems)
    return docs
