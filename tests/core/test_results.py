"""Result codes: one grammar, typed parts, exact round trips (K45 7.1, DC chart, fire tables)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.results import NO_EFFECT, CombatResult, ResultPart, parse_result

TABLE_CODES = [
    # K45 7.1, 7.1a, 8.1, 9.1
    "D1r2", "A1*/Dr", "A1/D1", "Dr", "D1r", "D2r", "Dr2",
    # Dark Crusade hex chart
    "BK", "DE", "D3", "D2", "D1", "Dn", "D", "X/2", "X", "2X", ".5X", ".34X", "1.5X", "AD", "AE",
    # other Coatney tables and fire tables
    "D/AE", "BR", "S", "R2", "DX", "DW", "dw", "-", "NE", "0", "3", "14",
]  # fmt: skip


@pytest.mark.parametrize("code", TABLE_CODES)
def test_table_codes_round_trip(code: str) -> None:
    result = parse_result(code)
    assert str(result) == code
    assert CombatResult.parse(str(result)) == result
    assert eval(repr(result)) == result  # repr reproduces the constructor call


def test_k45_d1r2_is_one_step_and_two_hexes_k45_7_1() -> None:
    defender = parse_result("D1r2").defender
    assert defender == ResultPart(side="D", number=1, retreats=True, retreat=2)
    assert parse_result("D1r2").attacker is None


def test_k45_a1_star_dr_is_attacker_step_flagged_and_defender_retreat_k45_7_1a() -> None:
    result = parse_result("A1*/Dr")
    assert result.attacker == ResultPart(side="A", number=1, flags="*")
    assert result.defender == ResultPart(side="D", retreats=True)
    assert result.defender.retreat is None  # bare r: the title says how far


def test_dark_crusade_codes_are_named_letters_and_exchanges() -> None:
    assert parse_result("BK").parts == (ResultPart(letters="BK"),)
    assert parse_result("DE").defender == ResultPart(side="D", letters="E")
    assert parse_result("AE").attacker == ResultPart(side="A", letters="E")
    assert parse_result("D3").defender == ResultPart(side="D", number=3)
    exchanges = {code: parse_result(code).parts[0].multiplier for code in ("X/2", ".5X", "X", "2X")}
    assert exchanges == {"X/2": Fraction(1, 2), ".5X": Fraction(1, 2), "X": 1, "2X": 2}
    assert parse_result("X/2") != parse_result(".5X")  # same size, different printed code


def test_parts_keep_their_printed_order() -> None:
    result = parse_result("D/AE")
    assert [p.side for p in result.parts] == ["D", "A"]
    assert result.attacker == ResultPart(side="A", letters="E")


def test_no_effect_and_fire_table_hits() -> None:
    assert parse_result("-") == NO_EFFECT == parse_result("\u2013")
    assert parse_result("-").hits == 0
    assert parse_result("12").hits == 12
    with pytest.raises(ValueError, match="not a number of hits"):
        _ = parse_result("D1").hits


def test_result_modifiers_raise_and_lower_the_defenders_number_krim() -> None:
    # Krim: each air unit on attack raises the defender's result by one, on defence lowers it.
    assert str(parse_result("A1/D1").adjusted("D", 1)) == "A1/D2"
    assert str(parse_result("-").adjusted("D", 1)) == "D1"
    assert str(parse_result("A1").adjusted("D", 2)) == "A1/D2"
    assert str(parse_result("D1").adjusted("A", 1)) == "A1/D1"
    assert str(parse_result("D1").adjusted("D", -1)) == "-"
    assert str(parse_result("D1r2").adjusted("D", -1)) == "Dr2"
    assert str(parse_result("A2/D1").adjusted("D", -3)) == "A2"
    assert parse_result("A1").adjusted("D", -1) == parse_result("A1")


@pytest.mark.parametrize("code", ["", "D1r2/", "/D1", "Q?", "D1 r2", "D1//A1", "rr", "A1**?"])
def test_bad_codes_are_refused_naming_the_code(code: str) -> None:
    with pytest.raises(ValueError, match="result code"):
        parse_result(code)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"letters": "AE"},  # would read as side A
        {"letters": "rX"},  # would read as a retreat
        {"side": "D", "retreat": 2},  # a length without retreats
        {"number": 1, "divisor": 2},  # a divisor without letters
        {"side": "D", "flags": "?"},
        {"number": Fraction(1, 3)},  # no decimal spelling
        {"number": -1},
    ],
)
def test_parts_that_would_not_read_back_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ResultPart(**kwargs)  # type: ignore[arg-type]


def test_a_result_that_would_read_as_a_divisor_is_refused() -> None:
    with pytest.raises(ValueError, match="divisor"):
        CombatResult((ResultPart(letters="X"), ResultPart(number=2)))


numbers = st.one_of(
    st.none(),
    st.integers(0, 20).map(Fraction),
    st.sampled_from([Fraction(1, 2), Fraction(17, 50), Fraction(3, 2), Fraction(5, 4)]),
)
letters = st.sampled_from(["", "E", "X", "BK", "NE", "S", "BR", "R2", "dw", "W"])


@st.composite
def parts(draw: st.DrawFn) -> ResultPart:
    retreats = draw(st.booleans())
    word = draw(letters)
    try:
        return ResultPart(
            side=draw(st.sampled_from([None, "A", "D"])),
            number=draw(numbers),
            retreats=retreats,
            retreat=draw(st.none() | st.integers(0, 5)) if retreats else None,
            letters=word,
            divisor=draw(st.none() | st.integers(1, 4)) if word else None,
            flags=draw(st.sampled_from(["", "*", "!", "*!"])),
        )
    except ValueError:
        return ResultPart(side="D", number=1)


@st.composite
def results(draw: st.DrawFn) -> CombatResult:
    try:
        return CombatResult(tuple(draw(st.lists(parts(), max_size=3))))
    except ValueError:
        return NO_EFFECT


@given(results())
def test_any_result_reads_back_from_its_code(result: CombatResult) -> None:
    code = str(result)
    assert parse_result(code) == result
    assert str(parse_result(code)) == code
