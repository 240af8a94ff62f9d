// The offline engine, worker side: Pyodide (offline/, from `make offline-engine`) with the wheels the service's
// request models need and the service's own source (engine.zip), imported once; then each message {id, path, body,
// lang} is answered by app.answers.answer_json, as the service would answer POST path?lang=lang: {id, answer} with
// answer {status, body}, or {id, error} when the engine cannot start. A message without a path only starts it.
import { loadPyodide } from "./offline/pyodide.mjs";

const base = new URL("offline/", import.meta.url);
const fetched = async (name) => {
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  return response;
};

async function start() {
  const manifest = await (await fetched("files.json")).json();
  const pyodide = await loadPyodide({ indexURL: base.href, packageBaseUrl: base.href });
  await pyodide.loadPackage(manifest.wheels.map((name) => new URL(name, base).href), { messageCallback: () => {} });
  const engine = new Uint8Array(await (await fetched(manifest.engine)).arrayBuffer());
  pyodide.unpackArchive(engine, "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys\nsys.path.insert(0, '/engine')");
  return pyodide.pyimport("app.answers").answer_json;
}

// Pyodide only warns when WebAssembly cannot be compiled (a policy that forbids it, no memory): past this, the page is
// told the engine failed rather than left waiting.
const START_SECONDS = 90;
const late = () => new Promise((_, reject) => setTimeout(
  () => reject(new Error(`the offline engine did not start in ${START_SECONDS} s`)), START_SECONDS * 1000));

let engine = null;

const failed = (id, error) => self.postMessage({ id, error: String(error?.message ?? error) });

self.addEventListener("message", async ({ data: { id, path, body, lang } }) => {
  engine ??= Promise.race([start(), late()]);
  let answerJson;
  try {
    answerJson = await engine;
  } catch (error) {
    engine = null;  // started again at the next message
    failed(id, error);
    return;
  }
  if (path === undefined) return;
  try {
    self.postMessage({ id, answer: JSON.parse(answerJson(path, body, lang ?? undefined)) });
  } catch (error) {
    failed(id, error);
  }
});
