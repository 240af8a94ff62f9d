"""The replay reaches the core through its typed entry: a win's tiles by code, its red fives where the rules have
them, and each call with the seat wind of the player it was called from."""

from app.records.adapter import core_win
from app.records.replay import Meld, WinHand
from app.scoring import HandRules, TypedHand, TypedMeld, WinContext, score
from app.scoring.typed import counts_of, notation


def win(**changes: object) -> WinHand:
    """Seat 1 wins on seat 3's red 5p with seat 2 dealing (so seat 1 is North): 11m 4p0p6p 345s, a chi of 34m and
    the red 5m called from seat 0 (West), a pon of Red dragons called from seat 3 (South)."""
    fields: dict[str, object] = dict(
        winner=1, from_seat=3, concealed=(11, 11, 24, 52, 26, 33, 34, 35), win_tile=52, kita=0,
        melds=(Meld("chi", (51, 13, 14), 0, 51), Meld("pon", (47, 47, 47), 3, 47)),
        seat_wind=3, round_wind=0, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False,
        rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, dora_indicators=(46,),
        ura_indicators=(), pao_seat=None)
    return WinHand(**(fields | changes))  # type: ignore[arg-type]


COUNTS = counts_of([0, 0, 12, 13, 14, 20, 21, 22])


def test_a_win_by_tile_codes_with_its_calls_seats() -> None:
    hand, context = core_win(win(), HandRules())
    assert hand == TypedHand(COUNTS, 13, red_fives=(0, 1, 0), win_red=True,
                             melds=(TypedMeld("chi", (4, 2, 3), 1, "west"), TypedMeld("pon", (33, 33, 33), 0, "south")))
    assert context == {"dora_indicators": ("6z",), "ura_dora_indicators": ()}
    assert notation(hand).tiles == "11m406p345s"  # as the answer shows it
    result = score(hand, WinContext(seat_wind="north", discarder_seat_wind="south", dora_indicators=("6z",)), HandRules())
    assert sorted((y.id, y.han) for y in result.yaku) == [("aka_dora", 2), ("dora", 3), ("yakuhai_chun", 1)]


def test_red_fives_are_plain_fives_where_the_rules_have_none() -> None:
    hand, _ = core_win(win(), HandRules(aka_dora=False, max_red_fives_per_suit=0))
    assert hand == TypedHand(COUNTS, 13, melds=(TypedMeld("chi", (4, 2, 3), 0, "west"),
                                                 TypedMeld("pon", (33, 33, 33), 0, "south")))


def test_a_concealed_kan_is_called_from_nobody() -> None:
    hand, _ = core_win(win(melds=(Meld("chi", (51, 13, 14), 0, 51), Meld("ankan", (47, 47, 47, 47)))), HandRules())
    assert hand.melds[1] == TypedMeld("ankan", (33, 33, 33, 33))
