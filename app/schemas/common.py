"""Pieces shared by the request models."""

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Unknown fields are rejected, so a misspelt option is an error rather than silently ignored."""

    model_config = ConfigDict(extra="forbid")
