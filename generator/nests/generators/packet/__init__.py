"""The pre-rolled Nest packet: `nests packet`.

* ``generate.py``: ``build_packet(content, seed, party, nest, depth)`` → ``model.Packet`` (typed).
* ``model.py``: the packet's dataclasses and their JSON.
* ``pages.py``: the packet's pages (plaintext at any ``--width`` or in ASCII, with PDF bookmarks,
  page references and the map drawing) from templates/packet/.
* ``write.py``: ``packet_documents(...)``: the packet and the players' handout as documents.

Its content is validated by ``nests.content.packet``; each Event procedure's handler
(``nests.rules.procedures``) checks its arguments, resolves it and gives the template its view.
"""
