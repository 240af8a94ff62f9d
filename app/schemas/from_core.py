"""Answer models generated from the core's records, so that a record and what the document says of it cannot drift.

`answer_model(Record, "NameOut", field="description", ...)` is a model with one field per field of the dataclass
`Record`, in the record's order (or the order given), each typed from the record's annotation: a tuple as a
list, a core record as its own answer model (generated before), a word list of the vocabulary as its named
schema (app/schemas/enums.py). Every field is required, as every answer carries it, except the fields
`omitted` (left out of an answer where they do not apply: optional, never null). The model's name is the
OpenAPI component that generated clients know; the record keeps its core name.

The models are used to document the answers, and to validate and write those FastAPI writes from a record
(`from_attributes`); the hand answers are the records encoded by msgspec, in the same field order.
"""

import dataclasses
import functools
import operator
import types
from collections.abc import Collection, Mapping
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.json_schema import SkipJsonSchema

from app.schemas.enums import NAMED_LITERALS
from app.scoring.annotations import field_types

# Read from the core's records; like every model here, no field beyond those listed.
FROM_CORE = ConfigDict(from_attributes=True, extra="forbid")

# Each record already given its answer model, and the model.
_MODELS: dict[type, type[BaseModel]] = {}


def _answer_type(annotation: Any) -> Any:
    """What an answer holds for a record's field of this type."""
    if annotation in _MODELS:
        return _MODELS[annotation]
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return NAMED_LITERALS.get(annotation, annotation)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return list[_answer_type(args[0])]  # type: ignore[misc]
    if origin in (Union, types.UnionType):
        return functools.reduce(operator.or_, map(_answer_type, args))
    assert not dataclasses.is_dataclass(annotation), f"{annotation} needs its answer model first"
    return annotation


def answer_model(record: type, name: str, /, *, order: Collection[str] = (), omitted: Collection[str] = (),
                 retyped: Mapping[str, Any] | None = None, **descriptions: str) -> type[BaseModel]:
    """The answer model `name` of the dataclass `record` (see the module's docstring); `retyped` overrides a field's
    type where the record is looser than the answer (a plain str the answer names as a word list)."""
    hints = field_types(record)
    names = list(order) or [f.name for f in dataclasses.fields(record)]
    assert sorted(names) == sorted(f.name for f in dataclasses.fields(record)), (record, names)
    assert set(descriptions) | set(omitted) | set(retyped or {}) <= set(names), (record, descriptions, omitted)
    fields: dict[str, Any] = {}
    for field in names:
        annotation = (retyped or {}).get(field) or _answer_type(hints[field])
        description = descriptions.get(field)
        if field in omitted:
            present, none = get_args(annotation)
            assert none is type(None), (record, field)
            fields[field] = (present | SkipJsonSchema[None], Field(None, description=description))
        else:
            fields[field] = (annotation, Field(description=description))
    model: type[BaseModel] = create_model(name, __config__=FROM_CORE, **fields)
    _MODELS[record] = model
    return model
