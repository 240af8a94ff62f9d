// Records: game record files chosen or dropped; each verified by POST /records/verify (a line per file: ok, or its
// mismatches), the players' statistics over those read by POST /records/stats as a table, and their placements as a
// small chart (inline SVG). The records are sent as their text: the service detects the format.

import { el, formatPoints, messages, post, Unreachable } from "./dom.js";
import { errorMessages } from "./i18n.js";

const MAX_RECORDS = 500;  // POST /records/stats takes 1 to 500
const PLACE_COLOURS = ["#d4a017", "#8e9aa6", "#b0693a", "#6b4c8a"];

// The view's own words in the page's five languages (English where a language lacks one).
const WORDS = {
  en: {
    records: "Records", heading: "Game records", choose: "Choose record files",
    help: "Tenhou mjlog (.xml, .mjlog) or tenhou.net/6 (.json) records, and the other formats the service reads; .gz too. You can also drop files here.",
    drop: "Drop the files here", clearAll: "Clear the records", verification: "Verification",
    verifying: "Verifying…", ok: "verified: {hands} hands, {players} players", mismatches: "mismatches with the record: {n}",
    unreadable: "cannot be read:", notARecord: "not a game record the service reads (Tenhou, mjai or Mahjong Soul), or play that cannot happen", notSent: "not counted: over {max} records",
    stats: "Players' statistics", statsHelp: "Each rate with its count: hands won of hands played, and so on. Records with mismatches still count.",
    player: "Player", table: "Table", tableSize: "{n} players", games: "Games", hands: "Hands", placements: "Placements",
    averagePlacement: "Average placement", win: "Win", tsumo: "Tsumo (of wins)", deal_in: "Deal-in", riichi: "Riichi",
    call: "Call", dama: "Dama (of wins)", draw: "Exhaustive draw", tenpai_at_draw: "Tenpai at draw (of draws)",
    average_win: "Average win", average_deal_in: "Average deal-in", average_win_turn: "Average win turn",
    chart: "Placements", chartOf: "{name}: {places}", place: ["1st", "2nd", "3rd", "4th"], placeCount: "{place} {n}",
    none: "No record read yet.", offline: "The service cannot be reached now; try again when online.",
    unverified: "{n} of {games} records have mismatches (counted all the same).",
  },
  ja: {
    records: "牌譜", heading: "牌譜", choose: "牌譜ファイルを選ぶ",
    help: "天鳳の mjlog (.xml, .mjlog) や tenhou.net/6 (.json) など、サービスが読める形式 (.gz も可)。ここにファイルをドロップすることもできます。",
    drop: "ここにファイルをドロップ", clearAll: "牌譜をすべて外す", verification: "検証",
    verifying: "検証中…", ok: "検証済み: {hands}局、{players}人", mismatches: "牌譜との食い違い {n}件:",
    unreadable: "読めません:", notARecord: "サービスが読める牌譜 (天鳳・mjai・雀魂) ではないか、ありえない進行を含んでいます", notSent: "集計外: {max}件を超えています",
    stats: "成績", statsHelp: "各率は件数付き (和了した局 / 参加した局 など)。食い違いのある牌譜も集計に含みます。",
    player: "プレイヤー", table: "人数", tableSize: "{n}人", games: "対局数", hands: "局数", placements: "着順",
    averagePlacement: "平均着順", win: "和了率", tsumo: "ツモ率 (和了中)", deal_in: "放銃率", riichi: "立直率",
    call: "副露率", dama: "ダマ率 (和了中)", draw: "流局率", tenpai_at_draw: "流局時聴牌率 (流局中)",
    average_win: "平均打点", average_deal_in: "平均放銃", average_win_turn: "平均和了巡目",
    chart: "着順分布", chartOf: "{name}: {places}", place: ["1着", "2着", "3着", "4着"], placeCount: "{place} {n}回",
    none: "まだ牌譜を読んでいません。", offline: "サービスに接続できません。オンラインで再度お試しください。",
    unverified: "{games}件中{n}件の牌譜に食い違いがあります (集計には含みます)。",
  },
  zh: {
    records: "牌谱", heading: "牌谱", choose: "选择牌谱文件",
    help: "天凤 mjlog (.xml, .mjlog)、tenhou.net/6 (.json) 等服务可读的格式 (也可 .gz)。也可以把文件拖放到这里。",
    drop: "把文件拖放到这里", clearAll: "清除牌谱", verification: "验证",
    verifying: "验证中…", ok: "已验证: {hands}局, {players}人", mismatches: "与牌谱不符 {n} 处:",
    unreadable: "无法读取:", notARecord: "不是服务能读取的牌谱 (天凤、mjai 或雀魂)，或含有不可能的进行", notSent: "未计入: 超过 {max} 份牌谱",
    stats: "玩家数据", statsHelp: "每个比率都附有次数 (和牌局数 / 参与局数 等)。有不符之处的牌谱也计入。",
    player: "玩家", table: "人数", tableSize: "{n}人", games: "对局数", hands: "局数", placements: "顺位",
    averagePlacement: "平均顺位", win: "和牌率", tsumo: "自摸率 (和牌中)", deal_in: "放铳率", riichi: "立直率",
    call: "副露率", dama: "默听率 (和牌中)", draw: "流局率", tenpai_at_draw: "流局听牌率 (流局中)",
    average_win: "平均打点", average_deal_in: "平均放铳", average_win_turn: "平均和牌巡目",
    chart: "顺位分布", chartOf: "{name}: {places}", place: ["一位", "二位", "三位", "四位"], placeCount: "{place} {n}次",
    none: "还没有读取牌谱。", offline: "现在无法连接服务，请联网后重试。",
    unverified: "{games} 份牌谱中有 {n} 份与计算不符 (仍然计入)。",
  },
  ko: {
    records: "패보", heading: "패보", choose: "패보 파일 선택",
    help: "텐호 mjlog (.xml, .mjlog), tenhou.net/6 (.json) 등 서비스가 읽는 형식 (.gz도 가능). 파일을 여기에 끌어다 놓을 수도 있습니다.",
    drop: "파일을 여기에 놓으세요", clearAll: "패보 모두 지우기", verification: "검증",
    verifying: "검증 중…", ok: "검증됨: {hands}국, {players}인", mismatches: "패보와 다른 곳 {n}개:",
    unreadable: "읽을 수 없음:", notARecord: "서비스가 읽을 수 있는 패보(텐호, mjai, 작혼)가 아니거나 불가능한 진행이 들어 있습니다", notSent: "집계 제외: {max}개 초과",
    stats: "플레이어 통계", statsHelp: "각 비율은 횟수와 함께 (화료한 국 / 참가한 국 등). 다른 곳이 있는 패보도 집계합니다.",
    player: "플레이어", table: "인원", tableSize: "{n}인", games: "대국 수", hands: "국 수", placements: "순위",
    averagePlacement: "평균 순위", win: "화료율", tsumo: "쯔모율 (화료 중)", deal_in: "방총률", riichi: "리치율",
    call: "후로율", dama: "다마율 (화료 중)", draw: "유국률", tenpai_at_draw: "유국 시 텐파이율 (유국 중)",
    average_win: "평균 타점", average_deal_in: "평균 방총", average_win_turn: "평균 화료 순목",
    chart: "순위 분포", chartOf: "{name}: {places}", place: ["1위", "2위", "3위", "4위"], placeCount: "{place} {n}회",
    none: "아직 읽은 패보가 없습니다.", offline: "지금은 서비스에 연결할 수 없습니다. 온라인일 때 다시 시도하세요.",
    unverified: "{games}개 중 {n}개 패보에 다른 곳이 있습니다 (그래도 집계합니다).",
  },
  vi: {
    records: "Ván ghi", heading: "Bản ghi ván", choose: "Chọn tệp bản ghi",
    help: "Bản ghi Tenhou mjlog (.xml, .mjlog), tenhou.net/6 (.json) và các định dạng khác dịch vụ đọc được; cả .gz. Bạn cũng có thể thả tệp vào đây.",
    drop: "Thả tệp vào đây", clearAll: "Xoá các bản ghi", verification: "Kiểm tra",
    verifying: "Đang kiểm tra…", ok: "đã kiểm tra: {hands} ván, {players} người", mismatches: "{n} chỗ khác bản ghi:",
    unreadable: "không đọc được:", notARecord: "không phải bản ghi ván đấu mà dịch vụ đọc được (Tenhou, mjai hoặc Mahjong Soul), hoặc có nước đi không thể xảy ra", notSent: "không tính: quá {max} bản ghi",
    stats: "Thống kê người chơi", statsHelp: "Mỗi tỉ lệ kèm số lần (ván thắng / ván đã chơi, ...). Bản ghi có chỗ khác vẫn được tính.",
    player: "Người chơi", table: "Bàn", tableSize: "{n} người", games: "Trận", hands: "Ván", placements: "Thứ hạng",
    averagePlacement: "Hạng trung bình", win: "Thắng", tsumo: "Tsumo (trong số thắng)", deal_in: "Đánh pháo", riichi: "Riichi",
    call: "Ăn bài", dama: "Dama (trong số thắng)", draw: "Hoà hết bài", tenpai_at_draw: "Tenpai khi hoà (trong số hoà)",
    average_win: "Điểm thắng TB", average_deal_in: "Điểm pháo TB", average_win_turn: "Lượt thắng TB",
    chart: "Phân bố thứ hạng", chartOf: "{name}: {places}", place: ["Hạng 1", "Hạng 2", "Hạng 3", "Hạng 4"],
    placeCount: "{place}: {n}", none: "Chưa đọc bản ghi nào.", offline: "Hiện không kết nối được dịch vụ; hãy thử lại khi có mạng.",
    unverified: "{n} trong {games} bản ghi có chỗ khác (vẫn được tính).",
  },
};

const RATES = ["win", "tsumo", "deal_in", "riichi", "call", "dama", "draw", "tenpai_at_draw"];
const MEANS = [["average_win", 0], ["average_deal_in", 0], ["average_win_turn", 2]];

function word(lang, key, values = {}) {
  const text = WORDS[lang]?.[key] ?? WORDS.en[key] ?? key;
  return typeof text === "string" ? text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? "")) : text;
}

/** The text cut to `room` columns (a wide character, as CJK, taking two), with an ellipsis where it was cut. */
function fit(text, room) {
  let used = 0;
  let kept = "";
  for (const character of text) {
    used += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(character) ? 2 : 1;
    if (used > room) return `${kept}…`;
    kept += character;
  }
  return kept;
}

/** A record file's text (a .gz read through); the service detects its format. */
async function readText(file) {
  if (!file.name.endsWith(".gz")) return file.text();
  return new Response(file.stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

export function mountRecords(root, calc) {
  let files = [];  // {name, text, status: "pending" | "ok" | "mismatch" | "invalid", answer, problems}
  let stats = null;  // POST /records/stats's answer, or {problems}
  let offline = false;
  const lang = () => calc.state().lang;
  const w = (key, values) => word(lang(), key, values);

  async function add(chosen) {
    const read = await Promise.all([...chosen].map(async (file) => {
      try {
        return { name: file.name, text: (await readText(file)).trim(), status: "pending" };
      } catch (error) {
        return { name: file.name, text: "", status: "invalid", problems: [String(error.message ?? error)] };
      }
    }));
    files = [...files, ...read];
    stats = null;
    offline = false;
    render();
    try {
      for (const file of files.filter((item) => item.status === "pending")) {
        await verify(file);
        render();
      }
      await count();
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      offline = true;
    }
    render();
  }

  /** A refusal's messages in the page's language: in English the service's own words, else by each problem's type
   * (a record that cannot be read in the view's own words, the others as the calculator names them). */
  function problemsOf(data) {
    if (lang() === "en") return messages(data);
    const details = Array.isArray(data?.detail) ? data.detail : [{ type: "other" }];
    return [...new Set(details.map((/** @type {any} */ item) => (item.type === "invalid_record" ? w("notARecord")
      : errorMessages(lang(), { detail: [item] })[0])))];
  }

  async function verify(file) {
    const { ok, data } = await post("records/verify", { record: file.text }, lang());
    if (ok) Object.assign(file, { status: data.verified ? "ok" : "mismatch", answer: data });
    else Object.assign(file, { status: "invalid", problems: problemsOf(data) });
  }

  async function count() {
    const records = files.filter((file) => file.status === "ok" || file.status === "mismatch").slice(0, MAX_RECORDS);
    if (!records.length) return;
    const { ok, data } = await post("records/stats", { records: records.map((file) => file.text) }, lang());
    stats = ok ? data : { problems: problemsOf(data) };
  }

  function clearAll() {
    files = [];
    stats = null;
    offline = false;
    render();
    root.querySelector("#record-files").focus();
  }

  function picker() {
    const input = el("input", { type: "file", id: "record-files", multiple: true, class: "visually-hidden",
      accept: ".xml,.mjlog,.json,.mjson,.txt,.gz", "aria-describedby": "records-help",
      onchange: (event) => { add(event.target.files); event.target.value = ""; } });
    const zone = el("div", { class: "drop-zone" }, input, el("label", { for: "record-files" }, w("choose")),
      el("p", { id: "records-help", class: "help" }, w("help")));
    zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("dragging"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
    zone.addEventListener("drop", (event) => {
      event.preventDefault();
      zone.classList.remove("dragging");
      if (event.dataTransfer?.files?.length) add(event.dataTransfer.files);
    });
    return zone;
  }

  function fileLine(file, index) {
    const name = el("span", { class: "file-name" }, file.name);
    if (file.status === "pending") return el("li", { class: "pending" }, name, " — ", w("verifying"));
    if (file.status === "ok") {
      return el("li", { class: "ok" }, el("span", { "aria-hidden": "true" }, "✓ "), name, " — ",
        w("ok", { hands: file.answer.hands.length, players: file.answer.players }));
    }
    if (file.status === "mismatch") {
      const found = file.answer.mismatches;
      return el("li", { class: "mismatch" }, el("span", { "aria-hidden": "true" }, "≠ "), name, " — ",
        w("mismatches", { n: found.length }),
        el("ul", {}, found.map((item) => el("li", {}, item.msg))));
    }
    const late = index >= MAX_RECORDS;
    return el("li", { class: "invalid" }, el("span", { "aria-hidden": "true" }, "✗ "), name, " — ",
      late ? w("notSent", { max: MAX_RECORDS }) : [w("unreadable"), " ", (file.problems ?? []).join("; ")]);
  }

  function verification() {
    if (!files.length) return el("p", { class: "help" }, w("none"));
    return [el("h3", { id: "verification-h" }, w("verification")),
      el("ul", { class: "record-files", "aria-labelledby": "verification-h", "aria-live": "polite" }, files.map(fileLine))];
  }

  function rateCell(rate) {
    const percent = rate.of ? `${(100 * rate.count / rate.of).toFixed(1)}%` : "–";
    return el("td", { class: "num" }, percent, el("br"), el("span", { class: "count" }, `${rate.count}/${rate.of}`));
  }

  function meanCell(value, digits) {
    const shown = value === null ? "–" : digits ? value.toFixed(digits) : formatPoints(Math.round(value), lang());
    return el("td", { class: "num" }, shown);
  }

  function statsTable(answer) {
    const headers = ["player", "table", "games", "hands", "placements", "averagePlacement", ...RATES, ...MEANS.map(([k]) => k)];
    const rows = answer.players.map((player) => el("tr", {},
      el("th", { scope: "row" }, player.name),
      el("td", {}, w("tableSize", { n: player.seats })),
      el("td", { class: "num" }, String(player.games)),
      el("td", { class: "num" }, String(player.hands)),
      el("td", { class: "num" }, player.placements.join("/")),
      meanCell(player.average_placement, 2),
      RATES.map((key) => rateCell(player[key])),
      MEANS.map(([key, digits]) => meanCell(player[key], digits))));
    return el("div", { class: "table-scroll", role: "region", "aria-labelledby": "stats-h", tabindex: "0" },
      el("table", { class: "stats" },
        el("caption", { class: "visually-hidden" }, w("stats")),
        el("thead", {}, el("tr", {}, headers.map((key) => el("th", { scope: "col" }, w(key))))),
        el("tbody", {}, rows)));
  }

  function chart(answer) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = (tag, attributes = {}, ...children) => {
      const node = document.createElementNS(ns, tag);
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
      node.append(...children);
      return node;
    };
    const places = w("place");
    const rowHeight = 34;
    const width = 320;
    const barX = 120;
    const label = (player) => w("chartOf", { name: player.name,
      places: player.placements.map((n, i) => w("placeCount", { place: places[i], n })).join(", ") });
    const rows = answer.players.map((player, row) => {
      const total = player.placements.reduce((a, b) => a + b, 0) || 1;
      let x = barX;
      const segments = player.placements.map((n, place) => {
        const length = (width - barX) * n / total;
        const rect = svg("rect", { x, y: row * rowHeight + 6, width: length, height: rowHeight - 12, fill: PLACE_COLOURS[place] },
          svg("title", {}, w("placeCount", { place: places[place], n })));
        x += length;
        return rect;
      });
      const name = player.seats === 3 ? `${player.name} (3)` : player.name;
      return svg("g", {},
        svg("text", { x: 0, y: row * rowHeight + rowHeight / 2 + 5, class: "chart-name" }, fit(name, 16)), ...segments);
    });
    const height = answer.players.length * rowHeight;
    const figure = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "placement-chart", role: "img",
      "aria-label": `${w("chart")}: ${answer.players.map(label).join("; ")}` }, ...rows);
    const legend = el("ul", { class: "legend", "aria-hidden": "true" },
      places.map((place, i) => el("li", {}, el("span", { class: `swatch place-${i + 1}` }), place)));
    return [el("h3", { id: "chart-h" }, w("chart")), figure, legend];
  }

  function statistics() {
    if (offline) return el("p", { class: "error", role: "alert" }, w("offline"));
    if (!stats) return null;
    if (stats.problems) return el("p", { class: "error", role: "alert" }, stats.problems.join("; "));
    const unverified = stats.unverified.length
      ? el("p", { class: "help" }, w("unverified", { n: stats.unverified.length, games: stats.games })) : null;
    return el("section", { class: "panel" },
      el("h2", { id: "stats-h" }, w("stats")),
      el("p", { class: "help" }, w("statsHelp")), unverified, statsTable(stats), chart(stats));
  }

  function render() {
    for (const button of document.querySelectorAll("[data-view=records]")) button.textContent = w("records");
    const focused = document.activeElement?.id;
    root.replaceChildren(
      el("section", { class: "panel", "aria-labelledby": "records-h" },
        el("h2", { id: "records-h" }, w("heading")), picker(),
        files.length ? el("p", { class: "actions" },
          el("button", { type: "button", class: "secondary", id: "clear-records", onclick: clearAll }, w("clearAll"))) : null,
        verification()),
      statistics());
    if (focused && root.querySelector(`#${focused}`)) root.querySelector(`#${focused}`).focus();
  }

  render();
  return { render, add };
}
