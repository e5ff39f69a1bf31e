"""Character sheets: a sheet definition filled with values, drawn as framed pages.

- pages: a sheet's values, its context for the templates, its pages and documents
- characters: a character's own sheet (a new character, its sheet, its sheet read back)
- layout: where every box and field stands, as numbers (each field's cells are its kind's)
- form: the fillable PDF's form fields over the values
- drawn: a sheet drawn but not yet paged

Names are looked up on first use (PEP 562), so that paging a drawn sheet (a book
numbering its pages) imports drawn alone, not what draws a sheet.
"""

from importlib import import_module

_HOME = {name: "pages" for name in ("FULL", "Look", "Sheet", "build_sheets", "character", "class_values",
                                     "party_pages", "render_sheet", "resolve", "sheet_context", "sheet_documents",
                                     "sheet_markdown", "sheet_pages", "sheet_values")}
_HOME.update({name: "characters" for name in ("changes", "character_documents", "load_character",
                                              "new_character", "read_character")})


def __getattr__(name):
    if name in _HOME:
        return getattr(import_module(f"{__name__}.{_HOME[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(_HOME)
