"""Line breaks as a typesetter makes them, taught to WeasyPrint's line layout.

CSS asks hyphenation only for so much: ``hyphens``, ``hyphenate-limit-chars`` and
``hyphenate-limit-zone``, which WeasyPrint follows (templates/book/book.css.j2 sets them).
It has no ``hyphenate-limit-lines`` nor ``hyphenate-limit-last``, and no way to spare a
name; a book set by hand would never show what they prevent. So WeasyPrint's line layout
is wrapped, where it lays out the lines of one block one after the other:

- no third hyphenated line in a row: after two lines ending in a hyphen (a word broken,
  or one that holds its own hyphen), the next line breaks only between words;
- no hyphen at the foot of a page or a column: the two lines that end one (a paragraph's
  widow kept may move its break up a line) break only between words;
- no word with a capital letter broken (a name, a place: Pathfinder, never Path-finder);
- when WeasyPrint moves a page's break back into a paragraph it has laid out whole (what
  follows may not start the page's foot: a heading kept with its text, a box kept whole), it
  keeps fewer lines on the page rather than end the page on a hyphen, or where the
  paragraph's orphans forbid that, breaks before the paragraph;
- a footnote stays on its mark's page: where a paragraph's first line would fit at a page's
  foot only by sending the notes of marks above it on to the next page (WeasyPrint's way of
  meeting the paragraph's orphans), the paragraph starts the next page instead;
- columns that end on their page (a chapter's last in two columns) end level, as LaTeX's
  multicol balances them (``_balanced``).

Each time a line would break only between words but cannot (a word longer than the whole
line), it keeps its hyphen: nothing is ever pushed past the text block. Text that is not
hyphenated automatically (code, addresses, the framed pages) is left as it was.

WeasyPrint is pinned (requirements.lock); were its line layout to change shape, ``install``
leaves it as it is (the books' tests then find the hyphens it would have spared).
"""

from __future__ import annotations

_plain_line = False          # the line being laid out breaks between words only


def _ends_hyphenated(line) -> bool:
    """Whether a laid-out line ends in a hyphen (WeasyPrint's, or the word's own)."""
    box = line
    while getattr(box, "children", None):
        box = box.children[-1]
    text = getattr(box, "text", "").rstrip()
    return bool(text) and (text[-1] in "-\u2010\xad" or text.endswith(box.style["hyphenate_character"]))


def _lines(original, strut):
    def iter_line_boxes(context, box, position_y, bottom_space, *args, **kwargs):
        """The block's lines, as WeasyPrint lays them out, each laid out knowing whether it
        may end in a hyphen."""
        global _plain_line
        lines = original(context, box, position_y, bottom_space, *args, **kwargs)
        height = strut(box.style)[0]
        hyphenated, top = 0, position_y
        while True:
            before = _plain_line
            # the line after this one and the next would not fit: this is one of the page's last two
            _plain_line = hyphenated >= 2 or (height > 0 and context.overflows_page(bottom_space, top + 3 * height))
            try:
                line, resume_at = next(lines)
            except StopIteration:
                return
            finally:
                _plain_line = before
            hyphenated = hyphenated + 1 if _ends_hyphenated(line) else 0
            top = line.position_y + line.height
            yield line, resume_at
    return iter_line_boxes


def _broken_name(layout, length: int, hyphen: str) -> bool:
    """Whether the line WeasyPrint made ends in a hyphen it added inside a capitalised word."""
    text = getattr(layout, "text", "")
    if not text.endswith(hyphen) or length != len(text.encode()) - len(hyphen.encode()):
        return False
    words = text[: -len(hyphen)].split()
    word = words[-1].lstrip("\"'‘“([{") if words else ""
    return bool(word) and word[0].isupper()


def _split(original):
    def split_first_line(text, style, context, max_width, *args, **kwargs):
        """The first line of ``text``, hyphenated as WeasyPrint would, unless this line may
        only break between words or the word it breaks is a name (and it fits unbroken)."""
        if style["hyphens"] != "auto":
            return original(text, style, context, max_width, *args, **kwargs)
        if not _plain_line:
            found = original(text, style, context, max_width, *args, **kwargs)
            if not _broken_name(found[0], found[1], style["hyphenate_character"]):
                return found
        else:
            found = None
        manual = style.copy()
        manual["hyphens"] = "manual"            # an author's soft hyphen still breaks
        plain = original(text, manual, context, max_width, *args, **kwargs)
        if max_width is None or plain[3] <= max_width * (1 + 1e-9):
            return plain
        return found if found is not None else original(text, style, context, max_width, *args, **kwargs)
    return split_first_line


def _earlier(original, line_box, remove_placeholders):
    def find_earlier_page_break(context, children, absolute_boxes, fixed_boxes):
        """The last break WeasyPrint finds before ``children``' end, a paragraph's (its lines
        less its widows) moved up to the last line that ends in no hyphen."""
        found = original(context, children, absolute_boxes, fixed_boxes)
        if not found or not children or not isinstance(children[0], line_box):
            return found
        kept, resume_at = found
        if not _ends_hyphenated(kept[-1]):
            return found
        fewer = len(kept) - 1
        while fewer >= children[0].style["orphans"] and _ends_hyphenated(kept[fewer - 1]):
            fewer -= 1
        if fewer < max(1, children[0].style["orphans"]):
            return None             # no break in this paragraph: WeasyPrint looks for one before it
        remove_placeholders(context, kept[fewer:], absolute_boxes, fixed_boxes)
        return kept[:fewer], {0: kept[fewer - 1].resume_at}
    return find_earlier_page_break


def _notes_kept(original):
    def linebox_layout(context, box, index, child, new_children, page_is_empty, *args, **kwargs):
        """A paragraph's lines laid out; where WeasyPrint would send the notes of the page's
        earlier marks on to the next page to fit this paragraph's first line (its orphans
        unmet), the paragraph starts the next page instead and the notes stay with their marks."""
        current, reported = list(context.current_page_footnotes), list(context.reported_footnotes)
        said = original(context, box, index, child, new_children, page_is_empty, *args, **kwargs)
        abort, stop, resume_at, position_y, new_footnotes, max_lines = said
        sent = [note for note in current if note in context.reported_footnotes]
        if abort or page_is_empty or not sent:
            return said
        context.reported_footnotes[:] = reported
        context.current_page_footnotes[:] = current + [note for note in context.current_page_footnotes
                                                      if note not in current]
        context._update_footnote_area()
        return True, False, resume_at, position_y, new_footnotes, max_lines     # (its caller drops its notes)
    return linebox_layout


BALANCE_ROUNDS = 7            # heights tried for a run of columns that ends on its page (halving the range)


def _column_heights(new_box) -> list[float]:
    """How far down each column of a laid-out run of columns its content reaches."""
    out = []
    for column in new_box.children:
        if not getattr(column, "is_column", False):
            return []                   # a block across the columns: not one run
        flowed = [child for child in column.children if child.is_in_normal_flow()]
        out.append(max([child.position_y + child.margin_height() for child in flowed] or [column.position_y])
                   - column.position_y)
    return out


def _balanced(original, remove_placeholders):
    def columns_layout(context, box, bottom_space, skip_stack, containing_block, page_is_empty,
                       absolute_boxes, fixed_boxes, *args):
        """Columns laid out as WeasyPrint lays them out; where they end on this page (a chapter's
        last page) but stand uneven (its balancing steps by the height of the block that opens a
        column, which can be most of a column), laid out again at the least height that still
        holds them all, found by halving: the last page's columns end level, as multicol
        sets them. Not where a note is on the page (trying a height may move notes on)."""
        said = original(context, box, bottom_space, skip_stack, containing_block, page_is_empty,
                        absolute_boxes, fixed_boxes, *args)
        new_box, resume_at = said[0], said[1]
        if new_box is None or resume_at is not None or box.style["column_fill"] != "balance" or \
                context.current_page_footnotes:
            return said
        heights = _column_heights(new_box)
        line = box.style["font_size"] * 1.5
        if len(heights) < 2 or max(heights) - min(heights) <= 2 * line:
            return said
        top = new_box.content_box_y()
        low, high = sum(heights) / len(heights), max(heights)
        best = None                      # the least height found to hold every column
        for _ in range(BALANCE_ROUNDS):
            if high - low < line / 2:
                break
            middle = (low + high) / 2
            remove_placeholders(context, [new_box], absolute_boxes, fixed_boxes)
            tried = original(context, box, max(bottom_space, context.page_bottom - top - middle), skip_stack,
                             containing_block, page_is_empty, absolute_boxes, fixed_boxes, *args)
            new_box = tried[0]
            if new_box is not None and tried[1] is None:
                best, high = middle, middle
            else:
                low = middle
            if new_box is None:
                new_box = said[0]
        remove_placeholders(context, [new_box], absolute_boxes, fixed_boxes)
        room = bottom_space if best is None else max(bottom_space, context.page_bottom - top - best)
        return original(context, box, room, skip_stack, containing_block, page_is_empty,
                        absolute_boxes, fixed_boxes, *args)
    return columns_layout


def install() -> None:
    """Teach WeasyPrint's line layout the breaks above (once a process; WeasyPrint imported)."""
    from weasyprint.formatting_structure.boxes import LineBox
    from weasyprint.layout import block, inline

    if getattr(block.iter_line_boxes, "typesetter", False):
        return
    original_lines, original_split = block.iter_line_boxes, inline.split_first_line
    if original_lines is not inline.iter_line_boxes or not hasattr(inline, "strut") or \
            not hasattr(block, "find_earlier_page_break") or not hasattr(block, "remove_placeholders") or \
            not hasattr(block, "_linebox_layout"):
        return                  # not the line layout these wrappers were written for
    wrapped_lines, wrapped_split = _lines(original_lines, inline.strut), _split(original_split)
    earlier = _earlier(block.find_earlier_page_break, LineBox, block.remove_placeholders)
    earlier.__wrapped__ = block.find_earlier_page_break
    wrapped_lines.typesetter = wrapped_split.typesetter = earlier.typesetter = True
    block.iter_line_boxes = wrapped_lines
    inline.split_first_line = wrapped_split
    block.find_earlier_page_break = earlier
    notes = _notes_kept(block._linebox_layout)
    notes.__wrapped__ = block._linebox_layout
    block._linebox_layout = notes
    if hasattr(block, "columns_layout"):
        balanced = _balanced(block.columns_layout, block.remove_placeholders)
        balanced.__wrapped__ = block.columns_layout
        block.columns_layout = balanced
