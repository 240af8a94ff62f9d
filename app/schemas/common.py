"""Pieces shared by the request and response models."""

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt
from pydantic.json_schema import SkipJsonSchema

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


def valid_or_sent(model: type[BaseModel]) -> Any:
    """A batch item: `model` where it validates (in the batch's own pass), else taken as sent, to be validated on its
    own later so that its problems are reported in its place. Documented as a `$ref` to `model` alone, so that a client
    passes the batch the request objects it already has."""
    return Annotated[model | SkipJsonSchema[Any], Field(union_mode="left_to_right")]


def documented_as(model: type[BaseModel]) -> Any:
    """An answer's mapping written exactly as it is (its keys in the order given), documented as a `$ref` to `model`,
    the request model it is a dump of, so that a client reads it as the object it would send."""
    return Annotated[SkipJsonSchema[dict[str, Any]] | model, Field(union_mode="left_to_right")]
