"""The schema of a sheet definition's file: its top keys, an area's keys and the keys
every field takes (a kind's own options are its FieldKind's, nests.content.sheets.field)."""

from __future__ import annotations

from nests.content.schema import Bool, Int, List, Map, OneOf, Spec, Str
from nests.text import grid

NARROW_INTERIOR = grid.NARROWEST - (grid.PAGE_WIDTH - grid.INTERIOR)      # inside the narrowest page's frame: 37

FIELD = {
    "key": Str(allow_empty=False), "label": Str(allow_empty=False), "kind": Str(allow_empty=False),
    "width": Int(1, grid.TEXT_WIDTH),
}
FIELD_OPTIONAL = {
    "from": OneOf(["class", "state"]), "formula": Str(allow_empty=False), "reminder": Str(),
    "reminder_key": Str(allow_empty=False), "tick": OneOf(["box", "circle"]), "ticked": Str(allow_empty=False),
    "label_width": Int(1, grid.TEXT_WIDTH), "sep": Str(), "fill": Str(), "align": OneOf(["left", "right"]),
    "note_fill": OneOf([".", " ", "_"]), "xp_key": Str(allow_empty=False),
}
AREA = {
    "title": Str(), "section": Str(allow_empty=False), "frame": OneOf(["box", "none"]), "width": Int(3, 200),
    "beside": Bool(), "joined": Bool(), "columns": Int(1, 12), "order": OneOf(["across", "down"]),
    "footer": List(Str()), "caption": List(Str(), min_len=1, max_len=2), "reminder_title": Str(allow_empty=False),
    "label_width": Int(1, grid.TEXT_WIDTH), "when": OneOf(["always", "character"]),
    "title_style": OneOf(["title", "heading"]), "xp_key": Str(allow_empty=False),
}


class _AnyField(Spec):
    """Fields are checked one by one, by their kind, in nests.content.sheets.field.build_field."""

    def check(self, value, path, report):
        pass


TOP = Map(
    # the page frame of the narrowest page holds them: ╔►game◄═╗ on its top line, ►title◄ then ►page◄ on its bottom
    required={"game": Str(allow_empty=False, max_len=NARROW_INTERIOR - 2),
              "title": Str(allow_empty=False, max_len=NARROW_INTERIOR - 7),
              "source": Map(required={"file": Str(allow_empty=False), "section": Str(allow_empty=False)}),
              "areas": List(Map(required={"fields": List(_AnyField(), min_len=1)}, optional=AREA), min_len=1)},
    optional={"classes": Bool(), "heading": Map(required={"key": Str(allow_empty=False), "label": Str(allow_empty=False)},
                                                optional={"from": OneOf(["class", "state"]),
                                                          "name_key": Str(allow_empty=False)})},
)
