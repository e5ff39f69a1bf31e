"""What one session at the table reaches, simulated over a packet's own Level chain.

``session_reach(rng, tables, chain, scout, static, actions, sessions)`` plays
``sessions`` evenings of ``actions`` Exploration Actions each: the Degree of
Success comes from the exact odds of the Scout's Exploration against the
Level's rating (Resistance) with the party's static modifiers; each Reward
instance rolls d100 on the Rewards table: a Level Reward (one per action)
moves to the next Level of the chain, a Shortcut follows the Shortcut ruling.
Costs and Risks cost time at the table, not depth, so they are not played
out. Returns a ``Reach``: the median and 90th-percentile Level reached and the
share of evenings that reach the Heart.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass

from nests.rules.nest import LevelChain, shortcut
from nests.rules.resolution import D100, odds


@dataclass(frozen=True)
class Reach:
    actions: int                 # Exploration Actions an evening
    sessions: int                # evenings simulated
    median: int                  # the Level an evening usually reaches
    p90: int                     # 9 evenings in 10 stop by this Level
    heart_percent: int           # evenings that reach the Heart, in percent


def session_reach(rng: random.Random, tables, chain: LevelChain, scout: int, static: tuple[int, ...],
                  actions: int, sessions: int) -> Reach:
    rewards = tables.events["rewards"]
    level_row = next(r for r in rewards.rows if r.data["resolve"]["procedure"] == "level")
    shortcut_row = next(r for r in rewards.rows if r.data["resolve"]["procedure"] == "shortcut")
    cumulative: dict[int, tuple[list[float], list[str]]] = {}

    def degree(rating: int) -> str:
        if rating not in cumulative:
            table = odds(tables, scout, rating, static)
            total, cuts = 0.0, []
            for p in table.values():
                total += float(p)
                cuts.append(total)
            cumulative[rating] = (cuts, list(table))
        cuts, names = cumulative[rating]
        return names[min(bisect.bisect_right(cuts, rng.random()), len(names) - 1)]

    reached, last = [], len(chain.levels)
    for _ in range(sessions):
        number = 1
        for _ in range(actions):
            if number == last:
                break
            lv = chain.levels[number - 1]
            took_level = False
            for kind in tables.exploration[degree(lv.rating)]:
                if kind != "Reward":
                    continue
                face = D100.roll(rng)
                if rewards.generates(face, shortcut_row.chance.value(lv.rating)):      # table order: Shortcut first
                    s = shortcut(rng, tables, lv.rating, chain, number)
                    if not s.dud:
                        number = s.leads_to_level
                if not took_level and rewards.generates(face, level_row.chance.value(lv.rating)):
                    took_level = True
                    number = min(number + 1, last)
                lv = chain.levels[number - 1]
        reached.append(number)
    reached.sort()
    return Reach(actions, sessions, reached[len(reached) // 2], reached[min(len(reached) - 1, (len(reached) * 9) // 10)],
                 round(100 * sum(1 for n in reached if n == last) / len(reached)))
