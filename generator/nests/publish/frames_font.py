"""Makes templates/fonts/NestsFrames.ttf: DejaVu Sans Mono's drawing glyphs, blank.

The PDF draws box-drawing and block glyphs (U+2500–U+259F) as vector shapes
(publish/vector.py) but keeps them in the text layer, so that a page copies
out exactly as its plaintext. The page's text is set in this font first and
our monospaced font second: the drawing glyphs (and the space) come from here,
with the same advance as every other glyph and no outline at all, so the text
shows every word and figure while the frames come from the vectors alone.

DejaVu's licence allows derived fonts under another name; this one is named
"Nests Frames" and keeps the original copyright and licence records.
Run ``python -m nests.publish.frames_font`` to make it again (same bytes).
"""

from __future__ import annotations

import io
from pathlib import Path

from nests import paths
from nests.text.glyphs import BLOCK_LAST, BOX_FIRST

SOURCE = paths.TEMPLATES / "fonts" / "DejaVuSansMono.ttf"
TARGET = paths.TEMPLATES / "fonts" / "NestsFrames.ttf"
FAMILY = "Nests Frames"


def frames_font() -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    options = subset.Options()
    options.name_IDs = ["*"]
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["FFTM"]                  # FontForge's build timestamps
    font = TTFont(str(SOURCE), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(" "), *range(BOX_FIRST, BLOCK_LAST + 1)])
    subsetter.subset(font)
    for name in font.getGlyphOrder():
        font["glyf"][name] = Glyph()                 # no outline: nothing is drawn
        advance, _ = font["hmtx"][name]
        font["hmtx"][name] = (advance, 0)
    names = {1: FAMILY, 3: FAMILY, 4: FAMILY, 6: FAMILY.replace(" ", ""), 16: FAMILY}
    for record in font["name"].names:
        if record.nameID in names:
            record.string = names[record.nameID]
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def main() -> None:
    Path(TARGET).write_bytes(frames_font())
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
