"""Turn a HandInput and WinContext into a ParsedHand, or raise InvalidInput naming every problem."""

from app.errors import InvalidInput, Problem
from app.scoring.hand import HandInput, Meld, MeldInput, MeldType, ParsedHand, WinContext, summarize_melds
from app.scoring.memo import Memo
from app.scoring.rules import HandRules
from app.scoring.suits import CACHE_LIMIT, SuitPart, concealed_parts
from app.scoring.tiles import (
    NO_REDS, SINGLE_TILES, SUITS, TILE_OF, TileList, TileNotationError, any_over_four, packed_count, packed_counts, parse_tiles, tile_name,
)

Loc = tuple[str | int, ...]
MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "shouminkan": 4, "ankan": 4}


def parse_hand(hand: HandInput, context: WinContext, rules: HandRules) -> ParsedHand:
    problems: list[Problem] = []
    parts, reds = _concealed(hand.tiles, problems)
    win = SINGLE_TILES.get(hand.win_tile) or _not_one_tile(hand.win_tile, ("hand", "win_tile"), problems)
    melds, meld_tiles = _melds(hand.melds, problems) if hand.melds else ((), [])
    dora, dora_seen, red_dora = _indicators(context.dora_indicators, "dora_indicators", problems)
    ura, ura_seen, red_ura = _indicators(context.ura_dora_indicators, "ura_dora_indicators", problems)
    if problems:
        raise InvalidInput(problems)
    m, p, s, z = parts
    if m.size + p.size + s.size + z.size != 14 - 3 * len(melds) or len(melds) > 4:
        raise InvalidInput([_count_problem(m.size + p.size + s.size + z.size, len(melds))])
    called = summarize_melds(melds)
    parsed = ParsedHand(
        parts,
        melds,
        called,
        m.packed + p.packed + s.packed + z.packed + called.packed,  # held
        win.tiles[0],  # type: ignore[union-attr]
        reds[0] + reds[1] + reds[2] + (sum([sum(t.reds) for t in meld_tiles]) if meld_tiles else 0),
        dora,
        ura,
    )
    seen = parsed.held + dora_seen + ura_seen
    if any_over_four(seen):
        problems += _too_many_copies(seen)
    if parsed.red_fives + red_dora + red_ura > rules.max_red_fives_per_suit:  # else no suit can have too many
        problems += _too_many_reds(reds, meld_tiles, context.dora_indicators + context.ura_dora_indicators, rules)
    if not problems and not _win_tile_held(parsed, win, reds):  # type: ignore[arg-type]
        problems.append(Problem("win_tile_not_in_hand", ("hand", "win_tile"),
                                "the winning tile must be one of hand.tiles (the concealed tiles include the winning tile)"))
    if not problems and _may_be_inconsistent(context, parsed):
        problems += context_problems(context, parsed)
    if problems:
        raise InvalidInput(problems)
    return parsed


_RED_FIVES = frozenset(("0m", "0p", "0s"))
_EMPTY_PARTS: tuple[tuple[SuitPart, ...], tuple[int, int, int]] = ((), NO_REDS)


def _concealed(text: str, problems: list[Problem]) -> tuple[tuple[SuitPart, ...], tuple[int, int, int]]:
    try:
        return concealed_parts(text)
    except TileNotationError as exc:
        problems.append(_notation(text, ("hand", "tiles"), exc))
        return _EMPTY_PARTS


def _not_one_tile(text: str, loc: Loc, problems: list[Problem]) -> None:
    """Records why `text` is not a single tile."""
    parsed = _parse(text, loc, problems)
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


_NO_INDICATORS: Indicators = (b"", 0, 0)
# Each list of indicators read once: a list is a small, often repeated thing.
_INDICATORS = Memo(_indicator_tiles, CACHE_LIMIT)


def _melds(melds: tuple[MeldInput, ...], problems: list[Problem]) -> tuple[tuple[Meld, ...], list[TileList]]:
    found: list[Meld] = []
    tiles: list[TileList] = []
    for i, meld in enumerate(melds):
        first, second = _CHECKED_MELDS[meld.type, meld.tiles]
        if isinstance(first, str):
            problems.append(Problem(first, ("hand", "melds", i, "tiles"), second))  # type: ignore[arg-type]
        else:
            found.append(first)
            tiles.append(second)  # type: ignore[arg-type]
    return tuple(found), tiles


def _check_meld(meld: tuple[MeldType, str]) -> tuple[Meld, TileList] | tuple[str, str]:
    """The meld (type, tiles) and its tiles, or (error type, message)."""
    meld_type, text = meld
    try:
        tiles = parse_tiles(text)
    except TileNotationError as exc:
        return "invalid_tile", f"'{text}' is not valid tile notation: {exc}"
    problem = meld_problem(meld_type, tiles.tiles)
    if problem:
        return "invalid_meld", f"{meld_type} tiles '{text}' {problem}"
    return Meld(meld_type, min(tiles.tiles)), tiles


# Each meld checked once per (type, tiles): a meld is a small, often repeated thing.
_CHECKED_MELDS = Memo(_check_meld, CACHE_LIMIT)


def _notation(text: str, loc: Loc, exc: TileNotationError) -> Problem:
    return Problem("invalid_tile", loc, f"'{text}' is not valid tile notation: {exc}")


def _parse(text: str, loc: Loc, problems: list[Problem]) -> TileList | None:
    try:
        return parse_tiles(text)
    except TileNotationError as exc:
        problems.append(_notation(text, loc, exc))
        return None


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def meld_problem(meld_type: str, tiles: bytes) -> str | None:
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


def _may_be_inconsistent(ctx: WinContext, hand: ParsedHand) -> bool:
    """A quick test that lets the ordinary request skip the full list of context checks: each check needs one
    of these."""
    return bool(
        ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.rinshan or ctx.chankan or ctx.tenhou or ctx.chiihou
        or ctx.renhou or ctx.pao_seat_wind or ctx.discarder_seat_wind
        or len(ctx.ura_dora_indicators) > len(ctx.dora_indicators)
        or (hand.melds and (ctx.riichi or ctx.double_riichi))
    )


def context_problems(ctx: WinContext, hand: ParsedHand) -> list[Problem]:
    has_kan = any(m.is_kan for m in hand.melds)
    has_melds = bool(hand.melds)
    ron = not ctx.is_tsumo
    checks: list[tuple[bool, str, str]] = [
        (ctx.ippatsu and not ctx.in_riichi, "ippatsu", "ippatsu needs riichi (or double riichi)"),
        (ctx.in_riichi and any(m.is_open for m in hand.melds), "riichi", "riichi needs a closed hand: only concealed kans (ankan) may be declared"),
        (ctx.haitei and ron, "haitei", "haitei is a win by tsumo on the last tile; on a ron it is houtei"),
        (ctx.houtei and not ron, "houtei", "houtei is a win by ron on the last discard; on a tsumo it is haitei"),
        (ctx.rinshan and not has_kan, "rinshan", "rinshan needs a kan among the melds"),
        (ctx.rinshan and ron, "rinshan", "rinshan is a win by tsumo on the replacement tile after a kan"),
        (ctx.rinshan and ctx.haitei, "haitei", "the replacement tile after a kan is not the last tile of the wall: rinshan and haitei do not combine"),
        (ctx.rinshan and ctx.ippatsu, "ippatsu", "declaring a kan ends ippatsu, so rinshan and ippatsu do not combine"),
        (ctx.chankan and not ron, "chankan", "chankan is a win by ron on a tile added to a kan"),
        (ctx.chankan and ctx.houtei, "houtei", "a robbed kan tile is not the last discard: chankan and houtei do not combine"),
        (ctx.tenhou and not ctx.is_dealer, "tenhou", "tenhou is the dealer's win on the first draw; a non-dealer's is chiihou"),
        (ctx.chiihou and ctx.is_dealer, "chiihou", "chiihou is a non-dealer's win on the first draw; the dealer's is tenhou"),
        (ctx.renhou and ctx.is_dealer, "renhou", "renhou is a non-dealer's win before their first draw"),
        ((ctx.tenhou or ctx.chiihou) and ron, "win", "tenhou and chiihou are won by tsumo"),
        (ctx.renhou and not ron, "win", "renhou is won by ron"),
        ((ctx.tenhou or ctx.chiihou or ctx.renhou) and has_melds, "hand", "tenhou, chiihou and renhou need a hand with no calls or kans"),
        ((ctx.tenhou or ctx.chiihou or ctx.renhou) and ctx.in_riichi, "riichi", "no riichi can be declared before a tenhou, chiihou or renhou"),
        (len(ctx.ura_dora_indicators) > len(ctx.dora_indicators), "ura_dora_indicators", "there cannot be more ura dora indicators than dora indicators"),
        (ctx.discarder_seat_wind is not None and not ron, "discarder_seat_wind", "a tsumo has no discarder"),
        (ctx.discarder_seat_wind == ctx.seat_wind, "discarder_seat_wind", "the winner cannot deal into their own hand"),
        (ctx.pao_seat_wind == ctx.seat_wind, "pao_seat_wind", "the winner cannot be the liable (pao) player"),
    ]
    return [Problem("inconsistent_context", ("context", field), msg) for failed, field, msg in checks if failed]
