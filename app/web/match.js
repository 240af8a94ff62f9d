// Keep score: a match of 3 or 4 players kept in the browser (localStorage), each hand settled by POST /match/settle,
// undone by going back to the state before it, ended by the rules (the end check) or by the players, exported as a
// file with the players' names and a POST /match/replay request, and imported from that file.

import { el, formatPoints, post, signed, Unreachable } from "./dom.js";
import { errorMessages } from "./i18n.js";
import { WINDS } from "./tiles.js";

const STORAGE_KEY = "riichi-calculator-match";
const RESULTS = ["ron", "tsumo", "draw", "abortive_draw", "chombo"];
const FILE_FORMAT = "riichi-calculator-match";
const LENGTHS = ["tonpuusen", "hanchan"];
// Fields of the calculator's context that the match decides itself (seats, state): left out of a win's context.
const DECIDED_BY_MATCH = ["win", "seat_wind", "round_wind", "riichi", "honba", "riichi_sticks", "discarder_seat_wind"];

function load() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    return stored?.version === 1 ? stored.match : null;
  } catch {
    return null;
  }
}

function save(match) {
  if (match) localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, match }));
  else localStorage.removeItem(STORAGE_KEY);
}

/** A new hand's form: nothing chosen for the players (the winner and the discarder are always picked, never guessed). */
function blankForm() {
  return { result: "ron", winners: [], from: null, riichi: [], values: {}, tenpai: [], nagashi: [], abortive: null, chombo: 0 };
}

/** The scoreboard before a settled hand, from its answer: the scores less the hand's deltas. */
function scoresBefore(answer) {
  return answer.scores.map((points, seat) => points - answer.deltas[seat]);
}

export function mountMatch(root, calc) {
  let match = load();
  let form = blankForm();
  let notice = null;  // {text, error}
  let exported = false;
  let prefillAfterStart = false;  // "Enter this win in the match" before a match was started
  const draftNames = [];  // the names typed into the new match's form, kept while it is drawn again
  const t = (key, values) => calc.translate(key, values);
  const lang = () => calc.state().lang;
  const presets = () => calc.catalog().rules?.presets ?? [];
  const presetOf = (name) => presets().find((item) => item.name === name);
  const seats = () => [...Array(match.players).keys()];
  const dealer = () => match.state.dealer_seat ?? (match.state.starting_dealer_seat ?? 0) + match.state.round_number - 1;
  const windOf = (seat) => WINDS[(seat - dealer() % match.players + match.players) % match.players];
  const seatOf = (wind) => (dealer() + WINDS.indexOf(wind)) % match.players;
  const name = (seat) => match.names[seat] || t("player", { n: seat + 1 });

  function setNotice(text, error = false) { notice = { text, error }; }

  /** A rule option's value by its name from GET /rules, in the page's language. */
  function valueName(option, value) {
    const entry = calc.catalog().rules?.options.find((item) => item.name === option);
    return entry ? calc.valueLabel(entry, value) : value;
  }

  /** The seat winds of the hand being played, each with its player's name (for the calculator's seat wind). */
  function seatNames() {
    if (!match || match.over) return {};
    return Object.fromEntries(seats().map((seat) => [windOf(seat), name(seat)]));
  }

  function start(presetName, names, length) {
    const chosen = presetOf(presetName);
    const players = Number(chosen.match.players);
    const rules = { preset: presetName };
    if (length && length !== chosen.match.length) rules.length = length;
    match = {
      preset: presetName, rules, players, names: names.slice(0, players),
      state: { round_wind: "east", round_number: 1, honba: 0, riichi_sticks: 0, scores: Array(players).fill(chosen.match.start_points) },
      hands: [], over: false, standings: null, reason: null, endedByPlayers: false,
    };
    form = blankForm();
    notice = null;
    save(match);
    if (prefillAfterStart) fromCalculator();
    prefillAfterStart = false;
  }

  /** The calculator's last scored hand as a win's value: its hand and the context fields the match does not decide. */
  function calculatorValue() {
    const last = calc.lastScore();
    if (!last) return null;
    // Only what the hand says: a flag left false or a list left empty is the default anyway (and a false double
    // riichi would read as "no riichi" beside hand.riichi).
    const context = Object.fromEntries(Object.entries(last.request.context)
      .filter(([key, value]) => !DECIDED_BY_MATCH.includes(key) && value !== false && !(Array.isArray(value) && !value.length)));
    return { mode: "calc", hand: last.request.hand, context, summary: last.answer, riichi: last.request.context.riichi || last.request.context.double_riichi };
  }

  /** Prefill the form from the calculator's result: the win kind, the winner by seat wind, the hand as its value. */
  function fromCalculator() {
    const value = calculatorValue();
    if (!match || match.over || !value) return;
    const { win, seat_wind: wind } = calc.lastScore().request.context;
    const winner = seatOf(wind);
    form = { ...blankForm(), result: win, winners: [winner], values: { [winner]: value } };
    if (value.riichi) form.riichi = [winner];
    setNotice(null);
  }

  function winValue(seat) {
    const value = form.values[seat] ?? { mode: "hanfu", han: 1, fu: 30 };
    if (value.mode === "calc") return { hand: value.hand, context: value.context };
    if (value.mode === "yakuman") return { yakuman: Number(value.count || 1) };
    const win = { han: Number(value.han) };
    if (value.fu !== "" && value.fu !== undefined) win.fu = Number(value.fu);
    return win;
  }

  function handRequest() {
    const riichi = [...form.riichi].sort();
    switch (form.result) {
      case "ron":
        return { result: "ron", riichi, wins: form.winners.map((seat) => ({ winner: seat, from_seat: form.from, ...winValue(seat) })) };
      case "tsumo":
        return { result: "tsumo", riichi, wins: [{ winner: form.winners[0], ...winValue(form.winners[0]) }] };
      case "draw":
        return { result: "draw", riichi, tenpai: [...form.tenpai].sort(), nagashi: [...form.nagashi].sort() };
      case "abortive_draw":
        return { result: "abortive_draw", riichi, abortive: form.abortive ?? abortiveKinds()[0] };
      default:
        return { result: "chombo", chombo: form.chombo };
    }
  }

  const rules = () => match.rules ?? { preset: match.preset };
  /** The match's rules as POST /match/end-check takes them: the preset and the options whose scope (GET /rules) is not
   * the hand's alone (an imported match, a converted record's, may carry hand options such as aka_dora). */
  const matchRules = () => {
    const handOnly = new Set((calc.catalog().rules?.options ?? []).filter((option) => option.scope === "hand").map((option) => option.name));
    return Object.fromEntries(Object.entries(rules()).filter(([name]) => !handOnly.has(name)));
  };
  const abortiveKinds = () => presetOf(match.preset)?.match.abortive_draws ?? ["kyuushu_kyuuhai"];

  /** What must still be chosen before the hand can be settled (null: nothing). */
  function missingChoice() {
    if (form.result === "ron" && !form.winners.length) return t("needWinner");
    if (form.result === "ron" && (form.from === null || form.winners.includes(form.from))) return t("needDiscarder");
    if (form.result === "tsumo" && !form.winners.length) return t("needWinner");
    return null;
  }

  async function settle() {
    const missing = missingChoice();
    if (missing) {
      setNotice(missing, true);
      render({ focus: "match-notice" });
      return;
    }
    const hand = handRequest();
    try {
      const answer = await post("match/settle", { rules: rules(), state: match.state, hand }, lang());
      if (!answer.ok) {
        setNotice(errorMessages(lang(), answer.data).join(" "), true);
      } else {
        match.hands.push({ hand, before: match.state, answer: answer.data });
        applyEndCheck(answer.data, match);
        save(match);
        form = blankForm();
        setNotice(answer.offline ? `${handSummary(match.hands.at(-1))} · ${t("workedOffline")}` : handSummary(match.hands.at(-1)));
      }
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setNotice(t("offline"), true);
    }
    render({ focus: "match-notice" });
  }

  /** After a settled hand: over (standings and the reason, from the end check) or the next hand's state. */
  function applyEndCheck(answer, target = match) {
    target.over = answer.end_check.game_over;
    target.standings = target.over ? answer.end_check.standings : null;
    target.reason = answer.end_check.reason;
    if (!target.over) target.state = answer.next_state;
  }

  function undo() {
    if (match.endedByPlayers) {  // the players' own end is undone first, the hands stay
      Object.assign(match, { over: false, standings: null, reason: null, endedByPlayers: false });
    } else {
      const last = match.hands.pop();
      if (!last) return;
      Object.assign(match, { state: last.before, over: false, standings: null, reason: null });
    }
    save(match);
    setNotice(t("undone"));
    render({ focus: "match-notice" });
  }

  /** The players stop here: the final standings as the end check gives them at the regular all last (leftover
   * sticks, oka and uma as the rules say), whoever is dealing now. */
  async function endNow() {
    if (!confirm(t("confirmEnd"))) return;
    setNotice(null);
    await endByPlayers();
    render({ focus: "standings-h" });
  }

  async function endByPlayers() {
    const chosen = presetOf(match.preset);
    const length = rules().length ?? chosen?.match.length ?? "hanchan";
    const state = { ...match.state, round_wind: length === "tonpuusen" ? "east" : "south", round_number: match.players };
    delete state.dealer_seat;
    delete state.lap;
    try {
      const answer = await post("match/end-check", { rules: { ...matchRules(), enchousen: "none" }, state,
        last_hand: { result: "draw", dealer_tenpai: false } }, lang());
      if (!answer.ok) {
        setNotice(errorMessages(lang(), answer.data).join(" "), true);
      } else {
        Object.assign(match, { over: true, standings: answer.data.standings, reason: "ended_by_players", endedByPlayers: true });
        save(match);
      }
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setNotice(t("offline"), true);
    }
  }

  function replayRequest() {
    return { rules: rules(), hands: match.hands.map((item) => item.hand) };
  }

  /** The export: the players' names, whether they ended it, and the match as a POST /match/replay request. */
  function matchFile() {
    return { format: FILE_FORMAT, version: 1, names: seats().map(name), ended_by_players: Boolean(match.endedByPlayers),
      replay: replayRequest() };
  }

  /** A file this page exported, read back: every hand settled again by POST /match/replay. */
  async function importFile(file) {
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      data = null;
    }
    if (data?.format !== FILE_FORMAT || !Array.isArray(data.replay?.hands) || !data.replay.hands.length) {
      setNotice(errorMessages(lang(), { detail: [{ type: "invalid_record" }] }).join(" "), true);
      render({ focus: "match-notice" });
      return;
    }
    try {
      const answer = await post("match/replay", data.replay, lang());
      if (!answer.ok) {
        setNotice(errorMessages(lang(), answer.data).join(" "), true);
      } else {
        match = matchFromReplay(data, answer.data);
        save(match);
        form = blankForm();
        setNotice(t("imported", { n: match.hands.length }));
        if (data.ended_by_players && !match.over) await endByPlayers();
      }
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setNotice(t("offline"), true);
    }
    render({ focus: "match-notice" });
  }

  function matchFromReplay(data, replay) {
    const presetName = data.replay.rules?.preset ?? calc.catalog().rules?.default_preset ?? "tenhou";
    const first = replay.hands[0];
    let before = data.replay.state ?? { round_wind: "east", round_number: 1, honba: 0, riichi_sticks: 0, scores: scoresBefore(first) };
    const players = before.scores.length;
    const hands = data.replay.hands.map((hand, i) => {
      const item = { hand, before, answer: replay.hands[i] };
      before = replay.hands[i].next_state ?? before;
      return item;
    });
    const imported = { preset: presetName, rules: data.replay.rules ?? { preset: presetName }, players,
      names: (Array.isArray(data.names) ? data.names : []).slice(0, players).map(String), state: before, hands,
      over: false, standings: null, reason: null, endedByPlayers: false };
    applyEndCheck(replay.hands.at(-1), imported);
    return imported;
  }

  function roundLabel(state) {
    return t("round", { wind: t(state.round_wind), n: state.round_number });
  }

  function handSummary(item) {
    const what = item.hand.result === "abortive_draw" ? valueName("abortive_draws", item.hand.abortive) : t(item.hand.result);
    const deltas = item.answer.deltas.map((delta, seat) => (delta ? t("delta", { name: name(seat), points: signed(delta, lang()) }) : null))
      .filter(Boolean).join(", ");
    return `${roundLabel(item.before)} (${t("honbaCount", { n: item.before.honba })}): ${what}${deltas ? ` — ${deltas}` : ""}`;
  }

  // ---- rendering ---------------------------------------------------------------------------------------------------

  function seatChecks(id, legend, chosen, onToggle, allowed = () => true) {
    return el("fieldset", { class: "seats" }, el("legend", {}, legend), seats().filter(allowed).map((seat) => el("div", { class: "check" },
      el("input", { type: "checkbox", id: `${id}-${seat}`, checked: chosen.includes(seat),
        onchange: (event) => { onToggle(seat, event.target.checked); render({ focus: `${id}-${seat}` }); } }),
      el("label", { for: `${id}-${seat}` }, name(seat)))));
  }

  const toggle = (list, seat, on) => { const at = list.indexOf(seat); if (on && at < 0) list.push(seat); if (!on && at >= 0) list.splice(at, 1); };

  /** A seat picked from a list; with `placeholder`, nothing is picked until the players pick (value null). */
  function seatSelect(id, label, value, onChange, allowed = () => true, placeholder = null) {
    const choose = placeholder ? el("option", { value: "", selected: value === null, disabled: true }, placeholder) : null;
    return el("div", { class: "field" }, el("label", { for: id }, label),
      el("select", { id, required: Boolean(placeholder), onchange: (event) => { onChange(Number(event.target.value)); render({ focus: id }); } },
        choose, seats().filter(allowed).map((seat) => el("option", { value: String(seat), selected: seat === value }, name(seat)))));
  }

  function valueBlock(seat) {
    const value = form.values[seat] ?? { mode: "hanfu", han: 1, fu: 30 };
    const id = `value-${seat}`;
    const setMode = (mode) => {
      if (mode === "calc") {
        const fromCalc = calculatorValue();
        if (!fromCalc) { setNotice(t("noCalcHand"), true); render({ focus: "match-notice" }); return; }
        form.values[seat] = fromCalc;
        if (fromCalc.riichi) toggle(form.riichi, seat, true);
      } else {
        form.values[seat] = { mode, han: value.han ?? 1, fu: value.fu ?? 30, count: value.count ?? 1 };
      }
      render({ focus: `${id}-${mode}` });
    };
    const modes = ["calc", "hanfu", "yakuman"].map((mode) => [el("input", { type: "radio", name: id, id: `${id}-${mode}`, value: mode,
      checked: value.mode === mode, onchange: () => setMode(mode) }),
    el("label", { for: `${id}-${mode}` }, t({ calc: "fromCalc", hanfu: "hanFuEntry", yakuman: "yakumanEntry" }[mode]))]);
    const number = (key, label, min, max) => el("div", { class: "field" }, el("label", { for: `${id}-${key}` }, label),
      el("input", { type: "number", id: `${id}-${key}`, min: String(min), max: String(max), inputmode: "numeric", value: String(value[key] ?? ""),
        oninput: (event) => { value[key] = event.target.value; form.values[seat] = value; } }));
    let detail = null;
    if (value.mode === "hanfu") detail = el("div", { class: "row" }, number("han", t("han"), 1, 99), number("fu", t("fuField"), 20, 130));
    if (value.mode === "yakuman") detail = el("div", { class: "row" }, number("count", t("yakumanCount"), 1, 6));
    if (value.mode === "calc") {
      const summary = value.summary;
      detail = el("p", { class: "help" }, `${value.hand?.tiles ?? ""} · ${formatPoints(summary.points.total, lang())} ${t("points")} · ` +
        (summary.fu ? t("hanFu", { han: summary.han, fu: summary.fu }) : t("hanOnly", { han: summary.han })));
    }
    return el("fieldset", { class: "value" }, el("legend", {}, t("valueOf", { name: name(seat) })), el("div", { class: "segmented" }, modes), detail);
  }

  function handForm() {
    const kinds = el("fieldset", { class: "segmented wrap" }, el("legend", {}, t("whatHappened")), RESULTS.map((result) => [
      el("input", { type: "radio", name: "match-result", id: `result-${result}`, value: result, checked: form.result === result,
        onchange: () => { form.result = result; if (result === "tsumo") form.winners = form.winners.slice(0, 1); render({ focus: `result-${result}` }); } }),
      el("label", { for: `result-${result}` }, t(result))]));
    const parts = [kinds];
    if (form.result !== "chombo") {
      parts.push(seatChecks("riichi", t("riichiSeats"), form.riichi, (seat, on) => toggle(form.riichi, seat, on)));
    }
    if (form.result === "ron") {
      if (form.winners.includes(form.from)) form.from = null;
      parts.push(seatChecks("winner", t("winners"), form.winners, (seat, on) => toggle(form.winners, seat, on)));
      parts.push(seatSelect("from", t("from"), form.from, (seat) => { form.from = seat; }, (seat) => !form.winners.includes(seat),
        t("chooseDiscarder")));
      parts.push(...[...form.winners].sort().map(valueBlock));
    } else if (form.result === "tsumo") {
      parts.push(seatSelect("tsumo-winner", t("winner"), form.winners[0] ?? null, (seat) => { form.winners = [seat]; }, undefined,
        t("chooseWinner")));
      if (form.winners.length) parts.push(valueBlock(form.winners[0]));
    } else if (form.result === "draw") {
      parts.push(seatChecks("tenpai", t("tenpai"), form.tenpai, (seat, on) => toggle(form.tenpai, seat, on)));
      parts.push(seatChecks("nagashi", t("nagashi"), form.nagashi, (seat, on) => toggle(form.nagashi, seat, on)));
    } else if (form.result === "abortive_draw") {
      const kinds = abortiveKinds();
      form.abortive ??= kinds[0];
      parts.push(el("div", { class: "field" }, el("label", { for: "abortive-kind" }, t("abortiveKind")),
        el("select", { id: "abortive-kind", onchange: (event) => { form.abortive = event.target.value; } },
          kinds.map((kind) => el("option", { value: kind, selected: kind === form.abortive }, valueName("abortive_draws", kind))))));
    } else {
      parts.push(seatSelect("chombo-seat", t("offender"), form.chombo, (seat) => { form.chombo = seat; }));
    }
    parts.push(el("p", { class: "actions" }, el("button", { type: "button", id: "settle", class: "primary", onclick: settle }, t("settle"))));
    return el("section", { class: "panel", "aria-labelledby": "hand-form-h" }, el("h2", { id: "hand-form-h" }, t("enterHand")), parts);
  }

  function scoreboard() {
    const state = match.state;
    const rows = seats().map((seat) => el("tr", { class: !match.over && seat === dealer() % match.players ? "dealer" : "" },
      el("td", {}, match.over ? "" : t(windOf(seat))),
      el("th", { scope: "row" }, name(seat), !match.over && seat === dealer() % match.players ? el("span", { class: "badge" }, t("dealer")) : null),
      el("td", { class: "num" }, formatPoints((match.over && !match.endedByPlayers ? match.hands.at(-1).answer.scores : state.scores)[seat], lang()))));
    const status = match.over ? t("gameOver")
      : `${roundLabel(state)} · ${t("honbaCount", { n: state.honba })} · ${t("sticksCount", { n: state.riichi_sticks })}`;
    return el("section", { class: "panel", "aria-labelledby": "scoreboard-h" },
      el("h2", { id: "scoreboard-h", tabindex: "-1" }, t("scoreboard")),
      el("p", { class: "round" }, status),
      el("table", { class: "board" }, el("tbody", {}, rows)));
  }

  /** A result in thousands, signed, to one decimal ("+41.0", "−16.0"). */
  const thousands = (value) => (value === null || value === undefined ? ""
    : (value > 0 ? "+" : value < 0 ? "−" : "±") + new Intl.NumberFormat(lang() === "vi" ? "en" : lang(),
      { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(value)));

  function standings() {
    const reason = t("reasons")[match.reason] ?? match.reason;
    return el("section", { class: "panel", "aria-labelledby": "standings-h" },
      el("h2", { id: "standings-h", tabindex: "-1" }, t("finalStandings")),
      el("p", { class: "reason" }, el("strong", {}, `${t("endedBy")}: `), el("span", { id: "end-reason" }, reason)),
      el("table", { class: "board standings" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("rank")), el("th", { scope: "col" }, t("players")),
          el("th", { scope: "col", class: "num" }, t("pointsColumn")), el("th", { scope: "col", class: "num" }, t("uma")),
          el("th", { scope: "col", class: "num" }, t("finalScore")))),
        el("tbody", {}, match.standings.map((row) => el("tr", {}, el("td", {}, String(row.rank)), el("th", { scope: "row" }, name(row.seat)),
          el("td", { class: "num" }, formatPoints(row.points, lang())), el("td", { class: "num" }, thousands(row.uma)),
          el("td", { class: "num" }, thousands(row.score)))))));
  }

  function tools() {
    const parts = [el("button", { type: "button", id: "undo", class: "secondary", disabled: !match.hands.length, onclick: undo }, t("undo")),
      el("button", { type: "button", id: "export", class: "secondary", "aria-expanded": String(exported), disabled: !match.hands.length,
        onclick: () => { exported = !exported; render({ focus: "export" }); } }, t("export")),
      match.over ? null : el("button", { type: "button", id: "end-match", class: "secondary", onclick: endNow }, t("endMatch")),
      el("button", { type: "button", id: "new-match", class: "secondary", onclick: () => {
        if (!match.hands.length || confirm(t("confirmNew"))) { match = null; save(null); render({ focus: "start-match" }); }
      } }, t("newMatch"))];
    const box = [];
    if (exported && match.hands.length) {
      const text = JSON.stringify(matchFile(), null, 2);
      box.push(el("label", { for: "export-json" }, t("matchFile")),
        el("textarea", { id: "export-json", readonly: true, rows: "8" }, text),
        el("p", { class: "actions" }, el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
          download: "riichi-match.json" }, t("download"))));
    }
    const history = match.hands.length
      ? el("ol", { class: "history" }, match.hands.map((item) => el("li", {}, handSummary(item))))
      : el("p", { class: "help" }, t("noHands"));
    return el("section", { class: "panel", "aria-labelledby": "history-h" }, el("h2", { id: "history-h" }, t("history")), history,
      el("p", { class: "actions" }, parts), box);
  }

  /** The file picker that imports a match this page exported. */
  function importControl() {
    return el("div", { class: "field import" }, el("label", { for: "import-file" }, t("importMatch")),
      el("input", { type: "file", id: "import-file", accept: "application/json,.json",
        onchange: (event) => {
          const file = event.target.files?.[0];
          if (file && (!match?.hands.length || confirm(t("confirmNew")))) importFile(file);
        } }));
  }

  function startForm() {
    const defaults = calc.state().preset || calc.catalog().rules?.default_preset;
    const chosen = presetOf(root.dataset.preset || defaults) ?? presets()[0];
    if (!chosen) return el("p", { class: "error", role: "alert" }, t("offline"));
    const players = Number(chosen.match.players);
    const length = LENGTHS.includes(root.dataset.length) ? root.dataset.length : chosen.match.length;
    const nameFields = [...Array(players).keys()].map((seat) => el("div", { class: "field" },
      el("label", { for: `name-${seat}` }, t("playerName", { n: seat + 1 })),
      el("input", { id: `name-${seat}`, autocomplete: "off", value: draftNames[seat] ?? t("player", { n: seat + 1 }),
        oninput: (event) => { draftNames[seat] = event.target.value; } })));
    return el("section", { class: "panel", "aria-labelledby": "new-match-h" }, el("h2", { id: "new-match-h" }, t("newMatch")),
      el("div", { class: "row" },
        el("div", { class: "field" }, el("label", { for: "match-preset" }, t("preset")),
          el("select", { id: "match-preset", onchange: (event) => { root.dataset.preset = event.target.value; delete root.dataset.length; render({ focus: "match-preset" }); } },
            presets().map((item) => el("option", { value: item.name, selected: item === chosen }, `${item.label} (${item.match.players})`)))),
        el("div", { class: "field" }, el("label", { for: "match-length" }, t("length")),
          el("select", { id: "match-length", onchange: (event) => { root.dataset.length = event.target.value; } },
            LENGTHS.map((value) => el("option", { value, selected: value === length },
              value === chosen.match.length ? t("lengthDefault", { length: valueName("length", value) }) : valueName("length", value)))))),
      nameFields,
      el("p", { class: "actions" }, el("button", { type: "button", id: "start-match", class: "primary", onclick: () => {
        start(chosen.name, [...Array(players).keys()].map((seat) => /** @type {HTMLInputElement} */ (document.getElementById(`name-${seat}`)).value.trim()),
          /** @type {HTMLSelectElement} */ (document.getElementById("match-length")).value);
        render({ focus: "scoreboard-h" });
      } }, t("startMatch"))),
      importControl());
  }

  function render({ focus = null, fromCalculator: prefill = false } = {}) {
    if (prefill && match) fromCalculator();
    else if (prefill) prefillAfterStart = true;
    const active = focus ?? document.activeElement?.id;
    const content = [el("h2", { class: "visually-hidden" }, t("match"))];
    const noticeLine = el("p", { id: "match-notice", class: notice?.error ? "error" : "notice", role: notice?.error ? "alert" : "status",
      tabindex: "-1" }, notice?.text ?? "");
    if (!match) {
      content.push(noticeLine, startForm());
    } else {
      content.push(scoreboard());
      if (match.over) content.push(standings());
      content.push(noticeLine);
      if (!match.over && match.hands.length) {
        content.push(el("p", { class: "actions" }, el("button", { type: "button", id: "next-hand", class: "secondary",
          onclick: () => calc.nextHand(match.state) }, t("nextHand"))));
      }
      if (!match.over) content.push(handForm());
      content.push(tools(), el("section", { class: "panel", "aria-labelledby": "import-h" },
        el("h2", { id: "import-h", class: "visually-hidden" }, t("importMatch")), importControl()));
    }
    root.replaceChildren(...content);
    if (active && !root.hidden) document.getElementById(active)?.focus();
  }

  return { render, current: () => match, seatNames };
}
