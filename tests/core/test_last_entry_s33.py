"""``core.last_entry.LastEntry``: one entry, found by the identity of its objects and the
equality of its values; ``keep=False`` leaves the entry as it was."""

from __future__ import annotations

from wargames.core.last_entry import LastEntry


def test_the_entry_is_found_by_identity_and_values() -> None:
    last: LastEntry[list[int]] = LastEntry()
    built: list[int] = []

    def build(n: int) -> list[int]:
        built.append(n)
        return [n]

    key = tuple([1, 2])  # built at run time: not a shared constant
    first = last.get((key,), lambda: build(1), values=5)
    assert last.get((key,), lambda: build(2), values=5) is first  # the same object: kept
    assert last.get((tuple([1, 2]),), lambda: build(3), values=5) == [3]  # equal, not the same
    assert last.get((tuple([1, 2]),), lambda: build(4), values=5) == [4]  # another one again
    other = (3,)
    assert last.get((other,), lambda: build(5), values=5) == [5]
    assert last.get((other,), lambda: build(6), values=6) == [6]  # another value: built anew
    assert built == [1, 3, 4, 5, 6]


def test_a_value_built_but_not_kept_leaves_the_entry() -> None:
    last: LastEntry[str] = LastEntry()
    frozen = tuple(["a"])
    assert last.get((frozen,), lambda: "kept") == "kept"
    mutable: list[str] = []
    assert last.get((mutable,), lambda: "passing", keep=False) == "passing"
    assert last.get((mutable,), lambda: "again", keep=False) == "again"  # never kept
    assert last.get((frozen,), lambda: "lost") == "kept"  # the kept entry is still there
