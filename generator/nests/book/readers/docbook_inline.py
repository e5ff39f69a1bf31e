"""DocBook's inline elements (the words inside paragraphs, titles and cells) and
the table every DocBook handler is registered in, by element name.

A handler is a method of the reader taking the element and returning items:
inlines, blocks, or both (a paragraph may hold a list); ``docbook.py`` groups
the items into blocks. Text is text: DocBook has no markup inside its words.
"""

from __future__ import annotations

import re

from nests.book import model as m
from nests.book.readers.common import words
from nests.book.readers.xml_source import MISSING

DOCBOOK_NS = "http://docbook.org/ns/docbook"
XLINK = "{http://www.w3.org/1999/xlink}href"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

DROPPED = ("indexterm", "toc", "lot", "beginpage", "keywordset", "subjectset", "itermset", "area",
           "areaspec", "colspec", "spanspec", "printhistory")


class Entry:
    """A glossary entry or a question: entries in a row make one definition list."""

    def __init__(self, definition: m.Definition):
        self.definition = definition


# element name → the reader's method that reads it
HANDLERS: dict[str, str] = {}


def handles(*names: str):
    def register(method):
        for name in names:
            HANDLERS[name] = method.__name__
        return method
    return register


def local(el) -> str:
    """An element's DocBook name (namespace or not); another vocabulary's keeps its prefix."""
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    if tag.startswith("{"):
        ns, name = tag[1:].split("}", 1)
        return name if ns == DOCBOOK_NS else f"{el.prefix or ns}:{name}"
    return tag


_CODE = ("literal", "command", "filename", "option", "parameter", "envar", "varname", "function", "classname",
         "methodname", "systemitem", "userinput", "computeroutput", "prompt", "code", "constant", "type",
         "sgmltag", "tag", "markup", "uri", "errorcode", "errorname", "errortype", "returnvalue", "symbol",
         "token", "property", "package", "database", "interfacename", "exceptionname", "structname",
         "structfield", "keysym", "keycode", "ooclass", "oointerface", "ooexception", "modifier",
         "initializer", "macroname", "msgtext", "varargs", "void", "buildtarget")
_EMPHASIS = ("citetitle", "firstterm", "glossterm", "foreignphrase", "wordasword", "replaceable",
             "lineannotation", "remark", "comment", "citebiblioid")
_WORDS = ("phrase", "acronym", "abbrev", "productname", "application", "orgname", "personname", "firstname",
          "surname", "othername", "honorific", "lineage", "date", "year", "holder", "subscript", "superscript",
          "keycap", "mousebutton", "guibutton", "guiicon", "guilabel", "guimenu", "guimenuitem", "guisubmenu",
          "interface", "shortcut", "accel", "hardware", "medialabel", "refentrytitle", "manvolnum",
          "pubdate", "edition", "releaseinfo", "orgdiv", "jobtitle", "contrib", "publishername", "isbn",
          "issn", "pagenums", "volumenum", "productnumber", "revnumber", "authorinitials", "bibliosource",
          "biblioid", "city", "country", "street", "postcode", "state", "pob", "otheraddr", "phone", "fax",
          "keyword", "mathphrase", "alt", "termdef", "prefix", "suffix", "label", "nonterminal", "citation")
_TRADEMARKS = {"trade": "™", "registered": "®", "copyright": "©", "service": "℠"}
# Inline images are not printed; their words are (see the figure handler for blocks).
_OBJECTS = ("imageobject", "videoobject", "audioobject", "imageobjectco")


class DocBookInlines:
    """The inline handlers of the DocBook reader (mixed into it)."""

    @handles(*_CODE)
    def code(self, el) -> list:
        return [m.Code(words(self.plain_text(el)).strip(), **self.at(el))]

    @handles(*_EMPHASIS)
    def emphasis_like(self, el) -> list:
        return [m.Emphasis(self.inlines(el), **self.at(el))]

    @handles("emphasis")
    def emphasis(self, el) -> list:
        kind = m.Strong if el.get("role", "").lower() in ("bold", "strong") else m.Emphasis
        return [kind(self.inlines(el), **self.at(el))]

    @handles(*_WORDS)
    def words_of(self, el) -> list:
        return self.content(el)

    @handles("quote")
    def quote(self, el) -> list:
        inner = sum(1 for a in el.iterancestors() if local(a) == "quote") % 2
        left, right = ("‘", "’") if inner else ("“", "”")
        return [m.Text(left, **self.at(el))] + self.content(el) + [m.Text(right, **self.at(el))]

    @handles("trademark")
    def trademark(self, el) -> list:
        return self.content(el) + [m.Text(_TRADEMARKS.get(el.get("class", "trade"), "™"), **self.at(el))]

    @handles("keycombo", "menuchoice")
    def combination(self, el) -> list:
        joint = "+" if local(el) == "keycombo" else " → "
        out: list = []
        for child in self.kids(el):
            if out:
                out.append(m.Text(joint, **self.at(child)))
            out += self.node(child)
        return out

    @handles("optional")
    def optional(self, el) -> list:
        return [m.Text("[", **self.at(el))] + self.content(el) + [m.Text("]", **self.at(el))]

    @handles("citerefentry")
    def man_page(self, el) -> list:
        title = next((c for c in self.kids(el) if local(c) == "refentrytitle"), None)
        volume = next((c for c in self.kids(el) if local(c) == "manvolnum"), None)
        text = words(self.plain_text(title) if title is not None else self.plain_text(el)).strip()
        if volume is not None:
            text += f"({words(self.plain_text(volume)).strip()})"
        return [m.Code(text, **self.at(el))]

    @handles("email")
    def email(self, el) -> list:
        return [m.Text(f"<{words(self.plain_text(el)).strip()}>", **self.at(el))]

    @handles("ulink", "link", "olink", "uri")
    def link(self, el) -> list:
        target = el.get("linkend")
        kids = self.inlines(el)
        if target and local(el) == "link":
            return [m.Ref(target, kids, **self.at(el))]
        url = el.get("url") or el.get(XLINK) or ""
        if url.startswith("#"):
            return [m.Ref(url[1:], kids, **self.at(el))]
        shown = url[len("mailto:"):] if url.startswith("mailto:") else url
        if not shown:
            return kids
        if not kids:
            return [m.Link(url, [m.Text(shown, **self.at(el))], **self.at(el))]
        if m.plain(kids).strip() in (shown, url):
            return [m.Link(url, kids, **self.at(el))]
        # a printed page cannot be clicked: the address is printed too (the PDF's words are a link)
        return [m.Link(url, kids, **self.at(el)), m.Text(f" ({shown})", **self.at(el))]

    @handles("xref")
    def xref(self, el) -> list:
        target = _target(el)
        return [m.Ref(target, self.xref_words(el, target), **self.at(el))] if target else []

    def xref_words(self, el, target: str) -> list:
        """What a cross-reference prints instead of its target's title, as DocBook's
        tools do: the words of the element its ``endterm`` names, else the target's
        ``xreflabel``; neither: nothing (the title and page are printed)."""
        if self.ids is None:
            self.ids = {i: e for e in el.getroottree().iter() if isinstance(e.tag, str)
                        for i in (e.get("id"), e.get(XML_ID)) if i}
        term = self.ids.get(el.get("endterm") or "")
        label = words(self.plain_text(term)).strip() if term is not None else ""
        if not label and target in self.ids:
            label = words(self.ids[target].get("xreflabel") or "").strip()
        return [m.Text(label, **self.at(el))] if label else []

    def xref_text(self, el) -> str:
        """A cross-reference where no page can be printed (a listing): the words DocBook's
        tools print for it, else its target's title (or term), else the target's name."""
        target = _target(el)
        said = m.plain(self.xref_words(el, target)) if target else ""
        found = self.ids.get(target) if target and self.ids else None
        if said or found is None:
            return said or target
        named = self.title_of(found)[0]
        if named is None:
            named = next((c for c in self.kids(found) if local(c) == "term"), None)
        return words(self.plain_text(named)).strip() if named is not None else target

    @handles("footnote")
    def footnote(self, el) -> list:
        self.footnotes += 1
        label = str(self.footnotes)
        for name in (el.get("id"), el.get(XML_ID)):
            if name:
                self.footnote_ids[name] = label
        blocks = self.as_blocks(self.content(el))
        self.notes[label] = m.Footnote(label, blocks, **self.at(el))
        return [m.FootnoteRef(label, **self.at(el))]

    @handles("footnoteref")
    def footnote_again(self, el) -> list:
        label = self.footnote_ids.get(el.get("linkend", ""))
        if label is None:
            return [self.report.missing(el.get("linkend", ""), self.line(el), "footnote reference to "
                                        f"{el.get('linkend')!r}, which no footnote before it is",
                                        source=self.source)]
        return [m.FootnoteRef(label, **self.at(el))]

    @handles("co", "coref")
    def callout_mark(self, el) -> list:
        self.callouts += 1
        return [m.Text(f"({self.callouts})", **self.at(el))]

    @handles("sbr")
    def line_break(self, el) -> list:
        return [m.LineBreak(**self.at(el))]

    @handles("inlinemediaobject")
    def inline_image(self, el) -> list:
        text = self.alt_text(el)
        return [m.Text(text, **self.at(el))] if text else []

    @handles("inlineequation")
    def inline_formula(self, el) -> list:
        return [m.Math(words(self.alt_text(el) or self.plain_text(el)).strip(), **self.at(el))]

    @handles("anchor")
    def anchor(self, el) -> list:
        return []                                      # its id is read as every element's is

    # -- helpers ------------------------------------------------------------------
    def alt_text(self, el) -> str:
        """An image's or formula's words: its text object, else its alt."""
        for child in el.iter():
            if local(child) in ("textobject", "alt"):
                return words(self.plain_text(child)).strip()
        return ""

    def plain_text(self, el) -> str:
        """An element's words as written, without index terms, footnotes or comments."""
        out = [el.text or ""] if isinstance(el.tag, str) else []
        for child in el:
            name = local(child)
            if child.tag == MISSING:                     # an include not read, in lines kept as written
                out.append(f"[missing: {child.get('what')}]")
            elif name == "xref":                         # inside verbatim text: its words, no page
                out.append(self.xref_text(child))
            elif name and name not in ("indexterm", "footnote", "remark") and name not in _OBJECTS:
                out.append(self.plain_text(child) if name not in ("co", "coref") else "")
            out.append(child.tail or "")
        return "".join(out)


def synopsis(el) -> str:
    """A command's synopsis on one line: ``ls [-l] {a | b} file...``."""
    name = local(el)
    if name in ("arg", "group"):
        choice = el.get("choice", "opt" if name == "arg" else "opt")
        parts = [synopsis(c) + (c.tail or "") if isinstance(c.tag, str) else (c.tail or "") for c in el]
        joint = " | " if name == "group" else ""
        inner = (el.text or "") + joint.join(p.strip() for p in parts) if name == "group" \
            else (el.text or "") + "".join(parts)
        inner = words(inner).strip()
        if el.get("rep") == "repeat":
            inner += "..."
        return {"opt": f"[{inner}]", "req": f"{{{inner}}}"}.get(choice, inner)
    if name == "sbr":
        return "\n"
    text = (el.text or "") + "".join((synopsis(c) if isinstance(c.tag, str) else "") + (c.tail or "") for c in el)
    return text if name in ("cmdsynopsis",) else re.sub(r"\s+", " ", text)


def _target(el) -> str:
    """The id a cross-reference points to (DocBook 4's linkend, DocBook 5's xlink:href)."""
    return el.get("linkend") or (el.get(XLINK) or "").lstrip("#")
