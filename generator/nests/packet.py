"""`nests packet`: the packet of a seed as documents (txt, JSON, PDF pages), for the publish step; a batch and the build call the same steps."""

from __future__ import annotations

from nests.document import Document, File, Page
from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import handout_pages, map_svg, packet_pages
from nests.generators.packet.reroll import file_stem
from nests.generators.sheet import FULL, Look
from nests.text import grid


def _pages(laid) -> list[Page]:
    return [Page(p.text, p.bookmarks, p.drawing, marks=p.marks) for p in laid]


def _document(stem: str, title: str, laid, files: dict, txt=None) -> Document:
    """The print layout's pages (the PDF; the txt too unless ``txt`` is the plaintext at another --width or in ASCII)."""
    if txt is not None:
        from nests.publish.txt import join_pages

        files = {"txt": File(f"{stem}.txt", join_pages([p.text for p in txt])), **files}
    return Document(stem, title, _pages(laid), files)


def packet_documents(content, seed: int, party: list[str], nest: str | None, handout: bool = False,
                     folder: str = "", depth: str = "oneshot", formats=None, look: Look = FULL,
                     rerolls: tuple = (), difficulty: str | None = None,
                     print_width: int = grid.PAGE_WIDTH) -> list[Document]:
    """The GQ's packet, the party's sheets for the players (packet-<seed>-sheets: txt, pdf) and, with
    ``handout``, packet-<seed>-players (txt, pdf). With ``formats``, the JSON
    and the SVG map are made only when asked for (a PDF alone does not wait for them). ``look`` (--width,
    --ascii) shapes the plaintext alone: the PDF, the JSON's pages and the SVG keep the print layout,
    ``print_width`` columns wide (fewer for a booklet's page: nests.render.paper.print_width).
    With ``rerolls`` (reroll.Reroll), those parts are drawn anew and the files are named after them too
    (packet-42+room-3.2@1.txt), beside the packet as first rolled."""
    packet, laid = laid_packet(content, seed, party, nest, depth, rerolls, difficulty, print_width=print_width)
    return documents_of(content, packet, laid, handout, folder, formats, look, print_width)


def laid_packet(content, seed: int, party: list[str], nest: str | None, depth: str = "oneshot", rerolls: tuple = (),
                difficulty: str | None = None, runs: int | None = None, print_width: int = grid.PAGE_WIDTH,
                drawn: list | None = None):
    """The packet of a seed and its print layout (``pages.Paged``: the pages and the page of every code);
    ``runs``: how many sessions its glance page's estimate plays (default: content/packet.yaml's)."""
    packet = build_packet(content, seed, party, nest, depth, rerolls, difficulty, runs, drawn)
    return packet, packet_pages(content, packet, Look(print_width), printed=True)


def documents_of(content, packet, laid, handout: bool = False, folder: str = "", formats=None,
                 look: Look = FULL, print_width: int = grid.PAGE_WIDTH) -> list[Document]:
    """The documents of a packet already laid out (see ``packet_documents``)."""
    from nests.publish.json import packet_json

    seed = packet.seed
    title = f"Nest Packet {seed}: {packet.nest_name}"
    stem = folder + file_stem(seed, packet.rerolls)
    files = {}
    if formats is None or "json" in formats:
        files["json"] = File(f"{stem}.json", packet_json(packet, laid.numbers))
    if formats is None or "svg" in formats:
        files["svg"] = File(f"{stem}-map.svg", map_svg(packet, laid.numbers, columns=grid.Grid(print_width).TEXT_WIDTH))
    printed = Look(print_width)
    reflowed = look != printed and (formats is None or "txt" in formats)
    docs = [_document(stem, title, laid.pages, files, packet_pages(content, packet, look).pages if reflowed else None),
            _sheets(content, packet, f"{stem}-sheets", f"{title}: the party's character sheets", printed,
                    look if reflowed else None)]
    if handout:
        docs.append(_document(f"{stem}-players", f"{title}: players' handout", handout_pages(content, packet, printed, printed=True), {},
                              handout_pages(content, packet, look) if reflowed else None))
    return docs


def _sheets(content, packet, stem: str, title: str, printed: Look, look: Look | None) -> Document:
    """The party's sheets, apart from the GQ's packet so that each player can be handed their own:
    each member's as `nests sheet CLASS` prints it (one page at A4, two on a booklet's page), from
    a page of its own; a booklet (--impose) puts each member's on sides of their own (Document.loose).
    ``look``: the plaintext's, when it is not the print layout's."""
    from nests.generators.sheet import party_pages
    from nests.publish.txt import join_pages

    files = {}
    if look is not None:
        files["txt"] = File(f"{stem}.txt", join_pages([p.text for p in party_pages(content, packet.party, look)]))
    return Document(stem, title, party_pages(content, packet.party, printed), files, loose=True)
