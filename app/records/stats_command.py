"""`python -m app.records stats PATH... [--json] [--player NAME] [--jobs N]`

The players' statistics of every game record found in the paths (files, folders searched recursively, `.gz` read
through), as POST /records/stats answers them: a table, one player a row, rates in percent with their counts, or
with `--json` the answer itself. The games are replayed on the local cores; a progress bar shows on a terminal. The
exit status is 0 when every record was read (mismatches or not), 1 when some could not be (each is named on
stderr; the others are still counted).
"""

import argparse
import json
import os
import unicodedata
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TextIO

from app.records.stats import GameFigures, PlayerStats, Rate, RecordStats, game_figures, stats_of

Read = GameFigures | str  # a game's figures, or why its file could not be read


def add_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    stats = commands.add_parser("stats", help="players' statistics over game records (any format verify reads)")
    stats.add_argument("paths", nargs="+", metavar="PATH", help="record files or folders (searched recursively)")
    stats.add_argument("--json", action="store_true", help="print the POST /records/stats answer instead of a table")
    stats.add_argument("--player", help="only this player's rows (a name as the records write it)")
    stats.add_argument("--preset", help="replay under this preset instead of each record's own rules")
    stats.add_argument("--jobs", type=int, default=None, help="games at once (default: the local cores)")


def figures_here(path: Path, rules: dict[str, Any] | None) -> Read:
    """The game's figures, counted in this process exactly as POST /records/stats counts them."""
    from pydantic import ValidationError

    from app.api.records import prepared
    from app.errors import InvalidInput
    from app.records.__main__ import request_body
    from app.schemas.records import RecordsVerifyRequest

    try:
        request = RecordsVerifyRequest.model_validate(request_body(path, rules))
        return game_figures(*prepared(request.record, request.format, request.rules))
    except InvalidInput as exc:
        return "; ".join(p.msg for p in exc.problems)
    except ValidationError as exc:
        return "; ".join(str(e["msg"]) for e in exc.errors())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        return f"cannot read the file: {exc}"


class _Here:
    """figures_here with the rules bound (picklable, for the process pool)."""

    def __init__(self, rules: dict[str, Any] | None) -> None:
        self.rules = rules

    def __call__(self, path: Path) -> Read:
        return figures_here(path, self.rules)


def read_all(files: list[Path], work: Callable[[Path], Read], jobs: int, step: Callable[[], None]) -> list[Read]:
    """Each file's figures (or why it could not be read), in the files' order, the games spread over `jobs`
    processes."""
    results: list[Read] = ["" for _ in files]
    with ProcessPoolExecutor(jobs) as pool:
        futures = {pool.submit(work, path): index for index, path in enumerate(files)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            step()
    return results


def run(args: argparse.Namespace, files: list[Path], stdout: TextIO, stderr: TextIO,
        progress: Any) -> int:
    rules = {"preset": args.preset} if args.preset else None
    results = read_all(files, _Here(rules), args.jobs or os.cpu_count() or 1, progress.step)
    progress.clear()
    read = [(path, r) for path, r in zip(files, results, strict=True) if isinstance(r, GameFigures)]
    unread = [(path, r) for path, r in zip(files, results, strict=True) if isinstance(r, str)]
    for path, reason in unread:
        print(f"INVALID   {path}  {reason}", file=stderr)
    answer = stats_of(figures for _, figures in read)
    players = [p for p in answer.players if args.player is None or p.name == args.player]
    if args.json:
        from app.schemas.records import RecordsStatsResponse

        shown = RecordStats(answer.games, answer.hands, answer.unverified, tuple(players))
        body = RecordsStatsResponse.model_validate(shown, from_attributes=True).model_dump(mode="json")
        print(json.dumps(body, ensure_ascii=False, indent=1), file=stdout)
    else:
        print(table(players), file=stdout)
        unverified = ", ".join(str(read[i][0]) for i in answer.unverified)
        print(f"{answer.games} games, {answer.hands} hands; {len(answer.unverified)} with mismatches"
              f"{': ' + unverified if unverified else ''}; {len(unread)} could not be read", file=stdout)
    return 1 if unread else 0


# The table: a column per figure, rates as "20.8% 135/648".
COLUMNS: tuple[tuple[str, Callable[[PlayerStats], str]], ...] = (
    ("player", lambda p: p.name),
    ("table", lambda p: f"{p.seats}p"),
    ("games", lambda p: str(p.games)),
    ("hands", lambda p: str(p.hands)),
    ("places", lambda p: "/".join(map(str, p.placements))),
    ("avg place", lambda p: _number(p.average_placement)),
    ("win", lambda p: percent(p.win)),
    ("tsumo", lambda p: percent(p.tsumo)),
    ("deal-in", lambda p: percent(p.deal_in)),
    ("riichi", lambda p: percent(p.riichi)),
    ("call", lambda p: percent(p.call)),
    ("dama", lambda p: percent(p.dama)),
    ("draw", lambda p: percent(p.draw)),
    ("tenpai at draw", lambda p: percent(p.tenpai_at_draw)),
    ("avg win", lambda p: _number(p.average_win, 0)),
    ("avg deal-in", lambda p: _number(p.average_deal_in, 0)),
    ("win turn", lambda p: _number(p.average_win_turn)),
)


def percent(rate: Rate) -> str:
    """'20.8% 135/648'; '- 0/0' with nothing to divide."""
    shown = f"{100 * rate.count / rate.of:.1f}%" if rate.of else "-"
    return f"{shown} {rate.count}/{rate.of}"


def _number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def table(players: list[PlayerStats]) -> str:
    rows = [[name for name, _ in COLUMNS]] + [[cell(p) for _, cell in COLUMNS] for p in players]
    widths = [max(width(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = ["  ".join(_pad(text, w, left=i == 0) for i, (text, w) in enumerate(zip(row, widths, strict=True))).rstrip()
             for row in rows]
    return "\n".join([lines[0], "  ".join("-" * w for w in widths), *lines[1:]])


def width(text: str) -> int:
    """Columns the text takes on a terminal: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, columns: int, left: bool) -> str:
    space = " " * (columns - width(text))
    return text + space if left else space + text
