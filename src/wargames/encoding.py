"""A fixed integer encoding of a title's actions in one scenario, with legal masks.

Every action of the title maps to an integer below :attr:`ActionEncoding.num_distinct_actions`
(per title and scenario). The encoding is factored: an index is, in mixed radix within the
block of its action kind,

    (kind, unit, node, token, variant)

- **kind**: the action class (the title's ``actions``, in order); each kind has its own block,
  holding only the factors its fields use.
- **unit**: the field ``unit``, or in a kind with a ``path`` the first unit of the field
  ``units`` (0: none), over the scenario's unit ids in sorted order. In a kind without a path
  (``Attack``, ``AllocateLosses``) the ``units`` are a set told apart by variants.
- **node**: the destination: the last node of the field ``path``, or the field ``target`` or
  ``at`` (0: none), over the board's nodes in sorted order.
- **token**: the first other ``str`` or ``int`` field (``Choose.option``, ``Outcome.value``):
  a *word* and a *reference*. A text is split at its colons; its first part that is a unit
  id, a node id or an integer 0-63 is the reference, and the text with that part written
  ``*`` is the word (``"fortify:R12"``: word ``"fortify:*"``, reference ``R12``; ``"mud"``:
  word ``"mud"``, no reference; ``"R12"``: no word). A word declared in
  :meth:`Title.action_words` has a number of its own; another shares one of 16 numbers by
  the CRC-32 of its text (named ``#0`` .. ``#15``). An ``int`` is a reference.
- **variant**: what the factors above leave out (the path's other nodes, the other units of
  ``units``, words sharing a number, other fields) is recovered from the legal list: the variant of
  a legal action is the number of legal actions with the same factors that sort before it by
  their JSON text. A kind allows ``Title.action_variants[kind]`` variants (default: 8 for the
  kernel's ``Retreat`` and ``Advance``, 64 for kinds with a set of ``units``, 1 for other
  kinds with both a unit and a node, else 4).

The **factored form** splits an index into a *head* (kind and unit, as
:mod:`wargames.core.heads` defines it: below ``num_heads``) and
a *tail* (destination, token, variant: below ``tail_size``), so that an agent picks a unit,
then its destination, from two small masks (``LegalIndex.head_mask``, ``tail_mask``);
``split`` and ``join`` convert.

So ``action_to_index`` and ``index_to_action`` need the game (its legal list; at a chance
decision, the chance outcomes, encoded the same way); a legal action's index is unique and
decodes back to it, which the property test in ``tests/agents/test_encoding.py`` checks for
every registered title. A title whose actions differ in ways the factors cannot see, more
often than its variants allow, gets a :class:`EncodingError` naming the kind: it declares its
words (``action_words``) or a larger ``action_variants`` for that kind.
"""

from __future__ import annotations

import typing
import zlib
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any, NamedTuple

import attrs
import numpy as np

from .core.actions import KERNEL_ACTIONS, Action
from .core.errors import IllegalAction
from .core.game import Game
from .core.heads import unit_field
from .core.scenario import Scenario
from .core.title import Title
from .scenario_cache import ScenarioCache

UNIT_FIELDS = ("unit", "units")
NODE_FIELDS = ("path", "target", "at")
MAX_INT = 64
"""Integer references 0 .. MAX_INT - 1 are encoded exactly; others go to the variant."""
DEFAULT_VARIANTS_BIG = 1
DEFAULT_VARIANTS_SETS = 64
DEFAULT_VARIANTS = 4
WORD_BUCKETS = 16
"""Undeclared words share this many word numbers by a fixed hash (CRC-32) of their text."""
KERNEL_VARIANTS = {"retreat": 8, "advance": 8}
"""The kernel's retreats and advances: few at once, but several paths may end in one node."""

__all__ = ["ActionEncoding", "EncodingError", "Factors", "LegalIndex", "action_encoding"]


class EncodingError(ValueError):
    """Two legal actions share an index: the title must declare words or more variants."""


class Factors(NamedTuple):
    """An index taken apart: names of its kind, unit, node, word and reference ("" for none),
    and its variant number."""

    kind: str
    unit: str
    node: str
    word: str
    ref: str
    variant: int


@attrs.frozen(slots=True)
class _Block:
    kind: str
    offset: int
    unit_field: str | None
    node_field: str | None
    token_field: str | None
    variants: int
    n_units: int
    n_nodes: int
    n_tokens: int

    head: int = 0

    @property
    def tail(self) -> int:
        """The tail size: indices per head (node, token and variant)."""
        return self.n_nodes * self.n_tokens * self.variants

    @property
    def size(self) -> int:
        return self.n_units * self.tail


def _fields(cls: type[Action]) -> tuple[str | None, str | None, str | None, bool]:
    """The fields giving the unit, node and token factors, and whether the class has a
    ``units`` tuple that the unit factor leaves out (a set of units, told apart by variants)."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in attrs.fields(typing.cast(Any, cls))]
    unit = unit_field(cls)  # the head's unit (wargames.core.heads)
    node = token = None
    for name in names:
        if name == "unit" or (name == "units" and "path" in names):
            continue
        if name in NODE_FIELDS and node is None:
            node = name
        elif name != "units" and token is None and _scalar(hints.get(name)):
            token = name
    return unit, node, token, "units" in names and unit != "units"


def _scalar(tp: Any) -> bool:
    args = typing.get_args(tp) or (tp,)
    return any(a in (str, int) for a in args)


class LegalIndex:
    """The legal actions of one decision by index: ``actions[i]``, ``mask``, ``indices``,
    and the factored masks ``head_mask()`` and ``tail_mask(head)``."""

    def __init__(self, encoding: ActionEncoding, actions: Mapping[int, Action]) -> None:
        self.encoding = encoding
        self.actions: dict[int, Action] = dict(actions)
        self.size = encoding.num_distinct_actions

    @cached_property
    def indices(self) -> list[int]:
        """The legal indices, ascending."""
        return sorted(self.actions)

    @property
    def mask(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """A bool array of length ``num_distinct_actions``: True at the legal indices."""
        m = np.zeros(self.size, dtype=np.bool_)
        m[self.indices] = True
        return m

    def head_mask(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Factored form, first choice: True at every head (kind and unit) with a legal
        action; length ``num_heads``."""
        m = np.zeros(self.encoding.num_heads, dtype=np.bool_)
        m[[self.encoding.split(i)[0] for i in self.actions]] = True
        return m

    def tail_mask(self, head: int) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Factored form, second choice: True at every tail (destination, token, variant)
        legal after ``head``; length ``tail_size``."""
        m = np.zeros(self.encoding.tail_size, dtype=np.bool_)
        tails = [t for h, t in map(self.encoding.split, self.actions) if h == head]
        m[tails] = True
        return m

    def index_of(self, action: Action) -> int:
        for i, a in self.actions.items():
            if a == action:
                return i
        raise IllegalAction("encoding", f"{action.to_json()} is not legal now")

    def __len__(self) -> int:
        return len(self.actions)


class ActionEncoding:
    """The fixed action encoding of ``title`` in ``scenario`` (see the module docstring)."""

    def __init__(self, title: Title, scenario: Scenario) -> None:
        self.title = title
        self.scenario = scenario
        self.units: tuple[str, ...] = tuple(sorted(scenario.units))
        self.nodes: tuple[str, ...] = tuple(sorted(scenario.board))
        self.words: tuple[str, ...] = tuple(title.action_words(scenario))
        self._unit = {u: i + 1 for i, u in enumerate(self.units)}
        self._node = {n: i + 1 for i, n in enumerate(self.nodes)}
        self._word = {w: i + 1 for i, w in enumerate(self.words)}
        n_refs = 1 + len(self.units) + len(self.nodes) + MAX_INT
        self._n_refs = n_refs
        blocks: dict[str, _Block] = {}
        offset = head = 0
        for cls in title.actions:
            unit, node, token, unit_sets = _fields(cls)
            if cls.kind in KERNEL_VARIANTS and cls in KERNEL_ACTIONS:
                default = KERNEL_VARIANTS[cls.kind]
            elif unit_sets:
                default = DEFAULT_VARIANTS_SETS
            elif unit is not None and node is not None:
                default = DEFAULT_VARIANTS_BIG
            else:
                default = DEFAULT_VARIANTS
            block = _Block(
                kind=cls.kind,
                offset=offset,
                unit_field=unit,
                node_field=node,
                token_field=token,
                variants=int(title.action_variants.get(cls.kind, default)),
                n_units=1 + len(self.units) if unit else 1,
                n_nodes=1 + len(self.nodes) if node else 1,
                n_tokens=(1 + len(self.words) + WORD_BUCKETS) * n_refs if token else 1,
                head=head,
            )
            blocks[cls.kind] = block
            offset += block.size
            head += block.n_units
        self._blocks = blocks
        self._order = list(blocks.values())
        self.num_distinct_actions: int = offset
        self.num_heads: int = head
        """Factored form: the number of heads (an action kind and its unit, or none)."""
        self.tail_size: int = max(b.tail for b in self._order)
        """Factored form: the largest number of tails (destination, token, variant) a head
        has; a head's legal tails are below its own kind's tail count."""

    # --- factors ---------------------------------------------------------------------------
    def _ref(self, text: str | int) -> int:
        if isinstance(text, int):
            return 1 + len(self.units) + len(self.nodes) + text if 0 <= text < MAX_INT else 0
        if text in self._unit:
            return self._unit[text]
        if text in self._node:
            return len(self.units) + self._node[text]
        if text.isdigit() and int(text) < MAX_INT:
            return 1 + len(self.units) + len(self.nodes) + int(text)
        return 0

    def _token(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, str | int):
            return 0
        if isinstance(value, int):
            return self._ref(value)
        parts = value.split(":")
        for i, part in enumerate(parts):
            ref = self._ref(part)
            if ref:
                word = ":".join([*parts[:i], "*", *parts[i + 1 :]]) if len(parts) > 1 else ""
                return self._word_index(word) * self._n_refs + ref
        return self._word_index(value) * self._n_refs

    def _word_index(self, word: str) -> int:
        if not word:
            return 0
        got = self._word.get(word)
        if got is not None:
            return got
        return 1 + len(self.words) + zlib.crc32(word.encode()) % WORD_BUCKETS

    def key(self, action: Action) -> int:
        """The index of ``action`` with variant 0 (its factors alone)."""
        block = self._blocks.get(action.kind)
        if block is None:
            raise IllegalAction("encoding", f"{action.kind!r} is not an action of the title")
        u = n = t = 0
        if block.unit_field is not None:
            value = getattr(action, block.unit_field)
            if isinstance(value, tuple):
                value = value[0] if value else None
            u = self._unit.get(value, 0) if isinstance(value, str) else 0
        if block.node_field is not None:
            value = getattr(action, block.node_field)
            if isinstance(value, tuple):
                value = value[-1] if value else None
            n = self._node.get(value, 0) if isinstance(value, str) else 0
        if block.token_field is not None:
            t = self._token(getattr(action, block.token_field))
        return block.offset + ((u * block.n_nodes + n) * block.n_tokens + t) * block.variants

    def _block_of(self, index: int) -> _Block:
        if not 0 <= index < self.num_distinct_actions:
            raise ValueError(f"index {index} is not below {self.num_distinct_actions}")
        return next(b for b in reversed(self._order) if b.offset <= index)

    def split(self, index: int) -> tuple[int, int]:
        """Factored form: ``index`` as (head, tail), head = kind and unit, tail = the rest."""
        block = self._block_of(index)
        u, tail = divmod(index - block.offset, block.tail)
        return block.head + u, tail

    def join(self, head: int, tail: int) -> int:
        """The index of (``head``, ``tail``); ValueError if the pair is out of range."""
        if not 0 <= head < self.num_heads:
            raise ValueError(f"head {head} is not below {self.num_heads}")
        block = next(b for b in reversed(self._order) if b.head <= head)
        if not 0 <= tail < block.tail:
            raise ValueError(f"tail {tail} is not below {block.tail} for kind {block.kind!r}")
        return block.offset + (head - block.head) * block.tail + tail

    def factors(self, index: int) -> Factors:
        """The factors of ``index`` by name."""
        block = self._block_of(index)
        rest, variant = divmod(index - block.offset, block.variants)
        rest, t = divmod(rest, block.n_tokens)
        u, n = divmod(rest, block.n_nodes)
        w, r = divmod(t, self._n_refs)
        refs = self.units + self.nodes
        ref = "" if r == 0 else refs[r - 1] if r <= len(refs) else str(r - 1 - len(refs))
        return Factors(
            block.kind,
            self.units[u - 1] if u else "",
            self.nodes[n - 1] if n else "",
            ""
            if w == 0
            else self.words[w - 1]
            if w <= len(self.words)
            else f"#{w - 1 - len(self.words)}",
            ref,
            variant,
        )

    # --- against a game ----------------------------------------------------------------------
    def legal(self, game: Game) -> LegalIndex:
        """The legal actions of the pending decision by index (chance outcomes at a chance
        decision); EncodingError if two of them share an index."""
        d = game.decision
        actions: Iterable[Action]
        if d is None:
            actions = ()
        elif d.is_chance:
            actions = [a for a, _ in game.chance_outcomes()]
        else:
            actions = game.legal_actions()
        groups: dict[int, list[Action]] = {}
        for a in actions:
            groups.setdefault(self.key(a), []).append(a)
        out: dict[int, Action] = {}
        for k, group in groups.items():
            block = self._blocks[group[0].kind]
            if len(group) > block.variants:
                raise EncodingError(
                    f"{self.title.name}: {len(group)} legal {block.kind!r} actions share the "
                    f"factors {self.factors(k)[:5]} (allowed: {block.variants}); declare "
                    "Title.action_words or a larger Title.action_variants for this kind"
                )
            if len(group) > 1:
                group.sort(key=lambda a: a.to_json())
            for v, a in enumerate(group):
                out[k + v] = a
        return LegalIndex(self, out)

    def legal_mask(self, game: Game) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """True at the index of every legal action of the pending decision."""
        return self.legal(game).mask

    def action_to_index(self, game: Game, action: Action) -> int:
        """The index of ``action``, legal now in ``game`` (IllegalAction otherwise)."""
        legal = self.legal(game)
        k = self.key(action)
        block = self._blocks[action.kind]
        for v in range(block.variants):
            if legal.actions.get(k + v) == action:
                return k + v
        raise IllegalAction("encoding", f"{action.to_json()} is not legal now")

    def index_to_action(self, game: Game, index: int) -> Action:
        """The legal action of ``game`` at ``index`` (IllegalAction if none is)."""
        action = self.legal(game).actions.get(index)
        if action is None:
            raise IllegalAction("encoding", f"no legal action has index {index} now")
        return action

    def action_to_string(self, game: Game, action: Action | int) -> str:
        """A readable line: the title's description and the index's factors."""
        if isinstance(action, int):
            index, action = action, self.index_to_action(game, action)
        else:
            index = self.action_to_index(game, action)
        f = self.factors(index)
        parts = [p for p in (f.unit, f.node and f"-> {f.node}", f.word, f.ref) if p]
        text = self.title.describe(game.rules_context(), action)
        return f"{index}: {f.kind} {' '.join(parts)} ({text})".replace("  ", " ")


_CACHE: ScenarioCache[ActionEncoding] = ScenarioCache(ActionEncoding)


def action_encoding(game: Game) -> ActionEncoding:
    """The encoding of ``game``'s title and scenario (built once per title and scenario)."""
    return _CACHE.get(game.title, game.scenario)
