"""`nests serve`: the table's own page, served by the tool on the GQ's machine.

- store: what the table remembers (packets made, characters, the join token) in SQLite
- making: packets and their files made in worker processes, so no page waits on another
- security: the GQ's and each player's cookies, CSRF tokens, bounded request bodies
- pages: the GQ's pages (packets) and the table's (join, characters), one Starlette app
- play: the values a character's player changes in play, read from a form
- views: what the pages show of a character and a class (the phone sheet, a party card, a
  class's card) and what a save changed, as plain data for the templates
- rerolls: what a re-roll changed, from the two packets' JSON

The web framework is imported here only, never by ``nests --help``.
"""
