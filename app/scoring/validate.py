"""The one validation: a HandInput and WinContext under HandRules become a ParsedHand, or InvalidInput names every
problem (`hand_problems` gives them as a list)."""

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from app.errors import InvalidInput, Problem
from app.scoring.context_flags import CONTEXT_FLAGS, ContextFlag, Need, any_set, implied_by, reads_tiles, term_holds
from app.scoring.hand import HandInput, MeldFacts, MeldInput, MeldSummary, ParsedHand, WinContext, make_meld, summarize_melds
from app.scoring.memo import Memo
from app.scoring.rules import HandRules
from app.scoring.suits import CACHE_LIMIT, SuitPart, concealed_parts, part_of
from app.scoring.tiles import (
    NO_REDS,
    NORTH,
    NOT_IN_SANMA,
    ONE_OF,
    SINGLE_TILES,
    SUITS,
    TILE_OF,
    TileList,
    TileNotationError,
    any_over_four,
    format_tiles,
    packed_count,
    packed_counts,
    parse_tiles,
    tile_name,
)
from app.scoring.typed import FIVES, TypedHand, TypedMeld, red_of
from app.scoring.vocabulary import WIND_NAMES, MeldType

Loc = tuple[str | int, ...]
MELD_SIZES: Final[dict[MeldType, int]] = {"chi": 3, "pon": 3, "kan": 4, "shouminkan": 4, "ankan": 4}


def parse_hand(hand: HandInput, context: WinContext, rules: HandRules) -> ParsedHand:
    """The one validation of a win: the tiles (notation, counts, copies, red fives, the winning tile held), what the
    number of players rules out, then the context's checks (context_problems); InvalidInput names every problem.
    /hand/score, /match/settle (through score_hand) and /hand/analyze (parse_read_hand, then context_problems for
    each wait as evaluate values it) all pass through it."""
    problems: list[Problem] = []
    parts, reds = _concealed(hand.tiles, problems)
    return parse_read_hand(parts, reds, hand.win_tile, hand.melds, context, rules, problems)


def unreadable_hand(tiles: str, melds: tuple[MeldInput, ...], context: WinContext) -> InvalidInput:
    """Every problem of a hand whose tiles are not notation (/hand/analyze's, which has no winning tile), as
    parse_hand names them: the tiles', the melds' and the indicators'."""
    problems: list[Problem] = []
    _concealed(tiles, problems)
    _melds(melds, problems)
    _indicators(context.dora_indicators, "dora_indicators", problems)
    _indicators(context.ura_dora_indicators, "ura_dora_indicators", problems)
    return InvalidInput(problems)


def parse_read_hand(parts: tuple[SuitPart, ...], reds: tuple[int, int, int], win_tile: str,
                    given_melds: tuple[MeldInput, ...], context: WinContext, rules: HandRules, problems: list[Problem]
                    ) -> ParsedHand:
    """parse_hand, the hand's tiles already read: their suit parts and red fives per suit (`problems`: the
    reading's), then its winning tile and melds as given."""
    win = SINGLE_TILES.get(win_tile)
    if win is None:
        _not_one_tile(win_tile, ("hand", "win_tile"), problems)
    melds, meld_tiles = _melds(given_melds, problems) if given_melds else ((), [])
    return checked_hand(parts, reds, win, melds, meld_tiles, context, rules, problems)


def parse_typed_hand(hand: TypedHand, context: WinContext, rules: HandRules) -> ParsedHand:
    """The validation of a hand given by tile codes (typed.py): its codes and counts, its melds' shapes and the
    seats they came from, then every check parse_hand makes after reading the notation (checked_hand)."""
    problems = typed_problems(hand, context, rules)
    if problems:
        raise InvalidInput(problems)
    counts = hand.counts
    parts = tuple(part_of(suit, counts[suit * 9:suit * 9 + (7 if suit == 3 else 9)]) for suit in range(4))
    win = TileList(bytes((hand.win_tile,)), red_of(hand.win_tile) if hand.win_red else NO_REDS)
    melds = tuple(_TYPED_MELDS[m.type, min(m.tiles)] for m in hand.melds)
    meld_tiles = [TileList(bytes(m.tiles), red_of(min(m.tiles), m.red_fives)) for m in hand.melds]
    return checked_hand(parts, hand.red_fives, win, melds, meld_tiles, context, rules, [])


def typed_problems(hand: TypedHand, context: WinContext, rules: HandRules) -> list[Problem]:
    """What keeps a typed hand from being read as tiles: codes, counts and red fives out of range, melds that are
    not their type's shape, a meld called from a seat that cannot have discarded it."""
    problems = []
    if len(hand.counts) != 34 or any(not 0 <= n <= 4 for n in hand.counts):
        problems.append(Problem("invalid_tile", ("hand", "counts"),
                                "counts are 34 numbers from 0 to 4, one per tile code (0-8 1-9m, 9-17 1-9p, 18-26 1-9s, "
                                "27-33 East South West North White Green Red)"))
    elif any(not 0 <= n <= hand.counts[five] for n, five in zip(hand.red_fives, FIVES, strict=True)):
        problems.append(Problem("invalid_tile", ("hand", "red_fives"),
                                "red_fives counts the red fives of m, p and s among the fives in counts"))
    if not 0 <= hand.win_tile <= 33:
        problems.append(Problem("invalid_tile", ("hand", "win_tile"), "win_tile is a tile code from 0 to 33"))
    elif hand.win_red and hand.win_tile not in FIVES:
        problems.append(Problem("invalid_tile", ("hand", "win_red"), "only a five (code 4, 13 or 22) can be red"))
    for i, meld in enumerate(hand.melds):
        problems += _typed_meld_problems(meld, ("hand", "melds", i), context, rules)
    return problems


def _typed_meld_problems(meld: TypedMeld, loc: Loc, context: WinContext, rules: HandRules) -> list[Problem]:
    if not all(0 <= t <= 33 for t in meld.tiles):
        return [Problem("invalid_tile", (*loc, "tiles"), "meld tiles are tile codes from 0 to 33")]
    problems = []
    problem = meld_problem(meld.type, bytes(meld.tiles))
    if problem:
        problems.append(Problem("invalid_meld", (*loc, "tiles"),
                                f"{meld.type} tiles '{format_tiles(sorted(meld.tiles))}' {problem}"))
    if not 0 <= meld.red_fives <= sum(t in FIVES for t in meld.tiles):
        problems.append(Problem("invalid_tile", (*loc, "red_fives"), "red_fives counts red fives among the meld's fives"))
    source = meld.from_seat
    seats = WIND_NAMES[:rules.players]
    if source is not None and (meld.type == "ankan" or source == context.seat_wind or source not in seats):
        problems.append(Problem("invalid_meld", (*loc, "from_seat"),
                                "a concealed kan is called from nobody; another meld from another seat at the table"))
    elif meld.type == "chi" and source is not None and context.seat_wind in seats and \
            source != seats[seats.index(context.seat_wind) - 1]:
        problems.append(Problem("invalid_meld", (*loc, "from_seat"),
                                f"a chi is called from the player before in turn order (the {context.seat_wind} seat's "
                                f"is {seats[seats.index(context.seat_wind) - 1]})"))
    return problems


def checked_hand(parts: tuple[SuitPart, ...], reds: tuple[int, int, int], win: TileList | None,
                 melds: tuple[MeldFacts, ...], meld_tiles: list[TileList], context: WinContext, rules: HandRules,
                 problems: list[Problem]) -> ParsedHand:
    """The validation after the notation, on tiles as codes: the suit parts and their red fives, the winning tile
    (None: not one tile), the melds (valid shapes) and their tiles; `problems`: those found so far."""
    dora, dora_seen, red_dora = _indicators(context.dora_indicators, "dora_indicators", problems)
    ura, ura_seen, red_ura = _indicators(context.ura_dora_indicators, "ura_dora_indicators", problems)
    if not problems and win is not None:
        problems = players_problems(parts, win, melds, meld_tiles, (dora, ura), context, rules)
    if problems or win is None:
        raise InvalidInput(problems)
    m, p, s, z = parts
    if m.size + p.size + s.size + z.size != 14 - 3 * len(melds) or len(melds) > 4:
        raise InvalidInput([_count_problem(m.size + p.size + s.size + z.size, len(melds))])
    called = _SUMMARIES[melds]
    parsed = ParsedHand(  # positional, in field order: a keyword call to a class builds a dict (docs/performance.md)
        parts,
        melds,
        called,
        m.packed + p.packed + s.packed + z.packed + called.packed + context.kita * ONE_OF[NORTH],  # held
        win.tiles[0],  # win_tile
        reds[0] + reds[1] + reds[2] + _red_fives_called(meld_tiles),  # red_fives
        dora,
        ura,
    )
    seen = parsed.held + dora_seen + ura_seen
    if any_over_four(seen):
        problems += _too_many_copies(seen)
    if parsed.red_fives + red_dora + red_ura > rules.max_red_fives_per_suit:  # else no suit can have too many
        problems += _too_many_reds(reds, meld_tiles, context.dora_indicators + context.ura_dora_indicators, rules)
    if not problems and not _win_tile_held(parsed, win, reds):
        problems.append(Problem("win_tile_not_in_hand", ("hand", "win_tile"),
                                "the winning tile must be one of hand.tiles (the concealed tiles include the winning tile)"))
    if not problems:
        problems = context_problems(context, parsed)
    if problems:
        raise InvalidInput(problems)
    return parsed


def hand_problems(hand: HandInput, context: WinContext, rules: HandRules) -> list[Problem]:
    """Every problem parse_hand finds (none: the hand and context are valid, and score_hand scores the shape)."""
    try:
        parse_hand(hand, context, rules)
    except InvalidInput as exc:
        return exc.problems
    return []


_GONE: Final = "2m-8m do not exist with three players (of the manzu only 1m and 9m are left)"


def players_problems(parts: tuple[SuitPart, ...], win: TileList, melds: tuple[MeldFacts, ...], meld_tiles: list[TileList],
                   indicators: tuple[bytes, bytes], ctx: WinContext, rules: HandRules) -> list[Problem]:
    """What the number of players rules out: with three, the tiles 2m-8m, chi and a North seat; with four, kita.
    `melds` and `meld_tiles`: the hand's, all valid; `indicators`: the dora and the ura dora indicators."""
    if rules.players == 4:
        return [] if not ctx.kita else [Problem("inconsistent_context", ("context", "kita"),
                                                "kita (nukidora) exist only with three players (rules.players 3)")]
    problems = []
    concealed_gone = any(parts[0].counts[1:8])
    if concealed_gone or win.tiles[0] in NOT_IN_SANMA:
        problems.append(Problem("invalid_tile", ("hand", "tiles" if concealed_gone else "win_tile"), _GONE))
    for i, (meld, tiles) in enumerate(zip(melds, meld_tiles, strict=True)):
        if meld.type == "chi":
            problems.append(Problem("invalid_meld", ("hand", "melds", i, "type"), "chi does not exist with three players"))
        elif NOT_IN_SANMA.intersection(tiles.tiles):
            problems.append(Problem("invalid_tile", ("hand", "melds", i, "tiles"), _GONE))
    for field, shown in zip(("dora_indicators", "ura_dora_indicators"), indicators, strict=True):
        if NOT_IN_SANMA.intersection(shown):
            problems.append(Problem("invalid_tile", ("context", field), _GONE))
    for field in ("seat_wind", "discarder_seat_wind", "pao_seat_wind"):
        if getattr(ctx, field) == "north":
            problems.append(Problem("inconsistent_context", ("context", field), "nobody sits North with three players"))
    return problems


def _red_fives_called(meld_tiles: list[TileList]) -> int:
    count = 0
    for tiles in meld_tiles:
        count += tiles.reds[0] + tiles.reds[1] + tiles.reds[2]
    return count


_RED_FIVES: Final = frozenset(("0m", "0p", "0s"))
_EMPTY_PARTS: Final[tuple[tuple[SuitPart, ...], tuple[int, int, int]]] = ((), NO_REDS)


def _concealed(text: str, problems: list[Problem]) -> tuple[tuple[SuitPart, ...], tuple[int, int, int]]:
    try:
        return concealed_parts(text)
    except TileNotationError as exc:
        problems.append(_notation(text, ("hand", "tiles"), exc))
        return _EMPTY_PARTS


def _not_one_tile(text: str, loc: Loc, problems: list[Problem]) -> None:
    """Records why `text` is not a single tile."""
    parsed = parse_noted(text, loc, problems)
    if parsed is not None:
        problems.append(Problem("invalid_tile", loc, f"'{text}' must be exactly one tile, such as '3m' or '7z'"))


Indicators = tuple[bytes, int, int]  # the tiles, as packed counts too, and how many of them are red fives


def _indicators(texts: tuple[str, ...], field: str, problems: list[Problem]) -> Indicators:
    found = _INDICATORS[texts]
    if found is None:
        for i, text in enumerate(texts):
            if text not in TILE_OF:
                _not_one_tile(text, ("context", field, i), problems)
        return _NO_INDICATORS
    return found


def _indicator_tiles(texts: tuple[str, ...]) -> Indicators | None:
    """None when one of the texts is not a tile."""
    try:
        tiles = bytes(map(TILE_OF.__getitem__, texts))
    except KeyError:
        return None
    return tiles, packed_counts(tiles), sum(text in _RED_FIVES for text in texts)


_NO_INDICATORS: Final[Indicators] = (b"", 0, 0)
# Each list of indicators read once: a list is a small, often repeated thing.
_INDICATORS: Final = Memo(_indicator_tiles, CACHE_LIMIT, "indicators")


@dataclass(frozen=True, slots=True, init=False)
class CheckedMeld:
    """A meld as given, checked: the meld and its tiles, or what is wrong with it."""

    meld: MeldFacts | None
    tiles: TileList | None
    problem: tuple[str, str] = ("", "")  # error type and message, when meld is None

    def __init__(self, meld: MeldFacts | None, tiles: TileList | None, problem: tuple[str, str] = ("", "")) -> None:
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "problem", problem)


def _melds(melds: tuple[MeldInput, ...], problems: list[Problem]) -> tuple[tuple[MeldFacts, ...], list[TileList]]:
    found: list[MeldFacts] = []
    tiles: list[TileList] = []
    for i, given in enumerate(melds):
        checked = _CHECKED_MELDS[given.type, given.tiles]
        if checked.meld is None or checked.tiles is None:
            kind, msg = checked.problem
            problems.append(Problem(kind, ("hand", "melds", i, "tiles"), msg))
        else:
            found.append(checked.meld)
            tiles.append(checked.tiles)
    return tuple(found), tiles


def _check_meld(meld: tuple[MeldType, str]) -> CheckedMeld:
    meld_type, text = meld
    try:
        tiles = parse_tiles(text)
    except TileNotationError as exc:
        return CheckedMeld(None, None, ("invalid_tile", f"'{text}' is not valid tile notation: {exc}"))
    problem = meld_problem(meld_type, tiles.tiles)
    if problem:
        return CheckedMeld(None, None, ("invalid_meld", f"{meld_type} tiles '{text}' {problem}"))
    return CheckedMeld(make_meld(meld_type, min(tiles.tiles)), tiles)


# Each meld checked once per (type, tiles), and each set of melds summed up once: small, often repeated things.
_CHECKED_MELDS: Final = Memo(_check_meld, CACHE_LIMIT, "checked_melds")


def meld_tiles(given: MeldInput) -> bytes:
    """The tiles of a meld as given; none when it is not a valid meld (parse_hand names what is wrong)."""
    checked = _CHECKED_MELDS[given.type, given.tiles]
    return b"" if checked.tiles is None else checked.tiles.tiles
_SUMMARIES: Final[Memo[tuple[MeldFacts, ...], MeldSummary]] = Memo(summarize_melds, CACHE_LIMIT, "meld_summaries")
# A typed hand's melds (records replay) made once per (type, lowest tile) and shared, as the notation's are: the
# summaries above are keyed by the melds themselves (identity), so a meld made anew for each hand would never hit.
_TYPED_MELDS: Final[Memo[tuple[MeldType, int], MeldFacts]] = Memo(lambda key: make_meld(*key), CACHE_LIMIT, "typed_melds")


def _notation(text: str, loc: Loc, exc: TileNotationError) -> Problem:
    return Problem("invalid_tile", loc, f"'{text}' is not valid tile notation: {exc}")


def parse_noted(text: str, loc: Loc, problems: list[Problem]) -> TileList | None:
    """The tiles, or None with the notation problem noted."""
    try:
        return parse_tiles(text)
    except TileNotationError as exc:
        problems.append(_notation(text, loc, exc))
        return None


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def meld_problem(meld_type: MeldType, tiles: bytes) -> str | None:
    """What keeps these tiles from being a meld of that type, or None when they are one."""
    size = MELD_SIZES[meld_type]
    ordered = sorted(tiles)
    if len(ordered) != size:
        return f"has {len(ordered)} tiles; {_article(meld_type)} {meld_type} has {size}"
    first = ordered[0]
    if meld_type == "chi":
        if first >= 27 or first % 9 > 6 or ordered != [first, first + 1, first + 2]:
            return "is not a chi: a chi is three consecutive tiles of one suit, such as '345p'"
    elif ordered[-1] != first:
        return f"is not {_article(meld_type)} {meld_type}: it must be {size} identical tiles, such as '{'7' * size}z'"
    return None


def _count_problem(concealed: int, meld_count: int) -> Problem:
    if meld_count > 4:
        return Problem("tile_count", ("hand", "melds"), f"a hand has at most 4 melds, this one has {meld_count}")
    return Problem("tile_count", ("hand", "tiles"),
                   f"with {meld_count} meld(s) the concealed tiles must number {14 - 3 * meld_count} "
                   f"(winning tile included), got {concealed}")


def _win_tile_held(hand: ParsedHand, win: TileList, concealed_reds: tuple[int, int, int]) -> bool:
    """The winning tile is among the concealed tiles; a red 0 only matches a red five held."""
    tile = hand.win_tile
    if not hand.concealed_count(tile):
        return False
    return win.reds == NO_REDS or concealed_reds[tile // 9] > 0


def _too_many_copies(seen: int) -> list[Problem]:
    """No tile more than four times, counting the hand, the melds and the indicators (`seen`: packed counts)."""
    return [
        Problem("too_many_copies", ("hand", "tiles"),
                f"{tile_name(t)} appears {n} times counting the hand, the melds and the dora indicators; "
                "a tile exists 4 times")
        for t in range(34) if (n := packed_count(seen, t)) > 4
    ]


def _too_many_reds(concealed_reds: tuple[int, int, int], melds: list[TileList], indicators: tuple[str, ...],
                   rules: HandRules) -> list[Problem]:
    reds = [concealed_reds[s] + sum(t.reds[s] for t in melds) + indicators.count(f"0{SUITS[s]}") for s in range(3)]
    return [
        Problem("too_many_copies", ("hand", "tiles"),
                f"{n} red fives of {SUITS[s]} (0{SUITS[s]}) counting the hand, the melds and the indicators; "
                f"these rules allow {rules.max_red_fives_per_suit} per suit "
                "(rules.max_red_fives_per_suit)")
        for s, n in enumerate(reds) if n > rules.max_red_fives_per_suit
    ]


@dataclass(frozen=True, slots=True)
class ContextCheck:
    """A context the tiles, the other flags or the rules make impossible: one per need and per rules-out of the flag
    table (context_flags.CONTEXT_FLAGS), then those of the other fields. `triggers`: the context fields one of
    which must be set for the check to fail (None: checked on every hand); `term` and `broken_when`: once a trigger
    is set, the check fails when the term is `broken_when` (a need is broken when its term does not hold, a
    rules-out when it does); `reads_tiles`: the check reads the concealed tiles or the winning tile, not only the
    melds, so hands with the same melds and context (the waits of /hand/analyze) can differ on it and every win
    valued is checked again (win_refused). tests/test_scoring_design.py proves it."""

    triggers: tuple[str, ...] | None
    field: str
    msg: str
    term: Callable[[WinContext, ParsedHand], bool]
    broken_when: bool = True
    reads_tiles: bool = False

    def broken(self, c: WinContext, h: ParsedHand) -> bool:
        """Whether the check fails, one of its triggers set."""
        return self.term(c, h) == self.broken_when

    def fails(self, c: WinContext, h: ParsedHand) -> bool:
        return (self.triggers is None or any_set(c, self.triggers)) and self.broken(c, h)


def _flag_check(needs: bool, need: Need, triggers: tuple[str, ...]) -> ContextCheck:
    """The check of a flag's need (`needs`) or of what it rules out: it fails when one of `triggers` is set and
    the need's term does not hold (or, ruled out, holds)."""
    return ContextCheck(triggers, need.field, need.msg, term_holds(need.term), not needs, reads_tiles(need.term))


def _in_check_order(flag: ContextFlag) -> list[tuple[bool, Need]]:
    """A flag's needs (True) and rules-out (False) in the order they are checked: the needs that read only the
    context and the melds, what it rules out, then the needs that read the tiles."""
    return [*((True, n) for n in flag.needs if not reads_tiles(n.term)), *((False, n) for n in flag.rules_out),
            *((True, n) for n in flag.needs if reads_tiles(n.term))]


def _flag_checks() -> tuple[ContextCheck, ...]:
    """One check per distinct need (or rules-out) of the flag table, triggered by every flag that has it and every
    flag that implies one of those (a double riichi is a riichi): first those of one flag, in table order, then those
    several flags share."""
    carriers: dict[tuple[bool, Need], list[str]] = {}
    for flag in CONTEXT_FLAGS:
        for key in _in_check_order(flag):
            carriers.setdefault(key, []).append(flag.name)
    ordered = sorted(carriers, key=lambda key: len(carriers[key]) > 1)  # stable: table order within each
    return tuple(_flag_check(needs, need, tuple(name for flag in carriers[needs, need] for name in implied_by(flag)))
                 for needs, need in ordered)


CONTEXT_CHECKS: Final[tuple[ContextCheck, ...]] = (
    *_flag_checks(),
    ContextCheck(None, "ura_dora_indicators", "there cannot be more ura dora indicators than dora indicators",
                 lambda c, h: len(c.ura_dora_indicators) > len(c.dora_indicators)),
    ContextCheck(("discarder_seat_wind",), "discarder_seat_wind", "a tsumo has no discarder", lambda c, h: c.is_tsumo),
    ContextCheck(("discarder_seat_wind",), "discarder_seat_wind", "the winner cannot deal into their own hand",
                 lambda c, h: c.discarder_seat_wind == c.seat_wind),
    ContextCheck(("pao_seat_wind",), "pao_seat_wind", "the winner cannot be the liable (pao) player",
                 lambda c, h: c.pao_seat_wind == c.seat_wind),
)
_TRIGGER_FIELDS: Final = tuple(sorted({field for check in CONTEXT_CHECKS for field in check.triggers or ()}))
_TRIGGERS: Final = attrgetter(*_TRIGGER_FIELDS)


def _checks_for(flags: tuple[object, ...]) -> tuple[ContextCheck, ...]:
    """The checks that can fail with these values of the trigger fields: those checked on every hand, and those
    with a trigger set, in table order."""
    set_fields = {field for field, value in zip(_TRIGGER_FIELDS, flags, strict=True) if value}
    return tuple(check for check in CONTEXT_CHECKS if check.triggers is None or set_fields.intersection(check.triggers))


# The checks to run, worked out once per distinct values of the trigger fields.
_CHECKS_FOR: Final = Memo(_checks_for, CACHE_LIMIT, "context_checks")


WIN_CHECKS: Final = tuple(check for check in CONTEXT_CHECKS if check.reads_tiles)


def win_refused(ctx: WinContext, hand: ParsedHand) -> bool:
    """Whether a check that reads the tiles fails: what context_problems can find in one win of a hand whose melds
    and context passed it (evaluate.value_wins asks it of every win it values)."""
    for check in WIN_CHECKS:
        if check.fails(ctx, hand):
            return True
    return False


def context_problems(ctx: WinContext, hand: ParsedHand) -> list[Problem]:
    """Every check that fails, in table order; a check none of whose triggers is set cannot fail and is skipped.
    The one test of a win's context: /hand/score's validation runs it, and every win the pipeline values
    (evaluate.value_wins: each wait of /hand/analyze by ron and by tsumo) passes its checks that read the tiles."""
    problems = []
    for check in _CHECKS_FOR[_TRIGGERS(ctx)]:
        if check.broken(ctx, hand):
            problems.append(Problem("inconsistent_context", ("context", check.field), check.msg))
    return problems
