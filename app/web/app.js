// The calculator: the hand and its context as the URL holds them (the names of POST /hand/score's fields), the
// pickers that edit them, and the result the service gives (POST /hand/score; POST /hand/analyze for 13 tiles).

import { el, formatPoints, get, post, Unreachable } from "./dom.js";
import { errorMessages, LANGUAGES, translate, tileWords } from "./i18n.js";
import { mountMatch } from "./match.js";
import { mountRecords } from "./records.js";
import { formatTiles, isRed, paletteRows, parseTiles, plain, sortTiles, tileSvg, WINDS } from "./tiles.js";

const KANS = new Set(["kan", "shouminkan", "ankan"]);
const MAX_DORA = 5;
const MAX_CALLS = 4;

/** @typedef {{type: string, tiles: string}} Meld */
/**
 * A flag of the context as GET /rules lists it (context_flags): its names, and what it needs (other flags, or
 * `tsumo`/`ron`), rules out and implies.
 * @typedef {{name: string, label?: string, labels?: Record<string, string>, needs?: string[], excludes?: string[],
 *   implies?: string[]}} FlagEntry
 */
/**
 * @typedef {object} State
 * @property {string} text
 * @property {string} win_tile
 * @property {Meld[]} melds
 * @property {string} win
 * @property {string} seat_wind
 * @property {string} round_wind
 * @property {Record<string, boolean>} flags
 * @property {string[]} dora
 * @property {string[]} ura
 * @property {number} honba
 * @property {number} riichi_sticks
 * @property {number} kita
 * @property {string} preset
 * @property {string} lang
 * @property {Record<string, string>} rules
 * @property {string} view
 */

// ---- state and URL ---------------------------------------------------------------------------------------------

function preferredLanguage() {
  for (const tag of navigator.languages ?? []) {
    const lang = tag.slice(0, 2).toLowerCase();
    if (lang in LANGUAGES) return lang;
  }
  return "en";
}

/** The situation a new hand starts from: POST /hand/score's defaults. */
function blankSituation() {
  return {
    text: "", win_tile: "", melds: [], win: "ron", seat_wind: "east", round_wind: "east",
    flags: /** @type {Record<string, boolean>} */ ({}), dora: [], ura: [], honba: 0, riichi_sticks: 0, kita: 0,
  };
}

/** @returns {State} */
function blankState() {
  return { ...blankSituation(), preset: "", lang: preferredLanguage(), rules: {}, view: "calc" };
}

/** @param {string | null} value @param {number} high */
const count = (value, high) => Math.max(0, Math.min(high, Number.parseInt(value ?? "", 10) || 0));

/** The language the URL asks for, read before anything else (the catalog is fetched in it). */
function urlLanguage() {
  const lang = new URLSearchParams(location.search).get("lang");
  return lang && lang in LANGUAGES ? lang : preferredLanguage();
}

/** @returns {State} */
function readUrl() {
  const query = new URLSearchParams(location.search);
  const read = blankState();
  read.text = query.get("tiles") ?? "";
  const tiles = parseTiles(read.text);
  read.win_tile = query.get("win_tile") ?? (tiles?.length ? tiles[tiles.length - 1] : "");
  read.melds = (query.get("melds") ?? "").split(",").filter(Boolean).map((item) => {
    const [type, notation = ""] = item.split(":");
    return { type, tiles: notation };
  });
  if (query.get("win") === "tsumo") read.win = "tsumo";
  for (const name of /** @type {const} */ (["seat_wind", "round_wind"])) {
    const wind = query.get(name);
    if (wind && WINDS.includes(wind)) read[name] = wind;
  }
  for (const flag of flagNames()) read.flags[flag] = ["1", "true"].includes(query.get(flag) ?? "");
  read.dora = parseTiles(query.get("dora") ?? "") ?? [];
  read.ura = parseTiles(query.get("ura") ?? "") ?? [];
  read.honba = count(query.get("honba"), 99);
  read.riichi_sticks = count(query.get("riichi_sticks"), 99);
  read.kita = count(query.get("kita"), 4);
  read.preset = query.get("preset") ?? "";
  read.lang = urlLanguage();
  for (const [name, value] of query) if (name.startsWith("rules.")) read.rules[name.slice(6)] = value;
  const view = query.get("view");
  if (view === "match" || view === "records") read.view = view;
  return read;
}

/** @param {State} current */
function writeUrl(current) {
  const query = new URLSearchParams();
  /** @param {string} name @param {string} value @param {string} fallback */
  const put = (name, value, fallback) => { if (value !== fallback) query.set(name, value); };
  put("tiles", current.text.replace(/\s+/g, ""), "");
  put("win_tile", current.win_tile, "");
  put("melds", current.melds.map((meld) => `${meld.type}:${meld.tiles}`).join(","), "");
  put("win", current.win, "ron");
  put("seat_wind", current.seat_wind, "east");
  put("round_wind", current.round_wind, "east");
  for (const flag of flagNames()) if (current.flags[flag]) query.set(flag, "1");
  put("dora", formatTiles(current.dora), "");
  put("ura", formatTiles(current.ura), "");
  put("honba", String(current.honba), "0");
  put("riichi_sticks", String(current.riichi_sticks), "0");
  put("kita", String(current.kita), "0");
  put("preset", current.preset, "");
  put("lang", current.lang, "en");
  for (const [name, value] of Object.entries(current.rules)) query.set(`rules.${name}`, value);
  put("view", current.view, "calc");
  const search = query.toString().replace(/%3A/g, ":").replace(/%2C/g, ",");
  history.replaceState(null, "", search ? `?${search}` : location.pathname);
}

// ---- what the state means ----------------------------------------------------------------------------------------

/** @type {State} */
const state = { ...blankState(), lang: urlLanguage() };
/** @type {{rules: any, yaku: Map<string, any>, lang: string | null}} */
const catalog = { rules: null, yaku: new Map(), lang: null };
/** @param {string} key @param {Record<string, unknown>} [values] @returns {any} */
const t = (key, values) => translate(state.lang, key, values);
/** What the palette adds to ("hand", "call", "dora", "ura") and which call: the page's own choice, not in the URL. */
const entry = { target: "hand", call: "pon" };

/** The context's flags, as GET /rules lists them. @returns {FlagEntry[]} */
function flagEntries() {
  return catalog.rules?.context_flags ?? [];
}

const WIN_KINDS = ["ron", "tsumo"];

/** Tick or untick a flag as the table of flags says a player means it: ticking one ticks what it needs and implies
 * (ippatsu: riichi; haitei: tsumo) and unticks what it rules out; unticking one unticks the flags that need it.
 * @param {string} name @param {boolean} on */
function setFlag(name, on) {
  if (Boolean(state.flags[name]) === on) return;
  state.flags[name] = on;
  const entries = flagEntries();
  const flag = entries.find((item) => item.name === name);
  if (on) {
    for (const need of [...(flag?.needs ?? []), ...(flag?.implies ?? [])]) {
      if (WIN_KINDS.includes(need)) setWin(need);
      else if (need === "dealer") setSeat("east");
      else if (entries.some((item) => item.name === need)) setFlag(need, true);
    }
    for (const other of entries) {
      if (flag?.excludes?.includes(other.name) || other.excludes?.includes(name)) setFlag(other.name, false);
    }
  } else {
    for (const other of entries) {
      if (other.needs?.includes(name) || other.implies?.includes(name)) setFlag(other.name, false);
    }
  }
}

/** The seat wind; the flags that need the dealer (or a non-dealer) are unticked when the seat says otherwise.
 * @param {string} wind */
function setSeat(wind) {
  state.seat_wind = wind;
  const unmet = wind === "east" ? "non_dealer" : "dealer";
  for (const flag of flagEntries()) if (flag.needs?.includes(unmet)) setFlag(flag.name, false);
}

/** Ron or tsumo; the flags that need the other kind of win are unticked. @param {string} kind */
function setWin(kind) {
  state.win = kind;
  const other = WIN_KINDS.find((item) => item !== kind) ?? "";
  for (const flag of flagEntries()) if (flag.needs?.includes(other)) setFlag(flag.name, false);
}
function flagNames() { return flagEntries().map((flag) => flag.name); }

function handTiles() { return parseTiles(state.text) ?? []; }
function meldTiles() { return state.melds.flatMap((meld) => parseTiles(meld.tiles) ?? []); }
function handSize() { return 14 - 3 * state.melds.length; }
function preset() {
  /** @type {any[]} */
  const presets = catalog.rules?.presets ?? [];
  return presets.find((item) => item.name === (state.preset || catalog.rules.default_preset)) ?? presets[0];
}
/** @param {string} name */
function handOption(name) {
  if (name in state.rules) return parseOption(name, state.rules[name]);
  return preset()?.hand?.[name];
}
function players() { return Number(preset()?.hand?.players ?? 4); }
const ura = () => Boolean(state.flags.riichi || state.flags.double_riichi);

/** @param {string} name */
function optionOf(name) {
  return catalog.rules?.options.find((/** @type {any} */ item) => item.name === name);
}

/** @param {string} name @param {string} text */
function parseOption(name, text) {
  const option = optionOf(name);
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

/** Whether `tiles` can be added beside what is held: no fifth copy, no red five beyond the rules' count.
 * @param {string[]} tiles */
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

/** The call of `type` that a tap on `tile` makes (for a chi, `tile` is the run's lowest tile).
 * @param {string} type @param {string} tile @param {boolean} red @returns {Meld} */
function meldOf(type, tile, red) {
  const suit = tile[1];
  const digit = Number(plain(tile)[0]);
  const digits = type === "chi" ? [digit, digit + 1, digit + 2] : Array(KANS.has(type) ? 4 : 3).fill(digit);
  let tiles = digits.map((d) => `${d}${suit}`);
  const five = tiles.indexOf(`5${suit}`);
  if (red && five >= 0) tiles[five] = `0${suit}`;
  tiles = sortTiles(tiles);
  return { type, tiles: formatTiles(tiles) };
}

/** Whether a call of `type` on `tile` can be made at all (before counting copies). @param {string} type @param {string} tile */
function callShapeOk(type, tile) {
  if (isRed(tile)) return false;  // a call's red five is the "with the red five" choice
  if (type === "chi") return players() === 4 && tile[1] !== "z" && Number(tile[0]) <= 7;
  return true;
}

/** Whether a tap on `tile` adds it where the palette points now. @param {string} tile */
function pickable(tile, copies = held()) {
  switch (entry.target) {
    case "call": {
      if (state.melds.length >= MAX_CALLS || !callShapeOk(entry.call, tile)) return false;
      const meld = meldOf(entry.call, tile, $("meld-red").checked);
      return fits(parseTiles(meld.tiles) ?? [], copies);
    }
    case "dora": return state.dora.length < MAX_DORA && fits([tile], copies);
    case "ura": return ura() && state.ura.length < state.dora.length && fits([tile], copies);
    default: return handTiles().length < handSize() && fits([tile], copies);
  }
}

/** The rule that decides which tiles the palette offers now, in words: why a tile or a call is not possible. */
function paletteRule() {
  switch (entry.target) {
    case "call":
      if (state.melds.length >= MAX_CALLS) return t("ruleMaxCalls");
      if (entry.call === "chi" && players() === 3) return t("ruleNoChiSanma");
      return t({ chi: "ruleChi", pon: "rulePon", kan: "ruleKan", shouminkan: "ruleKan", ankan: "ruleAnkan" }[entry.call]);
    case "dora": return state.dora.length >= MAX_DORA ? t("ruleMaxDora") : t("ruleDora");
    case "ura":
      if (!ura()) return t("ruleUraRiichi");
      return state.ura.length >= state.dora.length ? t("ruleUraCount") : t("ruleUra");
    default:
      return handTiles().length >= handSize() ? t("ruleHandFull", { n: handSize() }) : t("ruleHand");
  }
}

/** The body of POST /hand/score (or, without win_tile, of /hand/analyze) for the page's state. */
function scoreRequest(withWinTile = true) {
  /** @type {Record<string, unknown>} */
  const context = {
    win: state.win, seat_wind: state.seat_wind, round_wind: state.round_wind,
    ...Object.fromEntries(flagNames().map((flag) => [flag, Boolean(state.flags[flag])])),
    dora_indicators: state.dora, ura_dora_indicators: ura() ? state.ura : [],
    honba: state.honba, riichi_sticks: state.riichi_sticks,
  };
  if (state.kita) context.kita = state.kita;
  /** @type {Record<string, unknown>} */
  const rules = { preset: state.preset || catalog.rules?.default_preset || "tenhou" };
  for (const name of Object.keys(state.rules)) rules[name] = parseOption(name, state.rules[name]);
  /** @type {Record<string, unknown>} */
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

/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
/** @type {(selector: string) => any[]} */
const all = (selector) => [...document.querySelectorAll(selector)];
let pending = 0;
let changeTimer = 0;
/** Set when a tap completes the hand: the result is scrolled into view once it is there. */
let revealResult = false;

function changed({ rescore = true } = {}) {
  writeUrl(state);
  renderCalculator();
  if (rescore) {
    clearTimeout(changeTimer);
    changeTimer = window.setTimeout(computeResult, 120);
  }
}

/** @param {string} tile @param {string} label @param {() => void} onclick */
function tileButton(tile, label, onclick, disabled = false, extraClass = "") {
  return el("button", {
    type: "button", class: `tile-button ${extraClass}`, "aria-label": label, title: tileWords(state.lang, tile),
    disabled, onclick, html: tileSvg(tile),
  });
}

// ---- roving focus: one tab stop per group of tiles, the arrow keys move within it ------------------------------

/** Make the buttons of `container` one tab stop; arrows move (up and down by rows of `data-row`), Home and End too.
 * @param {HTMLElement} container */
function roving(container) {
  container.addEventListener("keydown", (event) => {
    const buttons = [...container.querySelectorAll("button")];
    const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (at < 0) return;
    const next = rovingTarget(buttons, at, event.key);
    if (next === null) return;
    event.preventDefault();
    focusIn(container, buttons[next]);
  });
  container.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLButtonElement) focusIn(container, event.target, false);
  });
}

/** Which button an arrow key moves to from `at` (null: the key is not one of ours).
 * @param {HTMLButtonElement[]} buttons @param {number} at @param {string} key */
function rovingTarget(buttons, at, key) {
  const rowOf = (/** @type {number} */ i) => Number(buttons[i].dataset.row ?? 0);
  const colOf = (/** @type {number} */ i) => Number(buttons[i].dataset.col ?? i);
  switch (key) {
    case "ArrowRight": return Math.min(at + 1, buttons.length - 1);
    case "ArrowLeft": return Math.max(at - 1, 0);
    case "Home": return 0;
    case "End": return buttons.length - 1;
    case "ArrowDown": case "ArrowUp": {
      const row = rowOf(at) + (key === "ArrowDown" ? 1 : -1);
      const inRow = buttons.map((_, i) => i).filter((i) => rowOf(i) === row);
      if (!inRow.length) return at;
      return inRow.reduce((best, i) => (Math.abs(colOf(i) - colOf(at)) < Math.abs(colOf(best) - colOf(at)) ? i : best));
    }
    default: return null;
  }
}

/** @param {HTMLElement} container @param {HTMLButtonElement} button */
function focusIn(container, button, move = true) {
  for (const other of container.querySelectorAll("button")) other.tabIndex = other === button ? 0 : -1;
  if (move) button.focus();
}

/** After a render: exactly one button of the group takes Tab (the one last focused, if it is still there).
 * @param {HTMLElement} container @param {number} [keep] */
function settleRoving(container, keep) {
  const buttons = [...container.querySelectorAll("button")];
  if (!buttons.length) return;
  const current = keep !== undefined ? Math.min(keep, buttons.length - 1)
    : Math.max(0, buttons.findIndex((button) => button.tabIndex === 0));
  buttons.forEach((button, i) => { button.tabIndex = i === current ? 0 : -1; });
}

// ---- the palette: one, pointed at the hand, a call, the dora or the ura indicators ------------------------------

let paletteKey = "";

function buildPalette() {
  const key = `${players()}`;
  if (key === paletteKey) return;
  paletteKey = key;
  const rows = paletteRows(players());
  $("palette").replaceChildren(...rows.map((tiles, row) => el("div", { class: "palette-row" }, tiles.map((tile, col) => {
    const button = tileButton(tile, tile, () => pick(tile), false, isRed(tile) ? "red" : "");
    button.dataset.tile = tile;
    button.dataset.row = String(row);
    button.dataset.col = String(col);
    return button;
  }))));
  settleRoving($("palette"), 0);
}

/** The palette's words and which of its tiles can be taken now (a tile that cannot is aria-disabled: it keeps its
 * place in the arrow keys' path, and the rule above the palette says why). */
function renderPalette() {
  const copies = held();
  const prefix = { hand: "", call: t(entry.call), dora: t("doraWord"), ura: t("uraWord") }[entry.target];
  for (const button of $("palette").querySelectorAll("button[data-tile]")) {
    const tile = button.dataset.tile;
    const name = prefix ? `${prefix} ${tile}` : tile;
    if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
    button.setAttribute("aria-disabled", String(!pickable(tile, copies)));
  }
  $("palette").setAttribute("aria-label", t(`palette_${entry.target}`));
  $("palette-rule").textContent = paletteRule();
  for (const input of all("input[name=target]")) {
    input.checked = input.value === entry.target;
    input.disabled = input.value === "ura" && !ura();
  }
  for (const input of all("input[name=call-kind]")) {
    input.checked = input.value === entry.call;
    input.disabled = input.value === "chi" && players() === 3;
  }
  $("call-kinds").hidden = entry.target !== "call";
}

/** A tap on the palette's `tile`: added where the palette points. @param {string} tile */
function pick(tile) {
  if (!pickable(tile)) return;
  if (entry.target === "call") {
    state.melds.push(meldOf(entry.call, tile, $("meld-red").checked));
  } else if (entry.target === "dora") {
    state.dora.push(tile);
  } else if (entry.target === "ura") {
    state.ura.push(tile);
  } else {
    const tiles = handTiles();
    tiles.push(tile);
    state.text = formatTiles(sortTiles(tiles));
    state.win_tile = tile;
    revealResult = tiles.length === handSize();
  }
  changed();
}

// ---- the hand: each tile chooses the winning tile; its own button removes it ------------------------------------

/** @param {number} index */
function chooseWinning(index) {
  state.win_tile = sortTiles(handTiles())[index];
  changed();
  $("hand-tiles").querySelectorAll("button.tile-button")[index]?.focus();
}

/** @param {number} index */
function removeFromHand(index) {
  const tiles = sortTiles(handTiles());
  const [removed] = tiles.splice(index, 1);
  state.text = formatTiles(tiles);
  if (removed === state.win_tile && !tiles.includes(removed)) state.win_tile = tiles.at(-1) ?? "";
  changed();
  const buttons = $("hand-tiles").querySelectorAll("button.remove-tile");
  (buttons[Math.min(index, buttons.length - 1)] ?? $("notation")).focus();
}

/** @param {Meld} meld */
function meldName(meld) { return `${t(meld.type)} ${meld.tiles}`; }

function renderHand() {
  const tiles = sortTiles(handTiles());
  const winning = tiles.indexOf(state.win_tile);
  const focused = [...$("hand-tiles").querySelectorAll("button")].findIndex((button) => button.tabIndex === 0);
  $("hand-tiles").replaceChildren(...tiles.map((tile, index) => el("div", { class: "hand-tile" },
    el("button", {
      type: "button", class: `tile-button ${index === winning ? "winning" : ""}`, "aria-pressed": String(index === winning),
      "aria-label": t("winningTileNamed", { tile }), title: tileWords(state.lang, tile), html: tileSvg(tile),
      onclick: () => chooseWinning(index),
    }),
    el("button", { type: "button", class: "remove-tile", "aria-label": t("removeTile", { tile }), onclick: () => removeFromHand(index) },
      "×"))));
  settleRoving($("hand-tiles"), focused < 0 ? 0 : focused);
  $("count").textContent = t("count", { n: tiles.length, m: handSize() });
  if (document.activeElement !== $("notation")) $("notation").value = state.text;
  $("notation").setAttribute("aria-invalid", parseTiles(state.text) === null ? "true" : "false");
}

/** Beside the hand: its calls and the indicators, each with its own remove button. */
function renderExtras() {
  /** @param {string} label @param {string[]} tiles @param {string} removeName @param {() => void} remove */
  const item = (label, tiles, removeName, remove) => el("li", {},
    el("span", { class: "extra-label" }, label),
    el("span", { class: "tiles-inline", html: tiles.map((tile) => tileSvg(tile)).join("") }),
    el("span", { class: "visually-hidden" }, tiles.join(" ")),
    el("button", { type: "button", class: "remove", "aria-label": removeName, onclick: remove }, "×"));
  const items = [
    ...state.melds.map((meld, index) => item(t(meld.type), parseTiles(meld.tiles) ?? [], t("removeMeld", { meld: meldName(meld) }),
      () => { state.melds.splice(index, 1); changed(); focusExtras(); })),
    ...state.dora.map((tile, index) => item(t("doraWord"), [tile], t("removeDora", { tile }), () => {
      state.dora.splice(index, 1);
      if (state.ura.length > state.dora.length) state.ura.length = state.dora.length;
      changed();
      focusExtras();
    })),
    ...(ura() ? state.ura : []).map((tile, index) => item(t("uraWord"), [tile], t("removeUra", { tile }),
      () => { state.ura.splice(index, 1); changed(); focusExtras(); })),
  ];
  if (state.kita) items.push(el("li", {}, `${t("kita")}: ${state.kita}`));
  $("hand-extras").replaceChildren(items.length ? el("ul", { class: "extras", "aria-label": t("callsAndIndicators") }, items) : "");
}

function focusExtras() {
  ($("hand-extras").querySelector("button.remove") ?? $("target-" + entry.target)).focus();
}

function renderContext() {
  for (const input of all("input[name=win]")) input.checked = input.value === state.win;
  $("seat-wind").value = state.seat_wind;
  $("round-wind").value = state.round_wind;
  for (const option of $("seat-wind").options) option.disabled = option.value === "north" && players() === 3;
  for (const flag of flagNames()) {
    const box = $(`flag-${flag}`);
    if (box) box.checked = Boolean(state.flags[flag]);
  }
  $("honba").value = state.honba;
  $("riichi-sticks").value = state.riichi_sticks;
  $("kita").value = state.kita;
  $("kita-field").hidden = players() !== 3;
}

function renderCalculator() {
  buildPalette();
  renderHand();
  renderExtras();
  renderPalette();
  renderContext();
  renderSeatNames();
}

/** With a match going on, each seat wind is shown with the name of the player sitting there this hand. */
function renderSeatNames() {
  const names = match?.seatNames?.() ?? {};
  for (const option of $("seat-wind").options) {
    const text = names[option.value] ? `${t(option.value)} · ${names[option.value]}` : t(option.value);
    if (option.textContent !== text) option.textContent = text;
  }
}

// ---- the words of the page (static text and the names the service gives) -----------------------------------------

function renderWords() {
  document.documentElement.lang = state.lang;
  document.title = t("title");
  for (const node of all("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of all("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  $("lang").value = state.lang;
  for (const option of $("round-wind").options) option.textContent = t(option.value);
  renderFlags();
  renderPresets();
}

/** The flags' checkboxes, one per flag GET /rules lists, named as it names them in the page's language. */
function renderFlags() {
  $("flags").replaceChildren(...flagEntries().map((flag) => el("div", { class: "check" },
    el("input", { type: "checkbox", id: `flag-${flag.name}`, checked: Boolean(state.flags[flag.name]),
      onchange: (/** @type {Event} */ event) => {
        setFlag(flag.name, /** @type {HTMLInputElement} */ (event.target).checked);
        changed();
      } }),
    el("label", { for: `flag-${flag.name}` }, flagLabel(flag)))));
}

/** @param {FlagEntry} flag */
function flagLabel(flag) {
  return flag.labels?.[state.lang] ?? flag.label ?? catalog.yaku.get(flag.name)?.name ?? flag.name;
}

/** An option's value by its name in the page's language, as GET /rules gives it (a number or a list as it is).
 * @param {any} option @param {unknown} value */
function valueLabel(option, value) {
  const named = option.value_labels?.[String(value)]
    ?? (Array.isArray(option.values) ? option.values.find((/** @type {any} */ item) => item?.value === value) : null)?.labels;
  if (named) return typeof named === "string" ? named : named[state.lang] ?? named.en;
  const limit = catalog.rules?.limits?.find((/** @type {any} */ item) => item.id === value);
  if (limit) return limit.name;
  if (typeof value === "string") return value.replace(/_/g, " ");
  return String(value);
}

/** @param {any} item */
const valueOf = (item) => (item !== null && typeof item === "object" && "value" in item ? item.value : item);

function renderPresets() {
  const rules = catalog.rules;
  if (!rules) return;
  const chosen = preset();
  $("preset").replaceChildren(...rules.presets.map((/** @type {any} */ item) => el("option", { value: item.name, selected: item === chosen },
    item.label)));
  const options = rules.options.filter((/** @type {any} */ option) => option.scope !== "match" && option.name !== "players");
  $("rule-options").replaceChildren(...options.map((/** @type {any} */ option) => {
    const id = `rule-${option.name}`;
    const value = handOption(option.name);
    /** @param {string} text */
    const set = (text) => {
      if (String(parseOption(option.name, text)) === String(chosen.hand[option.name])) delete state.rules[option.name];
      else state.rules[option.name] = text;
      changed();
    };
    /** @param {Event} event */
    const target = (event) => /** @type {HTMLInputElement} */ (event.target);
    let control;
    if (option.values === "bool") {
      control = el("input", { type: "checkbox", id, checked: Boolean(value), onchange: (/** @type {Event} */ event) => set(target(event).checked ? "1" : "0") });
    } else if (Array.isArray(option.values)) {
      control = el("select", { id, onchange: (/** @type {Event} */ event) => set(target(event).value) },
        option.values.map((/** @type {any} */ item) => el("option", { value: String(valueOf(item)), selected: String(valueOf(item)) === String(value) },
          valueLabel(option, valueOf(item)))));
    } else {
      control = el("input", { type: "number", id, value: String(value), inputmode: "numeric", onchange: (/** @type {Event} */ event) => set(target(event).value) });
    }
    const differs = option.name in state.rules;
    return el("div", { class: `option ${option.values === "bool" ? "check" : ""} ${differs ? "differs" : ""}` },
      option.values === "bool" ? [control, el("label", { for: id }, option.label)] : [el("label", { for: id }, option.label), control]);
  }));
}

async function loadCatalog() {
  if (catalog.lang === state.lang) return;
  try {
    const [rules, yaku] = await Promise.all([get("rules", state.lang), get("yaku", state.lang)]);
    if (!rules.ok || !yaku.ok) return;
    catalog.rules = rules.data;
    catalog.yaku = new Map(yaku.data.map((/** @type {any} */ item) => [item.id, item]));
    catalog.lang = state.lang;
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    showOffline(true);
  }
}

// ---- the result ----------------------------------------------------------------------------------------------------

/** @param {boolean} offline */
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
      output.replaceChildren(el("div", { class: "error", role: "alert" }, errorMessages(state.lang, answer.data).map((text) => el("p", {}, text))));
    } else if (ready === "score") {
      lastScore = { request: scoreRequest(), answer: answer.data };
      output.replaceChildren(...renderScore(answer.data));
    } else {
      lastScore = null;
      output.replaceChildren(...renderAnalysis(answer.data));
    }
    if (answer.offline) output.append(el("p", { class: "hint offline-note" }, t("workedOffline")));
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    if (ticket !== pending) return;
    lastScore = null;
    showOffline(true);
    output.replaceChildren(el("p", { class: "error", role: "alert" }, t("offline")));
  } finally {
    if (ticket === pending) output.removeAttribute("aria-busy");
  }
  if (ticket === pending && revealResult) bringResultIntoView();
}

/** After the tap that completes the hand: the result's headline in view, the focus left where it was. */
function bringResultIntoView() {
  revealResult = false;
  const box = $("result").getBoundingClientRect();
  if (box.top >= 0 && box.top + Math.min(box.height, 160) <= window.innerHeight) return;
  $("result").scrollIntoView({ block: "start" });
}

/** @type {{request: any, answer: any} | null} */
let lastScore = null;
const calculator = {
  /** The last scored hand: {request, answer}, or null. */
  lastScore: () => lastScore,
  state: () => state,
  translate: t,
  catalog: () => catalog,
  nextHand,
  valueLabel,
};

/** @param {string} payer */
function payerName(payer) {
  return payer === "discarder" ? t("discarder") : t(payer);
}

/** The headline's second line: han and fu with the limit's name, or only the yakuman's name (once). @param {any} score */
function hanFuLine(score) {
  if (score.yakuman.length) return [score.limit_name ?? t("yakuman")];
  const hanfu = score.fu ? t("hanFu", { han: score.han, fu: score.fu }) : t("hanOnly", { han: score.han });
  return [hanfu, score.limit_name ? el("span", { class: "limit" }, score.limit_name) : null];
}

/** @param {any} score */
function renderScore(score) {
  const points = score.points;
  const headline = el("div", { class: "headline" },
    el("p", { class: "total" }, el("span", { class: "number" }, formatPoints(points.total, state.lang)), " ", t("points")),
    el("p", { class: "hanfu" }, hanFuLine(score)));
  const payments = el("section", { "aria-labelledby": "payments-h" }, el("h3", { id: "payments-h" }, t("payments")),
    el("ul", { class: "payments" }, (score.payments ?? []).map((/** @type {any} */ payment) => el("li", {},
      t("pays", { payer: payerName(payment.payer), points: formatPoints(payment.points, state.lang) }),
      payment.liable ? ` (${t("liable")})` : null)),
    points.honba_bonus ? el("li", { class: "bonus" }, t("honbaBonus", { n: formatPoints(points.honba_bonus, state.lang) })) : null,
    points.riichi_sticks_bonus ? el("li", { class: "bonus" }, t("sticksBonus", { n: formatPoints(points.riichi_sticks_bonus, state.lang) })) : null));
  const yakuRows = score.yakuman.length
    ? score.yakuman.map((/** @type {any} */ item) => el("li", {}, el("span", {}, item.name), el("span", {}, item.multiplier > 1 ? `×${item.multiplier}` : "")))
    : score.yaku.map((/** @type {any} */ item) => el("li", {}, el("span", {}, item.name), el("span", {}, t("hanOnly", { han: item.han }))));
  const yaku = el("section", { "aria-labelledby": "yaku-h" }, el("h3", { id: "yaku-h" }, t("yaku")), el("ul", { class: "rows" }, yakuRows));
  const parts = [headline, payments, yaku];
  if (score.fu_breakdown.length) {
    const raw = score.fu_breakdown.reduce((/** @type {number} */ sum, /** @type {any} */ item) => sum + item.fu, 0);
    parts.push(el("section", { "aria-labelledby": "fu-h" }, el("h3", { id: "fu-h" }, t("fu")),
      el("ul", { class: "rows" }, score.fu_breakdown.map((/** @type {any} */ item) => el("li", {},
        el("span", {}, t("fuReason")[item.reason] ?? item.reason, item.tiles ? el("span", { class: "tiles-inline", html: tileStrip(item.tiles, "small") }) : null,
          item.tiles ? el("span", { class: "visually-hidden" }, ` ${item.tiles}`) : null),
        el("span", {}, t("fuAmount", { n: item.fu }))))),
      raw !== score.fu ? el("p", { class: "note" }, t("fuTotal", { raw, fu: score.fu })) : null));
  }
  if (score.decomposition?.length) {
    parts.push(el("section", { "aria-labelledby": "groups-h" }, el("h3", { id: "groups-h" }, t("wholeHand")),
      el("ul", { class: "groups" }, score.decomposition.map((/** @type {any} */ group) => el("li", { class: group.open ? "open" : "" },
        el("span", { class: "tiles-inline", html: tileStrip(group.tiles, "", group.winning ? state.win_tile : null) }),
        el("span", { class: "visually-hidden" }, group.tiles))))));
  }
  parts.push(el("p", { class: "actions" }, el("button", { type: "button", class: "secondary", onclick: () => showView("match", { fromCalculator: true }) }, t("addToMatch"))));
  return parts;
}

/** @param {string} notation @param {string} extraClass @param {string | null} winning */
function tileStrip(notation, extraClass, winning = null) {
  let marked = false;
  return (parseTiles(notation) ?? []).map((tile) => {
    const mark = winning && !marked && plain(tile) === plain(winning) && (marked = true);
    return tileSvg(tile, `${extraClass} ${mark ? "winning" : ""}`);
  }).join("");
}

/** @param {any} value */
function valueLine(value) {
  if (!value) return t("noYaku");
  const names = [...value.yakuman, ...value.yaku].map((id) => catalog.yaku.get(id)?.name ?? id).join(", ");
  const hanfu = value.yakuman.length ? t("yakuman") : value.fu ? t("hanFu", { han: value.han, fu: value.fu }) : t("hanOnly", { han: value.han });
  return `${formatPoints(value.points.total, state.lang)} ${t("points")} · ${hanfu} · ${names}`;
}

/** @param {string} tile */
function winOn(tile) {
  const tiles = handTiles();
  tiles.push(tile);
  state.text = formatTiles(sortTiles(tiles));
  state.win_tile = tile;
  changed();
}

/** @param {any} analysis */
function renderAnalysis(analysis) {
  if (!analysis.waits) {
    return [el("p", { class: "hint" }, t("shanten", { n: analysis.shanten })),
      el("section", { "aria-labelledby": "improving-h" }, el("h3", { id: "improving-h" }, t("improving")),
        el("p", { class: "tiles-inline", html: (analysis.improving_tiles ?? []).map((/** @type {any} */ item) => tileSvg(item.tile, "small")).join("") }),
        el("p", { class: "visually-hidden" }, (analysis.improving_tiles ?? []).map((/** @type {any} */ item) => item.tile).join(" ")))];
  }
  return [el("section", { "aria-labelledby": "waits-h" }, el("h3", { id: "waits-h" }, t("waits")),
    el("ul", { class: "waits" }, analysis.waits.map((/** @type {any} */ wait) => el("li", {},
      tileButton(wait.tile, t("winOn", { tile: wait.tile }), () => winOn(wait.tile), !fits([wait.tile])),
      el("div", {},
        el("p", { class: "wait-head" }, el("strong", {}, wait.tile), ` · ${t("remaining", { n: wait.remaining })}`,
          wait.furiten ? ` · ${t("furiten")}` : ""),
        el("p", {}, `${t("ron")}: ${valueLine(wait.ron)}`),
        el("p", {}, `${t("tsumo")}: ${valueLine(wait.tsumo)}`))))))];
}

// ---- clear, next hand, views ---------------------------------------------------------------------------------------

/** Clear: the hand, its calls and indicators and the whole situation back to POST /hand/score's defaults; only the
 * language and the rules stay. */
function clearAll() {
  Object.assign(state, blankSituation());
  entry.target = "hand";
  changed();
}

/** The next hand of the match: a clear page with the round wind, honba and sticks the match has reached.
 * @param {{round_wind: string, honba: number, riichi_sticks: number}} next */
function nextHand(next) {
  clearAll();
  Object.assign(state, { round_wind: next.round_wind, honba: next.honba, riichi_sticks: next.riichi_sticks });
  showView("calc");
  changed();
  $("hand-h").scrollIntoView({ block: "start" });
}

/** @type {any} */
let match = null;
/** @type {any} */
let records = null;

/** @param {string} view */
function showView(view, options = {}) {
  state.view = view;
  writeUrl(state);
  $("calc-view").hidden = view !== "calc";
  $("match-view").hidden = view !== "match";
  $("records-view").hidden = view !== "records";
  for (const button of all("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === view));
  }
  if (view === "match") match.render(options);
  else renderSeatNames();
  if (view === "records") records.render();
}

// ---- wiring --------------------------------------------------------------------------------------------------------

/** @param {Event} event */
const valueOfEvent = (event) => /** @type {HTMLInputElement} */ (event.target).value;

function wire() {
  $("notation").addEventListener("input", (/** @type {Event} */ event) => {
    state.text = valueOfEvent(event);
    const tiles = parseTiles(state.text);
    if (tiles && !tiles.includes(state.win_tile)) state.win_tile = tiles.at(-1) ?? "";
    changed();
  });
  $("notation").addEventListener("change", () => { $("notation").value = state.text; });
  $("clear").addEventListener("click", () => { clearAll(); $("target-hand").focus(); });
  for (const input of all("input[name=win]")) {
    input.addEventListener("change", () => { setWin(input.value); changed(); });
  }
  for (const input of all("input[name=target]")) {
    input.addEventListener("change", () => { entry.target = input.value; renderPalette(); });
  }
  for (const input of all("input[name=call-kind]")) {
    input.addEventListener("change", () => { entry.call = input.value; renderPalette(); });
  }
  $("meld-red").addEventListener("change", () => renderPalette());
  $("seat-wind").addEventListener("change", (/** @type {Event} */ event) => { setSeat(valueOfEvent(event)); changed(); });
  $("round-wind").addEventListener("change", (/** @type {Event} */ event) => { state.round_wind = valueOfEvent(event); changed(); });
  for (const [id, name, high] of /** @type {const} */ ([["honba", "honba", 99], ["riichi-sticks", "riichi_sticks", 99], ["kita", "kita", 4]])) {
    $(id).addEventListener("input", (/** @type {Event} */ event) => { state[name] = count(valueOfEvent(event), high); changed(); });
  }
  $("preset").addEventListener("change", (/** @type {Event} */ event) => {
    const chosen = valueOfEvent(event);
    state.preset = chosen === catalog.rules.default_preset ? "" : chosen;
    state.rules = {};
    if (players() === 3 && state.seat_wind === "north") state.seat_wind = "east";
    if (players() === 4) state.kita = 0;
    if (players() === 3 && entry.call === "chi") entry.call = "pon";
    renderPresets();
    changed();
  });
  $("lang").replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, lang: code }, name)));
  $("lang").addEventListener("change", async (/** @type {Event} */ event) => {
    state.lang = valueOfEvent(event);
    await loadCatalog();
    renderWords();
    changed();
    match.render();
    records.render();
  });
  for (const button of all("[data-view]")) {
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
  roving($("palette"));
  roving($("hand-tiles"));
  window.addEventListener("online", () => { showOffline(false); computeResult(); });
  window.addEventListener("offline", () => showOffline(true));
}

async function start() {
  wire();
  match = mountMatch($("match-view"), calculator);
  records = mountRecords($("records-view"), calculator);
  await loadCatalog();
  Object.assign(state, readUrl());
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
