"""Pieces shared by the request models."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

Wind = Literal["east", "south", "west", "north"]
PresetName = Literal["tenhou", "mahjong_soul", "mleague", "wrc", "ema"]


class StrictModel(BaseModel):
    """Unknown fields are rejected, so a misspelt option is an error rather than silently ignored."""

    model_config = ConfigDict(extra="forbid")
