"""The one door from the replay to the core: a win as the replay found it (tile codes, melds with their seats)
turned into what the core's typed entry takes (a TypedHand, and the context facts the match settlement passes on),
and the tenpai check of a hand at an exhaustive draw (`/hand/analyze`'s core)."""

from app.records.model import RED_FIVES, Tile, kind, mpsz, plain, tile_name
from app.records.replay import Meld, WinHand
from app.scoring import HandRules, MeldInput, TypedHand, TypedMeld, WinContext
from app.scoring.analysis import AnalysisInput, completing_tiles, formula_forms, least, validated
from app.scoring.context_flags import SENT_IN_MATCH, counts_under
from app.scoring.typed import counts_of
from app.scoring.vocabulary import WIND_NAMES

Context = dict[str, object]


def core_win(win: WinHand, rules: HandRules) -> tuple[TypedHand, Context]:
    """The win's hand by tile codes and the context facts the replay found: the flags that hold and count
    under the rules (those the flag table has a settlement take as sent, each a field of WinHand), the indicators,
    kita. The seats, winds, riichi, honba and sticks are left to the settlement, which derives them from the
    scoreboard."""
    context: Context = {flag.name: True for flag in SENT_IN_MATCH if getattr(win, flag.name) and counts_under(flag, rules)}
    context["dora_indicators"] = tuple(tile_name(_shown(t, rules)) for t in win.dora_indicators)
    context["ura_dora_indicators"] = tuple(tile_name(_shown(t, rules)) for t in win.ura_indicators)
    if win.kita:
        context["kita"] = win.kita
    return typed_hand(win, rules), context


def typed_hand(win: WinHand, rules: HandRules) -> TypedHand:
    """The winner's tiles by code, red fives counted only where the rules have them (else they are plain fives),
    and each meld with the seat wind of the player it was called from."""
    dealer = (win.winner - win.seat_wind) % rules.players
    melds = tuple(TypedMeld(meld.kind, tuple(kind(t) for t in meld.tiles), len(_reds(meld.tiles, rules)),
                            None if meld.from_seat is None else WIND_NAMES[(meld.from_seat - dealer) % rules.players])
                  for meld in win.melds)
    reds = _reds(win.concealed, rules)
    return TypedHand(counts_of([kind(t) for t in win.concealed]), kind(win.win_tile),
                     (reds.count(4), reds.count(13), reds.count(22)), bool(_reds((win.win_tile,), rules)), melds)


def full_context(win: WinHand, sent: Context, riichi: bool, honba: int, riichi_sticks: int,
                 dealer: int, players: int) -> Context:
    """The whole `/hand/score` context of a win: the facts sent with what the settlement derives."""
    def wind(seat: int | None) -> str | None:
        return None if seat is None else WIND_NAMES[(seat - dealer) % players]

    return {"win": "tsumo" if win.from_seat is None else "ron", "seat_wind": WIND_NAMES[win.seat_wind],
            "round_wind": WIND_NAMES[win.round_wind], "riichi": riichi and not win.double_riichi, **sent,
            "honba": honba, "riichi_sticks": riichi_sticks, "discarder_seat_wind": wind(win.from_seat),
            "pao_seat_wind": wind(win.pao_seat)}


def is_tenpai(tiles: tuple[Tile, ...], melds: tuple[Meld, ...], rules: HandRules) -> bool:
    """Tenpai as /hand/analyze's core reads it (shanten 0 with a completing tile the hand does not hold all four of),
    without valuing the waits."""
    given = AnalysisInput(_written(tiles, rules), tuple(MeldInput(meld.kind, _written(meld.tiles, rules)) for meld in melds))
    setup, hand, _ = validated(given, WinContext(), rules)
    forms = formula_forms(setup, hand)
    return least(forms) == 0 and bool(completing_tiles(setup, hand, forms)[0])


def _reds(tiles: tuple[Tile, ...], rules: HandRules) -> list[int]:
    """The codes of the red fives among the tiles, where the rules have red fives."""
    return [kind(t) for t in tiles if t in RED_FIVES] if rules.max_red_fives_per_suit else []


def _shown(tile: Tile, rules: HandRules) -> Tile:
    return tile if rules.max_red_fives_per_suit else plain(tile)


def _written(tiles: tuple[Tile, ...], rules: HandRules) -> str:
    """MPSZ of tiles, red fives written 0 only where the rules have them (else they are plain fives)."""
    return mpsz([_shown(t, rules) for t in tiles])
