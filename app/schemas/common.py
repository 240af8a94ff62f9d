"""Pieces shared by the request and response models."""

from pydantic import BaseModel, ConfigDict


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
