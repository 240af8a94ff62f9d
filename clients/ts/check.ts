// `make clients-check`, TypeScript half: types generated from openapi/openapi.json by openapi-typescript, requests
// through openapi-fetch, compiled with tsc --strict (tsconfig.json) and run with node against a running app.
// Every operation of the document answers 200 with known values, and every POST operation a 422 read through the
// generated ErrorResponse (one 413 and one 415 too); the last check is that nothing in the document was left uncalled.
// Requests are plain object literals typed by the generated request schemas: no generated enum type is named.
//
//     node dist/check.js http://127.0.0.1:PORT ../../openapi/openapi.json

import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/schema.js";

type Schemas = components["schemas"];
type ErrorResponse = Schemas["ErrorResponse"];
type Loc = ErrorResponse["detail"][number]["loc"];

class CheckFailed extends Error {}

function expect(condition: boolean, what: string): void {
    if (!condition) throw new CheckFailed(what);
}

function equal(actual: unknown, expected: unknown, what: string): void {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    expect(a === e, `${what}: ${a}, expected ${e}`);
}

function present<T>(value: T | null | undefined, what: string): T {
    if (value === null || value === undefined) throw new CheckFailed(`${what} is missing`);
    return value;
}

// What openapi-fetch answers: `data` for a 2xx, `error` (the document's 4xx schema) otherwise.
interface Answer<T, E> {
    data?: T;
    error?: E;
    response: Response;
}

function ok<T, E>(answer: Answer<T, E>): T {
    expect(answer.response.status === 200, `status ${answer.response.status}, expected 200: ${JSON.stringify(answer.error)}`);
    return present(answer.data, "the 200 answer's body");
}

// Only an operation whose error type is the generated ErrorResponse compiles here.
function rejected<T>(answer: Answer<T, ErrorResponse>, status: number, type: string, loc: Loc): ErrorResponse {
    expect(answer.response.status === status, `status ${answer.response.status}, expected ${status}: ${JSON.stringify(answer.data)}`);
    const error = present(answer.error, `the ${status} answer's ErrorResponse`);
    const first = present(error.detail[0], `the ${status} answer's detail[0]`);
    equal(first.type, type, `${status} detail[0].type`);
    equal(first.loc, loc, `${status} detail[0].loc`);
    expect(first.msg.length > 0, `${status} detail[0].msg is empty`);
    return error;
}

const [baseUrl, documentPath] = process.argv.slice(2);
if (baseUrl === undefined || documentPath === undefined) {
    console.error("usage: node dist/check.js BASE_URL OPENAPI_JSON");
    process.exit(2);
}

const client = createClient<paths>({ baseUrl });
const answered = new Set<string>();
client.use({
    onResponse({ request, response, schemaPath }) {
        answered.add(`${request.method.toLowerCase()} ${schemaPath} ${response.status}`);
    },
});

// The contract's example: the dealer's riichi, tanyao, pinfu and one dora, won on a discard.
const DEALER_RON: Schemas["HandScoreRequest"] = {
    hand: { tiles: "234567m456p22678s", melds: [], win_tile: "8s" },
    context: { win: "ron", seat_wind: "east", round_wind: "east", riichi: true, dora_indicators: ["3m"] },
    rules: { preset: "tenhou" },
};
// An open hand (pon of chun, a chi) won by tsumo by South with one honba: 1 han 30 fu, 500/300 plus 100 a payer.
const OPEN_TSUMO: Schemas["HandScoreRequest"] = {
    hand: { tiles: "123m789p55s", melds: [{ type: "pon", tiles: "777z" }, { type: "chi", tiles: "345s" }], win_tile: "3m" },
    context: { win: "tsumo", seat_wind: "south", honba: 1 },
};
const START = { round_wind: "east", round_number: 1, honba: 0, riichi_sticks: 0, scores: [25000, 25000, 25000, 25000] } as const;

async function checkHealth(): Promise<void> {
    const answer = ok(await client.GET("/health"));
    equal(answer.status, "ok", "status");
    const build = ok(await client.GET("/version"));
    equal(build.version, "0.1.0", "version");
    expect(["compiled", "pure", "partial"].includes(build.build), `build ${build.build}`);
}

async function checkCatalogs(): Promise<void> {
    const rules = ok(await client.GET("/rules"));
    equal(rules.default_preset, "tenhou", "default_preset");
    const presets = new Set(rules.presets.map((preset) => preset.name));
    for (const name of ["tenhou", "mahjong_soul", "mleague", "wrc", "ema"]) expect(presets.has(name), `preset ${name}`);
    const options = new Map(rules.options.map((option) => [option.name, option]));
    for (const name of ["open_tanyao", "aka_dora", "kiriage_mangan", "length", "multi_ron"]) expect(options.has(name), `option ${name}`);
    equal(present(options.get("double_wind_pair_fu"), "double_wind_pair_fu").values, [2, 4], "double_wind_pair_fu values");

    const yaku = ok(await client.GET("/yaku"));
    const byId = new Map(yaku.map((entry) => [entry.id, entry]));
    const pinfu = present(byId.get("pinfu"), "pinfu");
    equal([pinfu.han_closed, pinfu.han_open], [1, null], "pinfu han closed/open");
    const honitsu = present(byId.get("honitsu"), "honitsu");
    equal([honitsu.han_closed, honitsu.han_open], [3, 2], "honitsu han closed/open");
    const kokushi13 = present(byId.get("kokushi_musou_13"), "kokushi_musou_13");
    equal([kokushi13.kind, kokushi13.yakuman_multiplier], ["yakuman", 2], "kokushi_musou_13");
    const riichi = present(byId.get("riichi"), "riichi");
    equal([riichi.tenhou_id, riichi.mahjong_soul_id], [1, 2], "riichi's Tenhou and Mahjong Soul ids");

    const korean = ok(await client.GET("/yaku", { params: { query: { lang: "ko" } } }));
    const riichiKo = present(korean.find((entry) => entry.id === "riichi"), "riichi with lang=ko");
    equal([riichiKo.name, riichiKo.names.ja], ["리치", "立直"], "riichi's name with lang=ko, and its Japanese name");
}

async function checkIndexPage(): Promise<void> {
    // GET / is an HTML page left out of the document (include_in_schema=False): plain fetch.
    const page = await fetch(new URL("/", baseUrl));
    equal(page.status, 200, "GET / status");
    expect((page.headers.get("content-type") ?? "").startsWith("text/html"), "GET / is not HTML");
    expect((await page.text()).includes("/docs"), "GET / does not point to /docs");
}

async function checkScoreHand(): Promise<void> {
    const answer = ok(await client.POST("/hand/score", { body: DEALER_RON }));
    equal([answer.han, answer.fu, answer.limit, answer.base_points], [4, 30, "none", 1920], "han, fu, limit, base points");
    equal(answer.yaku.map((y) => [y.id, y.han]), [["riichi", 1], ["tanyao", 1], ["pinfu", 1], ["dora", 1]], "yaku");
    equal(answer.yakuman, [], "yakuman");
    const points = answer.points;
    equal([points.ron, points.tsumo_dealer, points.tsumo_non_dealer, points.total], [11600, null, null, 11600], "points");
    equal(answer.fu_breakdown.map((item) => [item.reason, item.fu]), [["base", 20], ["menzen_ron", 10]], "fu breakdown");
    equal(answer.decomposition.map((group) => [group.kind, group.tiles, group.open]),
        [["sequence", "234m", false], ["sequence", "567m", false], ["sequence", "456p", false], ["sequence", "678s", false],
            ["pair", "22s", false]], "decomposition");
    equal(answer.wait, "ryanmen", "wait");
    equal(answer.payments.map((payment) => [payment.payer, payment.points]), [["discarder", 11600]], "payments");

    const kokushi = ok(await client.POST("/hand/score", {
        body: {
            hand: { tiles: "19m19p19s12345677z", win_tile: "7z" },
            context: { win: "ron", seat_wind: "west" },
            rules: { preset: "mahjong_soul", double_yakuman: true },
        },
    }));
    equal(kokushi.yakuman.map((y) => [y.id, y.multiplier]), [["kokushi_musou_13", 2]], "yakuman");
    equal([kokushi.han, kokushi.limit, kokushi.points.ron, kokushi.yaku], [26, "double_yakuman", 64000, []],
        "double yakuman han, limit, ron, yaku");

    rejected(await client.POST("/hand/score", {
        body: { hand: { tiles: "345555m456p22678s", win_tile: "8s" }, context: { win: "ron", dora_indicators: ["5m"] } },
    }), 422, "too_many_copies", ["body", "hand", "tiles"]);
}

async function checkScoreHand413And415(): Promise<void> {
    // 80 KB: over the 64 KiB cap, refused before it is read.
    rejected(await client.POST("/hand/score", { body: { hand: { tiles: "1m".repeat(40_000), win_tile: "1m" } } }),
        413, "request_too_large", ["body"]);
    rejected(await client.POST("/hand/score", {
        body: DEALER_RON,
        bodySerializer: () => "tiles=234567m456p22678s",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }), 415, "unsupported_media_type", ["header", "content-type"]);
}

async function checkScoreHands(): Promise<void> {
    const wrongWinTile: Schemas["HandScoreRequest"] = { hand: { tiles: "234567m456p22678s", win_tile: "9s" }, context: { win: "ron" } };
    const answer = ok(await client.POST("/hand/score/batch", { body: { items: [DEALER_RON, OPEN_TSUMO, wrongWinTile] } }));
    equal(answer.results.map((item) => item.ok), [true, true, false], "ok per item");
    const [first, second, third] = answer.results;
    const dealer = present(present(first, "results[0]").result, "results[0].result");
    equal([dealer.han, dealer.fu, dealer.points.total], [4, 30, 11600], "results[0] han, fu, total");
    const tsumo = present(present(second, "results[1]").result, "results[1].result");
    const p = tsumo.points;
    equal([tsumo.han, tsumo.fu, p.tsumo_dealer, p.tsumo_non_dealer, p.honba_bonus, p.total], [1, 30, 500, 300, 300, 1400],
        "results[1] han, fu, tsumo payments, honba, total");
    equal(tsumo.yaku.map((y) => y.id), ["yakuhai_chun"], "results[1] yaku");
    equal(tsumo.payments.map((payment) => [payment.payer, payment.points]), [["east", 600], ["west", 400], ["north", 400]],
        "results[1] payments");
    const refused = present(third, "results[2]");
    const detail = present(refused.detail, "results[2].detail");
    equal(detail.map((entry) => [entry.type, entry.loc]), [["win_tile_not_in_hand", ["body", "items", 2, "hand", "win_tile"]]],
        "results[2] detail");
    expect(refused.result === undefined, "a refused item carries a result");

    rejected(await client.POST("/hand/score/batch", { body: { items: [] } }), 422, "too_short", ["body", "items"]);
}

async function checkAnalyzeHand(): Promise<void> {
    const answer = ok(await client.POST("/hand/analyze", {
        body: {
            hand: { tiles: "234567m456p2267s", melds: [] },
            context: { seat_wind: "south", round_wind: "east", riichi: true, dora_indicators: ["1p"] },
            rules: { preset: "tenhou" },
        },
    }));
    equal(answer.shanten, 0, "shanten");
    const byForm = answer.shanten_by_form;
    equal([byForm.standard, byForm.chiitoitsu, byForm.kokushi], [0, 5, 13], "shanten by form");
    const waits = present(answer.waits, "waits");
    equal(waits.map((wait) => [wait.tile, wait.remaining, wait.furiten]), [["5s", 4, false], ["8s", 4, false]], "waits");
    const first = present(waits[0], "waits[0]");
    const ron = present(first.ron, "the ron value of 5s");
    equal([ron.han, ron.fu, ron.yaku, ron.points.ron], [3, 30, ["riichi", "tanyao", "pinfu"], 3900], "ron on 5s");
    const tsumo = present(first.tsumo, "the tsumo value of 5s");
    equal([tsumo.han, tsumo.fu, tsumo.points.tsumo_dealer, tsumo.points.tsumo_non_dealer, tsumo.points.total],
        [4, 20, 2600, 1300, 5200], "tsumo on 5s");
    equal(answer.ukeire, 8, "ukeire");
    expect(!answer.discards_analysis && !answer.improving_tiles, "13 tiles in tenpai: only waits apply");

    rejected(await client.POST("/hand/analyze", { body: { hand: { tiles: "2x" } } }), 422, "invalid_tile", ["body", "hand", "tiles"]);
}

async function checkAnalyzeHands(): Promise<void> {
    const answer = ok(await client.POST("/hand/analyze/batch", {
        body: { items: [{ hand: { tiles: "234567m456p22678s" } }, { hand: { tiles: "2x" } }] },
    }));
    equal(answer.results.map((item) => item.ok), [true, false], "ok per item");
    const complete = present(present(answer.results[0], "results[0]").result, "results[0].result");
    equal(complete.shanten, -1, "a complete hand's shanten");
    const discards = present(complete.discards_analysis, "results[0].discards_analysis");
    equal(discards.slice(0, 3).map((option) => [option.discard, option.shanten, option.ukeire]),
        [["2m", 0, 10], ["7m", 0, 10], ["4m", 0, 7]], "the three best discards");
    const detail = present(present(answer.results[1], "results[1]").detail, "results[1].detail");
    equal(detail.map((entry) => [entry.type, entry.loc]), [["invalid_tile", ["body", "items", 1, "hand", "tiles"]]], "results[1] detail");

    rejected(await client.POST("/hand/analyze/batch", { body: { items: [] } }), 422, "too_short", ["body", "items"]);
}

async function checkScorePoints(): Promise<void> {
    const answer = ok(await client.POST("/hand/points", { body: { han: 3, fu: 40, win: "ron" } }));
    equal([answer.han, answer.fu, answer.limit, answer.base_points, answer.points.ron, answer.points.total],
        [3, 40, "none", 1280, 5200, 5200], "han, fu, limit, base points, ron, total");
    rejected(await client.POST("/hand/points", { body: { han: 3 } }), 422, "inconsistent_context", ["body", "fu"]);
}

async function checkMatchEnd(): Promise<void> {
    const answer = ok(await client.POST("/match/end-check", {
        body: {
            rules: { preset: "tenhou" },
            state: { round_wind: "south", round_number: 4, honba: 0, riichi_sticks: 0, scores: [31000, 24000, 20000, 25000] },
            last_hand: { result: "win", winners: [3], dealer_tenpai: false, dealer_ends: null },
        },
    }));
    equal([answer.game_over, answer.reason], [false, "dealer_repeat"], "game_over, reason");
    const next = present(answer.next_round, "next_round");
    equal([next.round_wind, next.round_number, next.dealer_seat, next.honba], ["south", 4, 3, 1], "next round");
    equal(answer.standings.map((s) => [s.seat, s.points, s.rank]), [[0, 31000, 1], [3, 25000, 2], [1, 24000, 3], [2, 20000, 4]],
        "standings");

    rejected(await client.POST("/match/end-check", {
        body: { state: { ...START, scores: [25000, 25000, 25000] }, last_hand: { result: "win", winners: [0] } },
    }), 422, "inconsistent_state", ["body", "state", "scores"]);
}

async function checkSettle(): Promise<void> {
    const answer = ok(await client.POST("/match/settle", {
        body: {
            rules: { preset: "tenhou" },
            state: { ...START, scores: [...START.scores] },
            hand: { result: "ron", riichi: [2], wins: [{ winner: 2, from_seat: 0, han: 3, fu: 40 }] },
        },
    }));
    equal(answer.deltas, [-5200, 0, 5200, 0], "deltas");
    equal(answer.payments.map((p) => [p.from_seat, p.to_seat, p.points, p.kind]),
        [[2, null, 1000, "riichi_deposit"], [0, 2, 5200, "win"], [null, 2, 1000, "riichi_sticks"]], "payments");
    equal(answer.wins.map((win) => [win.winner, win.han, win.fu, win.points]), [[2, 3, 40, 5200]], "wins");
    equal([answer.scores, answer.riichi_sticks], [[19800, 25000, 30200, 25000], 0], "scores, riichi sticks");
    equal([answer.end_check.game_over, answer.end_check.reason], [false, "dealer_rotation"], "end check");
    const next = present(answer.next_state, "next_state");
    equal([next.round_wind, next.round_number, next.dealer_seat, next.scores], ["east", 2, 1, [19800, 25000, 30200, 25000]], "next state");

    rejected(await client.POST("/match/settle", {
        body: { state: { ...START, scores: [...START.scores] }, hand: { result: "ron", wins: [{ winner: 0, from_seat: 0, han: 3, fu: 40 }] } },
    }), 422, "inconsistent_state", ["body", "hand", "wins", 0, "from_seat"]);
}

async function checkReplay(): Promise<void> {
    const answer = ok(await client.POST("/match/replay", {
        body: {
            rules: { preset: "tenhou" },
            hands: [{ result: "draw", tenpai: [0] }, { result: "tsumo", wins: [{ winner: 1, han: 2, fu: 30 }] }],
        },
    }));
    equal(answer.hands.map((hand) => hand.deltas), [[3000, -1000, -1000, -1000], [-1100, 2300, -600, -600]], "deltas per hand");
    equal(answer.game_over, false, "game_over");
    equal(answer.standings.map((s) => [s.seat, s.points, s.rank]), [[0, 26900, 1], [1, 26300, 2], [2, 23400, 3], [3, 23400, 4]],
        "standings");
    const last = present(present(answer.hands[answer.hands.length - 1], "the last hand").next_state, "the last hand's next_state");
    equal([last.round_number, last.dealer_seat, last.honba], [2, 1, 0], "next state after the tsumo");

    rejected(await client.POST("/match/replay", { body: { hands: [{ result: "chombo" }] } }), 422, "inconsistent_state",
        ["body", "hands", 0, "chombo"]);
}

// A three-player hand in tenhou.net/6 JSON: the dealer sets a North aside and wins on the replacement tile.
const sanmaKitaRecord = {
    title: ["", ""], name: ["A", "B", "C", ""], rule: { disp: "三般南喰赤", aka: 1 },
    log: [[[0, 0, 0], [35000, 35000, 35000, 0], [37], [],
        [11, 11, 11, 19, 19, 19, 21, 22, 23, 24, 25, 26, 44], [27, 27], ["f44"],
        [21, 21, 22, 22, 23, 23, 24, 24, 25, 26, 26, 28, 29], [], [],
        [31, 31, 32, 32, 33, 33, 34, 34, 35, 36, 36, 41, 42], [], [], [], [], [],
        ["和了", [5200, -2600, -2600, 0], [0, 0, 0, "40符3飜2600点∀", "嶺上開花(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)"]]]],
};

async function checkVerifyRecord(): Promise<void> {
    const answer = ok(await client.POST("/records/verify", { body: { record: sanmaKitaRecord } }));
    equal([answer.verified, answer.players, answer.mismatches.length], [true, 3, 0], "verified, players, mismatches");
    const hand = present(answer.hands[0], "the hand");
    equal([hand.result, hand.deltas, hand.recorded_deltas], ["tsumo", [5200, -2600, -2600], [5200, -2600, -2600]], "the hand");
    const score = present(present(hand.wins[0], "the win").score, "the win's score");
    equal([score.han, score.fu, score.yaku.map((y) => y.id)], [3, 40, ["menzen_tsumo", "rinshan", "kita"]], "the win's score");
    // The answer's replay is a ReplayRequest as it is: sent back, it replays the game.
    const replayed = ok(await client.POST("/match/replay", { body: answer.replay }));
    equal(replayed.standings.map((s) => [s.seat, s.points]), answer.standings.map((s) => [s.seat, s.points]),
        "the replay's standings");

    rejected(await client.POST("/records/verify", { body: { record: "not a record" } }), 422, "invalid_record", ["body", "record"]);
}

async function checkRecordStats(): Promise<void> {
    const answer = ok(await client.POST("/records/stats", { body: { records: [sanmaKitaRecord] } }));
    equal([answer.games, answer.hands, answer.unverified], [1, 1, []], "games, hands, unverified");
    const dealer = present(answer.players[0], "the dealer");
    equal([dealer.name, dealer.seats, dealer.placements], ["A", 3, [1, 0, 0]], "the dealer's name, table, placements");
    equal([dealer.win.count, dealer.win.of, dealer.tsumo.count, dealer.dama.count], [1, 1, 1, 1], "the dealer's win");
    equal(dealer.average_win, 5200, "the dealer's average win");

    rejected(await client.POST("/records/stats", { body: { records: ["not a record"] } }), 422, "invalid_record",
        ["body", "records", 0]);
}

async function checkConvertRecord(): Promise<void> {
    const answer = ok(await client.POST("/records/convert", { body: { record: sanmaKitaRecord, to: "mjai" } }));
    equal([answer.format, answer.to], ["tenhou6", "mjai"], "format, to");
    const events = Array.isArray(answer.record) ? answer.record : [];
    const hora = present(events.find((event) => event["type"] === "hora"), "the mjai hora");
    equal([hora["fu"], hora["fan"], hora["hora_points"], hora["deltas"]], [40, 3, 5200, [5200, -2600, -2600]],
        "the mjai hora's values");

    rejected(await client.POST("/records/convert", { body: { record: "not a record", to: "tenhou6" } }), 422,
        "invalid_record", ["body", "record"]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

// [method, path, operationId] of every operation in the document.
function documentOperations(path: string): [string, string, string][] {
    const document: unknown = JSON.parse(readFileSync(path, "utf8"));
    const found: [string, string, string][] = [];
    if (!isRecord(document) || !isRecord(document["paths"])) throw new CheckFailed(`${path} has no paths`);
    for (const [route, methods] of Object.entries(document["paths"])) {
        if (!isRecord(methods)) continue;
        for (const [method, operation] of Object.entries(methods)) {
            const id = isRecord(operation) ? operation["operationId"] : undefined;
            found.push([method, route, typeof id === "string" ? id : `${method} ${route}`]);
        }
    }
    return found;
}

const checks: [string, () => Promise<void>][] = [
    ["health", checkHealth], ["catalogs", checkCatalogs], ["index page", checkIndexPage], ["score_hand", checkScoreHand],
    ["score_hand 413 and 415", checkScoreHand413And415], ["score_hands", checkScoreHands], ["analyze_hand", checkAnalyzeHand],
    ["analyze_hands", checkAnalyzeHands], ["score_points", checkScorePoints], ["check_match_end", checkMatchEnd],
    ["settle_hand", checkSettle], ["replay_match", checkReplay], ["verify_record", checkVerifyRecord],
    ["record_stats", checkRecordStats], ["convert_record", checkConvertRecord],
];

let failed = 0;
for (const [name, check] of checks) {
    try {
        await check();
        console.log(`ok   ${name}`);
    } catch (error: unknown) {
        failed += 1;
        console.log(`FAIL ${name}: ${error instanceof CheckFailed ? error.message : String(error instanceof Error ? error.stack : error)}`);
    }
}
const operations = documentOperations(documentPath);
for (const [method, route, id] of operations) {
    const wanted = method === "post" ? [200, 422] : [200];
    const missing = wanted.filter((status) => !answered.has(`${method} ${route} ${status}`));
    if (missing.length > 0) {
        failed += 1;
        console.log(`FAIL ${id} (${method.toUpperCase()} ${route}) never answered ${missing.join(", ")}`);
    }
}
if (failed > 0) {
    console.log(`typescript client: ${failed} failure(s)`);
    process.exit(1);
}
console.log(`typescript client: every one of the ${operations.length} operations answered as expected (${checks.length} checks)`);
