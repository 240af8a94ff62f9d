"""Turn a HandInput and WinContext into a ParsedHand, or raise InvalidInput naming every problem."""

from app.errors import InvalidInput, Problem
from app.scoring.hand import HandInput, Meld, MeldInput, ParsedHand, WinContext
from app.scoring.rules import HandRules
from app.scoring.tiles import SUITS, TileList, TileNotationError, parse_tiles, tile_name

Loc = tuple[str | int, ...]
MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "shouminkan": 4, "ankan": 4}


def parse_hand(hand: HandInput, context: WinContext, rules: HandRules) -> ParsedHand:
    problems: list[Problem] = []
    concealed = _parse(hand.tiles, ("hand", "tiles"), problems)
    meld_tiles = [_parse(m.tiles, ("hand", "melds", i, "tiles"), problems) for i, m in enumerate(hand.melds)]
    win = _parse(hand.win_tile, ("hand", "win_tile"), problems)
    dora = [_parse(t, ("context", "dora_indicators", i), problems) for i, t in enumerate(context.dora_indicators)]
    ura = [_parse(t, ("context", "ura_dora_indicators", i), problems) for i, t in enumerate(context.ura_dora_indicators)]
    if problems:
        raise InvalidInput(problems)
    assert concealed is not None and win is not None
    if len(win.tiles) != 1:
        problems.append(Problem("invalid_tile", ("hand", "win_tile"), f"win_tile '{hand.win_tile}' must be exactly one tile, such as '5m'"))
    melds = [_meld(m, t, i, problems) for i, (m, t) in enumerate(zip(hand.melds, meld_tiles))]  # type: ignore[arg-type]
    problems += _count_problems(concealed, len(hand.melds))
    if problems:
        raise InvalidInput(problems)
    parsed = _build(concealed, melds, meld_tiles, win)  # type: ignore[arg-type]
    parsed.dora_indicators = tuple(t.tiles[0] for t in dora if t and len(t.tiles) == 1)
    parsed.ura_dora_indicators = tuple(t.tiles[0] for t in ura if t and len(t.tiles) == 1)
    problems += _indicator_problems(dora, "dora_indicators") + _indicator_problems(ura, "ura_dora_indicators")
    problems += _copy_problems(parsed, [concealed, *meld_tiles, *dora, *ura], rules)  # type: ignore[list-item]
    if not problems and parsed.win_tile < 0:
        problems.append(Problem("win_tile_not_in_hand", ("hand", "win_tile"),
                                "the winning tile must be one of hand.tiles (the concealed tiles include the winning tile)"))
    if not problems and _may_be_inconsistent(context, parsed):
        problems += context_problems(context, parsed)
    if problems:
        raise InvalidInput(problems)
    return parsed


def _parse(text: str, loc: Loc, problems: list[Problem]) -> TileList | None:
    try:
        return parse_tiles(text)
    except TileNotationError as exc:
        problems.append(Problem("invalid_tile", loc, f"'{text}' is not valid tile notation: {exc}"))
        return None


def _meld(meld: MeldInput, tiles: TileList, index: int, problems: list[Problem]) -> Meld | None:
    loc: Loc = ("hand", "melds", index, "tiles")
    size = MELD_SIZES[meld.type]
    ordered = sorted(tiles.tiles)
    if len(ordered) != size:
        problems.append(Problem("invalid_meld", loc, f"a {meld.type} has {size} tiles, '{meld.tiles}' has {len(ordered)}"))
        return None
    first = ordered[0]
    if meld.type == "chi":
        if first >= 27 or first % 9 > 6 or ordered != [first, first + 1, first + 2]:
            problems.append(Problem("invalid_meld", loc, f"'{meld.tiles}' is not a chi: a chi is three consecutive tiles of one suit, such as '345p'"))
            return None
    elif ordered[-1] != first:
        problems.append(Problem("invalid_meld", loc, f"'{meld.tiles}' is not a {meld.type}: it must be {size} identical tiles, such as '{'7' * size}z'"))
        return None
    return Meld(meld.type, first)


def _indicator_problems(indicators: list[TileList | None], field: str) -> list[Problem]:
    return [Problem("invalid_tile", ("context", field, i), "each indicator is exactly one tile, such as '3m'")
            for i, t in enumerate(indicators) if t is not None and len(t.tiles) != 1]


def _count_problems(concealed: TileList, meld_count: int) -> list[Problem]:
    if meld_count > 4:
        return [Problem("tile_count", ("hand", "melds"), f"a hand has at most 4 melds, this one has {meld_count}")]
    expected = 14 - 3 * meld_count
    if len(concealed.tiles) == expected:
        return []
    return [Problem("tile_count", ("hand", "tiles"),
                    f"with {meld_count} meld(s) the concealed tiles must number {expected} (winning tile included), got {len(concealed.tiles)}")]


def _build(concealed: TileList, melds: list[Meld], meld_tiles: list[TileList], win: TileList) -> ParsedHand:
    counts = [0] * 34
    for tile in concealed.tiles:
        counts[tile] += 1
    all_tiles = counts.copy()
    reds = list(concealed.reds)
    for tiles in meld_tiles:
        for tile in tiles.tiles:
            all_tiles[tile] += 1
        reds = [a + b for a, b in zip(reds, tiles.reds)]
    win_tile = win.tiles[0]
    if not counts[win_tile] or (sum(win.reds) and not concealed.reds[win_tile // 9]):
        win_tile = -1
    return ParsedHand(counts, tuple(melds), win_tile, sum(reds), all_tiles)


def _copy_problems(hand: ParsedHand, groups: list[TileList], rules: HandRules) -> list[Problem]:
    counts = hand.all_tiles
    indicators = groups[1 + len(hand.melds):]
    if indicators:
        counts = counts.copy()
        for group in indicators:
            for tile in group.tiles:
                counts[tile] += 1
    problems = []
    if max(counts) > 4:
        problems += [
            Problem("too_many_copies", ("hand", "tiles"),
                    f"{tile_name(t)} appears {n} times counting the hand, the melds and the dora indicators; a tile exists 4 times")
            for t, n in enumerate(counts) if n > 4
        ]
    limit = rules.max_red_fives_per_suit
    for suit in range(3):
        reds = sum(g.reds[suit] for g in groups)
        if reds > limit:
            problems.append(Problem("too_many_copies", ("hand", "tiles"),
                                    f"{reds} red fives of {SUITS[suit]} (0{SUITS[suit]}); these rules allow {limit} per suit "
                                    "(rules.max_red_fives_per_suit)"))
    return problems


def _may_be_inconsistent(ctx: WinContext, hand: ParsedHand) -> bool:
    """A quick test that lets the ordinary request skip the full list of context checks."""
    return bool(
        ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.rinshan or ctx.chankan or ctx.tenhou or ctx.chiihou
        or ctx.renhou or ctx.pao_seat_wind or ctx.discarder_seat_wind or ctx.ura_dora_indicators
        or (ctx.in_riichi and hand.melds)
    )


def context_problems(ctx: WinContext, hand: ParsedHand) -> list[Problem]:
    has_kan = any(m.is_kan for m in hand.melds)
    has_melds = bool(hand.melds)
    ron = not ctx.is_tsumo
    checks: list[tuple[bool, str, str]] = [
        (ctx.ippatsu and not ctx.in_riichi, "ippatsu", "ippatsu needs riichi (or double riichi)"),
        (ctx.in_riichi and not hand.is_closed, "riichi", "riichi needs a closed hand: only concealed kans (ankan) may be declared"),
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
