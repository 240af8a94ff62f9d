"""The core's typed entry (app.scoring.typed, evaluate.score): a hand by tile codes answers as /hand/score's MPSZ
entry does, through the same checks and pipeline; what only tile codes can get wrong is refused with its field."""

import msgspec
import pytest

from app.errors import InvalidInput
from app.scoring import HandInput, HandRules, MeldInput, TypedHand, TypedMeld, WinContext, score, score_hand
from app.scoring.tiles import NO_REDS, TileNotationError, parse_tiles
from app.scoring.typed import counts_of, notation
from tests.golden import cases, perturbed

encode = msgspec.json.Encoder().encode


def typed_of(hand: HandInput) -> TypedHand:
    """An MPSZ hand by tile codes (the test's own reading of the notation)."""
    tiles, win = parse_tiles(hand.tiles), parse_tiles(hand.win_tile)
    melds = tuple(TypedMeld(m.type, tuple(parse_tiles(m.tiles).tiles), sum(parse_tiles(m.tiles).reds))
                  for m in hand.melds)
    return TypedHand(counts_of(tuple(tiles.tiles)), win.tiles[0], tiles.reds, win.reds != NO_REDS, melds)


def answer(call: object, *args: object) -> tuple[str, bytes | list[tuple[str, tuple[str | int, ...]]]]:
    try:
        return "scored", encode(call(*args))  # type: ignore[operator]
    except InvalidInput as exc:
        return "refused", [(p.type, p.loc) for p in exc.problems]


def test_the_typed_entry_answers_as_the_mpsz_one() -> None:
    """Generated hands of four and three players, half with their context perturbed: the same answer byte for
    byte, or the same problems (type and field) where the MPSZ entry refuses a hand its notation could write."""
    compared = refused = 0
    for case in cases(3000):
        if case.hand is None or len(case.hand.win_tile) != 2:
            continue
        try:
            typed = typed_of(case.hand)
        except TileNotationError:
            continue
        if max(typed.counts) > 4:
            continue  # five copies in the hand: no count of tile codes says so
        ctx = perturbed(case) if case.index % 2 else case.ctx
        theirs, ours = answer(score_hand, case.hand, ctx, case.rules), answer(score, typed, ctx, case.rules)
        assert ours == theirs, case.describe()
        assert typed_of(notation(typed)) == typed, case.describe()  # written back in MPSZ, it reads as itself
        compared += 1
        refused += ours[0] == "refused"
    assert compared > 2500 and refused > 500, (compared, refused)


def kinds(hand: TypedHand, ctx: WinContext | None = None) -> list[tuple[str, tuple[str | int, ...]]]:
    with pytest.raises(InvalidInput) as exc:
        score(hand, ctx or WinContext(), HandRules())
    return [(p.type, p.loc) for p in exc.value.problems]


HAND = counts_of([1, 2, 3, 12, 13, 14, 20, 21, 22, 23, 24, 25, 31, 31])  # 234m 456p 345678s and a pair of White


def test_a_typed_hand_scores() -> None:
    result = score(TypedHand(HAND, 20, red_fives=(0, 1, 0)), WinContext(win="tsumo", seat_wind="south"), HandRules())
    assert ([y.id for y in result.yaku], result.han, result.fu) == (["menzen_tsumo", "aka_dora"], 2, 30)


def test_a_typed_hand_written_in_mpsz() -> None:
    """Sorted by suit and rank, a red five written 0 before its suit's plain fives; a meld's red five in its meld."""
    hand = TypedHand(counts_of([4, 4, 3, 5, 13, 13, 13, 27, 27, 33, 33]), win_tile=4, red_fives=(1, 0, 0), win_red=True,
                     melds=(TypedMeld("chi", (22, 21, 23), red_fives=1, from_seat="north"),))
    assert notation(hand) == HandInput("4056m555p1177z", "0m", (MeldInput("chi", "406s"),))
    assert notation(TypedHand(HAND, 20, red_fives=(0, 1, 0))) == HandInput("234m406p345678s55z", "3s")


def test_what_only_tile_codes_can_get_wrong() -> None:
    assert kinds(TypedHand(HAND[:33], 20)) == [("invalid_tile", ("hand", "counts"))]
    assert kinds(TypedHand(HAND, 34)) == [("invalid_tile", ("hand", "win_tile"))]
    assert kinds(TypedHand(HAND, 20, red_fives=(1, 0, 0))) == [("invalid_tile", ("hand", "red_fives"))]
    assert kinds(TypedHand(HAND, 20, win_red=True)) == [("invalid_tile", ("hand", "win_red"))]
    assert kinds(TypedHand(HAND, 13, win_red=True)) == [("win_tile_not_in_hand", ("hand", "win_tile"))]


def test_a_meld_knows_whose_discard_it_was() -> None:
    concealed = counts_of([1, 2, 3, 12, 13, 14, 31, 31, 31, 10, 10])  # 234m 456p, White three times, 2p twice
    chi = (TypedMeld("chi", (23, 24, 25), from_seat="east"),)
    scored = score(TypedHand(concealed, 10, melds=chi), WinContext(seat_wind="south"), HandRules())
    assert ([y.id for y in scored.yaku], scored.fu) == (["yakuhai_haku"], 30)
    assert kinds(TypedHand(concealed, 10, melds=(TypedMeld("chi", (23, 24, 25), from_seat="west"),)),
                 WinContext(seat_wind="south")) == [("invalid_meld", ("hand", "melds", 0, "from_seat"))]
    assert kinds(TypedHand(concealed, 10, melds=(TypedMeld("pon", (27, 27, 27), from_seat="south"),)),
                 WinContext(seat_wind="south")) == [("invalid_meld", ("hand", "melds", 0, "from_seat"))]
    assert kinds(TypedHand(concealed, 10, melds=(TypedMeld("ankan", (0, 0, 0, 0), from_seat="north"),))) == [
        ("invalid_meld", ("hand", "melds", 0, "from_seat"))]
    assert kinds(TypedHand(concealed, 10, melds=(TypedMeld("chi", (23, 24, 26)),))) == [
        ("invalid_meld", ("hand", "melds", 0, "tiles"))]


def test_the_one_validation_lists_problems_without_scoring() -> None:
    from app.scoring.validate import hand_problems

    ctx = WinContext(chankan=True, houtei=True)
    assert hand_problems(HandInput("234567m456p22678s", "8s"), WinContext(), HandRules()) == []
    assert [(p.type, p.loc) for p in hand_problems(HandInput("234567m456p22678s", "8s"), ctx, HandRules())] == [
        ("inconsistent_context", ("context", "houtei"))]
    assert [p.type for p in hand_problems(HandInput("234567m456p22678x", "8s"), WinContext(), HandRules())] == [
        "invalid_tile"]
