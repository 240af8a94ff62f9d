// Small helpers the views share: building elements, the service's answers, numbers.

import { answerOffline, OFFLINE_PATHS } from "./offline.js";

/** An element with attributes (`on...` functions become listeners; false/null leave the attribute out) and children. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "html") node.innerHTML = value;
    else if (name in node && typeof value !== "string") node[name] = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** A thrown error when the service cannot be reached (offline, or the server is down). */
export class Unreachable extends Error {}

/** The service's answer: its status, its JSON, and whether the offline engine worked it out.
 * @typedef {{ ok: boolean, status: number, data: any, offline?: boolean }} Answer */

/** POST a JSON body to the service (a path relative to the page, so it works under a root path); the answer's JSON
 * and whether it is a 2xx. When the service cannot be reached, the routes the offline engine knows are answered by
 * it (offline.js), with `offline: true`: the same status and JSON, worked out in the browser.
 * @returns {Promise<Answer>} */
export async function post(path, body, lang) {
  const offline = OFFLINE_PATHS.has(path);
  if (offline && navigator.onLine === false) {
    return answerOffline(path, body, lang).catch(() => { throw new Unreachable(path); });
  }
  try {
    return await request(`${path}?lang=${encodeURIComponent(lang)}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (error) {
    if (!(error instanceof Unreachable) || !offline) throw error;
    return answerOffline(path, body, lang).catch(() => { throw error; });
  }
}

/** @returns {Promise<Answer>} */
export async function get(path, lang) {
  return request(`${path}?lang=${encodeURIComponent(lang)}`, {});
}

/** @returns {Promise<Answer>} */
async function request(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new Unreachable(url);
  }
  const data = await response.json().catch(() => ({ detail: `${response.status} ${response.statusText}`.trim() }));
  return { ok: response.ok, status: response.status, data };
}

/** The messages of a 4xx answer (FastAPI's `detail` list), one per problem. */
export function messages(data) {
  if (Array.isArray(data?.detail)) return data.detail.map((item) => item.msg);
  return [typeof data?.detail === "string" ? data.detail : JSON.stringify(data)];
}

export function formatPoints(points, lang) {
  return new Intl.NumberFormat(lang === "vi" ? "en" : lang).format(points);
}

export function signed(points, lang) {
  return (points > 0 ? "+" : points < 0 ? "−" : "±") + formatPoints(Math.abs(points), lang);
}
