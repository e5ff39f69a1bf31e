"""What every stage may measure text by, beneath them all: the page grid's numbers
(``grid``), display widths, padding and wrapping (``measure``), the box-drawing
glyphs (``glyphs``) and the ASCII spelling of a page (``transliterate``).
Nothing here imports another stage, so content checks and templates read the
same numbers and the same widths."""
