"""A bounded memo for the pure pieces the evaluator works out once: a dict that fills itself."""

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """`memo[key]` is `make(key)`, worked out at the first lookup and kept. Past `limit` keys the memo starts
    over, which bounds its memory under a stream of odd requests; a hit is a plain dict lookup."""

    __slots__ = ("make", "limit")

    def __init__(self, make: Callable[[K], V], limit: int) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value
