"""The language of an answer's names: the `lang` query parameter wins, else the best Accept-Language match, else
English (DEFAULT_LANGUAGE). The names of each language are looked up in tables built once at import, so an English
answer costs nothing more than before and any other costs one lookup a name.

An unknown `lang` is refused (422, FastAPI's literal_error naming the accepted values); an Accept-Language without a
language the service speaks is no error: the answer is English, as HTTP content negotiation allows.
"""

from functools import lru_cache
from typing import Annotated

from fastapi import Header, Query, Response

from app.answers import limit_name as limit_name
from app.answers import localize as localize
from app.schemas.enums import Language as LanguageName
from app.scoring.vocabulary import DEFAULT_LANGUAGE, LANGUAGES, Language

LangQuery = Annotated[LanguageName | None, Query(
    description="The language of the answer's names: " + ", ".join(LANGUAGES) + " (English, Japanese, Vietnamese, "
    "Chinese (simplified), Korean). Wins over Accept-Language; without either the names are English.")]
AcceptLanguage = Annotated[str | None, Header(
    description="Used when `lang` is not sent: the best of " + ", ".join(LANGUAGES) + " by q-value (region subtags "
    "such as ja-JP, zh-CN or zh-Hans count as their language); none of them: English.")]

# What Content-Language names for each: the Chinese names are in simplified characters.
CONTENT_LANGUAGE: dict[Language, str] = {"en": "en", "ja": "ja", "vi": "vi", "zh": "zh-Hans", "ko": "ko"}
_HEADERS: dict[Language, dict[str, str]] = {
    language: {"content-language": tag, "vary": "Accept-Language"} for language, tag in CONTENT_LANGUAGE.items()}


def content_headers(language: Language) -> dict[str, str]:
    """Content-Language and Vary of an answer whose names are in `language`."""
    return _HEADERS[language]


def set_headers(response: Response, language: Language) -> None:
    response.headers.update(content_headers(language))


def _quality(params: str) -> float:
    """An entry's q-value (1 when it has none); 0 (not acceptable) when it is not a number from 0 to 1."""
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "q":
            try:
                q = float(value.strip())
            except ValueError:
                return 0.0
            return q if 0.0 <= q <= 1.0 else 0.0
    return 1.0


@lru_cache(maxsize=1024)
def from_accept_language(header: str) -> Language:
    """The language of LANGUAGES the header prefers most (the first one listed among equals); `*` and no match: English."""
    best: Language = DEFAULT_LANGUAGE
    best_q = 0.0
    for entry in header.split(","):
        tag, _, params = entry.partition(";")
        q = _quality(params)
        if q <= best_q:
            continue
        primary = tag.strip().lower().split("-", 1)[0]
        if primary == "*":
            best, best_q = DEFAULT_LANGUAGE, q
        else:
            for language in LANGUAGES:
                if primary == language:
                    best, best_q = language, q
    return best


def choose(lang: Language | None, accept_language: str | None) -> Language:
    if lang is not None:
        return lang
    return DEFAULT_LANGUAGE if accept_language is None else from_accept_language(accept_language)
