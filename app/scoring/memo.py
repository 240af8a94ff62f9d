"""The memo layer: bounded memos of pure functions, which the pipeline reads through `memo[key]`.

Every memo is a cache of a pure function and nothing else: the pipeline answers the same with every memo off
(`MAHJONG_MEMO=off` in the environment, or `switch_memos(False)` in a test), which tests/test_golden.py proves
on the golden answers. `MAHJONG_MEMO_OFF=name,name` switches single memos off, to measure what each one earns
(docs/performance.md, "The memo layer"). Each memo is bounded: past its `limit` keys it starts over.
"""

import os
from collections.abc import Callable, Hashable
from typing import Final, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# The latest memo of each name. Memos made per set of rules (judge.py) share a name and are reached only through
# a memo of their own (JUDGES, the TableMemos), so emptying that one lets them go.
_NAMED: "Final[dict[str, Memo[Hashable, object]]]" = {}
_OFF: Final[set[str]] = {name for name in os.environ.get("MAHJONG_MEMO_OFF", "").split(",") if name}
_ON: Final = [os.environ.get("MAHJONG_MEMO", "on") != "off"]


class Memo(dict[K, V]):
    """`memo[key]` is `make(key)`, worked out at the first lookup and kept (when the memo is on). Past `limit`
    keys the memo starts over, which bounds its memory under a stream of odd requests; a hit is a plain dict
    lookup."""

    __slots__ = ("make", "limit", "name", "keeps")

    def __init__(self, make: Callable[[K], V], limit: int, name: str) -> None:
        super().__init__()
        self.make = make
        self.limit = limit
        self.name = name
        self.keeps = _ON[0] and name not in _OFF
        _NAMED[name] = self  # type: ignore[assignment]

    def __missing__(self, key: K) -> V:
        if not self.keeps:
            return self.make(key)
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


def switch_memos(on: bool) -> None:
    """Every memo on (as the environment set them) or off, each emptied (a test hook)."""
    _ON[0] = on and os.environ.get("MAHJONG_MEMO", "on") != "off"
    for memo in list(_NAMED.values()):
        memo.clear()
        memo.keeps = _ON[0] and memo.name not in _OFF
