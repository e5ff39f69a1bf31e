"""`nests campaign rest`: the rest between two evenings (rulings campaign-rest, campaign-xp; the
figures in content/campaign.yaml). Its dice roll once, on the campaign's own sub-stream for that rest,
and the entry keeps what they gave: a replay reads the result, never rolls again."""

from __future__ import annotations

from nests.campaign.model import settings


def rest_entry(content, campaign, stand) -> dict:
    """The entry of a rest after evening ``stand.evenings``: each living character's new figures, and
    what changed, as lines ("Wounds 3 → 1", "Speed XP: d100 → 71 over 60, +d10 → 4: 65")."""
    from nests.content.sheets import NESTS, definition
    from nests.model import Die
    from nests.rules.dice import roll, substream

    cfg = settings(content)["rest"]
    sheet = definition(content, NESTS)
    labels = {f.key: f.label.split("/")[0] for f in sheet.fields}
    xp_die, raise_die = Die.parse(cfg["xp_die"]), Die.parse(cfg["raise_die"])
    party = {}
    for m in stand.living():
        rng = substream(campaign.seed, f"campaign/{campaign.name}/rest-{stand.evenings}/{m.name}")
        state, said = {}, []
        wounds = max(0, m.state["wounds"] - cfg["heal"])
        if wounds != m.state["wounds"]:
            state["wounds"] = wounds
            said.append(f"Wounds {m.state['wounds']} → {wounds}")
        if m.state.get("hunger") is not None and cfg["hunger"]:
            hunger = min(cfg["hunger_max"], m.state["hunger"] + cfg["hunger"])
            if hunger != m.state["hunger"]:
                state["hunger"] = hunger
                said.append(f"Hunger {m.state['hunger']} → {hunger}")
        for key in m.state.get("xp") or []:
            rating = m.state.get(key)
            if not isinstance(rating, int) or key == "wounds":
                said.append(f"{labels.get(key, key)} XP: not a percent, cleared")
                continue
            r = roll(rng, xp_die)
            if r.result > rating:
                up = roll(rng, raise_die)
                new = min(cfg["rating_max"], rating + up.result + cfg["raise_plus"])
                state[key] = new
                said.append(f"{labels.get(key, key)} XP: {r.die} → {r.result} over {rating}, "
                            f"+{up.die} → {up.result}+{cfg['raise_plus']}: {rating} → {new}")
            else:
                said.append(f"{labels.get(key, key)} XP: {r.die} → {r.result}, not over {rating}: stays")
        if m.state.get("xp"):
            state["xp"] = []
        party[m.name] = {"state": state, "said": said or ["nothing to heal"]}
    return {"kind": "rest", "party": party}
