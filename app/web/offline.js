// The offline engine, page side: the service's own Python source (app/answers.py with the core and the schemas,
// packaged by `make offline-engine`) run under Pyodide in a Web Worker (offline-worker.js), so the page never
// freezes. dom.js asks it when the service cannot be reached; its answers are the service's, status and JSON.

/** The POST paths the worker answers (app/answers.py's ROUTES). */
export const OFFLINE_PATHS = new Set(["hand/score", "hand/analyze", "match/settle", "match/replay", "match/end-check"]);

let worker = null;
let asked = 0;
const waiting = new Map();

function started() {
  if (worker) return worker;
  worker = new Worker(new URL("offline-worker.js", import.meta.url), { type: "module", name: "offline-engine" });
  worker.addEventListener("message", ({ data }) => {
    const answer = waiting.get(data.id);
    if (!answer) return;  // the warm-up's
    waiting.delete(data.id);
    if (data.error !== undefined) answer.reject(new Error(data.error));
    else answer.resolve(data.answer);
  });
  worker.addEventListener("error", (event) => {
    for (const answer of waiting.values()) answer.reject(new Error(event.message || "the offline engine failed"));
    waiting.clear();
    worker = null;
  });
  return worker;
}

/** What the service would answer to POST `path`?lang=`lang` with `body`, worked out in the worker:
 * {ok, status, data, offline: true}. */
export function answerOffline(path, body, lang) {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    started().postMessage({ id, path, body: JSON.stringify(body), lang });
  }).then(({ status, body: data }) => ({ ok: status >= 200 && status < 300, status, data, offline: true }));
}

/** Start the engine before it is needed (it takes a few seconds to start). */
export function warmUp() {
  started().postMessage({ id: 0 });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the active service worker says of its store ({stored}), or null when it does not answer (an older one). */
function storeStatus(worker) {
  const channel = new MessageChannel();
  const answered = new Promise((resolve) => { channel.port1.onmessage = ({ data }) => resolve(data); });
  worker.postMessage({ type: "offline-status" }, [channel.port2]);
  return Promise.race([answered, sleep(5000).then(() => null)]);
}

/** data-offline="ready" on <html> once the service worker says it holds all the page needs offline (asked again,
 * less and less often, while it is still storing: a new worker replaces an older one when it has stored all). */
async function markStored() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const registration = await navigator.serviceWorker.ready;
  for (let wait = 500; wait < 600_000; wait *= 2) {
    if (registration.active && (await storeStatus(registration.active))?.stored) {
      document.documentElement.dataset.offline = "ready";
      return;
    }
    await sleep(wait);
  }
}

markStored().catch(() => {});
if (navigator.onLine === false) warmUp();
window.addEventListener("offline", () => warmUp());
