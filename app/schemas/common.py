"""Pieces shared by the request and response models."""

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, StrictInt

# How a name field's language is chosen (app/api/language.py).
IN_ANSWER_LANGUAGE = "in the answer's language (`lang`, else Accept-Language, else English)"
LIMIT_NAME = f"the limit's name {IN_ANSWER_LANGUAGE}; null for none"
# Honba and riichi sticks as a request gives them.
Count = Annotated[StrictInt, Field(ge=0, le=99)]


class StrictModel(BaseModel):
    """Unknown fields are rejected, so a misspelt option is an error rather than silently ignored."""

    model_config = ConfigDict(extra="forbid")


class ErrorEntry(StrictModel):
    """One problem: its type (Pydantic's own or the contract's), where it is, and what is wrong in plain words."""

    type: str
    loc: list[str | int]
    msg: str


class ErrorResponse(StrictModel):
    """Every rejection (4xx, and the generic 500): one entry per problem."""

    detail: list[ErrorEntry]


def _as_sent(value: Any) -> Any:
    return value


def unvalidated(model: type[BaseModel]) -> Any:
    """An item taken as sent, to be validated on its own later (a batch reports each item's problems in its place),
    documented as a `$ref` to `model`, so that a client passes the batch the request objects it already has.
    (SkipValidation would document an inline copy of the model's schema instead.)"""
    return Annotated[Any, PlainValidator(_as_sent, json_schema_input_type=model)]
