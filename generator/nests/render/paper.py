"""Paper sizes, in millimetres, portrait (width, height).

The PDF template sets its page from them (the global ``papers``); a booklet
(publish/impose.py) prints two pages side by side on a sheet turned landscape,
each page the size its sheet folds to (``FOLDED``). ISO A5 is 148 mm wide, half a
millimetre short of half an A4 sheet; half-Letter is exactly half a Letter sheet.
"""

PAPERS = {
    "a4": (210, 297),
    "letter": (215.9, 279.4),        # 8.5 × 11 in
    "a5": (148, 210),
    "half-letter": (139.7, 215.9),   # 5.5 × 8.5 in
}

SHEETS = ("a4", "letter")            # what --paper names: the sheet that goes through the printer
FOLDED = {"a4": "a5", "letter": "half-letter"}    # a booklet's page: its sheet folded once
BOOKLETS = ("a5",)                   # what --impose names: sheets folded once (A5 on A4, half-Letter on Letter)
