"""Request and response bodies of POST /match/settle and POST /match/replay."""

from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from app.match.hand import HanFu, Outcome, PlayedHand, Tiles, TransferKind, Win, WinValueIn, YakumanValue
from app.match.hanfu import FU_VALUES, MAX_YAKUMAN
from app.match.replay import Replay
from app.match.rules import AbortiveDraw, resolve_match_rules
from app.match.settle import SettleRules
from app.match.win_value import TileHand, hand_rules
from app.schemas.common import FROM_CORE
from app.schemas.enums import Limit, Wind
from app.schemas.hand import ContextModel, HandModel, HandRulesModel, HandScoreResponse
from app.schemas.match import Count, EndCheckResponse, MatchRulesIn, MatchStateIn, PerSeat, Seat, StandingOut

MAX_HANDS = 256
Seats = Annotated[list[Seat], Field(max_length=4)]
YakumanCount = Annotated[StrictInt, Field(ge=1, le=MAX_YAKUMAN)]


class SettleRulesIn(MatchRulesIn, HandRulesModel):
    """A preset plus any hand option (as /hand/score takes them) and any match or settlement option."""

    model_config = ConfigDict(extra="forbid")

    def to_core(self) -> SettleRules:
        given = self.model_dump(exclude_unset=True, exclude={"preset"})
        match = resolve_match_rules(self.preset, {k: v for k, v in given.items() if k in MatchRulesIn.model_fields})
        hand = {k: v for k, v in given.items() if k in HandRulesModel.model_fields}
        return SettleRules(match, hand_rules(self.preset, hand, match.players))


class SettleStateIn(MatchStateIn):
    """The scoreboard as the hand began."""

    honba: Count = Field(0, description="Honba of this hand.")
    riichi_sticks: Count = Field(0, description="Riichi sticks on the table when the hand began.")
    scores: PerSeat = Field(description="Points of each seat, seat 0 first (4, or 3 with three players), before the hand.")


class WinIn(BaseModel):
    """One winner and the value of the win, given one way: hand and context, han and fu, or yakuman."""

    model_config = ConfigDict(extra="forbid")

    winner: Seat
    from_seat: Seat | None = Field(None, description="The discarder, on a ron (the same for every winner).")
    han: Annotated[StrictInt, Field(ge=1, le=99)] | None = None
    fu: Annotated[StrictInt, Field(ge=min(FU_VALUES), le=max(FU_VALUES))] | None = Field(
        None, description="With han; may be left out from 5 han on.")
    yakuman: YakumanCount | None = Field(None, description="How many yakuman the win counts (1 single, 2 double, ...).")
    hand: HandModel | None = Field(None, description="The hand as POST /hand/score takes it.")
    context: ContextModel | None = Field(
        None, description="As POST /hand/score takes it; the seat winds, win, riichi, honba and sticks follow from "
        "the scoreboard and may be left out (where sent they must agree).")
    pao_seat: Seat | None = Field(None, description="The player liable (pao) for the win's yakuman.")
    pao_yakuman: YakumanCount | None = Field(None, description="How many of the yakuman pao covers (default: all).")

    @model_validator(mode="after")
    def _fu_goes_with_han(self) -> Self:
        if self.fu is not None and self.han is None:
            raise ValueError("fu goes with han: send both, or yakuman, or hand and context")
        return self

    def to_core(self) -> Win:
        return Win(self.winner, tuple(self._values()), self.from_seat, self.pao_seat, self.pao_yakuman)

    def _values(self) -> list[WinValueIn]:
        values: list[WinValueIn] = []
        if self.hand is not None or self.context is not None:
            values.append(Tiles(_tile_hand(self.hand), _sent(self.context)))
        if self.han is not None:
            values.append(HanFu(self.han, self.fu))
        if self.yakuman is not None:
            values.append(YakumanValue(self.yakuman))
        return values


def _tile_hand(hand: HandModel | None) -> TileHand | None:
    if hand is None:
        return None
    return TileHand(hand.tiles, hand.win_tile, tuple((meld.type, meld.tiles) for meld in hand.melds))


def _sent(context: ContextModel | None) -> tuple[tuple[str, object], ...]:
    """The context fields the client sent (lists as tuples)."""
    if context is None:
        return ()
    values = {name: getattr(context, name) for name in context.model_fields_set}
    return tuple((name, tuple(value) if isinstance(value, list) else value) for name, value in values.items())


class SettleHandIn(BaseModel):
    """What happened in the hand."""

    model_config = ConfigDict(extra="forbid")

    result: Outcome = Field(description="ron, tsumo, draw (exhaustive), abortive_draw or chombo.")
    riichi: Seats = Field(default_factory=list, description="Seats whose riichi was accepted: 1000 points each on the table.")
    wins: Annotated[list[WinIn], Field(max_length=3)] = Field(
        default_factory=list, description="ron: every winner on the discard; tsumo: the one winner.")
    tenpai: Seats = Field(default_factory=list, description="At an exhaustive draw, the tenpai seats.")
    nagashi: Seats = Field(default_factory=list, description="At an exhaustive draw, the seats that made nagashi mangan.")
    abortive: AbortiveDraw | None = Field(None, description="The kind of abortive draw.")
    chombo: Seat | None = Field(None, description="The offending seat of a chombo.")
    dealer_ends: StrictBool | None = Field(
        None, description="The all-last dealer's own choice to stop where agariyame is optional (null: continue).")

    def to_core(self) -> PlayedHand:
        return PlayedHand(self.result, tuple(self.riichi), tuple(win.to_core() for win in self.wins),
                          tuple(self.tenpai), tuple(self.nagashi), self.abortive, self.chombo, self.dealer_ends)


class SettleRequest(BaseModel):
    """The scoreboard before a hand, the rules, and what happened in the hand."""

    model_config = ConfigDict(extra="forbid")

    rules: SettleRulesIn = Field(default_factory=lambda: SettleRulesIn(), description="Preset and option overrides.")
    state: SettleStateIn
    hand: SettleHandIn


class ReplayRequest(BaseModel):
    """A whole match as its hands, settled in turn."""

    model_config = ConfigDict(extra="forbid")

    rules: SettleRulesIn = Field(default_factory=lambda: SettleRulesIn(), description="Preset and option overrides.")
    state: SettleStateIn | None = Field(
        None, description="The scoreboard before the first hand; default East 1, seat 0 dealing, start_points each.")
    hands: Annotated[list[SettleHandIn], Field(min_length=1, max_length=MAX_HANDS)]


class TransferOut(BaseModel):
    model_config = FROM_CORE

    from_seat: int | None = Field(description="The paying seat; null: the table (riichi sticks).")
    to_seat: int | None = Field(description="The receiving seat; null: the table (a riichi deposit).")
    points: int
    kind: TransferKind


class WinOut(BaseModel):
    model_config = FROM_CORE

    winner: int
    han: int
    fu: int | None
    limit: Limit
    points: int = Field(description="The table value without honba or sticks: the ron payment or the tsumo payments.")
    honba_bonus: int = Field(description="The honba this winner collected.")
    riichi_sticks_bonus: int = Field(description="The riichi sticks this winner collected.")
    score: HandScoreResponse | None = Field(description="Where tiles were sent, the whole /hand/score answer.")


class NextStateOut(BaseModel):
    model_config = FROM_CORE

    round_wind: Wind
    round_number: int
    dealer_seat: int | None
    honba: int
    riichi_sticks: int
    lap: int
    starting_dealer_seat: int
    scores: list[int]
    penalties: list[int]


class SettleResponse(BaseModel):
    model_config = FROM_CORE

    deltas: list[int] = Field(description="Each seat's whole change, riichi deposits included.")
    payments: list[TransferOut] = Field(description="Every movement of points, in order.")
    wins: list[WinOut] = Field(description="Each winner's value, first winner first.")
    scores: list[int] = Field(description="state.scores plus deltas.")
    riichi_sticks: int = Field(description="The sticks left on the table.")
    penalties: list[int] = Field(description="Points each seat will lose from its final result.")
    end_check: EndCheckResponse = Field(description="What POST /match/end-check answers for the scoreboard after the hand.")
    next_state: NextStateOut | None = Field(description="The next call's state; null once the match is over.")


class ReplayResponse(BaseModel):
    model_config = FROM_CORE

    hands: list[SettleResponse] = Field(description="Each hand's settlement, in order.")
    game_over: bool
    standings: list[StandingOut] = Field(
        description="The final result once the match is over; before that the current order, sticks not given out.")

    @classmethod
    def from_core(cls, result: Replay) -> Self:
        return cls.model_validate(result, from_attributes=True)
