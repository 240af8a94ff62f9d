"""GET /yaku and GET /rules: what the service knows, for clients to build their menus from."""

from fastapi import APIRouter

from app.schemas.catalog import YakuCatalogEntry
from app.scoring.yaku import AKA_DORA, DORA, NAGASHI_MANGAN, RENHOU, URA_DORA, YAKU, YAKUMAN

router = APIRouter(tags=["catalog"])

YAKU_CATALOG = [
    *(YakuCatalogEntry(id=y.id, name=y.name, japanese=y.japanese, kind="yaku", han_closed=y.han_closed,
                       han_open=y.han_open or None)
      for y in (*YAKU, RENHOU, NAGASHI_MANGAN, DORA, AKA_DORA, URA_DORA)),
    *(YakuCatalogEntry(id=y.id, name=y.name, japanese=y.japanese, kind="yakuman", han_closed=13,
                       han_open=None if y.closed_only else 13, yakuman_multiplier=2 if y.double else 1)
      for y in YAKUMAN),
]


@router.get("/yaku", response_model=list[YakuCatalogEntry], summary="Every yaku and yakuman the service knows")
async def list_yaku() -> list[YakuCatalogEntry]:
    return YAKU_CATALOG
