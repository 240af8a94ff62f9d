"""GET /yaku and GET /rules list what the service knows."""

from fastapi.testclient import TestClient

CONTRACT_YAKU = """riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou haitei houtei rinshan chankan
yakuhai_haku yakuhai_hatsu yakuhai_chun yakuhai_seat_wind yakuhai_round_wind chiitoitsu chanta ittsu
sanshoku_doujun sanshoku_doukou toitoi sanankou sankantsu shousangen honroutou honitsu junchan ryanpeikou
chinitsu nagashi_mangan renhou dora aka_dora ura_dora""".split()
CONTRACT_YAKUMAN = """kokushi_musou kokushi_musou_13 suuankou suuankou_tanki daisangen shousuushii daisuushii tsuuiisou
chinroutou ryuuiisou chuuren_poutou junsei_chuuren_poutou suukantsu tenhou chiihou renhou""".split()
HAND_OPTIONS = """open_tanyao aka_dora double_yakuman yakuman_stacking kazoe_yakuman kiriage_mangan double_wind_pair_fu
renhou nagashi_mangan""".split()
MATCH_OPTIONS = """length goal_score tobi tobi_at_zero agariyame tenpai_renchan tenpaiyame enchousen
enchousen_renchan_priority enchousen_draw_can_end abortive_draw_renchan nagashi_renchan tie_break leftover_riichi
players multi_ron multi_ron_honba noten_payment abortive_draws chombo chombo_penalty riichi_needs_points start_points
floating_uma final_rounding""".split()


def test_yaku_lists_every_contract_id_with_han(client: TestClient) -> None:
    entries = client.get("/yaku").json()
    yaku = {e["id"]: e for e in entries if e["kind"] == "yaku"}
    yakuman = {e["id"]: e for e in entries if e["kind"] == "yakuman"}
    assert set(CONTRACT_YAKU) <= set(yaku) and set(CONTRACT_YAKUMAN) <= set(yakuman)
    assert (yaku["chinitsu"]["han_closed"], yaku["chinitsu"]["han_open"]) == (6, 5)
    assert (yaku["pinfu"]["han_closed"], yaku["pinfu"]["han_open"]) == (1, None)
    assert (yaku["sanshoku_doukou"]["han_closed"], yaku["sanshoku_doukou"]["han_open"]) == (2, 2)
    assert yaku["honitsu"]["japanese"] == "混一色"
    assert yakuman["daisuushii"]["yakuman_multiplier"] == 2 and yakuman["daisangen"]["han_open"] == 13
    assert yakuman["suuankou"]["han_open"] is None


def test_rules_list_presets_and_every_option(client: TestClient) -> None:
    body = client.get("/rules").json()
    assert body["default_preset"] == "tenhou"
    assert [p["name"] for p in body["presets"]] == ["tenhou", "mahjong_soul", "mleague", "wrc", "ema", "tenhou_sanma",
                                                    "mahjong_soul_sanma"]
    options = {o["name"]: o for o in body["options"]}
    assert set(HAND_OPTIONS) <= set(options) and set(MATCH_OPTIONS) <= set(options)
    assert options["renhou"]["values"] == ["none", "mangan", "baiman", "yakuman"]
    assert options["double_wind_pair_fu"]["values"] == [2, 4]
    assert all(o["meaning"] for o in body["options"])
    presets = {p["name"]: p for p in body["presets"]}
    assert presets["mahjong_soul"]["hand"]["double_yakuman"] is True
    assert presets["tenhou"]["match"]["goal_score"] == 30000
    assert presets["wrc"]["hand"]["aka_dora"] is False


def test_rules_list_the_settlement_options_with_their_values(client: TestClient) -> None:
    body = client.get("/rules").json()
    options = {o["name"]: o for o in body["options"]}
    assert options["multi_ron"]["values"] == ["atamahane", "double", "triple"]
    assert options["abortive_draws"]["values"] == ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan",
                                                   "sanchahou"]
    assert options["abortive_draws"]["default"] == options["abortive_draws"]["values"]
    assert options["players"]["default"] == 4 and options["noten_payment"]["default"] == 3000
    presets = {p["name"]: p["match"] for p in body["presets"]}
    assert presets["mleague"]["multi_ron"] == "atamahane" and presets["mleague"]["chombo"] == "penalty"
    assert presets["ema"]["abortive_draws"] == []
    sanma = next(p for p in body["presets"] if p["name"] == "tenhou_sanma")
    assert (sanma["match"]["players"], sanma["match"]["uma"], sanma["hand"]["honba_points"]) == (3, [20, 0, -20], 200)
