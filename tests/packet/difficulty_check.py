"""The difficulty check of issues 28 and 36 (``make difficulty-check``): do the packets land in their bands?

For every seed and party asked (default: seeds 1–30 and the three parties of the issue) and every
difficulty asked (default: all three), it builds the one-shot packet as ``nests packet`` does, reads
its glance page's estimate (the Job's percent and 95% interval over ``session.runs`` sessions),
plays ``nests simulate --runs 4000`` on the same packet, and checks that the two intervals overlap
(they agree within their margins) and that the estimate lies in the difficulty's band
(content/packet.yaml). It prints one line a packet, then per party and difficulty the minimum,
median and maximum Job percent and how many packets landed, and exits 1 when a packet missed its
band (a difficulty no Nest of the seed lands is refused by `nests packet`: its nearest is counted as a
miss) or an estimate disagreed with its simulation.

    python -m tests.packet.difficulty_check [--seeds 1-30] [--parties wasp,spider,beetle;…]
                                            [--difficulties easy,standard,hard] [--runs 4000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys

PARTIES = ("wasp,spider,beetle", "wasp,spider,beetle,ants", "ladybug,scorpion,ants")
_content = None


def _seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def check(job: tuple[int, str, str, int]) -> dict:
    """One packet: its estimate, its simulation's interval, whether they agree and whether it landed."""
    from nests.generators.estimate import party_estimate
    from nests.generators.packet.difficulty import NoNestLands
    from nests.generators.packet.generate import build_packet

    seed, party, difficulty, runs = job
    try:
        packet = build_packet(_content, seed, party.split(","), difficulty=difficulty)
    except NoNestLands as miss:                  # refused: the nearest Nest, which the command names and prints not
        packet = miss.packet
    s = packet.session
    z = _content.packet.settings["session"]["confidence_z"]
    sim = party_estimate(_content, packet, runs) if runs else None
    low, high = sim.job_interval(z) if sim else (s.job_interval[0], s.job_interval[1])
    return {"seed": seed, "party": party, "difficulty": difficulty, "depth": len(packet.levels), "job": s.job_percent,
            "interval": s.job_interval, "sim": sim.job if sim else None, "sim_interval": (low, high),
            "agree": s.job_interval[0] <= high and low <= s.job_interval[1],
            "landed": s.band[0] <= s.job_percent <= s.band[1], "band": s.band, **dungeon(packet)}


def dungeon(packet) -> dict:
    """Issue 35's "Done when", for one packet: how many Rooms it keys; the Levels its lookups enter that key
    one Room though their lookups reveal more; Room-revealing lines that name neither a keyed Room nor a
    Level's spare keys; a printed way to the Heart; a Room name or description printed twice; the map's
    chambers against the keyed Rooms; the GQ's pages (sheets apart); the Heart's description."""
    from lxml import etree

    from nests.generators.packet.dungeon import leads_to, spare_level
    from nests.generators.packet.pages import map_svg, packet_pages

    rooms = packet.rooms()
    ids = {r.id for r in rooms}
    spares = {r.level for r in rooms if r.spare}
    heart = packet.heart.rooms[0].id
    unnamed = 0
    entered: dict[int, set] = {}            # Level → what the printed lines reveal there
    for room in rooms:
        for lk in room.all_lookups():
            for e, link in zip(lk.found, lk.links):
                if leads_to(e, room.level) is None:
                    continue
                level = spare_level(link) if link else None
                ok = link is not None and (link in ids or (level is not None and level in spares))
                unnamed += not ok
                if link and link != heart:
                    entered.setdefault(level or int(link.partition(".")[0]), set()).add(link)
    lonely = [lv for lv, links in entered.items()
              if len([r for r in rooms if r.level == lv and not r.spare]) == 1 and len(links) > 1]
    names, flavours = [r.name for r in rooms], [r.flavour for r in rooms]
    paged = packet_pages(_content, packet)
    svg = etree.fromstring(map_svg(packet, paged.numbers).encode())
    chambers = sorted(g.get("data-room") for g in svg.iter("{http://www.w3.org/2000/svg}g")
                      if g.get("data-room") is not None and g.find("{http://www.w3.org/2000/svg}ellipse") is not None)
    return {"rooms": len([r for r in rooms if not r.spare]), "lonely": lonely, "unnamed": unnamed,
            "way": bool(packet.way), "repeats": len(names) - len(set(names)) + len(flavours) - len(set(flavours)),
            "chambers": chambers == sorted(r.id for r in rooms if not r.spare) or chambers == sorted(ids),
            "pages": len(paged.pages), "heart_words": packet.heart.rooms[0].flavour}


def main(argv=None) -> int:
    from nests.content import load_content

    global _content
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--parties", default=";".join(PARTIES))
    ap.add_argument("--difficulties", default="easy,standard,hard")
    ap.add_argument("--runs", type=int, default=4000, help="nests simulate --runs (0: compare with nothing)")
    args = ap.parse_args(argv)
    _content = load_content([])
    jobs = [(seed, party, d, args.runs) for d in args.difficulties.split(",") for party in args.parties.split(";")
            for seed in _seeds(args.seeds)]
    with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
        rows = pool.map(check, jobs, chunksize=1)
    for r in rows:
        print(f"{r['difficulty']:8} {r['party']:26} seed {r['seed']:3} Heart L{r['depth']}  Job {r['job']:5.1f}% "
              f"({r['interval'][0]}–{r['interval'][1]})  simulate {r['sim']}% ({r['sim_interval'][0]}–{r['sim_interval'][1]})"
              f"  {'agree' if r['agree'] else 'DISAGREE'}  {'in band' if r['landed'] else 'OUT of ' + str(r['band'])}")
    print()
    print(f"{'difficulty':10} {'party':26} {'min':>6} {'median':>7} {'max':>6}  landed")
    failed = False
    for d in args.difficulties.split(","):
        for party in args.parties.split(";"):
            some = [r for r in rows if r["difficulty"] == d and r["party"] == party]
            jobs_ = [r["job"] for r in some]
            landed = sum(r["landed"] for r in some)
            print(f"{d:10} {party:26} {min(jobs_):6.1f} {statistics.median(jobs_):7.1f} {max(jobs_):6.1f}  {landed}/{len(some)}")
            failed |= landed < len(some)                 # every difficulty lands for every seed and party (issue 36)
            failed |= not all(r["agree"] for r in some)
    # Issue 35's "Done when", over the same packets
    print()
    bad = {"a Level keying one Room though its lines reveal more": [r for r in rows if r["lonely"]],
           "a Room-revealing line naming no keyed Room nor spare keys": [r for r in rows if r["unnamed"]],
           "no printed way from the Entrance to the Heart": [r for r in rows if not r["way"]],
           "a Room name or description printed twice": [r for r in rows if r["repeats"]],
           "map chambers that are not the keyed Rooms": [r for r in rows if not r["chambers"]]}
    hearts = {r["heart_words"] for r in rows if r["difficulty"] == "standard" and r["party"] == PARTIES[1]}
    print(f"Rooms keyed: median {statistics.median(r['rooms'] for r in rows)} (at least 8); GQ's pages: median "
          f"{statistics.median(r['pages'] for r in rows)} (at most 20), most {max(r['pages'] for r in rows)}; "
          f"Heart descriptions at standard ({PARTIES[1]}): {len(hearts)} different")
    for what, found in bad.items():
        print(f"{what}: {len(found)} packets" + ("".join(f"\n  {r['difficulty']} {r['party']} seed {r['seed']}"
                                                         for r in found[:5])))
        failed |= bool(found)
    failed |= statistics.median(r["rooms"] for r in rows) < 8 or statistics.median(r["pages"] for r in rows) > 20
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
