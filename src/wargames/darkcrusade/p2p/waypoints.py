"""Simple lines through given points: does a line of distinct points join two points and pass
every point of a set (and, with the other points taken out of the graph, no other)? Exact, for
the strategic legal list (DC2 A, A.2: the traced line decides which partisans and entrained
factories die, so each set passed is an outcome of its own).

The search splits the graph into its blocks (biconnected components). A simple line from a
to b stays inside the blocks on the way from a to b in the block tree, entering and leaving
each at its cut points, so it passes a point only if that point lies in one of them, and the
legs in different blocks are independent. Inside one block a line through at most one given
point always exists (two disjoint ways from that point to the block's two ends, Menger); with
more, the search tries each first step and asks the same question of the block without its
entry point, which the block split prunes at once where the step cuts a given point off, and a
forced-edge test (:func:`_forced`) where a given point joined to just two points of the block
would need a point to have three neighbours on the line, an end two, or the line to close.

The stepping is exponential at worst, so a :class:`Threader` takes at most ``budget`` steps
(:data:`STEP_BUDGET`); once they are spent, the lines it has not found are reported as not
found (best effort; :attr:`Threader.exhausted` says so). Exact whenever the budget lasts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping
from itertools import permutations

Graph = Mapping[str, tuple[str, ...]]
"""Point -> the points joined to it by a usable line, in name order (the lines found depend
on the order, so it is fixed)."""

Block = frozenset[str]


def blocks(graph: Graph, allowed: Collection[str], root: str) -> list[Block]:
    """The blocks of the part of ``graph`` inside ``allowed`` that is joined to ``root``
    (Tarjan's biconnected components; a line between two points is a block of its own)."""
    disc = {root: 0}
    low = {root: 0}
    parent: dict[str, str | None] = {root: None}
    stack = [root]
    out: list[Block] = []
    todo = [(root, iter(graph[root]))]
    while todo:
        v, nexts = todo[-1]
        for w in nexts:
            if w not in allowed:
                continue
            if w not in disc:
                disc[w] = low[w] = len(disc)
                parent[w] = v
                stack.append(w)
                todo.append((w, iter(graph[w])))
                break
            if w != parent[v]:
                low[v] = min(low[v], disc[w])
        else:
            todo.pop()
            if todo:
                u = todo[-1][0]
                low[u] = min(low[u], low[v])
                if low[v] >= disc[u]:
                    block = {u}
                    while (x := stack.pop()) != v:
                        block.add(x)
                    block.add(v)
                    out.append(frozenset(block))
    return out


class _Tree:
    """The block tree of the part joined to ``root``: the way from ``root`` to a point as
    (block, entry, exit) legs."""

    def __init__(self, graph: Graph, allowed: Collection[str], root: str) -> None:
        self.root = root
        self.blocks = blocks(graph, allowed, root)
        member: dict[str, list[int]] = {}
        for i, block in enumerate(self.blocks):
            for p in block:
                member.setdefault(p, []).append(i)
        # breadth-first over points and blocks: the parent of a point is the block it was
        # reached by, the parent of a block the cut point it was entered at
        self.via: dict[str, int] = {}
        self.entry: dict[int, str] = {}
        seen = {root}
        todo = deque([root])
        while todo:
            p = todo.popleft()
            for i in member.get(p, ()):
                if i in self.entry:
                    continue
                self.entry[i] = p
                for q in self.blocks[i]:
                    if q not in seen:
                        seen.add(q)
                        self.via[q] = i
                        todo.append(q)

    def legs(self, end: str) -> list[tuple[Block, str, str]] | None:
        """The blocks every simple line from the root to ``end`` runs through, in order, each
        with the points the line enters and leaves it by; None if ``end`` is not reached."""
        if end not in self.via:
            return None
        out = []
        p = end
        while p != self.root:
            i = self.via[p]
            out.append((self.blocks[i], self.entry[i], p))
            p = self.entry[i]
        out.reverse()
        return out


def on_some_line(
    graph: Graph, allowed: Collection[str], a: str, ends: Iterable[str]
) -> dict[str, Block]:
    """For each of ``ends`` reached from ``a`` inside ``allowed``: the points that lie on some
    simple line from ``a`` to it (the union of the blocks on the way)."""
    tree = _Tree(graph, allowed, a)
    out = {}
    for end in ends:
        legs = tree.legs(end)
        if legs is not None:
            out[end] = frozenset().union(*(block for block, _, _ in legs))
    return out


STEP_BUDGET = 2000
"""The most first steps one :class:`Threader` tries (:meth:`Threader._leg`) before it gives up
the exact search: a bound on the cost of one legal list."""


class Threader:
    """Simple lines in ``graph`` through required points, with the legs inside one block
    remembered between questions. Exact unless more than ``budget`` steps are needed in all
    (:attr:`exhausted`), after which a line the quick joins miss is not found."""

    def __init__(self, graph: Graph, budget: int = STEP_BUDGET) -> None:
        self.graph = graph
        self.budget = budget
        self.exhausted = False
        # (block, end, need) with no line from ``end`` through ``need`` inside ``block`` to
        # any point (:meth:`_may_pass`): asked again for each other end of the legal list
        self._dead: set[tuple[Block, str, frozenset[str]]] = set()
        self._legs: dict[tuple[Block, str, str, frozenset[str]], tuple[str, ...] | None] = {}
        # (a, b, required) -> the point sets a line was sought in and not found: none is
        # found in any part of one of them either
        self._failed: dict[tuple[str, str, frozenset[str]], list[frozenset[str]]] = {}

    def lines(
        self, allowed: Collection[str], a: str, ends: Iterable[str], required: frozenset[str]
    ) -> dict[str, tuple[str, ...]]:
        """For each of ``ends`` that a simple line from ``a`` inside ``allowed`` passing every
        point of ``required`` reaches: one such line. Exact: first, for each order of
        ``required``, a line joined from shortest legs through it and then the shortest ways on
        from its last point to every end they reach (one search serves many ends); the ends
        left, one by one through the block tree (:meth:`_compose`)."""
        todo = set(ends)
        out: dict[str, tuple[str, ...]] = {}
        for order in permutations(sorted(required)):
            line = self._through(frozenset(allowed), (a, *order))
            if line is None:
                continue
            if line[-1] in todo and line[-1] != a:
                out[line[-1]] = line
            on = _ways(self.graph, (frozenset(allowed) - frozenset(line)) | {line[-1]}, line[-1])
            for end in sorted(todo & on.keys() - {line[-1]}):
                out[end] = line[:-1] + on[end]
            todo -= out.keys()
        if todo:
            tree = _Tree(self.graph, allowed, a)
            for end in sorted(todo):
                found = self._compose(tree, end, required)
                if found is not None:
                    out[end] = found
        return out

    def _through(self, allowed: frozenset[str], stops: tuple[str, ...]) -> tuple[str, ...] | None:
        """A simple line through ``stops`` in that order, joined from shortest legs that avoid
        the points used before and the stops after (None when that fails)."""
        line, used = [stops[0]], {stops[0]}
        for i, target in enumerate(stops[1:], 1):
            free = allowed - used - set(stops[i + 1 :])
            leg = _shortest(self.graph, free | {line[-1]}, line[-1], target)
            if leg is None:
                return None
            line.extend(leg[1:])
            used.update(leg)
        return tuple(line)

    def line(
        self, allowed: frozenset[str], a: str, b: str, required: frozenset[str]
    ) -> tuple[str, ...] | None:
        if a == b:
            return (a,) if required <= {a} else None
        failed = self._failed.setdefault((a, b, required), [])
        if any(allowed <= f for f in failed):
            return None
        found = self._compose(_Tree(self.graph, allowed, a), b, required)
        if found is None:
            failed.append(frozenset(allowed))
        return found

    def _compose(self, tree: _Tree, end: str, required: frozenset[str]) -> tuple[str, ...] | None:
        if end == tree.root:
            return None
        legs = tree.legs(end)
        if legs is None or required - frozenset().union(*(block for block, _, _ in legs)):
            return None
        line = [tree.root]
        for block, x, y in legs:
            leg = self._leg(block, x, y, (required & block) - {x, y})
            if leg is None:
                return None
            line.extend(leg[1:])
        return tuple(line)

    def _steps(self, block: Block, e: str, other: str, need: frozenset[str]) -> list[str]:
        """The points a line from ``e`` through ``need`` to ``other`` inside a block may go to
        first: a point of ``need`` joined to just ``e`` and one other point must be next to
        ``e`` on the line (its two neighbours on it), so it is the only step; two such points
        leave none."""
        steps = [q for q in self.graph[e] if q in block and q != other]
        tied = [q for q in steps if q in need and sum(r in block for r in self.graph[q]) == 2]
        if tied:
            return tied if len(tied) == 1 else []
        return steps

    def _quick(self, block: Block, x: str, y: str, need: frozenset[str]) -> tuple[str, ...] | None:
        """A line through ``need`` in each order, joined from shortest legs that avoid the
        points used before (fast, but may miss a line that exists)."""
        for order in permutations(sorted(need)):
            line, used = [x], {x}
            for i, target in enumerate((*order, y)):
                barred = used | set(order[i + 1 :]) | ({y} if target != y else set())
                leg = _shortest(self.graph, block - barred | {line[-1]}, line[-1], target)
                if leg is None:
                    break
                line.extend(leg[1:])
                used.update(leg)
            else:
                return tuple(line)
        return None

    def _leg(self, block: Block, x: str, y: str, need: frozenset[str]) -> tuple[str, ...] | None:
        """A simple line from ``x`` to ``y`` inside one block through every point of ``need``:
        the shortest when ``need`` is empty, else joined from shortest legs in some order of
        ``need`` (:meth:`_quick`) and, failing that, by trying each first step (exact)."""
        key = (block, x, y, need)
        if key in self._legs:
            return self._legs[key]
        if (block, x, need) in self._dead or (block, y, need) in self._dead:
            return None
        found = _shortest(self.graph, block, x, y) if not need else self._quick(block, x, y, need)
        if found is None and need and self._may_pass(block, x, y, need):
            # step from the end with fewer ways on: a dead end is found sooner there
            ways = [(x, y, self._steps(block, x, y, need)), (y, x, self._steps(block, y, x, need))]
            e, other, steps = min(ways, key=lambda way: len(way[2]))
            rest = block - {e}
            for q in sorted(steps, key=lambda q: q not in need):
                if self.budget <= 0:
                    self.exhausted = True
                    break
                self.budget -= 1
                tail = self.line(rest, q, other, need - {q})
                if tail is not None:
                    found = (e, *tail) if e == x else (*tail[::-1], e)
                    break
        self._legs[key] = found
        return found

    def _may_pass(self, block: Block, x: str, y: str, need: frozenset[str]) -> bool:
        """False when the edges forced by ``need`` rule out a line from ``x`` to ``y`` inside
        ``block`` through every point of ``need`` (:func:`_forced`); where they rule out
        every line from ``x`` (or ``y``) whatever its other end, that is remembered."""
        if _forced(self.graph, block, x, y, need):
            return True
        for end in (x, y):
            if not _forced(self.graph, block, end, None, need):
                self._dead.add((block, end, need))
        return False


def _forced(graph: Graph, block: Block, x: str, y: str | None, need: frozenset[str]) -> bool:
    """Whether the edges every line from ``x`` to ``y`` inside ``block`` through ``need`` must
    use leave such a line possible. A point of ``need``, or on a forced edge, other than the
    ends is inside the line, so it uses two edges; where it has just two edges left, both are
    forced. A point with two forced edges (an end: one) takes no other, so its other edges are
    dropped, which may force more. False when a point of ``need`` is left with fewer than two
    edges, a point gets three forced edges (an end two), the forced edges close a cycle, they
    join ``x`` to ``y`` leaving a point of ``need`` out (such a chain is the whole line), or,
    with each chain's inner points taken out and its ends joined, a point of ``need`` or a
    chain's end is cut off from ``x`` (the line, so shortened, is still joined). With ``y``
    None (any other end), only the points of ``need`` are known to be inside the line."""
    forced: dict[str, set[str]] = {}

    def full(p: str) -> bool:
        return len(forced.get(p, ())) >= (1 if p in (x, y) else 2)

    changed = True
    while changed:
        changed = False
        for p in sorted((need | (forced.keys() if y is not None else set())) - {x, y}):
            mine = forced.get(p, set())
            around = [q for q in graph[p] if q in block and (q in mine or not (full(p) or full(q)))]
            if len(around) < 2:
                return False
            if len(around) == 2 and not mine.issuperset(around):
                for q in around:
                    forced.setdefault(p, set()).add(q)
                    forced.setdefault(q, set()).add(p)
                changed = True
        if any(len(ends) > (1 if p in (x, y) else 2) for p, ends in forced.items()):
            return False
    # the forced edges form chains (no point has more than two): walk each from its ends; a
    # point of them not reached that way lies on a cycle
    seen: set[str] = set()
    joined: dict[str, str] = {}
    for start in sorted(p for p, ends in forced.items() if len(ends) == 1):
        if start in seen:
            continue
        chain = [start]
        seen.add(start)
        while nxt := [q for q in forced[chain[-1]] if q not in seen]:
            chain.append(nxt[0])
            seen.add(nxt[0])
        if {chain[0], chain[-1]} == {x, y} and not need <= set(chain):
            return False
        joined[chain[0]], joined[chain[-1]] = chain[-1], chain[0]
    if seen != forced.keys():
        return False
    # the line with each chain's inner points taken out and its ends joined is still joined,
    # so it must reach every end and point of need from x
    inner = {p for p, ends in forced.items() if len(ends) == 2}
    reached = {x}
    todo = [x]
    while todo:
        p = todo.pop()
        for q in (*graph[p], *([joined[p]] if p in joined else ())):
            if q in block and q not in inner and q not in reached:
                reached.add(q)
                todo.append(q)
    return reached >= (need | joined.keys() | ({y} if y is not None else set())) - inner


def _ways(graph: Graph, allowed: Collection[str], a: str) -> dict[str, tuple[str, ...]]:
    """The shortest line from ``a`` inside ``allowed`` to each point it reaches."""
    back = _search(graph, allowed, a)
    return {p: _back_to(back, p) for p in back}


def _shortest(graph: Graph, allowed: Collection[str], a: str, b: str) -> tuple[str, ...] | None:
    back = _search(graph, allowed, a, b)
    return _back_to(back, b) if b in back else None


def _search(
    graph: Graph, allowed: Collection[str], a: str, goal: str | None = None
) -> dict[str, str | None]:
    """Breadth-first from ``a`` inside ``allowed`` (until ``goal``): point -> point before."""
    back: dict[str, str | None] = {a: None}
    todo = deque([a])
    while todo:
        p = todo.popleft()
        if p == goal:
            break
        for q in graph[p]:
            if q in allowed and q not in back:
                back[q] = p
                todo.append(q)
    return back


def _back_to(back: Mapping[str, str | None], p: str) -> tuple[str, ...]:
    line = []
    q: str | None = p
    while q is not None:
        line.append(q)
        q = back[q]
    return tuple(reversed(line))
