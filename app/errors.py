"""Plain-Python error type shared by the pure cores; the API turns it into a 422."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    type: str
    loc: tuple[str | int, ...]
    msg: str


class InvalidInput(Exception):
    """One or more problems with a request, each with the contract's error type."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.msg for p in problems))
        self.problems = problems

    @classmethod
    def single(cls, type_: str, loc: tuple[str | int, ...], msg: str) -> "InvalidInput":
        return cls([Problem(type_, loc, msg)])
