"""The rulings the code itself cites by id (procedures and packet pages name the
ruling they apply). content/rulings.yaml must keep each of them: a user's
rulings file that drops one is a content error, not a crash in the packet.
tests/content/test_corpus.py checks this list against the ids the code really uses."""

CITED_RULINGS = frozenset({
    "event-chance-inclusive", "new-level-die", "first-level", "shortcut", "encounter-numbers",
    "provisional-enemies", "known-item", "one-level-per-action", "d120-cap", "secret-one-based",
    "roll-per-instance", "wounds-die-minimum", "rating-zero-band", "obstacle-blocks",
    "secret-perception", "level-not-raised", "modifier-match", "summons-none", "packet-perception",
    "packet-lookups", "packet-level-link", "packet-rooms", "packet-room-features",
    "packet-known-item", "packet-job-tables", "packet-complications", "packet-creatures",
    "room-darkness", "resource-increase", "obstacle-resources", "item-function-by-form",
    "packet-spare-rooms", "packet-session", "packet-reroll", "oneshot-depth", "oneshot-choice", "oneshot-side-rooms", "heart-finale",
    # the difficulty estimate (nests.rules.simulate, nests.rules.combat)
    "sim-session", "sim-choose-room", "sim-pool", "sim-effects", "sim-no-resting", "sim-eat",
    "sim-no-hunger", "sim-items", "sim-darkness", "sim-obstacle", "sim-job", "sim-fight-sides", "sim-targets",
    "sim-attack-lines", "sim-swarm-wounds", "sim-alarm", "sim-break", "sim-area-attack",
    "sim-special-rules", "sim-unplayed", "sim-rally", "sim-flee", "sim-finale", "sim-guardians",
    "sim-fight-ends", "sim-pursuit", "sim-fled", "sim-workers", "sim-alarm-gun", "sim-autothysis",
    "sim-effects-combat", "sim-effects-turn", "sim-held-fast",
})
