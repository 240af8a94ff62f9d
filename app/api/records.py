"""POST /records/verify and POST /records/convert."""

from fastapi import APIRouter, Response

from app.api.language import AcceptLanguage, LangQuery, choose, localize, set_headers
from app.errors import InvalidInput
from app.records import read_record
from app.records.convert import Conversion, convert_game
from app.records.model import GameRecord
from app.records.verify import Verification, verify_game
from app.schemas.records import RecordsConvertRequest, RecordsConvertResponse, RecordsVerifyRequest, RecordsVerifyResponse
from app.schemas.settle import SettleRulesIn

router = APIRouter(tags=["records"])
PATH = "/records/verify"  # its body cap is MAHJONG_MAX_RECORD_BODY_BYTES (app.main)
CONVERT_PATH = "/records/convert"  # the same cap


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
    return _verified(read_record(request.record, request.format), request.rules)


def convert(request: RecordsConvertRequest) -> Conversion:
    """The record read, replayed and verified under its own rules, and written in the format asked for with the
    service's values (a pure function of the request: its answer is a plain, picklable record)."""
    game = read_record(request.record, request.format)
    return convert_game(game, _verified(game, None), request.to)


def _verified(game: GameRecord, given: SettleRulesIn | None) -> Verification:
    options = rules_for(game, given)
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
async def verify_record(request: RecordsVerifyRequest, response: Response, lang: LangQuery = None,
                        accept_language: AcceptLanguage = None) -> RecordsVerifyResponse:
    result = verify(request)
    language = choose(lang, accept_language)
    for hand in result.hands:
        for win in hand.wins:
            if win.score is not None:
                localize(win.score, language)
    set_headers(response, language)
    return RecordsVerifyResponse.model_validate(result, from_attributes=True)


@router.post(
    CONVERT_PATH,
    response_model=RecordsConvertResponse,
    operation_id="convert_record",
    summary="Convert a game record to tenhou.net/6 or mjai",
    description=(
        "Send any record POST /records/verify reads (tenhou.net/6, mjlog, mjai, Mahjong Soul); it is replayed and "
        "scored, and written back as a tenhou.net/6 log (Tenhou's Japanese value strings and yaku names) or as an mjai "
        "event log (Mortal's dialect, every hora with gimite's fu, fan, yakus, hora_points, deltas and scores). The "
        "values written are the service's own, from the tiles."
    ),
)
async def convert_record(request: RecordsConvertRequest) -> RecordsConvertResponse:
    return RecordsConvertResponse.model_validate(convert(request), from_attributes=True)
