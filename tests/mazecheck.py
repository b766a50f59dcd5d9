"""Independent checks of maze structure, written against ``cells[y][x]`` bitmasks only.

Nothing here uses puzzlebook's own solver or grid code, so a bug there cannot hide itself.
"""

from __future__ import annotations

from collections import deque

N, S, E, W = 1, 2, 4, 8
MOVES = {N: (0, -1), S: (0, 1), E: (1, 0), W: (-1, 0)}
BACK = {N: S, S: N, E: W, W: E}


def problems(cells: list[list[int]], masked: frozenset[tuple[int, int]] = frozenset()) -> list[str]:
    """Everything that keeps ``cells`` from being a perfect maze; empty when it is one."""
    h, w = len(cells), len(cells[0])
    found = []
    edges = 0
    for y in range(h):
        for x in range(w):
            bits = cells[y][x]
            if bits & ~15:
                found.append(f"({x},{y}) has stray bits {bits}")
            if (x, y) in masked:
                if bits:
                    found.append(f"masked ({x},{y}) has passages")
                continue
            for d, (dx, dy) in MOVES.items():
                if bits & d:
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < w and 0 <= ny < h) or (nx, ny) in masked:
                        found.append(f"({x},{y}) opens {d} out of the maze")
                    elif not cells[ny][nx] & BACK[d]:
                        found.append(f"({x},{y}) opens {d} but ({nx},{ny}) is closed")
                    elif d in (S, E):
                        edges += 1
    n = w * h - len(masked)
    if edges != n - 1:
        found.append(f"{edges} passages, a spanning tree of {n} cells has {n - 1}")
    start = next((x, y) for y in range(h) for x in range(w) if (x, y) not in masked)
    if len(bfs(cells, start)) != n:
        found.append("not connected")
    return found


def bfs(cells: list[list[int]], start: tuple[int, int]) -> dict[tuple[int, int], tuple[int, int] | None]:
    """Predecessor of every reachable cell."""
    came: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    todo = deque([start])
    while todo:
        x, y = todo.popleft()
        for d, (dx, dy) in MOVES.items():
            if cells[y][x] & d and (x + dx, y + dy) not in came:
                came[(x + dx, y + dy)] = (x, y)
                todo.append((x + dx, y + dy))
    return came


def shortest_path(cells: list[list[int]], a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    came = bfs(cells, a)
    out = [b]
    while out[-1] != a:
        prev = came[out[-1]]
        assert prev is not None
        out.append(prev)
    return out[::-1]


def path_lengths(cells: list[list[int]], a: tuple[int, int]) -> dict[tuple[int, int], int]:
    """``len(shortest_path(cells, a, b)) - 1`` for every cell b that ``a`` reaches, from one search:
    each cell's count is its predecessor's plus one, and ``bfs`` lists a cell after its predecessor.
    A search from every pair was most of the time of the tests that try every pair."""
    lengths: dict[tuple[int, int], int] = {}
    for cell, prev in bfs(cells, a).items():
        lengths[cell] = 0 if prev is None else lengths[prev] + 1
    return lengths


def dead_end_share(cells: list[list[int]]) -> float:
    flat = [b for row in cells for b in row]
    return sum(1 for b in flat if bin(b).count("1") == 1) / len(flat)


def graph_distances(doc: dict, source: int) -> dict[int, int]:
    """Steps from cell ``source`` to every cell it reaches through a JSON maze's ``graph.passages``,
    breadth first: the independent search for grids of every kind."""
    links: dict[int, list[int]] = {}
    for i, j in doc["graph"]["passages"]:
        links.setdefault(i, []).append(j)
        links.setdefault(j, []).append(i)
    dist = {source: 0}
    todo = deque([source])
    while todo:
        cell = todo.popleft()
        for nxt in links.get(cell, []):
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                todo.append(nxt)
    return dist


WAYS = {"EW": (1, 0), "NS": (0, 1)}


def weave_problems(doc: dict) -> list[str]:
    """Everything that keeps a JSON weave maze from being perfect, from its graph and crossings alone: the
    cells fill the box; ``adjacent`` is every pair of squares side by side; a passage joins two squares
    side by side, or two squares in line across one crossing, the way the crossing says its tunnel runs;
    a crossing cell's own passages run straight across it the other way, and nowhere else; and the
    passages, tunnels counted, are a spanning tree (cells - 1 of them, all connected)."""
    found = []
    g = doc["graph"]
    w, h = doc["grid"]["width"], doc["grid"]["height"]
    cells = [tuple(c) for c in g["cells"]]
    if sorted(cells) != sorted((x, y) for y in range(h) for x in range(w)) or len(cells) != w * h:
        found.append("cells do not fill the box once each")
    index = {c: i for i, c in enumerate(cells)}
    pairs = {
        tuple(sorted((index[(x, y)], index[(x + dx, y + dy)])))
        for (x, y) in cells
        for dx, dy in ((1, 0), (0, 1))
        if (x + dx, y + dy) in index
    }
    if {tuple(sorted(p)) for p in g["adjacent"]} != pairs or len(g["adjacent"]) != len(pairs):
        found.append("adjacent is not every pair of squares side by side")
    under = {tuple(c["cell"]): c["under"] for c in doc.get("crossings", [])}
    if len(under) != len(doc.get("crossings", [])):
        found.append("a crossing is listed twice")
    links: dict[tuple[int, int], set[tuple[int, int]]] = {c: set() for c in cells}
    for i, j in g["passages"]:
        a, b = cells[i], cells[j]
        dx, dy = b[0] - a[0], b[1] - a[1]
        if abs(dx) + abs(dy) == 1:
            links[a].add(b)
            links[b].add(a)
            continue
        middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        way = "EW" if dy == 0 else "NS"
        if abs(dx) + abs(dy) != 2 or (dx and dy) or under.get(middle) != way:
            found.append(f"passage {a}-{b} is neither between neighbours nor a tunnel under a crossing")
        links[a].add(b)
        links[b].add(a)
    for (x, y), way in under.items():
        ox, oy = WAYS["NS" if way == "EW" else "EW"]
        over = {(x + ox, y + oy), (x - ox, y - oy)}
        if links.get((x, y)) != over:
            found.append(f"crossing ({x},{y}) does not run straight across its tunnel")
        ux, uy = WAYS[way]
        if (x + ux, y + uy) not in links.get((x - ux, y - uy), set()):
            found.append(f"crossing ({x},{y}) has no tunnel under it")
    if len(g["passages"]) != len(cells) - 1:
        found.append(
            f"{len(g['passages'])} passages, a spanning tree of {len(cells)} cells has {len(cells) - 1}"
        )
    if len(graph_distances(doc, 0)) != len(cells):
        found.append("not connected")
    return found


def neighbours(grid: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two cells of a hex, triangle or octagon grid share a side, from their coordinates alone."""
    (x1, y1), (x2, y2) = a, b
    if grid == "hex":  # odd columns sit half a cell lower: to cube coordinates, then distance 1

        def cube(x: int, y: int) -> tuple[int, int, int]:
            r = y - (x - (x & 1)) // 2
            return x, r, -x - r

        return max(abs(p - q) for p, q in zip(cube(x1, y1), cube(x2, y2), strict=True)) == 1
    if grid == "octagon":  # a chessboard of octagons (x + y even) and squares: side by side always, and
        # corner to corner where both are octagons (their slanted sides)
        dx, dy = abs(x1 - x2), abs(y1 - y2)
        return dx + dy == 1 or (dx == dy == 1 and (x1 + y1) % 2 == 0)
    if y1 == y2:
        return abs(x1 - x2) == 1
    if x1 == x2 and abs(y1 - y2) == 1:
        return (x1 + min(y1, y2)) % 2 == 0  # the upper one points up: its base is the lower one's top
    return False


def graph_problems(doc: dict, grid: str) -> list[str]:
    """Everything that keeps a JSON maze from being a perfect maze on its grid; empty when it is one:
    its cells fill the box but for the mask, ``adjacent`` is every pair of neighbours, the passages join
    neighbours only, as a spanning tree (one fewer than the cells, all of them connected)."""
    found = []
    g = doc["graph"]
    cells = [tuple(c) for c in g["cells"]]
    w, h = doc["grid"]["width"], doc["grid"]["height"]
    masked = {tuple(c) for c in doc["grid"].get("masked", [])}
    if len(set(cells)) != len(cells):
        found.append("a cell is listed twice")
    if any(not (0 <= x < w and 0 <= y < h) or (x, y) in masked for x, y in cells):
        found.append("a cell lies outside the box or in the mask")
    if set(cells) | masked != {(x, y) for y in range(h) for x in range(w)}:
        found.append("cells and masked do not fill the box")
    where = {c: i for i, c in enumerate(cells)}
    expected = set()
    for i, (x, y) in enumerate(cells):  # the cells within one step across and down: every neighbour
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                j = where.get((x + dx, y + dy), -1)
                if j > i and neighbours(grid, cells[i], cells[j]):
                    expected.add((i, j))
    adjacent = {tuple(sorted(p)) for p in g["adjacent"]}
    if adjacent != expected or len(g["adjacent"]) != len(expected):
        found.append(f"adjacent lists {len(g['adjacent'])} pairs, the grid has {len(expected)}")
    passages = {tuple(sorted(p)) for p in g["passages"]}
    if not passages <= expected:
        found.append("a passage joins cells that are not neighbours")
    if len(passages) != len(g["passages"]) or len(passages) != len(cells) - 1:
        found.append(
            f"{len(g['passages'])} passages, a spanning tree of {len(cells)} cells has {len(cells) - 1}"
        )
    seen = graph_distances(doc, 0)
    if len(seen) != len(cells):
        found.append(f"only {len(seen)} of {len(cells)} cells are connected")
    return found
