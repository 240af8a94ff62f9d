"""POST /records/verify."""

from fastapi import APIRouter, Response

from app.api.hand import json_response
from app.api.language import AcceptLanguage, LangQuery, choose, localize
from app.errors import InvalidInput
from app.heavy import heavy
from app.records import read_record
from app.records.model import GameRecord
from app.records.verify import Verification, verify_game
from app.schemas.records import RecordsVerifyRequest, RecordsVerifyResponse
from app.schemas.settle import SettleRulesIn
from app.scoring.vocabulary import Language

router = APIRouter(tags=["records"])
PATH = "/records/verify"  # its body cap is MAHJONG_MAX_RECORD_BODY_BYTES (app.main)


def rules_for(game: GameRecord, given: SettleRulesIn | None) -> dict[str, object]:
    """The record's own rules; with a preset, exactly the rules given; options alone are laid over the record's."""
    options = dict(game.rules.options)
    if given is None:
        return options
    sent = given.model_dump(exclude_unset=True)
    if "preset" in sent:
        return sent
    return {**options, **sent}


def verify(request: RecordsVerifyRequest) -> Verification:
    game = read_record(request.record, request.format)
    options = rules_for(game, request.rules)
    rules = SettleRulesIn.model_validate(options).to_core()
    if rules.players != game.rules.players:
        raise InvalidInput.single("invalid_option", ("rules", "players"),
                                  f"the record is a {game.rules.players}-player game but these rules are for "
                                  f"{rules.players} players; use a {game.rules.players}-player preset or set players")
    return verify_game(game, rules, options)


@router.post(
    PATH,
    response_model=RecordsVerifyResponse,
    operation_id="verify_record",
    summary="Verify a whole game record",
    description=(
        "Send a Tenhou game record (tenhou.net/6 JSON or mjlog XML, four or three players); every hand is replayed "
        "from its tiles, every win scored as POST /hand/score scores it and every hand settled as POST /match/settle "
        "settles it, and each difference from what the record says comes back at its hand and seat."
    ),
)
async def verify_record(request: RecordsVerifyRequest, lang: LangQuery = None,
                        accept_language: AcceptLanguage = None) -> Response:
    return await heavy(verify_answer, request, choose(lang, accept_language))


def verify_answer(request: RecordsVerifyRequest, language: Language) -> Response:
    """The whole answer, written in a heavy-work process (app/heavy.py)."""
    result = verify(request)
    for hand in result.hands:
        for win in hand.wins:
            if win.score is not None:
                localize(win.score, language)
    answer = RecordsVerifyResponse.model_validate(result, from_attributes=True)
    return json_response(answer.model_dump_json(by_alias=True).encode(), language)
