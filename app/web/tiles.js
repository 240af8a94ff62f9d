// Tiles in MPSZ notation ("123m0p55s777z"), as the service reads them, and their pictures: SVG drawn here.

export const SUITS = ["m", "p", "s", "z"];
export const WINDS = ["east", "south", "west", "north"];  // 1z-4z, and the seats in turn order from the dealer
const NOTATION = /^(?:[0-9]+[mpsz])*$/;

/** "123m0p" -> ["1m", "2m", "3m", "0p"]; null when the text is not notation (an honor 0, 8 or 9 included). */
export function parseTiles(text) {
  const compact = text.replace(/\s+/g, "");
  if (!NOTATION.test(compact)) return null;
  const tiles = [];
  for (const [, digits, suit] of compact.matchAll(/([0-9]+)([mpsz])/g)) {
    for (const digit of digits) {
      if (suit === "z" && (digit === "0" || digit > "7")) return null;
      tiles.push(digit + suit);
    }
  }
  return tiles;
}

/** The value used for order and counting: a red five is a five. */
export const plain = (tile) => (tile[0] === "0" ? "5" + tile[1] : tile);
export const isRed = (tile) => tile[0] === "0";

function order(tile) {
  return SUITS.indexOf(tile[1]) * 20 + Number(plain(tile)[0]) * 2 + (isRed(tile) ? 0 : 1);
}

export const sortTiles = (tiles) => [...tiles].sort((a, b) => order(a) - order(b));

/** ["1m", "2m", "0p"] -> "12m0p": each run of one suit written once, in the order given. */
export function formatTiles(tiles) {
  let text = "";
  tiles.forEach((tile, i) => {
    text += tile[0];
    if (i === tiles.length - 1 || tiles[i + 1][1] !== tile[1]) text += tile[1];
  });
  return text;
}

/** The palette's rows: each suit 1-9, the honors, then the red fives (three players: only 1m and 9m of characters,
 * and no red five of characters). Nine columns at most, so a tile is wide enough to tap on a phone. */
export function paletteRows(players) {
  const digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
  const characters = players === 3 ? ["1m", "9m"] : digits.map((d) => d + "m");
  return [characters, digits.map((d) => d + "p"), digits.map((d) => d + "s"), ["1z", "2z", "3z", "4z", "5z", "6z", "7z"],
    (players === 3 ? ["0p", "0s"] : ["0m", "0p", "0s"])];
}

// ---- pictures ----------------------------------------------------------------------------------------------------
const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONORS = ["", "東", "南", "西", "北", "", "發", "中"];
const INK = "#1b2a4a";
const RED = "#c8202f";
const GREEN = "#1f7a3a";
const BLUE = "#1d4f9c";

const PIN_SPOTS = {
  1: [[15, 20, 9.5]],
  2: [[15, 11, 6], [15, 29, 6]],
  3: [[8, 9, 5], [15, 20, 5], [22, 31, 5]],
  4: [[9, 12, 5], [21, 12, 5], [9, 28, 5], [21, 28, 5]],
  5: [[8.5, 10, 4.6], [21.5, 10, 4.6], [15, 20, 4.6], [8.5, 30, 4.6], [21.5, 30, 4.6]],
  6: [[9, 9, 4.5], [21, 9, 4.5], [9, 20.5, 4.5], [21, 20.5, 4.5], [9, 31.5, 4.5], [21, 31.5, 4.5]],
  7: [[7, 7, 3.8], [15, 10.5, 3.8], [23, 14, 3.8], [9, 24, 3.8], [21, 24, 3.8], [9, 33, 3.8], [21, 33, 3.8]],
  8: [[9, 7, 3.8], [21, 7, 3.8], [9, 16, 3.8], [21, 16, 3.8], [9, 25, 3.8], [21, 25, 3.8], [9, 34, 3.8], [21, 34, 3.8]],
  9: [[7, 9, 3.8], [15, 9, 3.8], [23, 9, 3.8], [7, 20, 3.8], [15, 20, 3.8], [23, 20, 3.8], [7, 31, 3.8], [15, 31, 3.8], [23, 31, 3.8]],
};
// Bamboo sticks: [x centre, top, red?]
const SOU_STICKS = {
  2: [[15, 5], [15, 22]],
  3: [[15, 5], [9, 22], [21, 22]],
  4: [[9, 5], [21, 5], [9, 22], [21, 22]],
  5: [[8, 5], [22, 5], [15, 13.5, true], [8, 22], [22, 22]],
  6: [[7, 5], [15, 5], [23, 5], [7, 22], [15, 22], [23, 22]],
  7: [[15, 2.5, true], [7, 14], [15, 14], [23, 14], [7, 26.5], [15, 26.5], [23, 26.5]],
  8: [[6, 5], [12, 5], [18, 5], [24, 5], [6, 22], [12, 22], [18, 22], [24, 22]],
  9: [[7, 2.5, true], [15, 2.5], [23, 2.5, true], [7, 14.5, true], [15, 14.5], [23, 14.5, true], [7, 26.5, true], [15, 26.5], [23, 26.5, true]],
};

function pinFace(n, red) {
  return PIN_SPOTS[n].map(([x, y, r], i) => {
    const colour = red || (n === 1) || (n === 5 && i === 2) || (n === 7 && i < 3) || (n === 9 && i >= 3 && i < 6)
      ? RED : (n === 6 && i >= 2) || n === 4 || n === 8 ? BLUE : GREEN;
    const inner = r > 5 ? `<circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="none" stroke="${colour}" stroke-width="1.2"/>` : "";
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-width="${r > 5 ? 2.2 : 1.8}"/>` +
      `<circle cx="${x}" cy="${y}" r="${r * 0.25}" fill="${colour}"/>${inner}`;
  }).join("");
}

function souFace(n, red) {
  if (n === 1) {
    return `<rect x="12.5" y="6" width="5" height="28" rx="2.5" fill="${GREEN}"/>` +
      `<circle cx="15" cy="12" r="4.5" fill="${RED}"/><circle cx="15" cy="12" r="1.5" fill="#fff"/>`;
  }
  const height = n === 7 || n === 9 ? 10.5 : 13;
  return SOU_STICKS[n].map(([x, y, accent]) => {
    const colour = red || accent ? RED : GREEN;
    return `<rect x="${x - 1.9}" y="${y}" width="3.8" height="${height}" rx="1.8" fill="${colour}"/>` +
      `<line x1="${x - 1.9}" x2="${x + 1.9}" y1="${y + height / 2}" y2="${y + height / 2}" stroke="#fbf8ef" stroke-width=".8"/>`;
  }).join("");
}

function glyph(text, y, size, colour) {
  return `<text x="15" y="${y}" font-size="${size}" text-anchor="middle" fill="${colour}" ` +
    `font-family="'Noto Serif CJK JP','Hiragino Mincho ProN','Yu Mincho',serif" font-weight="700">${text}</text>`;
}

function face(tile) {
  const n = Number(plain(tile)[0]);
  const red = isRed(tile);
  switch (tile[1]) {
    case "m": return glyph(NUMERALS[n], 17, 14, red ? RED : INK) + glyph("萬", 35, 15, RED);
    case "p": return pinFace(n, red);
    case "s": return souFace(n, red);
    default:
      if (n === 5) return `<rect x="7" y="8" width="16" height="24" rx="2" fill="none" stroke="${BLUE}" stroke-width="2"/>`;
      return glyph(HONORS[n], 27, 19, n === 6 ? GREEN : n === 7 ? RED : INK);
  }
}

const pictures = new Map();

function picture(tile) {
  if (!pictures.has(tile)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40">` +
      `<rect x=".75" y=".75" width="28.5" height="38.5" rx="3.5" fill="#fbf8ef" stroke="#8a8372" stroke-width="1.2"/>${face(tile)}</svg>`;
    pictures.set(tile, `data:image/svg+xml,${encodeURIComponent(svg)}`);
  }
  return pictures.get(tile);
}

/** The picture of one tile: an SVG drawn here, as an image with an empty text alternative (its button or list item
 * names it, by notation or in words). */
export function tileSvg(tile, extraClass = "") {
  return `<img class="tile ${extraClass}" alt="" src="${picture(tile)}" draggable="false">`;
}
