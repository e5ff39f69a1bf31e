"""An SVG picture checked before it goes anywhere near the PDF: it may hold its own
shapes, styles and embedded raster pictures, and nothing that reaches out (a link
to another file or address, a stylesheet to import, a script, entities). One
that does is refused whole, with the reason, rather than printed in part."""

from __future__ import annotations

import re


# Pictures an SVG may carry inside itself; every other address is a reach outside.
_EMBEDDED = re.compile(r"^\s*data:image/(png|jpeg|gif);base64,", re.I)
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.I | re.S)
_REFUSED_ELEMENTS = {"script", "foreignObject", "iframe", "object", "embed", "audio", "video", "handler",
                     "listener", "feImage"}


# CSS's absolute units in CSS pixels (1/96 in).
_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


def length(value: str | None) -> float | None:
    """An SVG length in CSS pixels ("120", "4cm", "72pt"); None for a percentage or nonsense."""
    found = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*", value or "")
    return float(found.group(1)) * _UNITS[found.group(2) or ""] if found else None


def svg_size(data: bytes) -> tuple[tuple[int, int], str]:
    """The picture's size in CSS pixels (from width and height, else its viewBox), and
    "" when it is safe to print, else the reason it is not."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError) as err:
        return (0, 0), f"is not SVG that can be read ({str(err).splitlines()[0]})"
    if root.getroottree().docinfo.internalDTD is not None or root.getroottree().docinfo.system_url:
        return (0, 0), "declares a DTD or entities, which an SVG for print may not"
    if etree.QName(root).localname != "svg":
        return (0, 0), "is not an SVG picture"
    for node in root.iter():
        if not isinstance(node.tag, str):
            if isinstance(node, etree._ProcessingInstruction) and node.target == "xml-stylesheet":
                return (0, 0), "links a stylesheet, which is not read"
            continue
        name = etree.QName(node).localname
        if name in _REFUSED_ELEMENTS:
            return (0, 0), f"holds <{name}>, which an SVG for print may not"
        for attribute, value in node.attrib.items():
            local = etree.QName(attribute).localname
            if local == "href" and not (value.strip().startswith("#") or _EMBEDDED.match(value)):
                return (0, 0), f"links to {value.strip()[:60]!r}, outside itself"
            if local.startswith("on"):
                return (0, 0), f"holds a script ({local})"
            if reach := _reaches(value):
                return (0, 0), reach
        if name == "style" and (reach := _reaches(node.text or "", style=True)):
            return (0, 0), reach
    for sibling in _siblings(root):
        if isinstance(sibling, etree._ProcessingInstruction) and sibling.target == "xml-stylesheet":
            return (0, 0), "links a stylesheet, which is not read"
    return _size(root), ""


def _reaches(text: str, style: bool = False) -> str:
    """Why a style or attribute value reaches outside the picture, or ""."""
    if style and "@import" in text:
        return "imports a stylesheet, which is not read"
    for _, target in _URL.findall(text):
        if not (target.strip().startswith("#") or _EMBEDDED.match(target)):
            return f"links to {target.strip()[:60]!r}, outside itself"
    return ""


def _siblings(root):
    node = root.getprevious()
    while node is not None:
        yield node
        node = node.getprevious()


def _size(root) -> tuple[int, int]:
    width, height = length(root.get("width")), length(root.get("height"))
    box = [float(x) for x in re.findall(r"-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?", root.get("viewBox") or "")]
    if len(box) == 4 and box[2] > 0 and box[3] > 0:
        if width and not height:
            height = width * box[3] / box[2]
        elif height and not width:
            width = height * box[2] / box[3]
        elif not width:
            width, height = box[2], box[3]
    if not width or not height:
        return 400, 300                       # no size given: a figure's usual shape
    return max(1, round(width)), max(1, round(height))
