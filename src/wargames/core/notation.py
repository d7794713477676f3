"""Action notation: a short text for every action that a person can read and type.

The generic notation is the action's kind, then each field in order, separated by spaces:
``pass``, ``outcome 4``, ``choose fortify:G6A``, ``move 18A+16A 0102-0202-0203``,
``attack N1+N2 Elm``. Tuples join their items with ``-`` (a field named ``path``) or ``+``
(any other), ``()`` is the empty tuple, and an item that would read otherwise (a space, a
separator, a number where a text is meant) is written in double quotes:
``move 18A West-"Velikiye Luki"``. The generic notation decodes without the game
(:func:`parse_generic`) and is exact, so it is lossless for every action of every title.

A title may write nicer text (``Title.notation``); :func:`resolve` reads a person's text
against the legal actions of the decision (as chess SAN is read against the legal moves):
the exact notation, the generic one, or a shorthand: the kind word left out, a path cut to
its last nodes (``18A 0203``) or its ends, the units of a ``+`` group in any order, any
case; a field the same in every legal action of its kind may be left out (``0203`` when
every move is 18A's). Text that matches several actions raises :class:`NotationError` listing them.

>>> from wargames.core.actions import KERNEL_ACTIONS, Move, action_types
>>> move = Move(("18A", "SS-T"), ("0102", "0202"))
>>> notation(move)
'move 18A+SS-T 0102-0202'
>>> parse_generic(notation(move), action_types(KERNEL_ACTIONS)) == move
True
"""

from __future__ import annotations

import difflib
import json
import re
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Union

import attrs

from .actions import Action, _hints
from .errors import NotationError

_BARE = re.compile(r"[^\s\"(){};+\-]+(?:-[^\s\"(){};+\-]+)*")
"""A bare word of a scalar: no space, quote, bracket or ``;`` (a game record's comments), no
``+``, and ``-`` only inside (checked again per separator)."""
_INT = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?|-?inf|nan")
_KEYWORDS = ("true", "false", "none", "()")
MAX_CANDIDATES = 12
"""At most this many candidates are listed in a NotationError."""


def separator(cls: type[Action], field: str) -> str:
    """The text joining a tuple field's items: ``-`` for a path, ``+`` otherwise."""
    return "-" if field == "path" else "+"


# --- writing --------------------------------------------------------------------------


def notation(action: Action) -> str:
    """The generic notation of ``action`` (kind, then each field)."""
    cls = type(action)
    hints = _hints(cls)
    parts = [cls.kind]
    for f in attrs.fields(typing.cast(Any, cls)):
        parts.append(_write(hints[f.name], getattr(action, f.name), separator(cls, f.name)))
    return " ".join(parts)


def _write(tp: Any, value: Any, sep: str) -> str:
    if isinstance(value, tuple):
        if not value:
            return "()"
        items = []
        for i, v in enumerate(value):
            if isinstance(v, tuple):
                items.append(f"({_write(_item_type(tp, i), v, '+')})")
            else:
                items.append(_write(_item_type(tp, i), v, sep))
        return sep.join(items)
    return _scalar(tp, value, sep)


def _scalar(tp: Any, value: Any, sep: str) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    other = _admits_non_str(tp)
    if (
        _BARE.fullmatch(text)
        and sep not in text
        and text.lower() not in _KEYWORDS
        and not (other and (_INT.fullmatch(text) or _FLOAT.fullmatch(text)))
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


def _admits_non_str(tp: Any) -> bool:
    if typing.get_origin(tp) in (Union, types.UnionType):
        return any(a is not str for a in typing.get_args(tp))
    return tp is not str


def _item_type(tp: Any, i: int) -> Any:
    if typing.get_origin(tp) in (Union, types.UnionType):
        for arg in typing.get_args(tp):
            if typing.get_origin(arg) is tuple:
                return _item_type(arg, i)
        return Any
    if typing.get_origin(tp) is not tuple:
        return Any
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args[i] if i < len(args) else Any


# --- reading the generic notation -----------------------------------------------------


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def word(self, sep: str) -> tuple[str, bool]:
        """A quoted string or a bare word ending at a space, a parenthesis or ``sep``."""
        if self.peek() == '"':
            try:
                value, end = scanstring(self.text, self.pos + 1)
            except json.JSONDecodeError:
                raise ValueError("an unterminated quoted text") from None
            self.pos = end
            return value, True
        start = self.pos
        while self.pos < len(self.text):
            c = self.text[self.pos]
            if c.isspace() or c in '()"' or (sep and c == sep):
                break
            self.pos += 1
        if start == self.pos:
            raise ValueError(f"a value expected at {self.text[start:] or 'the end'!r}")
        return self.text[start : self.pos], False


def parse_generic(text: str, table: Mapping[str, type[Action]]) -> Action:
    """The action written ``text`` in the generic notation; NotationError if it is not one
    (unknown kind, a missing, extra or mistyped field)."""
    r = _Reader(text.strip())
    try:
        kind, _ = r.word("")
    except ValueError:
        raise NotationError(text, "is empty") from None
    cls = table.get(kind) or {k.lower(): c for k, c in table.items()}.get(kind.lower())
    if cls is None:
        raise NotationError(text, f"starts with no action kind ({', '.join(sorted(table))})")
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    try:
        for f in attrs.fields(typing.cast(Any, cls)):
            r.skip()
            if not r.peek():
                raise ValueError(f"{f.name} is missing")
            kwargs[f.name] = _read(r, hints[f.name], separator(cls, f.name))
            if r.peek() and not r.peek().isspace():
                raise ValueError(f"{f.name} is followed by {r.text[r.pos :]!r}")
        r.skip()
        if r.peek():
            raise ValueError(f"{r.text[r.pos :]!r} is more than {cls.kind} takes")
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise NotationError(text, f"is not a {cls.kind}: {exc}") from None


def _read(r: _Reader, tp: Any, sep: str) -> Any:
    origin = typing.get_origin(tp)
    tuple_tp = tp if origin is tuple else None
    if origin in (Union, types.UnionType):
        tuple_tp = next((a for a in typing.get_args(tp) if typing.get_origin(a) is tuple), None)
    if tuple_tp is not None:
        if r.text.startswith("()", r.pos):
            r.pos += 2
            return ()
        items = [_read_item(r, _item_type(tuple_tp, 0), sep)]
        while r.peek() == sep:
            r.pos += 1
            items.append(_read_item(r, _item_type(tuple_tp, len(items)), sep))
        return tuple(items)
    word, quoted = r.word(sep)
    return _convert(tp, word, quoted)


def _read_item(r: _Reader, tp: Any, sep: str) -> Any:
    if r.peek() == "(":
        r.pos += 1
        value = _read(r, tp, "+")
        if r.peek() != ")":
            raise ValueError("a ')' expected")
        r.pos += 1
        return value
    return _read(r, tp, sep)


def _convert(tp: Any, word: str, quoted: bool) -> Any:
    if typing.get_origin(tp) in (Union, types.UnionType):
        args = typing.get_args(tp)
        order = [a for a in args if a is not str] + [a for a in args if a is str]
        for arg in order:
            try:
                return _convert(arg, word, quoted)
            except ValueError:
                continue
        raise ValueError(f"{word!r} is not a {tp}")
    if tp is str or tp is Any:
        return word
    if quoted:
        raise ValueError(f"{word!r} is quoted text, not a {getattr(tp, '__name__', tp)}")
    if tp is type(None) and word.lower() == "none":
        return None
    if tp is bool and word.lower() in ("true", "false"):
        return word.lower() == "true"
    if tp is int and _INT.fullmatch(word):
        return int(word)
    if tp is float and _FLOAT.fullmatch(word):
        return float(word)
    raise ValueError(f"{word!r} is not a {getattr(tp, '__name__', tp)}")


# --- reading a person's text against the legal actions --------------------------------


_WORD = re.compile(r'(?:"(?:[^"\\]|\\.)*"?|[^\s"])+')
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"?')


def _unquote(match: re.Match[str]) -> str:
    text = match.group(0)
    try:
        value: str = json.loads(text if len(text) > 1 and text.endswith('"') else text + '"')
    except json.JSONDecodeError:
        value = text.strip('"')
    return value.replace("+", "\0")


def _tokens(text: str) -> list[str]:
    """Words of ``text`` for matching: quotes dropped, lower case, ``+`` groups sorted."""
    words = text.split() if '"' not in text else _WORD.findall(text)
    out = []
    for word in words:
        if '"' in word:
            word = _QUOTED.sub(_unquote, word)
        word = word.lower()
        out.append("+".join(sorted(word.split("+"))) if "+" in word else word)
    return out


def _key(tokens: Sequence[str]) -> str:
    return " ".join(tokens)


def shorthands(action: Action, implied: Collection[str] = ()) -> list[str]:
    """The generic notation's shorthands: the kind word left out, each path cut to its
    last nodes (its destination at least) or to its two ends, and each field named in
    ``implied`` left out or not."""
    cls = type(action)
    hints = _hints(cls)
    variants: list[list[str]] = [[]]
    for f in attrs.fields(typing.cast(Any, cls)):
        value = getattr(action, f.name)
        sep = separator(cls, f.name)
        full = _write(hints[f.name], value, sep)
        options = [full]
        if f.name in implied:
            options.append("")
        if sep == "-" and isinstance(value, tuple) and len(value) > 1:
            tp = _item_type(hints[f.name], 0)
            items = [_scalar(tp, v, sep) for v in value]
            options += [sep.join(items[i:]) for i in range(1, len(items))]
            options.append(f"{items[0]}{sep}{items[-1]}")
        variants = [[*v, o] for v in variants for o in options]
    out = []
    for v in variants:
        words = [w for w in v if w]
        out.append(" ".join([cls.kind, *words]))
        if words:
            out.append(" ".join(words))
    return out


def implied_fields(actions: Sequence[Action]) -> dict[type[Action], frozenset[str]]:
    """Per action class, the fields written the same in every listed action of that class
    (the unit of a decision about one chosen unit): a shorthand may leave them out."""
    seen: dict[type[Action], dict[str, Any]] = {}
    for a in actions:
        cls = type(a)
        values = {f.name: getattr(a, f.name) for f in attrs.fields(typing.cast(Any, cls))}
        known = seen.get(cls)
        if known is None:
            seen[cls] = values
        else:
            for name in [n for n, v in known.items() if values[n] != v]:
                del known[name]
    return {cls: frozenset(v) for cls, v in seen.items()}


def resolve(
    text: str,
    legal: Iterable[Action],
    notation_of: Callable[[Action], str],
    generic: Callable[[str], Action] | None = None,
    check: Callable[[Action], Exception | None] | None = None,
) -> Action:
    """The one legal action ``text`` names. In order: an exact notation (any case), the
    generic notation of a legal action (``generic`` decodes it; ``check`` says why an
    unlisted one is illegal), then the shorthands. NotationError (or the check's
    IllegalAction) otherwise, listing the candidates when several match."""
    actions = list(legal)
    written = {id(a): notation_of(a) for a in actions}
    same = [a for a in actions if written[id(a)] == text.strip()]
    if len(same) == 1:
        return same[0]
    key = _key(_tokens(text))
    if not key:
        raise NotationError(text, "is empty")
    exact = [a for a in actions if _key(_tokens(written[id(a)])) == key]
    if len(exact) == 1:
        return exact[0]
    decoded: Action | None = None
    error: Exception | None = None
    refusal: NotationError | None = None
    if generic is not None:
        try:
            decoded = generic(text)
        except NotationError as exc:
            refusal = exc
    if decoded is not None:
        if decoded in actions:
            return decoded
        error = check(decoded) if check is not None else None
        if error is None:
            return decoded
    found: dict[int, Action] = {id(a): a for a in exact}
    if not found:
        for a in actions:
            keys = {_key(_tokens(written[id(a)])), _key(_tokens(written[id(a)])[1:])}
            keys.update(_key(_tokens(s)) for s in shorthands(a))
            if key in keys:
                found[id(a)] = a
    if not found:
        implied = implied_fields(actions)
        for a in actions:
            if implied[type(a)] and key in {
                _key(_tokens(s)) for s in shorthands(a, implied[type(a)])
            }:
                found[id(a)] = a
    if len(found) == 1:
        return next(iter(found.values()))
    if found:
        names = tuple(sorted(written[i] for i in found))
        raise NotationError(text, "is ambiguous", names[:MAX_CANDIDATES])
    starts = sorted(
        w
        for w in written.values()
        if any(_key(t).startswith(key) for t in (_tokens(w), _tokens(w)[1:]))
    )
    if starts:
        shown = tuple(starts[:MAX_CANDIDATES])
        more = (
            f" ({len(starts)} actions; the first {len(shown)})" if len(starts) > len(shown) else ""
        )
        raise NotationError(text, f"is incomplete{more}", shown)
    if error is not None:
        raise error
    near = difflib.get_close_matches(text, list(written.values()), n=5, cutoff=0.5)
    if near:
        raise NotationError(text, "names no legal action; close ones", tuple(near))
    why = "names no legal action"
    if refusal is not None and not actions:
        why = refusal.why
    raise NotationError(text, why)
