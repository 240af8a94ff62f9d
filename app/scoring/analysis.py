"""Hand analysis: how far a hand is from a win, every wait with the copies left and what it pays, the tiles
that improve it, and for a 14-tile hand every discard, best first. Pure: dataclasses in and out (the answer
the caller's own, what it shares frozen).

The hand is validated once by the scorer's own checks (`parse_read_hand`: a 13-tile hand with one free tile
added as its winning tile, so every check of /hand/score applies; the chankan check is each wait's); waits come
from the per-suit splits (suits.py), shanten from shanten.py, and each wait is valued by the scorer's own
pipeline (`evaluate.value_wins`, which runs the context checks on each win: a win /hand/score refuses is null)
on the completed hand, by tsumo and by ron, sharing what does not depend on the wait: the validated melds and
indicators, the two ways to win with their situations judged (`evaluate.WayToWin`), the parts of the suits the
wait is not in, and each reading's shape facts and group fu between ron and tsumo.
"""

from dataclasses import dataclass, fields, replace
from operator import attrgetter
from typing import Any, Final, NamedTuple

from app.errors import InvalidInput, Problem
from app.scoring.context_flags import NOT_IN_A_WIN_BY
from app.scoring.decompose import readings
from app.scoring.evaluate import Candidate, WayToWin, points_of, value_wins, way_to_win
from app.scoring.hand import MeldInput, ParsedHand, WinContext
from app.scoring.judge import JUDGES, Judge
from app.scoring.memo import Memo
from app.scoring.rules import HandRules
from app.scoring.settlement import Points
from app.scoring.shanten import (
    ORPHANS,
    Blocks,
    SuitShanten,
    chiitoitsu_shanten,
    kokushi_shanten,
    standard_shanten,
    suit_shanten,
)
from app.scoring.suits import CACHE_LIMIT, SuitPart, concealed_parts, part_of
from app.scoring.tiles import (
    EAST,
    NOT_IN_SANMA,
    ONE_OF,
    TILE_OF,
    TileNotationError,
    any_over_four,
    packed_count,
    packed_counts,
    tile_name,
)
from app.scoring.validate import context_problems, meld_tiles, parse_noted, parse_read_hand, unreadable_hand
from app.scoring.vocabulary import Limit

FIVES: Final = (4, 13, 22)
# The free tile a 13-tile hand is validated with: honors first, then tiles that exist with three players too.
FREE_TILE_ORDER: Final[tuple[int, ...]] = (*range(27, 34), *range(9, 27), 0, 8)


@dataclass(frozen=True, slots=True, init=False)
class AnalysisInput:
    tiles: str  # concealed tiles: 13 or 14, less 3 per meld
    melds: tuple[MeldInput, ...] = ()
    visible: str = ""  # tiles seen elsewhere (other players' discards and melds)
    discards: str = ""  # the player's own discards

    def __init__(self, tiles: str, melds: tuple[MeldInput, ...] = (), visible: str = "", discards: str = "") -> None:
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "visible", visible)
        object.__setattr__(self, "discards", discards)


# The answer's objects are made anew for every request and belong to its caller, as /hand/score's ScoreResult
# is (a frozen dataclass sets each field through object.__setattr__: about 0.1 µs a field, several objects a
# wait); what they share with other answers (Points) is frozen, and every list is a tuple.


@dataclass(slots=True, init=False)
class WinOnWait:  # one win on a wait, by ron or by tsumo: what /hand/analyze says it is worth
    han: int
    fu: int
    yaku: tuple[str, ...]
    yakuman: tuple[str, ...]
    limit: Limit
    points: Points

    def __init__(
        self, han: int, fu: int, yaku: tuple[str, ...], yakuman: tuple[str, ...], limit: Limit, points: Points
    ) -> None:
        self.han = han
        self.fu = fu
        self.yaku = yaku
        self.yakuman = yakuman
        self.limit = limit
        self.points = points


@dataclass(slots=True, init=False)
class WaitValue:
    tile: str
    remaining: int
    furiten: bool
    ron: WinOnWait | None  # None: that win has no yaku, or it is a chankan /hand/score refuses (the tile held or shown)
    tsumo: WinOnWait | None

    def __init__(self, tile: str, remaining: int, furiten: bool, ron: WinOnWait | None, tsumo: WinOnWait | None) -> None:
        self.tile = tile
        self.remaining = remaining
        self.furiten = furiten
        self.ron = ron
        self.tsumo = tsumo


@dataclass(slots=True, init=False)
class TileLeft:
    tile: str
    remaining: int

    def __init__(self, tile: str, remaining: int) -> None:
        self.tile = tile
        self.remaining = remaining


@dataclass(slots=True, init=False)
class ShantenByForm:
    standard: int
    chiitoitsu: int | None  # None with melds
    kokushi: int | None

    def __init__(self, standard: int, chiitoitsu: int | None, kokushi: int | None) -> None:
        self.standard = standard
        self.chiitoitsu = chiitoitsu
        self.kokushi = kokushi


@dataclass(slots=True, init=False)
class DiscardOption:
    discard: str
    shanten: int
    waits: tuple[WaitValue, ...] | None  # tenpai after the discard
    improving_tiles: tuple[TileLeft, ...] | None  # otherwise
    ukeire: int

    def __init__(
        self, discard: str, shanten: int, waits: tuple[WaitValue, ...] | None,
        improving_tiles: tuple[TileLeft, ...] | None, ukeire: int
    ) -> None:
        self.discard = discard
        self.shanten = shanten
        self.waits = waits
        self.improving_tiles = improving_tiles
        self.ukeire = ukeire


@dataclass(slots=True, init=False)
class Analysis:
    shanten: int
    shanten_by_form: ShantenByForm
    waits: tuple[WaitValue, ...] | None = None  # 13 tiles, tenpai
    improving_tiles: tuple[TileLeft, ...] | None = None  # 13 tiles, not tenpai
    ukeire: int | None = None  # 13 tiles
    discards_analysis: tuple[DiscardOption, ...] | None = None  # 14 tiles

    def __init__(
        self, shanten: int, shanten_by_form: ShantenByForm, waits: tuple[WaitValue, ...] | None = None,
        improving_tiles: tuple[TileLeft, ...] | None = None, ukeire: int | None = None,
        discards_analysis: tuple[DiscardOption, ...] | None = None
    ) -> None:
        self.shanten = shanten
        self.shanten_by_form = shanten_by_form
        self.waits = waits
        self.improving_tiles = improving_tiles
        self.ukeire = ukeire
        self.discards_analysis = discards_analysis


@dataclass(slots=True, init=False)
class Setup:
    """What stays the same for every hand looked at: the parsed hand (its melds and indicators), the two
    contexts, the rules, what valuing a hand by ron and by tsumo shares, and the tiles seen outside the hand."""

    base: ParsedHand
    ron: WinContext
    tsumo: WinContext
    rules: HandRules
    judge: Judge
    wins: tuple[WayToWin, WayToWin]  # by tsumo, by ron: what valuing each wait shares
    melds: int
    outside: tuple[int, ...]  # per tile: copies among the dora indicators, `visible` and `discards`
    discarded: frozenset[int]  # the player's own discards
    tiles: frozenset[int]  # the tiles in play under the rules

    def __init__(
        self, base: ParsedHand, ron: WinContext, tsumo: WinContext, rules: HandRules, judge: Judge,
        wins: tuple[WayToWin, WayToWin], melds: int, outside: tuple[int, ...], discarded: frozenset[int],
        tiles: frozenset[int]
    ) -> None:
        self.base = base
        self.ron = ron
        self.tsumo = tsumo
        self.rules = rules
        self.judge = judge
        self.wins = wins
        self.melds = melds
        self.outside = outside
        self.discarded = discarded
        self.tiles = tiles


@dataclass(slots=True, init=False)
class Concealed:
    """One hand looked at: its concealed tiles as counts and by suit, every tile held, its red fives."""

    counts: tuple[int, ...]
    parts: tuple[SuitPart, ...]
    held: int  # packed counts, melds included
    red_fives: int  # melds included
    reds: tuple[int, int, int]  # concealed red fives of m, p, s

    def __init__(
        self, counts: tuple[int, ...], parts: tuple[SuitPart, ...], held: int, red_fives: int,
        reds: tuple[int, int, int]
    ) -> None:
        self.counts = counts
        self.parts = parts
        self.held = held
        self.red_fives = red_fives
        self.reds = reds


def analyze_hand(given: AnalysisInput, ctx: WinContext, rules: HandRules) -> Analysis:
    setup, hand, full = validated(given, ctx, rules)
    if full:
        return analyze_fourteen(setup, hand)
    forms, waits, improving, ukeire = analyze_thirteen(setup, hand, -1)
    return Analysis(least(forms), forms, waits, improving, ukeire)


# ---------------------------------------------------------------------------------------------------
# Validation


class WinContexts(NamedTuple):
    """A request's context as a ron and as a tsumo, each without the flags of the other kind of win, and the ron
    the hand is validated with (its stand-in winning tile is not robbed from a kan: the chankan check belongs to
    each wait)."""

    ron: WinContext
    tsumo: WinContext
    checked: WinContext


def _win_contexts(values: tuple[Any, ...]) -> WinContexts:
    ctx = WinContext(*values)
    ron = replace(ctx, win="ron", **NOT_IN_A_WIN_BY["ron"])
    tsumo = replace(ctx, win="tsumo", discarder_seat_wind=None, **NOT_IN_A_WIN_BY["tsumo"])
    return WinContexts(ron, tsumo, replace(ron, chankan=False) if ron.chankan else ron)


# Each context made a ron and a tsumo once (contexts repeat across the hands of a game), keyed by its values: a
# tuple hashes in C, where the dataclass's generated __hash__ runs interpreted in the compiled build.
WIN_CONTEXTS: Final = Memo(_win_contexts, CACHE_LIMIT, "win_contexts")
_CONTEXT_VALUES: Final = attrgetter(*(f.name for f in fields(WinContext)))


def win_contexts(ctx: WinContext) -> WinContexts:
    return WIN_CONTEXTS[_CONTEXT_VALUES(ctx)]


IN_PLAY: Final = {4: frozenset(range(34)), 3: frozenset(range(34)) - NOT_IN_SANMA}
NOTHING_OUTSIDE: Final = (0,) * 34


def validated(given: AnalysisInput, ctx: WinContext, rules: HandRules) -> tuple[Setup, Concealed, bool]:
    """The setup, the hand, and whether it has 14 tiles (less 3 per meld); InvalidInput naming what is wrong."""
    ron, tsumo, checked = win_contexts(ctx)
    try:
        parts, reds = concealed_parts(given.tiles)
    except TileNotationError:
        raise unreadable_hand(given.tiles, given.melds, ron) from None
    m, p, s, z = parts
    size = m.size + p.size + s.size + z.size
    melds = len(given.melds)
    full = size == 14 - 3 * melds
    if melds <= 4 and not full and size != 13 - 3 * melds:
        raise InvalidInput.single("tile_count", ("hand", "tiles"),
                                  f"/hand/analyze takes 13 or 14 concealed tiles less 3 per meld: with {melds} meld(s), "
                                  f"{13 - 3 * melds} or {14 - 3 * melds}; got {size}")
    free = next(t for part in parts for t in part.held) if full else _free_tile(given, ctx, parts)
    name = tile_name(free)
    parsed = parse_read_hand(parts if full else _grown(parts, free), reds, name, given.melds, checked, rules, [])
    problems = context_problems(tsumo, parsed)
    held = parsed.held if full else parsed.held - ONE_OF[free]
    visible, discards = _seen_tiles(given, rules, problems)
    if (visible or discards) and not problems:  # else parse_hand counted them all
        problems += _seen_too_often(held + packed_counts(parsed.dora_indicators + parsed.ura_dora_indicators + visible
                                                         + discards))
    if problems:
        raise InvalidInput(problems)
    judge = JUDGES[rules]
    closed = parsed.called.closed
    wins = (way_to_win(tsumo, judge, closed), way_to_win(ron, judge, closed, validated=ron is checked))
    setup = Setup(parsed, ron, tsumo, rules, judge, wins, melds, _outside(parsed.dora_indicators + visible + discards),
                  frozenset(discards), IN_PLAY[rules.players])
    counts = m.counts + p.counts + s.counts + z.counts
    return setup, Concealed(counts, parts, held, parsed.red_fives, reds), full


def _seen_too_often(seen: int) -> list[Problem]:
    """`seen`: packed counts of the hand, the melds, the indicators, context.visible and context.discards."""
    if not any_over_four(seen):
        return []
    return [Problem("too_many_copies", ("context", "visible"),
                    f"{tile_name(t)} appears {n} times counting the hand, the melds, the indicators, "
                    "context.visible and context.discards; a tile exists 4 times")
            for t in range(34) if (n := packed_count(seen, t)) > 4]


def _outside(tiles: bytes) -> tuple[int, ...]:
    if not tiles:
        return NOTHING_OUTSIDE
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def _free_tile(given: AnalysisInput, ctx: WinContext, parts: tuple[SuitPart, ...]) -> int:
    """A tile the request holds nowhere (hand, melds, indicators), to validate a 13-tile hand as a win on it."""
    shown = {TILE_OF.get(text, 0) for text in ctx.dora_indicators + ctx.ura_dora_indicators}
    for meld in given.melds:
        shown.update(meld_tiles(meld))
    for t in FREE_TILE_ORDER:
        if not parts[t // 9].counts[t % 9] and t not in shown:
            return t
    return EAST  # none free: the melds are invalid


def _seen_tiles(given: AnalysisInput, rules: HandRules, problems: list[Problem]) -> tuple[bytes, bytes]:
    found = []
    for field, text in (("visible", given.visible), ("discards", given.discards)):
        if not text:
            found.append(b"")
            continue
        parsed = parse_noted(text, ("context", field), problems)
        tiles = b"" if parsed is None else parsed.tiles
        if rules.players == 3 and NOT_IN_SANMA.intersection(tiles):
            problems.append(Problem("invalid_tile", ("context", field), "2m-8m are not in a three-player set"))
        found.append(tiles)
    return found[0], found[1]


# ---------------------------------------------------------------------------------------------------
# One hand of 13 tiles (less 3 per meld)


def least(forms: ShantenByForm) -> int:
    best = forms.standard
    for n in (forms.chiitoitsu, forms.kokushi):
        if n is not None and n < best:
            best = n
    return best


# What the shanten formulas read of each suit part (shanten.suit_shanten), once per part: scoring never reads it.
PART_SHANTEN: Final[Memo[SuitPart, SuitShanten]] = Memo(lambda part: suit_shanten(part.counts), CACHE_LIMIT,
                                                        "part_shanten")


def blocks_of(hand: Concealed) -> tuple[Blocks, Blocks, Blocks, Blocks]:
    m, p, s, z = hand.parts
    return PART_SHANTEN[m].blocks, PART_SHANTEN[p].blocks, PART_SHANTEN[s].blocks, PART_SHANTEN[z].blocks


ClosedShape = tuple[tuple[int, int], tuple[int, bool]]  # (pairs, kinds held), (orphans held, an orphan pair)


def closed_shape(hand: Concealed) -> ClosedShape:
    """What the chiitoitsu and kokushi formulas read of the hand, summed over its suits."""
    parts = hand.parts
    m, p, s, z = PART_SHANTEN[parts[0]], PART_SHANTEN[parts[1]], PART_SHANTEN[parts[2]], PART_SHANTEN[parts[3]]
    return ((m.pairs + p.pairs + s.pairs + z.pairs, m.kinds + p.kinds + s.kinds + z.kinds),
            (m.orphans + p.orphans + s.orphans + z.orphans, m.orphan_pair or p.orphan_pair or s.orphan_pair or z.orphan_pair))


def formula_forms(setup: Setup, hand: Concealed) -> ShantenByForm:
    """Each form's shanten by its formula (which counts a wait on a fifth copy)."""
    standard = standard_shanten(blocks_of(hand), setup.melds)
    if setup.melds:
        return ShantenByForm(standard, None, None)
    (pairs, kinds), (orphans, orphan_pair) = closed_shape(hand)
    return ShantenByForm(standard, chiitoitsu_shanten(pairs, kinds), kokushi_shanten(orphans, orphan_pair))


def with_tile(hand: Concealed, tile: int) -> Concealed:
    counts = list(hand.counts)
    counts[tile] += 1
    return _regrouped(hand, tuple(counts), tile, hand.held + ONE_OF[tile])


def _grown(parts: tuple[SuitPart, ...], tile: int) -> tuple[SuitPart, ...]:
    """The suit parts with one more `tile`."""
    suit, rank = divmod(tile, 9)
    counts = parts[suit].counts
    grown = list(parts)
    grown[suit] = part_of(suit, (*counts[:rank], counts[rank] + 1, *counts[rank + 1:]))
    return tuple(grown)


def _regrouped(hand: Concealed, counts: tuple[int, ...], tile: int, held: int, red: bool = False) -> Concealed:
    """The hand with new counts, only the suit of `tile` changed (`red`: a red five of it discarded)."""
    suit = tile // 9
    start = suit * 9
    parts = list(hand.parts)
    parts[suit] = part_of(suit, counts[start:start + (7 if suit == 3 else 9)])
    if not red:
        return Concealed(counts, tuple(parts), held, hand.red_fives, hand.reds)
    reds = tuple(n - (s == suit) for s, n in enumerate(hand.reds))
    return Concealed(counts, tuple(parts), held, hand.red_fives - 1, (reds[0], reds[1], reds[2]))


def _suit_waits(key: tuple[int, tuple[int, ...]]) -> tuple[tuple[int, int], ...]:
    """For one suit's counts: each tile (below 5 copies) whose addition lets the suit split into sets and at most
    one pair, with the pairs that split takes (0 or 1)."""
    suit, counts = key
    found = []
    for rank, n in enumerate(counts):
        if n < 4 and (n or rank and counts[rank - 1] or rank + 1 < len(counts) and counts[rank + 1]
                      or suit < 3 and (rank > 1 and counts[rank - 2] or rank + 2 < 9 and counts[rank + 2])):
            grown = part_of(suit, (*counts[:rank], n + 1, *counts[rank + 1:]))
            if grown.standard_pairs <= 1:
                found.append((suit * 9 + rank, grown.standard_pairs))
    return tuple(found)


SUIT_WAITS: Final[Memo[tuple[int, tuple[int, ...]], tuple[tuple[int, int], ...]]] = Memo(_suit_waits, CACHE_LIMIT, "suit_waits")


def standard_waits(hand: Concealed) -> list[int]:
    """The tiles that complete four sets and a pair (a fifth copy of a concealed tile excluded)."""
    pairs = [p.standard_pairs for p in hand.parts]
    total = sum(pairs)
    found = []
    for suit, part in enumerate(hand.parts):
        others = total - pairs[suit]
        if others <= 1:
            found += [t for t, more in SUIT_WAITS[suit, part.counts] if others + more == 1]
    return found


def chiitoitsu_waits(counts: tuple[int, ...]) -> list[int]:
    """The single tile of a chiitoitsu tenpai (six different pairs and one single)."""
    return [t for t, n in enumerate(counts) if n == 1]


def kokushi_waits(counts: tuple[int, ...]) -> list[int]:
    """Thirteen orphans tenpai: the missing orphan, or all thirteen."""
    missing = [t for t in ORPHANS if not counts[t]]
    return missing or list(ORPHANS)


def usable(setup: Setup, hand: Concealed, tiles: list[int]) -> list[int]:
    """The tiles in play that the hand (melds included) holds fewer than four of."""
    return [t for t in tiles if t in setup.tiles and packed_count(hand.held, t) < 4]


def completing_tiles(setup: Setup, hand: Concealed, forms: ShantenByForm) -> tuple[list[int], bool]:
    """Each usable tile that completes the hand, and whether one completes the standard form: the forms with
    shanten 0 (by their formula) say where to look."""
    standard = usable(setup, hand, standard_waits(hand)) if forms.standard == 0 else []
    if forms.chiitoitsu != 0 and forms.kokushi != 0:
        return standard, bool(standard)
    found = set(standard)
    if forms.chiitoitsu == 0:
        found.update(usable(setup, hand, chiitoitsu_waits(hand.counts)))
    if forms.kokushi == 0:
        found.update(usable(setup, hand, kokushi_waits(hand.counts)))
    return sorted(found), bool(standard)


def analyze_thirteen(setup: Setup, hand: Concealed, discarded: int
                     ) -> tuple[ShantenByForm, tuple[WaitValue, ...] | None, tuple[TileLeft, ...] | None, int]:
    """Shanten by form, and the waits (tenpai) or the improving tiles, with the ukeire; `discarded`: a tile just
    discarded from 14 (-1: none), seen and furiten."""
    forms = formula_forms(setup, hand)
    if least(forms) == 0:
        done, standard = completing_tiles(setup, hand, forms)
        if forms.standard == 0 and not standard:
            forms = replace(forms, standard=1)  # its only waits are fifth copies
        if done:
            waits = wait_values(setup, hand, done, discarded)
            return forms, waits, None, sum(w.remaining for w in waits)
    improving = improving_tiles(setup, hand, forms, discarded)
    return forms, None, improving, sum(t.remaining for t in improving)


def remaining(setup: Setup, hand: Concealed, tile: int, discarded: int) -> int:
    return max(0, 4 - packed_count(hand.held, tile) - setup.outside[tile] - (tile == discarded))


def wait_values(setup: Setup, hand: Concealed, done: list[int], discarded: int) -> tuple[WaitValue, ...]:
    """Each wait valued by ron and by tsumo on the hand it completes; what does not depend on the wait (the
    validation, the melds, the indicators, the contexts and their situations: `setup`; the parts of the other
    suits) is shared."""
    furiten = any(t in setup.discarded or t == discarded for t in done)
    waits = []
    for t in done:
        parsed = won_on(setup, hand, t)
        found = readings(parsed, False)
        tsumo, ron = value_wins(parsed, found, setup.wins, setup.judge) if found else (None, None)
        waits.append(WaitValue(tile_name(t), remaining(setup, hand, t, discarded), furiten,
                               win_value(setup, setup.ron, ron), win_value(setup, setup.tsumo, tsumo)))
    return tuple(waits)


def won_on(setup: Setup, hand: Concealed, tile: int) -> ParsedHand:
    """The hand completed by `tile` (a plain copy), as the scorer reads a validated hand: only that suit's part
    changes."""
    base = setup.base
    return ParsedHand(_grown(hand.parts, tile), base.melds, base.called, hand.held + ONE_OF[tile], tile,
                      hand.red_fives, base.dora_indicators, base.ura_dora_indicators)


def win_value(setup: Setup, ctx: WinContext, best: Candidate | None) -> WinOnWait | None:
    if best is None:
        return None
    return WinOnWait(best.han, best.fu, tuple([y.id for y in best.yaku]), tuple([y.id for y, _ in best.yakuman]),
                    best.limit, points_of(ctx, setup.judge, best))


def improving_tiles(setup: Setup, hand: Concealed, forms: ShantenByForm, discarded: int) -> tuple[TileLeft, ...]:
    """The tiles (not held four times) after which the hand, with its best discard, is closer to tenpai. A tile
    near nothing held leaves the standard form's blocks as they are: only its formula's fifth-copy correction
    (`forms` corrected from the formula's 0) can change, so only then is such a tile tried in full."""
    shanten = least(forms)
    near = set(near_tiles(hand)) if forms.standard != 1 or formula_forms(setup, hand).standard else None
    closed = None if setup.melds else closed_shape(hand)
    found = []
    for t in sorted(setup.tiles):
        if packed_count(hand.held, t) >= 4:
            continue
        if near is not None and t not in near:
            better = closed is not None and _closed_forms_with(hand.counts, t, closed) < shanten
        else:
            better = least(fourteen_forms(setup, with_tile(hand, t))) < shanten
        if better:
            found.append(TileLeft(tile_name(t), remaining(setup, hand, t, discarded)))
    return tuple(found)


def near_tiles(hand: Concealed) -> list[int]:
    """The tiles within two of a held tile of its suit, and the held honors."""
    near: list[int] = []
    for t, n in enumerate(hand.counts):
        if n:
            near += range(max(t - 2, t // 9 * 9), min(t + 2, t // 9 * 9 + 8) + 1) if t < 27 else (t,)
    return near


def _closed_forms_with(counts: tuple[int, ...], t: int, closed: ClosedShape) -> int:
    """The chiitoitsu and kokushi shanten (the least) of the hand with `t` added, from its closed_shape."""
    (pairs, kinds), (orphans, orphan_pair) = closed
    n = counts[t]
    chiitoitsu = chiitoitsu_shanten(pairs + (n == 1), kinds + (n == 0))
    if t not in ORPHANS:
        return min(chiitoitsu, kokushi_shanten(orphans, orphan_pair))
    return min(chiitoitsu, kokushi_shanten(orphans + (n == 0), orphan_pair or n == 1))


def fourteen_forms(setup: Setup, hand: Concealed) -> ShantenByForm:
    """A 14-tile hand's shanten by form, exact: the formula, except that a standard tenpai the formula finds
    with a tile held four times is checked discard by discard (its waits may all be fifth copies)."""
    forms = formula_forms(setup, hand)
    if forms.standard == 0 and any(packed_count(hand.held, t) == 4 for t in range(34)):
        forms = replace(forms, standard=min(exact_standard(setup, d) for d in discards_of(hand)))
    return forms


def exact_standard(setup: Setup, hand: Concealed) -> int:
    """A 13-tile hand's standard shanten: the formula's, or 1 where its tenpai waits only on fifth copies."""
    standard = standard_shanten(blocks_of(hand), setup.melds)
    if standard == 0 and not usable(setup, hand, standard_waits(hand)):
        return 1
    return standard


# ---------------------------------------------------------------------------------------------------
# 14 tiles (less 3 per meld)


def without_tile(hand: Concealed, tile: int) -> Concealed:
    """The hand after discarding `tile`; a red five goes only when every copy held is red."""
    counts = list(hand.counts)
    counts[tile] -= 1
    red = tile in FIVES and hand.counts[tile] <= hand.reds[tile // 9]
    return _regrouped(hand, tuple(counts), tile, hand.held - ONE_OF[tile], red)


def discards_of(hand: Concealed) -> list[Concealed]:
    return [without_tile(hand, t) for t, n in enumerate(hand.counts) if n]


def analyze_fourteen(setup: Setup, hand: Concealed) -> Analysis:
    options = []
    by_form: list[ShantenByForm] = []
    for t, n in enumerate(hand.counts):
        if not n:
            continue
        forms, waits, improving, ukeire = analyze_thirteen(setup, without_tile(hand, t), t)
        by_form.append(forms)
        options.append(DiscardOption(tile_name(t), least(forms), waits, improving, ukeire))
    options.sort(key=lambda o: (o.shanten, -o.ukeire, TILE_OF[o.discard]))
    forms = fourteen_by_form(setup, hand, by_form)
    return Analysis(least(forms), forms, discards_analysis=tuple(options))


def fourteen_by_form(setup: Setup, hand: Concealed, after: list[ShantenByForm]) -> ShantenByForm:
    """Each form: -1 when the 14 tiles complete it, else its best shanten after a discard."""
    formula = formula_forms(setup, hand)
    standard = -1 if formula.standard == -1 else min(f.standard for f in after)
    if formula.chiitoitsu is None or formula.kokushi is None:
        return ShantenByForm(standard, None, None)
    chiitoitsu = -1 if formula.chiitoitsu == -1 else min(f.chiitoitsu or 0 for f in after)
    kokushi = -1 if formula.kokushi == -1 else min(f.kokushi or 0 for f in after)
    return ShantenByForm(standard, chiitoitsu, kokushi)
