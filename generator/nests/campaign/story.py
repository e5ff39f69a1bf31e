"""The campaign's story so far, a chapter of its own (txt, PDF): each evening (the Levels, the Rooms spent
and found, the finds, the deaths and who joined), each rest and re-roll, then the party's path through the
Nest and the map with that path drawn on it (templates/campaign/story.txt.j2, path.svg.j2). Its codes
carry the pages of the next evening's packet."""

from __future__ import annotations

from nests.document import Document, Drawing, Page
from nests.generators.sheet import FULL, Look


def story_pages(content, campaign, stand, packet, look: Look = FULL, printed: bool | None = None):
    from nests.campaign.packet import campaign_pages, page_words, standing_packet
    from nests.generators.packet import pages as P
    from nests.render import render
    from nests.text.transliterate import transliterate_value

    shown = standing_packet(content, campaign, stand, packet)
    shown = shown if not look.ascii else P.as_printed(shown, look)
    numbers = campaign_pages(content, shown, stand, campaign, Look(look.width), printed=True).numbers
    told = transliterate_value(stand) if look.ascii else stand
    lay = P.PacketLayout(shown, look, printed, page_words(stand, campaign.name, story=True))
    flow = P.Flow(lay, "The Story So Far", (1, "The story so far"))
    ctx = {"campaign": campaign, "stand": told, "packet": shown, "pages": numbers,
           "classes": {cid: c.name for cid, c in content.classes.items()}}
    flow.add(lay.pieces("campaign/story.txt.j2", part="head", **ctx))
    for entry in told.story:
        flow.add(lay.pieces("campaign/story.txt.j2", part="entry", told=entry, **ctx))
    flow.add(lay.pieces("campaign/story.txt.j2", part="path", **ctx))
    laid = flow.pages + _map(lay, shown, told, numbers)
    return P.finish(lay, laid, numbers if lay.printed else {})


def _map(lay, packet, stand, numbers):
    """The map of the Nest with the party's path drawn over it: the packet's map pages, each drawing inside
    templates/campaign/path.svg.j2."""
    from nests.generators.packet.nestmap import map_pages
    from nests.generators.packet.pages import nest_map
    from nests.render import render
    from nests.render.paper import cell_shape

    pages = nest_map(lay, packet, numbers, "The Party's Path", "The party's path on the map")
    if lay.printed:
        drawn = map_pages(packet, numbers, False, lay.grid.TEXT_WIDTH, lay.body - 1, cell_shape(lay.grid.PAGE_WIDTH),
                          len(pages))
        for page, m in zip(pages, drawn):
            at = {c.id: (c.x, c.y) for c in m.chambers}
            legs = [(at[a], at[b]) for a, b in zip(stand.spent, stand.spent[1:]) if a in at and b in at]
            page.drawing = Drawing(render("campaign/path.svg.j2", m=m, packet=packet, blank=False, legs=legs,
                                          visited=[at[r] for r in stand.spent if r in at]),
                                   2, lay.body - 1, 2, lay.grid.TEXT_WIDTH, (m.width, m.height), m.areas)
    return pages


def story_documents(content, campaign, stand, packet, look: Look = FULL) -> list[Document]:
    from nests.campaign.packet import slug
    from nests.document import File
    from nests.publish.txt import join_pages
    from nests.text import grid

    stem = f"campaign-{slug(campaign.name)}-story"
    printed = Look(grid.PAGE_WIDTH)
    laid = story_pages(content, campaign, stand, packet, printed, printed=True)
    files = {}
    if look != printed:
        files["txt"] = File(f"{stem}.txt", join_pages([p.text for p in story_pages(content, campaign, stand, packet, look)]))
    return [Document(stem, f"Campaign {campaign.name}: the story so far",
                     [Page(p.text, p.bookmarks, p.drawing, marks=p.marks) for p in laid], files)]
