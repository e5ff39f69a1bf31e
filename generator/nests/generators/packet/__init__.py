"""The pre-rolled Nest packet: `nests packet`.

* ``tables.py``: the packet's own content (settings, the Nest's Rooms, the Job tables), validated.
* ``generate.py``: ``build_packet(content, seed, party, nest)`` → the packet as plain data.
* ``pages.py``: the packet's pages (plaintext, with PDF bookmarks) from templates/packet/.
* ``write.py``: ``packet_documents(...)``: the packet and the players' handout as documents.
"""
