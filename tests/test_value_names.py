"""GET /rules names every named value of every option in the five languages (value_labels, from
app/match/value_names.py), so a client shows `one_wind_round` as its name, not its id."""

from fastapi.testclient import TestClient

from app.main import app
from app.match.rules import OPTIONS
from app.match.value_names import VALUE_NAMES
from app.scoring.vocabulary import LANGUAGES

client = TestClient(app)


def test_every_named_value_of_every_option_has_its_names_in_each_language() -> None:
    rules = client.get("/rules").json()
    assert {option["name"] for option in rules["options"]} == set(OPTIONS)
    named = {value for option in rules["options"] if isinstance(option["values"], list)
             for value in option["values"] if isinstance(value, str)}
    assert named == set(VALUE_NAMES)  # no value without a name, no name of a value that is not one
    for option in rules["options"]:
        values = option["values"] if isinstance(option["values"], list) else []
        assert set(option["value_labels"]) == {value for value in values if isinstance(value, str)}, option["name"]
        for labels in option["value_labels"].values():
            assert set(labels) == set(LANGUAGES) and all(labels[language].strip() for language in LANGUAGES)


def test_the_labels_are_the_tables_and_the_same_in_every_language_of_the_answer() -> None:
    for language in LANGUAGES:
        options = {option["name"]: option for option in client.get(f"/rules?lang={language}").json()["options"]}
        assert options["enchousen"]["value_labels"]["one_wind_round"][language] == VALUE_NAMES["one_wind_round"].of(language)
    enchousen = {option["name"]: option for option in client.get("/rules?lang=ja").json()["options"]}["enchousen"]
    assert enchousen["value_labels"]["unlimited"] == {"en": "Unlimited", "ja": "無制限", "vi": "Không giới hạn",
                                                      "zh": "无限制", "ko": "무제한"}
    assert enchousen["value_labels"]["none"]["ja"] == "なし"
    assert {option["name"]: option for option in client.get("/rules").json()["options"]}["open_tanyao"]["value_labels"] == {}
