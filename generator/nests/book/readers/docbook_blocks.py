"""DocBook's block elements: paragraphs, boxes, verbatim lines, lists,
definition lists (variable lists, glossaries, questions and answers), figures
and formulas, bibliography entries and revision histories (mixed into the
DocBook reader; see ``docbook.py``)."""

from __future__ import annotations

from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import ParagraphEnd, flatten, strip, words
from nests.book.readers.docbook_inline import DROPPED, Entry, handles, local, synopsis

_BOXES = {"note": "note", "warning": "warning", "tip": "tip", "caution": "caution", "important": "important",
          "danger": "danger", "sidebar": "sidebar", "example": "example", "informalexample": "example",
          "blockquote": "quote", "epigraph": "quote"}
_VERBATIM = ("programlisting", "screen", "literallayout", "synopsis", "address", "funcsynopsisinfo",
             "classsynopsisinfo", "screenco", "programlistingco")


class DocBookBlocks:
    """The block handlers of the DocBook reader."""

    # -- blocks -------------------------------------------------------------------------
    @handles("para", "simpara", "partintro", "abstract", "highlights", "legalnotice", "authorblurb",
             "personblurb", "caption", "textobject", "refnamediv", "glossdef", "answer", "callout", "step",
             "listitem", "tocentry", "bibliomixed", "msgset")
    def paragraph(self, el) -> list:
        skip = tuple(c for c in self.kids(el) if local(c) == "title")
        before = [self.bridgehead(t)[1] for t in skip]
        return [ParagraphEnd()] + before + self.content(el, skip=skip) + [ParagraphEnd()]

    @handles("formalpara")
    def formal_paragraph(self, el) -> list:
        title = next((c for c in self.kids(el) if local(c) == "title"), None)
        lead = [m.Strong(self.inlines(title) + [m.Text(".", **self.at(title))], **self.at(title)),
                m.Text(" ", **self.at(title))] if title is not None else []
        return [ParagraphEnd()] + lead + self.content(el, skip=(title,)) + [ParagraphEnd()]

    @handles("refpurpose")
    def purpose(self, el) -> list:
        return [m.Text(" — ", **self.at(el))] + self.content(el)

    @handles("refname")
    def refname(self, el) -> list:
        return [m.Strong(self.inlines(el), **self.at(el))]

    @handles(*_BOXES)
    def box(self, el) -> list:
        title = next((c for c in self.kids(el) if local(c) == "title"), None)
        said = [c for c in self.kids(el) if local(c) == "attribution"]     # who said it goes last
        blocks = self.blocks_of(el, skip=(title, *said)) + [b for c in said for b in self.node(c)[1:]]
        box = m.Box(_BOXES[local(el)], self.inlines(title) if title is not None else [], blocks,
                    numbered=local(el) == "example" and title is not None, **self.at(el))
        self.own(el, box)
        return [box]

    @handles("attribution")
    def attribution(self, el) -> list:
        return [ParagraphEnd(), m.Paragraph([m.Text("— ", **self.at(el))] + self.inlines(el), **self.at(el))]

    @handles(*_VERBATIM)
    def verbatim(self, el) -> list:
        self.callouts = 0
        text = self.plain_text(el).expandtabs(8)
        lines = [line.rstrip() for line in text.split("\n")]
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        notes = [n for n in el.iter() if local(n) == "footnote"]
        refs = [r for n in notes for r in self.footnote(n)]
        return [m.Verbatim(lines or [""], **self.at(el))] + ([m.Paragraph(refs, **self.at(el))] if refs else [])

    @handles("cmdsynopsis", "funcsynopsis")
    def command_synopsis(self, el) -> list:
        text = synopsis(el) if local(el) == "cmdsynopsis" else self.plain_text(el)
        lines = [words(line).strip() for line in text.split("\n") if line.strip()]
        return [m.Verbatim(lines or [""], **self.at(el))]

    @handles("itemizedlist", "orderedlist", "procedure", "substeps", "stepalternatives", "calloutlist",
             "simplelist")
    def list_block(self, el) -> list:
        name = local(el)
        if name == "simplelist" and el.get("type") == "inline":
            out: list = []
            for member in self.kids(el):
                out += ([m.Text(", ", **self.at(member))] if out else []) + self.content(member)
            return out
        title = next((c for c in self.kids(el) if local(c) == "title"), None)
        items = [m.ListItem(self.as_blocks(self.node(c) if local(c) != "member" else self.content(c)),
                            **self.at(c))
                 for c in self.kids(el) if local(c) in ("listitem", "step", "callout", "member")]
        start = el.get("startingnumber") or ""
        ordered = name in ("orderedlist", "procedure", "substeps", "calloutlist")
        block = m.ListBlock(ordered, items, start=int(start) if start.isdigit() else 1, **self.at(el))
        lead = self.bridgehead(title) if title is not None else []
        others = [c for c in self.kids(el) if local(c) not in ("listitem", "step", "callout", "member", "title")]
        before = [b for c in others for b in self.node(c)]       # a list's introduction (DocBook allows it)
        return lead + before + [ParagraphEnd(), block]

    @handles("variablelist", "glosslist", "qandaset")
    def definition_list(self, el) -> list:
        title = next((c for c in self.kids(el) if local(c) == "title"), None)
        lead = self.bridgehead(title) if title is not None else []
        return lead + [ParagraphEnd()] + self.content(el, skip=(title,)) + [ParagraphEnd()]

    @handles("varlistentry", "glossentry", "qandaentry")
    def entry_of_list(self, el) -> list:
        terms, blocks = [], []
        for child in self.kids(el):
            name = local(child)
            if name in ("term", "glossterm", "question"):
                terms.append(self.inlines(child) if name != "question" else strip(flatten(self.blocks_of(child))))
            elif name in ("acronym", "abbrev") and terms:
                terms[-1] = terms[-1] + [m.Text(f" ({words(self.plain_text(child)).strip()})", **self.at(child))]
            elif name in ("glosssee", "glossseealso"):
                said = "See" if name == "glosssee" else "See also"
                target = child.get("otherterm")
                words_ = self.inlines(child)
                ref = [m.Ref(target, words_, **self.at(child))] if target else words_
                blocks.append(m.Paragraph([m.Text(f"{said} ", **self.at(child))] + ref, **self.at(child)))
            elif name not in DROPPED:
                blocks += self.as_blocks(self.node(child))
        term: list = []
        for t in terms:
            term += ([m.Text(", ", **self.at(el))] if term else []) + t
        definition = m.Definition(term, blocks, **self.at(el))
        self.own(el)
        return [Entry(definition)]

    @handles("figure", "informalfigure", "mediaobject", "screenshot", "graphic", "equation", "informalequation",
             "mediaobjectco")
    def figure(self, el) -> list:
        name = local(el)
        title = next((c for c in self.kids(el) if local(c) in ("title", "caption")), None)
        caption = self.inlines(title) if title is not None else []
        alt = self.alt_text(el)
        if name in ("equation", "informalequation"):
            text = alt or words(self.plain_text(el)).strip()
            formula = [m.Formula(text, **self.at(el))]
            return ([m.Paragraph([m.Strong(caption, **self.at(el))], **self.at(el))] if caption else []) + formula
        if not caption and alt:
            caption = [m.Text(alt, **self.at(el))]
        inner = [b for c in self.kids(el) if local(c) not in ("title", "caption", "mediaobject", "imageobject",
                                                              "textobject", "alt", "videoobject", "audioobject")
                 for b in self.as_blocks(self.node(c))]
        image = self.picture_of(el)
        if isinstance(image, m.Missing):
            caption, image = [image, m.Text(" ", **self.at(el))] + caption, None
        figure = m.Figure(caption, alt=alt, numbered=name == "figure" and title is not None, blocks=inner,
                          image=image, **self.at(el))
        self.own(el, figure)
        return [figure]

    def picture_of(self, el) -> m.Image | m.Missing | None:
        """A figure's picture: of the files its image objects offer (an EPS for print
        beside a PNG for the web), the first a page can print, else the first."""
        from nests.book.images import PRINTABLE, picture

        offered = [d for d in el.iter() if local(d) in ("imagedata", "graphic") and d.get("fileref")]
        if not offered:
            return None
        printable = tuple(f".{kind}" for kind in PRINTABLE + ("jpg",))
        chosen = next((d for d in offered if d.get("fileref").lower().endswith(printable)), offered[0])
        folder = Path(self.source).parent                 # an included chapter's names are its own folder's
        return picture(self.report, chosen.get("fileref"), self.line(chosen), [folder], source=self.source)

    @handles("biblioentry")
    def bibliography_entry(self, el) -> list:
        parts = [words(self.plain_text(c)).strip() for c in self.kids(el) if local(c) not in DROPPED]
        return [ParagraphEnd(), m.Paragraph([m.Text(", ".join(p for p in parts if p), **self.at(el))],
                                              **self.at(el))]

    @handles("revhistory")
    def revisions(self, el) -> list:
        rows = []
        for revision in self.kids(el):
            cells = [m.Cell(self.inlines(c), **self.at(c)) for c in self.kids(revision)]
            rows.append(cells)
        width = max((len(r) for r in rows), default=0)
        for row in rows:
            row += [m.Cell([], **self.at(el)) for _ in range(width - len(row))]
        return [m.Table([], rows, **self.at(el))] if rows else []
