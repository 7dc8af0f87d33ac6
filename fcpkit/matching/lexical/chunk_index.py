"""A page's chunks (overlapping windows of lines) and the bitmask indexes the word scorers read.

The lexical matcher reads a statement in one chunk of ``window`` token-bearing lines, one every
``stride`` lines, the last ending on the last line. Scoring never needs a chunk's token set, only,
per token, which chunks and which lines hold it (one bitmask each, so a statement's candidate
chunks are an AND of its key tokens' masks). Both come from one pass over the lines: a chunk
holds a token when one of its lines does. The chunks' token sets themselves, which only fitting
IDF reads, are built on demand (:attr:`fcpkit.matching.lexical.scorers.Prepared.chunks`).
"""

from __future__ import annotations

__all__ = ["chunk_spans", "token_masks"]


def chunk_spans(n: int, window: int, stride: int) -> tuple[tuple[int, int], ...]:
    """(start, end) of each chunk of a page of ``n`` token-bearing lines."""
    if not n:
        return ()
    if n <= window:  # one chunk: the whole page
        return ((0, n),)
    last_start = n - window
    starts = list(range(0, last_start + 1, stride))
    if starts[-1] != last_start:
        starts.append(last_start)
    return tuple([(s, s + window) for s in starts])  # every start is at most n - window


def token_masks(body: list[tuple[str, ...]], spans: tuple[tuple[int, int], ...]) -> tuple[dict[str, int], dict[str, int]]:
    """token -> bitmask of the chunks (``spans``) holding it, and token -> bitmask of the lines
    (``body``, each line's tokens) holding it."""
    on_line = [0] * len(body)  # line -> bitmask of the chunks it belongs to
    for j, (s, e) in enumerate(spans):
        bit = 1 << j
        for i in range(s, e):
            on_line[i] |= bit
    index: dict[str, int] = {}
    lines: dict[str, int] = {}
    get_c, get_l = index.get, lines.get
    for i, line_toks in enumerate(body):
        bit, chunks = 1 << i, on_line[i]
        for t in line_toks:
            index[t] = get_c(t, 0) | chunks
            lines[t] = get_l(t, 0) | bit
    return index, lines
