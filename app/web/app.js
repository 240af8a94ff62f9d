// The calculator: the hand and its context as the URL holds them (the names of POST /hand/score's fields), the
// pickers that edit them, and the result the service gives (POST /hand/score; POST /hand/analyze for 13 tiles).

import { el, formatPoints, get, messages, post, Unreachable } from "./dom.js";
import { LANGUAGES, translate, tileWords } from "./i18n.js";
import { mountMatch } from "./match.js";
import { mountRecords } from "./records.js";
import { formatTiles, isRed, parseTiles, plain, sortTiles, suitTiles, SUITS, tileSvg, WINDS } from "./tiles.js";

const FLAGS = ["riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
  "renhou", "nagashi_mangan"];
const MELD_TYPES = ["chi", "pon", "kan", "shouminkan", "ankan"];
const KANS = new Set(["kan", "shouminkan", "ankan"]);
const MAX_DORA = 5;

// ---- state and URL ---------------------------------------------------------------------------------------------

function preferredLanguage() {
  for (const tag of navigator.languages ?? []) {
    const lang = tag.slice(0, 2).toLowerCase();
    if (lang in LANGUAGES) return lang;
  }
  return "en";
}

function blankState() {
  return {
    text: "", win_tile: "", melds: [], win: "ron", seat_wind: "east", round_wind: "east",
    flags: Object.fromEntries(FLAGS.map((flag) => [flag, false])), dora: [], ura: [], honba: 0, riichi_sticks: 0,
    kita: 0, preset: "", lang: preferredLanguage(), rules: {}, view: "calc",
  };
}

const count = (value, high) => Math.max(0, Math.min(high, Number.parseInt(value, 10) || 0));

function readUrl() {
  const query = new URLSearchParams(location.search);
  const state = blankState();
  state.text = query.get("tiles") ?? "";
  const tiles = parseTiles(state.text);
  state.win_tile = query.get("win_tile") ?? (tiles?.length ? tiles[tiles.length - 1] : "");
  state.melds = (query.get("melds") ?? "").split(",").filter(Boolean).map((item) => {
    const [type, notation = ""] = item.split(":");
    return { type, tiles: notation };
  });
  if (query.get("win") === "tsumo") state.win = "tsumo";
  for (const name of ["seat_wind", "round_wind"]) if (WINDS.includes(query.get(name))) state[name] = query.get(name);
  for (const flag of FLAGS) state.flags[flag] = ["1", "true"].includes(query.get(flag));
  state.dora = parseTiles(query.get("dora") ?? "") ?? [];
  state.ura = parseTiles(query.get("ura") ?? "") ?? [];
  state.honba = count(query.get("honba"), 99);
  state.riichi_sticks = count(query.get("riichi_sticks"), 99);
  state.kita = count(query.get("kita"), 4);
  state.preset = query.get("preset") ?? "";
  if (query.get("lang") in LANGUAGES) state.lang = query.get("lang");
  for (const [name, value] of query) if (name.startsWith("rules.")) state.rules[name.slice(6)] = value;
  if (["match", "records"].includes(query.get("view"))) state.view = query.get("view");
  return state;
}

function writeUrl(state) {
  const query = new URLSearchParams();
  const put = (name, value, fallback) => { if (value !== fallback) query.set(name, value); };
  put("tiles", state.text.replace(/\s+/g, ""), "");
  put("win_tile", state.win_tile, "");
  put("melds", state.melds.map((meld) => `${meld.type}:${meld.tiles}`).join(","), "");
  put("win", state.win, "ron");
  put("seat_wind", state.seat_wind, "east");
  put("round_wind", state.round_wind, "east");
  for (const flag of FLAGS) if (state.flags[flag]) query.set(flag, "1");
  put("dora", formatTiles(state.dora), "");
  put("ura", formatTiles(state.ura), "");
  put("honba", String(state.honba), "0");
  put("riichi_sticks", String(state.riichi_sticks), "0");
  put("kita", String(state.kita), "0");
  put("preset", state.preset, "");
  put("lang", state.lang, "en");
  for (const [name, value] of Object.entries(state.rules)) query.set(`rules.${name}`, value);
  put("view", state.view, "calc");
  const search = query.toString().replace(/%3A/g, ":").replace(/%2C/g, ",");
  history.replaceState(null, "", search ? `?${search}` : location.pathname);
}

// ---- what the state means ----------------------------------------------------------------------------------------

const state = readUrl();
const catalog = { rules: null, yaku: new Map(), lang: null };
const t = (key, values) => translate(state.lang, key, values);

function handTiles() { return parseTiles(state.text) ?? []; }
function meldTiles() { return state.melds.flatMap((meld) => parseTiles(meld.tiles) ?? []); }
function handSize() { return 14 - 3 * state.melds.length; }
function preset() {
  const presets = catalog.rules?.presets ?? [];
  return presets.find((item) => item.name === (state.preset || catalog.rules.default_preset)) ?? presets[0];
}
function handOption(name) {
  if (name in state.rules) return parseOption(name, state.rules[name]);
  return preset()?.hand?.[name];
}
function players() { return Number(preset()?.hand?.players ?? 4); }
const ura = () => state.flags.riichi || state.flags.double_riichi;

function parseOption(name, text) {
  const option = catalog.rules?.options.find((item) => item.name === name);
  if (option?.values === "bool") return text === "1" || text === "true";
  if (option?.values === "int" || typeof option?.default === "number") return Number(text);
  return text;
}

/** How many copies of each tile (red fives counted as fives) are held, and of the red fives themselves. */
function held() {
  const copies = new Map();
  const all = [...handTiles(), ...meldTiles(), ...state.dora, ...(ura() ? state.ura : []), ...Array(state.kita).fill("4z")];
  for (const tile of all) {
    copies.set(plain(tile), (copies.get(plain(tile)) ?? 0) + 1);
    if (isRed(tile)) copies.set(tile, (copies.get(tile) ?? 0) + 1);
  }
  return copies;
}

/** Whether `tiles` can be added beside what is held: no fifth copy, no red five beyond the rules' count. */
function fits(tiles, copies = held()) {
  const extra = new Map();
  for (const tile of tiles) {
    extra.set(plain(tile), (extra.get(plain(tile)) ?? 0) + 1);
    if (isRed(tile)) extra.set(tile, (extra.get(tile) ?? 0) + 1);
  }
  const maxRed = Number(handOption("max_red_fives_per_suit") ?? 1);
  for (const [tile, more] of extra) {
    if ((copies.get(tile) ?? 0) + more > (isRed(tile) ? maxRed : 4)) return false;
  }
  return !(players() === 3 && tiles.some((tile) => tile[1] === "m" && !["1", "9"].includes(tile[0])));
}

function meldOf(type, tile, red) {
  const suit = tile[1];
  const digit = Number(tile[0]);
  let digits;
  if (type === "chi") digits = [digit, digit + 1, digit + 2];
  else digits = Array(KANS.has(type) ? 4 : 3).fill(digit);
  let tiles = digits.map((d) => `${d}${suit}`);
  const five = tiles.indexOf(`5${suit}`);
  if (red && five >= 0) tiles[five] = `0${suit}`;
  tiles = sortTiles(tiles);
  return { type, tiles: formatTiles(tiles) };
}

function meldPossible(type, tile) {
  if (state.melds.length >= 4) return false;
  if (type === "chi") return players() === 4 && tile[1] !== "z" && Number(tile[0]) <= 7;
  return true;
}

/** The body of POST /hand/score (or, without win_tile, of /hand/analyze) for the page's state. */
function scoreRequest(withWinTile = true) {
  const context = {
    win: state.win, seat_wind: state.seat_wind, round_wind: state.round_wind,
    ...Object.fromEntries(FLAGS.map((flag) => [flag, state.flags[flag]])),
    dora_indicators: state.dora, ura_dora_indicators: ura() ? state.ura : [],
    honba: state.honba, riichi_sticks: state.riichi_sticks,
  };
  if (state.kita) context.kita = state.kita;
  const rules = { preset: state.preset || catalog.rules?.default_preset || "tenhou" };
  for (const name of Object.keys(state.rules)) rules[name] = parseOption(name, state.rules[name]);
  const hand = { tiles: state.text.replace(/\s+/g, ""), melds: state.melds.map((meld) => ({ ...meld })) };
  if (withWinTile) hand.win_tile = state.win_tile;
  if (state.flags.nagashi_mangan) return { context, rules };
  return { hand, context, rules };
}

/** What the hand is ready for: "score" (a whole hand, or a nagashi mangan), "analyze" (one tile short) or null. */
function readiness() {
  if (state.flags.nagashi_mangan) return "score";
  const tiles = parseTiles(state.text);
  if (tiles === null) return state.text ? "score" : null;  // the service names what is wrong with the notation
  if (tiles.length === handSize()) return "score";
  if (tiles.length === handSize() - 1 && tiles.length > 0) return "analyze";
  return null;
}

// ---- the page ----------------------------------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);
let pending = 0;
let changeTimer = 0;

function changed({ rescore = true } = {}) {
  writeUrl(state);
  renderCalculator();
  if (rescore) {
    clearTimeout(changeTimer);
    changeTimer = setTimeout(computeResult, 120);
  }
}

function tileButton(tile, label, onclick, disabled = false, extraClass = "") {
  return el("button", {
    type: "button", class: `tile-button ${extraClass}`, "aria-label": label, title: tileWords(state.lang, tile),
    disabled, onclick, html: tileSvg(tile),
  });
}

/** A palette: one button per tile (its accessible name `prefix + tile`), built once per player count and language. */
function buildPalette(container, prefix, onPick, { reds = true } = {}) {
  container.replaceChildren();
  for (const suit of SUITS) {
    const row = el("div", { class: "palette-row" });
    for (const tile of suitTiles(suit, players())) {
      if (!reds && isRed(tile)) continue;
      const name = prefix ? `${prefix} ${tile}` : tile;
      row.append(tileButton(tile, name, () => onPick(tile), false, isRed(tile) ? "red" : ""));
      row.lastChild.dataset.tile = tile;
    }
    container.append(row);
  }
}

function setPaletteState(container, allowed) {
  for (const button of container.querySelectorAll("button[data-tile]")) {
    const ok = allowed(button.dataset.tile);
    if (button.disabled === ok) button.disabled = !ok;
  }
}

let paletteKey = "";

function buildPalettes() {
  const key = `${players()}/${state.lang}`;
  if (key === paletteKey) return;
  paletteKey = key;
  buildPalette($("palette"), "", addToHand);
  buildPalette($("meld-palette"), t("meldWord"), addMeld, { reds: false });
  buildPalette($("dora-palette"), t("doraWord"), (tile) => { state.dora.push(tile); changed(); });
  buildPalette($("ura-palette"), t("uraWord"), (tile) => { state.ura.push(tile); changed(); });
}

function addToHand(tile) {
  const tiles = handTiles();
  tiles.push(tile);
  state.text = formatTiles(sortTiles(tiles));
  state.win_tile = tile;
  changed();
}

function removeFromHand(index) {
  const tiles = sortTiles(handTiles());
  const [removed] = tiles.splice(index, 1);
  state.text = formatTiles(tiles);
  if (removed === state.win_tile && !tiles.includes(removed)) state.win_tile = tiles.at(-1) ?? "";
  changed();
  const buttons = $("hand-tiles").querySelectorAll("button");
  (buttons[Math.min(index, buttons.length - 1)] ?? $("notation")).focus();
}

function addMeld(tile) {
  const type = $("meld-type").value;
  state.melds.push(meldOf(type, tile, $("meld-red").checked));
  changed();
}

function meldName(meld) { return `${t(meld.type)} ${meld.tiles}`; }

function renderHand() {
  const tiles = sortTiles(handTiles());
  let winMarked = false;
  $("hand-tiles").replaceChildren(...tiles.map((tile, index) => {
    const winning = !winMarked && tile === state.win_tile && (winMarked = true);
    return tileButton(tile, t("removeTile", { tile }), () => removeFromHand(index), false, winning ? "winning" : "");
  }));
  const size = handSize();
  $("count").textContent = t("count", { n: tiles.length, m: size });
  const choices = [...new Set(tiles)];
  if (state.win_tile && !choices.includes(state.win_tile)) choices.push(state.win_tile);
  $("win-tile").replaceChildren(...choices.map((tile) => el("option", { value: tile, selected: tile === state.win_tile },
    `${tile} · ${tileWords(state.lang, tile)}`)));
  if (document.activeElement !== $("notation")) $("notation").value = state.text;
  $("notation").setAttribute("aria-invalid", parseTiles(state.text) === null ? "true" : "false");
}

function renderPickers() {
  const copies = held();
  const full = handTiles().length >= handSize();
  setPaletteState($("palette"), (tile) => !full && fits([tile], copies));
  const type = $("meld-type").value;
  const red = $("meld-red").checked;
  setPaletteState($("meld-palette"), (tile) => meldPossible(type, tile) && fits(meldOf(type, tile, red).tiles.match(/\d/g)
    .map((digit) => digit + tile[1]), copies));
  setPaletteState($("dora-palette"), (tile) => state.dora.length < MAX_DORA && fits([tile], copies));
  setPaletteState($("ura-palette"), (tile) => state.ura.length < state.dora.length && fits([tile], copies));
  $("meld-list").replaceChildren(...state.melds.map((meld, index) => el("li", {},
    el("span", { class: "tiles-inline", html: (parseTiles(meld.tiles) ?? []).map((tile) => tileSvg(tile, "small")).join("") }),
    el("span", {}, meldName(meld)),
    el("button", { type: "button", class: "remove", "aria-label": t("removeMeld", { meld: meldName(meld) }),
      onclick: () => { state.melds.splice(index, 1); changed(); $("meld-type").focus(); } }, "×"))));
  for (const [kind, list, word] of [["dora", state.dora, "removeDora"], ["ura", state.ura, "removeUra"]]) {
    $(`${kind}-list`).replaceChildren(...list.map((tile, index) => tileButton(tile, t(word, { tile }), () => {
      list.splice(index, 1);
      if (kind === "dora" && state.ura.length > state.dora.length) state.ura.length = state.dora.length;
      changed();
      $(`${kind}-details`).querySelector("summary").focus();
    })));
  }
  $("ura-details").hidden = !ura();
  $("kita-field").hidden = players() !== 3;
  $("meld-count").textContent = state.melds.length ? `(${state.melds.length})` : "";
  $("dora-count").textContent = state.dora.length ? `(${state.dora.join(" ")})` : "";
  $("ura-count").textContent = state.ura.length ? `(${state.ura.join(" ")})` : "";
  renderExtras();
}

/** Beside the hand: its calls and the indicators, drawn small (each named in words for screen readers). */
function renderExtras() {
  const strip = (label, tiles) => el("span", {}, `${label} `, el("span", { class: "tiles-inline", html: tiles.map((tile) => tileSvg(tile)).join("") }),
    el("span", { class: "visually-hidden" }, tiles.join(" ")));
  $("hand-extras").replaceChildren(...[...state.melds.map((meld) => strip(t(meld.type), parseTiles(meld.tiles) ?? [])),
    state.dora.length ? strip(t("doraWord"), state.dora) : null, ura() && state.ura.length ? strip(t("uraWord"), state.ura) : null,
    state.kita ? el("span", {}, `${t("kita")}: ${state.kita}`) : null].filter(Boolean));
}

function renderContext() {
  for (const input of document.querySelectorAll("input[name=win]")) input.checked = input.value === state.win;
  $("seat-wind").value = state.seat_wind;
  $("round-wind").value = state.round_wind;
  for (const option of $("seat-wind").options) option.disabled = option.value === "north" && players() === 3;
  for (const flag of FLAGS) $(`flag-${flag}`).checked = state.flags[flag];
  $("honba").value = state.honba;
  $("riichi-sticks").value = state.riichi_sticks;
  $("kita").value = state.kita;
}

function renderCalculator() {
  buildPalettes();
  renderHand();
  renderPickers();
  renderContext();
}

// ---- the words of the page (static text and the names the service gives) -----------------------------------------

function renderWords() {
  document.documentElement.lang = state.lang;
  document.title = t("title");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  $("lang").value = state.lang;
  for (const flag of FLAGS) $(`flag-${flag}-label`).textContent = catalog.yaku.get(flag)?.name ?? flag;
  for (const select of [$("seat-wind"), $("round-wind")]) {
    for (const option of select.options) option.textContent = t(option.value);
  }
  for (const option of $("meld-type").options) option.textContent = t(option.value);
  renderPresets();
}

function renderPresets() {
  const rules = catalog.rules;
  if (!rules) return;
  const chosen = preset();
  $("preset").replaceChildren(...rules.presets.map((item) => el("option", { value: item.name, selected: item === chosen },
    item.label)));
  const options = rules.options.filter((option) => option.scope !== "match" && option.name !== "players");
  $("rule-options").replaceChildren(...options.map((option) => {
    const id = `rule-${option.name}`;
    const value = handOption(option.name);
    const set = (text) => {
      if (String(parseOption(option.name, text)) === String(chosen.hand[option.name])) delete state.rules[option.name];
      else state.rules[option.name] = text;
      changed();
    };
    let control;
    if (option.values === "bool") {
      control = el("input", { type: "checkbox", id, checked: Boolean(value), onchange: (event) => set(event.target.checked ? "1" : "0") });
    } else if (Array.isArray(option.values)) {
      control = el("select", { id, onchange: (event) => set(event.target.value) },
        option.values.map((item) => el("option", { value: String(item), selected: String(item) === String(value) }, String(item))));
    } else {
      control = el("input", { type: "number", id, value: String(value), inputmode: "numeric", onchange: (event) => set(event.target.value) });
    }
    const differs = option.name in state.rules;
    return el("div", { class: `option ${option.values === "bool" ? "check" : ""} ${differs ? "differs" : ""}`, title: option.meaning },
      option.values === "bool" ? [control, el("label", { for: id }, option.label)] : [el("label", { for: id }, option.label), control]);
  }));
}

async function loadCatalog() {
  if (catalog.lang === state.lang) return;
  try {
    const [rules, yaku] = await Promise.all([get("rules", state.lang), get("yaku", state.lang)]);
    if (!rules.ok || !yaku.ok) return;
    catalog.rules = rules.data;
    catalog.yaku = new Map(yaku.data.map((entry) => [entry.id, entry]));
    catalog.lang = state.lang;
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    showOffline(true);
  }
}

// ---- the result ----------------------------------------------------------------------------------------------------

function showOffline(offline) {
  $("offline-banner").hidden = !offline;
}

async function computeResult() {
  const ready = readiness();
  const ticket = ++pending;
  const output = $("result-body");
  if (!ready) {
    const n = handTiles().length;
    const m = handSize();
    output.replaceChildren(el("p", { class: "hint" }, n > m ? t("tooMany", { n, m }) : t("needTiles", { n, m, more: m - n })));
    lastScore = null;
    return;
  }
  output.setAttribute("aria-busy", "true");
  try {
    const answer = ready === "score" ? await post("hand/score", scoreRequest(), state.lang)
      : await post("hand/analyze", scoreRequest(false), state.lang);
    if (ticket !== pending) return;
    showOffline(false);
    if (!answer.ok) {
      lastScore = null;
      output.replaceChildren(el("div", { class: "error", role: "alert" }, messages(answer.data).map((text) => el("p", {}, text))));
    } else if (ready === "score") {
      lastScore = { request: scoreRequest(), answer: answer.data };
      output.replaceChildren(...renderScore(answer.data));
    } else {
      lastScore = null;
      output.replaceChildren(...renderAnalysis(answer.data));
    }
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    if (ticket !== pending) return;
    lastScore = null;
    showOffline(true);
    output.replaceChildren(el("p", { class: "error", role: "alert" }, t("offline")));
  } finally {
    if (ticket === pending) output.removeAttribute("aria-busy");
  }
}

let lastScore = null;
const calculator = {
  /** The last scored hand: {request, answer}, or null. */
  lastScore: () => lastScore,
  state: () => state,
  translate: t,
  catalog: () => catalog,
};

function payerName(payer) {
  return payer === "discarder" ? t("discarder") : t(payer);
}

function renderScore(score) {
  const points = score.points;
  const limit = score.limit_name ?? (score.limit !== "none" ? score.limit : null);
  const headline = el("div", { class: "headline" },
    el("p", { class: "total" }, el("span", { class: "number" }, formatPoints(points.total, state.lang)), " ", t("points")),
    el("p", { class: "hanfu" }, score.yakuman.length ? [t("yakuman"), score.han > 13 ? ` ×${score.han / 13}` : ""]
      : score.fu ? t("hanFu", { han: score.han, fu: score.fu }) : t("hanOnly", { han: score.han }),
    limit ? el("span", { class: "limit" }, limit) : null));
  const payments = el("section", { "aria-labelledby": "payments-h" }, el("h3", { id: "payments-h" }, t("payments")),
    el("ul", { class: "payments" }, (score.payments ?? []).map((payment) => el("li", {},
      t("pays", { payer: payerName(payment.payer), points: formatPoints(payment.points, state.lang) }),
      payment.liable ? ` (${t("liable")})` : null)),
    points.honba_bonus ? el("li", { class: "bonus" }, t("honbaBonus", { n: formatPoints(points.honba_bonus, state.lang) })) : null,
    points.riichi_sticks_bonus ? el("li", { class: "bonus" }, t("sticksBonus", { n: formatPoints(points.riichi_sticks_bonus, state.lang) })) : null));
  const yakuRows = score.yakuman.length
    ? score.yakuman.map((item) => el("li", {}, el("span", {}, item.name), el("span", {}, item.multiplier > 1 ? `${t("yakuman")} ×${item.multiplier}` : t("yakuman"))))
    : score.yaku.map((item) => el("li", {}, el("span", {}, item.name), el("span", {}, t("hanOnly", { han: item.han }))));
  const yaku = el("section", { "aria-labelledby": "yaku-h" }, el("h3", { id: "yaku-h" }, t("yaku")), el("ul", { class: "rows" }, yakuRows));
  const parts = [headline, payments, yaku];
  if (score.fu_breakdown.length) {
    const raw = score.fu_breakdown.reduce((sum, item) => sum + item.fu, 0);
    parts.push(el("section", { "aria-labelledby": "fu-h" }, el("h3", { id: "fu-h" }, t("fu")),
      el("ul", { class: "rows" }, score.fu_breakdown.map((item) => el("li", {},
        el("span", {}, t("fuReason")[item.reason] ?? item.reason, item.tiles ? el("span", { class: "tiles-inline", html: tileStrip(item.tiles, "small") }) : null,
          item.tiles ? el("span", { class: "visually-hidden" }, ` ${item.tiles}`) : null),
        el("span", {}, t("fuAmount", { n: item.fu }))))),
      raw !== score.fu ? el("p", { class: "note" }, t("fuTotal", { raw, fu: score.fu })) : null));
  }
  if (score.decomposition?.length) {
    parts.push(el("section", { "aria-labelledby": "groups-h" }, el("h3", { id: "groups-h" }, t("wholeHand")),
      el("ul", { class: "groups" }, score.decomposition.map((group) => el("li", { class: group.open ? "open" : "" },
        el("span", { class: "tiles-inline", html: tileStrip(group.tiles, "", group.winning ? state.win_tile : null) }),
        el("span", { class: "visually-hidden" }, group.tiles))))));
  }
  parts.push(el("p", { class: "actions" }, el("button", { type: "button", class: "secondary", onclick: () => showView("match", { fromCalculator: true }) }, t("addToMatch"))));
  return parts;
}

function tileStrip(notation, extraClass, winning = null) {
  let marked = false;
  return (parseTiles(notation) ?? []).map((tile) => {
    const mark = winning && !marked && plain(tile) === plain(winning) && (marked = true);
    return tileSvg(tile, `${extraClass} ${mark ? "winning" : ""}`);
  }).join("");
}

function valueLine(value) {
  if (!value) return t("noYaku");
  const names = [...value.yakuman, ...value.yaku].map((id) => catalog.yaku.get(id)?.name ?? id).join(", ");
  const hanfu = value.yakuman.length ? t("yakuman") : value.fu ? t("hanFu", { han: value.han, fu: value.fu }) : t("hanOnly", { han: value.han });
  return `${formatPoints(value.points.total, state.lang)} ${t("points")} · ${hanfu} · ${names}`;
}

function renderAnalysis(analysis) {
  if (!analysis.waits) {
    return [el("p", { class: "hint" }, t("shanten", { n: analysis.shanten })),
      el("section", { "aria-labelledby": "improving-h" }, el("h3", { id: "improving-h" }, t("improving")),
        el("p", { class: "tiles-inline", html: (analysis.improving_tiles ?? []).map((item) => tileSvg(item.tile, "small")).join("") }),
        el("p", { class: "visually-hidden" }, (analysis.improving_tiles ?? []).map((item) => item.tile).join(" ")))];
  }
  return [el("section", { "aria-labelledby": "waits-h" }, el("h3", { id: "waits-h" }, t("waits")),
    el("ul", { class: "waits" }, analysis.waits.map((wait) => el("li", {},
      tileButton(wait.tile, t("winOn", { tile: wait.tile }), () => addToHand(wait.tile), !fits([wait.tile])),
      el("div", {},
        el("p", { class: "wait-head" }, el("strong", {}, wait.tile), ` · ${t("remaining", { n: wait.remaining })}`,
          wait.furiten ? ` · ${t("furiten")}` : ""),
        el("p", {}, `${t("ron")}: ${valueLine(wait.ron)}`),
        el("p", {}, `${t("tsumo")}: ${valueLine(wait.tsumo)}`))))))];
}

// ---- views ---------------------------------------------------------------------------------------------------------

let match = null;
let records = null;

function showView(view, options = {}) {
  state.view = view;
  writeUrl(state);
  $("calc-view").hidden = view !== "calc";
  $("match-view").hidden = view !== "match";
  $("records-view").hidden = view !== "records";
  for (const button of document.querySelectorAll("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === view));
  }
  if (view === "match") match.render(options);
  if (view === "records") records.render();
}

// ---- wiring --------------------------------------------------------------------------------------------------------

function wire() {
  $("notation").addEventListener("input", (event) => {
    state.text = event.target.value;
    const tiles = parseTiles(state.text);
    if (tiles && !tiles.includes(state.win_tile)) state.win_tile = tiles.at(-1) ?? "";
    changed();
  });
  $("notation").addEventListener("change", () => { $("notation").value = state.text; });
  $("win-tile").addEventListener("change", (event) => { state.win_tile = event.target.value; changed(); });
  $("clear").addEventListener("click", () => {
    Object.assign(state, { text: "", win_tile: "", melds: [], dora: [], ura: [], kita: 0 });
    changed();
    $("notation").focus();
  });
  for (const input of document.querySelectorAll("input[name=win]")) {
    input.addEventListener("change", () => { state.win = input.value; changed(); });
  }
  $("seat-wind").addEventListener("change", (event) => { state.seat_wind = event.target.value; changed(); });
  $("round-wind").addEventListener("change", (event) => { state.round_wind = event.target.value; changed(); });
  for (const flag of FLAGS) {
    $(`flag-${flag}`).addEventListener("change", (event) => { state.flags[flag] = event.target.checked; changed(); });
  }
  for (const [id, name, high] of [["honba", "honba", 99], ["riichi-sticks", "riichi_sticks", 99], ["kita", "kita", 4]]) {
    $(id).addEventListener("input", (event) => { state[name] = count(event.target.value, high); changed(); });
  }
  $("meld-type").addEventListener("change", () => renderPickers());
  $("meld-red").addEventListener("change", () => renderPickers());
  $("preset").addEventListener("change", (event) => {
    state.preset = event.target.value === catalog.rules.default_preset ? "" : event.target.value;
    state.rules = {};
    if (players() === 3 && state.seat_wind === "north") state.seat_wind = "east";
    if (players() === 4) state.kita = 0;
    renderPresets();
    changed();
  });
  $("lang").replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, lang: code }, name)));
  $("lang").addEventListener("change", async (event) => {
    state.lang = event.target.value;
    await loadCatalog();
    renderWords();
    changed();
    match.render();
    records.render();
  });
  for (const button of document.querySelectorAll("[data-view]")) {
    button.addEventListener("click", () => showView(button.dataset.view));
  }
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $("copy-status").textContent = t("copied");
    } catch {
      $("copy-status").textContent = location.href;
    }
  });
  window.addEventListener("online", () => { showOffline(false); computeResult(); });
  window.addEventListener("offline", () => showOffline(true));
}

async function start() {
  wire();
  // What the link holds beyond the hand is in view: its calls and indicators open.
  $("meld-details").open = state.melds.length > 0;
  $("dora-details").open = state.dora.length > 0;
  $("ura-details").open = state.ura.length > 0;
  match = mountMatch($("match-view"), calculator);
  records = mountRecords($("records-view"), calculator);
  await loadCatalog();
  renderWords();
  renderCalculator();
  showView(state.view);
  writeUrl(state);
  await computeResult();
  document.body.dataset.ready = "true";
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("calculator/sw.js", { scope: "calculator" }).catch(() => {});
  }
}

start();
