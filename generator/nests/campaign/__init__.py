"""A campaign (issue 40): one Nest, keyed to its full depth, played over several evenings.

The stages, as for a one-shot: the campaign's record (``model.Campaign``: its seed, party and
entries: each evening's log, each rest, each re-roll) lives in the serve store's SQLite file; the
Nest is the full-depth packet of its seed (``nest.py``); replaying the entries over it
(``replay.py``) gives where the party stands (``model.Stand``); from that come the next evening's
packet (``packet.py``), the story (``story.py``) and the export (``exchange.py``). A YAML log is read
and checked by ``log.py`` against where the party stands, every problem at its line.
"""
