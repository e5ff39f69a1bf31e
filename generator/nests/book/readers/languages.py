"""A book's language as each markup names it, said as a BCP 47 tag for the PDF's hyphenation.

The book style prints the tag as the HTML's ``lang``, and WeasyPrint hyphenates by the
patterns it names (pyphen's). A bare ``en`` would take British patterns there
("advant-age"); the tools the sources are written for hyphenate ``english`` as US English
(LaTeX's ``english`` is ``american``; pandoc and Sphinx hand ``en`` to babel as ``english``),
so ``en`` is read as ``en-US``. LaTeX names a language by babel's or polyglossia's words
(``british``, ``ngerman``), mapped below; any other tag is kept as written, tidied.
"""

from __future__ import annotations

import re

# babel's and polyglossia's language names → BCP 47 (polyglossia's variants: see ``latex``).
LATEX_NAMES = {
    "english": "en-US", "american": "en-US", "usenglish": "en-US", "USenglish": "en-US",
    "british": "en-GB", "UKenglish": "en-GB", "ukenglish": "en-GB", "canadian": "en-CA",
    "australian": "en-AU", "newzealand": "en-NZ",
    "french": "fr", "francais": "fr", "acadian": "fr-CA", "canadien": "fr-CA",
    "german": "de", "ngerman": "de", "naustrian": "de-AT", "austrian": "de-AT",
    "nswissgerman": "de-CH", "swissgerman": "de-CH",
    "spanish": "es", "catalan": "ca", "galician": "gl", "basque": "eu", "italian": "it",
    "portuguese": "pt", "portuges": "pt", "brazilian": "pt-BR", "brazil": "pt-BR",
    "dutch": "nl", "afrikaans": "af", "danish": "da", "swedish": "sv", "norsk": "nb", "bokmal": "nb",
    "nynorsk": "nn", "icelandic": "is", "finnish": "fi", "estonian": "et", "latvian": "lv",
    "lithuanian": "lt", "polish": "pl", "czech": "cs", "slovak": "sk", "slovene": "sl",
    "croatian": "hr", "serbian": "sr", "hungarian": "hu", "magyar": "hu", "romanian": "ro",
    "bulgarian": "bg", "russian": "ru", "ukrainian": "uk", "greek": "el", "latin": "la",
    "turkish": "tr", "irish": "ga", "welsh": "cy", "scottish": "gd", "breton": "br",
    "esperanto": "eo", "interlingua": "ia", "hebrew": "he", "arabic": "ar",
}
# polyglossia's variant= of a language (\setdefaultlanguage[variant=british]{english})
VARIANTS = {("english", "british"): "en-GB", ("english", "uk"): "en-GB", ("english", "american"): "en-US",
            ("english", "us"): "en-US", ("english", "australian"): "en-AU", ("english", "canadian"): "en-CA",
            ("english", "newzealand"): "en-NZ", ("german", "austrian"): "de-AT", ("german", "swiss"): "de-CH",
            ("portuguese", "brazilian"): "pt-BR", ("french", "canadian"): "fr-CA"}

_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")


def tag(said) -> str:
    """A language code as a source writes it (``en``, ``en_GB``, ``de-DE``), as a BCP 47 tag;
    "" when it is none (not a string, or not shaped as a code)."""
    if not isinstance(said, str) or not _TAG.fullmatch(said.strip()):
        return ""
    parts = said.strip().replace("_", "-").split("-")
    parts = [parts[0].lower()] + [p.upper() if len(p) == 2 else p.title() if len(p) == 4 else p.lower()
                                  for p in parts[1:]]
    return "en-US" if parts == ["en"] else "-".join(parts)


def latex(name: str, variant: str = "") -> str:
    """A language as babel or polyglossia names it (with polyglossia's variant), as a tag; ""
    when the name is not a language's (an option such as ``shorthands=off``)."""
    name, variant = name.strip(), variant.strip().lower()
    if (name.lower(), variant) in VARIANTS:
        return VARIANTS[name.lower(), variant]
    return LATEX_NAMES.get(name, LATEX_NAMES.get(name.lower(), ""))
