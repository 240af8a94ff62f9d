"""The names of the rule options' named values (`renhou` `mangan`, `enchousen` `one_wind_round`, ...) in the five
languages, for menus: GET /rules gives each option's `value_labels` from here. One table, keyed by the value as a
client sends it; a value that means the same under two options (`none`, `yakuman`) has one name.
tests/test_value_names.py fails when an option's named value has no entry here."""

from typing import Final

from app.scoring.names import Names

VALUE_NAMES: Final[dict[str, Names]] = {
    # renhou, enchousen
    "none": Names("None", "なし", "Không có", "无", "없음"),
    "mangan": Names("Mangan", "満貫", "Mangan", "满贯", "만관"),
    "baiman": Names("Baiman", "倍満", "Baiman", "倍满", "배만"),
    "yakuman": Names("Yakuman", "役満", "Yakuman", "役满", "역만"),
    # pao_covers, pao_honba
    "whole_hand": Names("The whole hand", "和了全体", "Cả tay bài", "整手牌", "화료 전체"),
    "liable": Names("The liable player", "包の責任者", "Người chịu trách nhiệm", "包牌者", "책임지불자"),
    "discarder": Names("The discarder", "放銃者", "Người đánh quân", "放铳者", "방총자"),
    # length
    "tonpuusen": Names("East only (tonpuusen)", "東風戦", "Chỉ vòng Đông (tonpuusen)", "东风战", "동풍전"),
    "hanchan": Names("East and South (hanchan)", "半荘戦", "Đông và Nam (hanchan)", "半庄战", "반장전"),
    # agariyame
    "forced_renchan": Names("The dealer must go on", "親は続行", "Nhà cái phải chơi tiếp", "庄家必须连庄", "친은 계속"),
    "optional": Names("The dealer may stop", "親が選べる", "Nhà cái được chọn dừng", "庄家可选择结束", "친이 선택"),
    "top_must_end": Names("Ends when the dealer is first", "親がトップなら終了", "Kết thúc khi nhà cái dẫn đầu",
                          "庄家第一时结束", "친이 1등이면 종료"),
    # enchousen
    "one_wind_round": Names("At most one wind round", "1場まで", "Tối đa một vòng gió", "最多一圈", "최대 한 바람"),
    "unlimited": Names("Unlimited", "無制限", "Không giới hạn", "无限制", "무제한"),
    # nagashi_renchan
    "dealer_tenpai": Names("If the dealer is tenpai", "親が聴牌なら", "Nếu nhà cái tenpai", "庄家听牌时", "친이 텐파이면"),
    "dealer_nagashi": Names("Only the dealer's nagashi", "親の流し満貫のみ", "Chỉ khi nhà cái nagashi",
                            "仅庄家流局满贯", "친의 유국만관만"),
    # tie_break
    "seat_order": Names("By seat order", "席順", "Theo thứ tự chỗ ngồi", "按座位顺序", "자리 순서"),
    "shared": Names("Shared places", "同順位", "Đồng hạng", "并列", "공동 순위"),
    # leftover_riichi
    "to_first": Names("To first place", "トップ取り", "Cho người nhất", "归第一名", "1등에게"),
    "lost": Names("Lost", "消滅", "Mất", "作废", "소멸"),
    # final_rounding
    "tenths": Names("To one decimal", "小数第1位まで", "Một chữ số thập phân", "保留一位小数", "소수 첫째 자리"),
    "thousands_first_balances": Names("Thousands, first place balances", "千点単位・トップが調整",
                                      "Hàng nghìn, người nhất cân bằng", "千点取整，第一名补差",
                                      "천 점 단위, 1등이 조정"),
    # multi_ron
    "atamahane": Names("Only the first (atamahane)", "頭ハネ", "Chỉ người đầu (atamahane)", "截和", "머리치기"),
    "double": Names("Up to two win", "ダブロンまで", "Tối đa hai người thắng", "最多一炮双响", "더블 론까지"),
    "triple": Names("All of them win", "トリロンあり", "Tất cả đều thắng", "一炮三响", "트리플 론"),
    # multi_ron_honba
    "first_winner": Names("The first winner", "上家取り", "Người thắng đầu tiên", "第一位和牌者", "첫 화료자"),
    "each_winner": Names("Each winner", "各和了者", "Mỗi người thắng", "每位和牌者", "각 화료자"),
    # abortive_draws
    "kyuushu_kyuuhai": Names("Nine terminals", "九種九牌", "Chín quân đầu", "九种九牌", "구종구패"),
    "suufon_renda": Names("Four winds", "四風連打", "Bốn gió", "四风连打", "사풍연타"),
    "suucha_riichi": Names("Four riichi", "四家立直", "Bốn riichi", "四家立直", "사가리치"),
    "suukaikan": Names("Four kans", "四開槓", "Bốn kan", "四杠散了", "사개깡"),
    "sanchahou": Names("Three rons on one discard", "三家和", "Ba người cùng Ron", "三家和", "삼가화"),
    # chombo
    "mangan_payment": Names("A mangan paid at once", "満貫払い", "Trả mangan ngay", "立即支付满贯", "만관 지불"),
    "penalty": Names("A penalty at the end", "終局時の罰点", "Phạt cuối trận", "终局罚点", "종료 시 벌점"),
}
