import pytest

from nests.errors import NestsError
from nests.render import filters
from nests.text import measure


def test_ljust_rjust_centre_fill_to_display_width():
    assert measure.ljust("ab", 5, ".") == "ab..."
    assert measure.rjust("ab", 5, "_") == "___ab"
    assert measure.centre(" X ", 8, ".") == "··· X ··".replace("·", ".")   # odd column to the left
    assert measure.ljust("○ □", 4) == "○ □ "


def test_centre_as_str_center_and_trimmed():
    """The rulebook's centred lines: the odd column where str.center puts it, nothing after."""
    assert measure.centre("abc", 6) == "  abc "
    assert measure.centre("abc", 6, as_str_center=True) == "abc".center(6) == " abc  "
    assert measure.centre("abc", 7, as_str_center=True) == "abc".center(7)
    assert measure.centre("abc", 6, as_str_center=True, trim=True) == " abc"


def test_one_wrap_for_sheets_and_rulebooks():
    # the sheets' (reversible): a line ending in "-" of its own stops two columns short,
    # so that unwrap can tell it from a cut; the rulebook's fills the line
    assert measure.wrap("abc de-", 7) == ["abc", "de-"]
    assert measure.unwrap(measure.wrap("abc de-", 7), 7) == "abc de-"
    assert measure.wrap("abc de-", 7, reversible=False) == ["abc de-"]
    # a word wider than the line is cut, marked with a hyphen or not
    assert measure.wrap("abcdefghij k", 5, reversible=False) == ["abcd-", "efgh-", "ij k"]
    assert measure.wrap("abcdefghij k", 5, reversible=False, hyphen=False) == ["abcde", "fghij", "k"]
    # a list's marker hangs before the first line; forced breaks are kept, empty lines too
    assert measure.wrap("one two three four", 12, reversible=False, marker="•") == ["• one two", "  three four"]
    assert measure.wrap("one\n\ntwo", 10, reversible=False, breaks=True) == ["one", "", "two"]
    assert measure.wrap("one\n\ntwo", 10) == ["one two"]
    assert measure.wrap("", 10) == [] and measure.wrap("", 10, reversible=False, breaks=True) == [""]


def test_spread_puts_label_left_and_value_right():
    assert measure.spread("Name:", "Bite", 12) == "Name:...Bite"
    assert measure.spread("Hit:", "", 8) == "Hit:...."


def test_fields_refuse_text_wider_than_themselves():
    for call in (lambda: measure.ljust("abcdef", 5), lambda: measure.spread("abc", "def", 5),
                 lambda: measure.centre("abcdef", 3), lambda: filters.rating(12345)):
        with pytest.raises(NestsError, match="field holds"):
            call()


def test_exact_accepts_only_the_exact_width():
    assert measure.exact("║ab║", 4) == "║ab║"
    with pytest.raises(NestsError, match="3 columns wide, not 4"):
        measure.exact("║a║", 4)


def test_place_lays_marks_over_a_fill():
    assert measure.place([(0, "<^XP>"), (7, "^")], 10, "─") == "<^XP>──^──"
    with pytest.raises(NestsError, match="falls outside"):
        measure.place([(8, "<^XP>")], 10, "─")


def test_place_and_wordwrap_count_columns_not_characters():
    # a wide character takes two of the field's columns, a combining mark none
    assert measure.place([(1, "螞x"), (6, "A\u0301")], 8, "=") == "=螞x==A\u0301="
    assert measure.width(measure.place([(0, "ẂA\u0301")], 5, "-")) == 5
    from jinja2 import Environment

    env = Environment()
    assert filters.wordwrap(env, "螞蟻 巢穴螞蟻巢穴螞蟻巢穴 ok", 10, wrapstring="|") == "螞蟻|巢穴螞蟻巢|穴螞蟻巢穴|ok"
    # a word wider than the whole field is cut even where long words are kept whole
    assert filters.wordwrap(env, "a " + "W" * 12, 5, break_long_words=False, wrapstring="|") == "a WWW|WWWWW|WWWW"


@pytest.mark.parametrize("value, shown", [(60, "[__60%]"), (0, "[___0%]"), (100, "[_100%]"),
                                          (None, "[____%]"), ("NONE", "[_NONE]")])
def test_rating_field(value, shown):
    assert filters.rating(value) == shown


@pytest.mark.parametrize("maximum, shown", [(3, "[__/_3]"), (10, "[__/10]")])
def test_wounds_field(maximum, shown):
    assert filters.wounds(maximum) == shown


def test_width_agrees_with_wcwidth_on_every_character_we_print():
    from wcwidth import wcswidth

    samples = ["╔►Nests & Insects◄═╗", "║│ □ ○ ✓ ✗ ≥ ▓▀▄█░▒ ┌┐└┘├┤─│ ^ ·", "Ünïcödé", "蜂の巣", "e\u0301", "🐝"]
    for text in samples:
        assert measure.width(text) == wcswidth(text), text


def test_control_characters_are_refused():
    with pytest.raises(NestsError, match="control character"):
        measure.width("a\tb")
