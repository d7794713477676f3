"""Hex coordinates, hexsides and labels."""

from __future__ import annotations

import itertools
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.hexgrid import Hex, HexLayout, Hexside, letters, letters_value

coords = st.integers(-30, 30)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(a) == 0
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def bfs_distance(a: Hex, b: Hex, limit: int = 80) -> int:
    seen = {a: 0}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        if h == b:
            return seen[h]
        if seen[h] >= limit:
            continue
        for n in h.neighbours():
            if n not in seen:
                seen[n] = seen[h] + 1
                queue.append(n)
    raise AssertionError("not found")


@given(
    st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6)),
    st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6)),
)
def test_distance_equals_breadth_first_neighbour_walk(a: Hex, b: Hex) -> None:
    assert a.distance(b) == bfs_distance(a, b)


@given(hexes, st.integers(0, 8))
def test_ring_and_range(h: Hex, radius: int) -> None:
    ring = h.ring(radius)
    assert len(ring) == max(1, 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(h.distance(x) == radius for x in ring)
    area = h.within(radius)
    assert len(area) == 3 * radius * (radius + 1) + 1
    assert set(area) == {x for r in range(radius + 1) for x in h.ring(r)}


@given(hexes, hexes)
def test_line_is_a_shortest_chain_of_adjacent_hexes(a: Hex, b: Hex) -> None:
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in itertools.pairwise(line))


def test_neighbours_and_directions_agree() -> None:
    h = Hex(2, -1)
    for d, n in enumerate(h.neighbours()):
        assert h.neighbour(d) == n
        assert h.direction_to(n) == d
    with pytest.raises(ValueError):
        h.direction_to(Hex(5, 5))


def test_hexside_is_the_same_from_either_hex() -> None:
    a, b = Hex(0, 0), Hex(1, 0)
    assert Hexside.of(a, b) == Hexside.of(b, a)
    assert set(Hexside.of(a, b).hexes()) == {a, b}
    with pytest.raises(ValueError):
        Hexside.of(a, Hex(2, 0))


def test_letters_are_bijective_base_26() -> None:
    assert [letters(n) for n in (1, 26, 27, 52, 703)] == ["A", "Z", "AA", "AZ", "AAA"]
    assert all(letters_value(letters(n)) == n for n in range(1, 2000))


layouts = st.builds(
    HexLayout,
    columns=st.integers(1, 30),
    rows=st.integers(1, 30),
    orientation=st.sampled_from(["flat", "pointy"]),
    shifted=st.sampled_from(["odd", "even"]),
    labels=st.sampled_from(["digits", "letter-column", "letter-row"]),
    first_column=st.integers(1, 3),
    first_row=st.integers(1, 3),
)


@given(layouts)
def test_labels_round_trip_on_every_layout(layout: HexLayout) -> None:
    seen = set()
    for h in layout.hexes():
        label = layout.label(h)
        assert layout.parse(label) == h
        assert layout.on_map(h)
        seen.add(label)
    assert len(seen) == layout.columns * layout.rows


@given(layouts)
def test_offset_neighbours_are_the_printed_neighbours(layout: HexLayout) -> None:
    """A neighbour is in the same line one hex along, or in the next line at most one off."""
    for h in layout.hexes():
        col, row = layout.to_offset(h)
        for n in h.neighbours():
            ncol, nrow = layout.to_offset(n)
            along, across = (nrow - row, ncol - col)
            if layout.orientation == "pointy":
                along, across = across, along
            assert abs(across) <= 1 and abs(along) <= 1
            assert across != 0 or abs(along) == 1


def test_digit_labels_on_a_flat_map_with_odd_columns_shifted_down() -> None:
    layout = HexLayout(10, 10)  # columns 01, 03, ... sit half a hex lower

    def around(label: str) -> set[str]:
        return {layout.label(n) for n in layout.parse(label).neighbours() if layout.on_map(n)}

    assert around("0202") == {"0201", "0203", "0101", "0102", "0301", "0302"}
    assert around("0303") == {"0302", "0304", "0203", "0204", "0403", "0404"}


def test_letter_row_labels_as_in_darkest_crusade() -> None:
    layout = HexLayout(12, 20, orientation="pointy", labels="letter-row")
    assert layout.label(layout.to_hex(6, 1)) == "B7"
    assert layout.parse("C8") == layout.to_hex(7, 2)


def test_letter_column_labels() -> None:
    layout = HexLayout(5, 9, labels="letter-column")
    assert layout.label(layout.to_hex(2, 6)) == "C7"


def test_bad_labels_are_rejected() -> None:
    layout = HexLayout(5, 5)
    for bad in ("", "01", "0a01", "010101"):
        with pytest.raises(ValueError):
            layout.parse(bad)
    with pytest.raises(ValueError):
        HexLayout(5, 5, labels="letter-row").parse("7B")
    with pytest.raises(ValueError):
        HexLayout(0, 5)
