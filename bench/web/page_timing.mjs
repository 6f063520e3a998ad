// Times the browser page in headless Chromium, in real time (the web test's --virtual-time-budget
// freezes performance.now()): drives Chromium over the DevTools protocol with node's WebSocket
// (node 22, or node 20 with --experimental-websocket; bench/web/run.sh picks the flag).
//   node page_timing.mjs CHROMIUM PAGE SCORESHEET FROM TO [LOADS] [REPEATS]
// Prints the page-ready time (performance.now() when the core is loaded and the lists are
// filled, from navigation start), the first conversion and the median of REPEATS conversions.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [chromium, page, sheet, from, to, loadsArg, repeatsArg] = process.argv.slice(2);
const loads = Number(loadsArg || 5), repeats = Number(repeatsArg || 20);
const text = readFileSync(sheet, "utf8");
const profile = mkdtempSync(join(tmpdir(), "planilla-bench-"));
const browser = spawn(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
const wsUrl = await new Promise((resolve, reject) => {
  let err = "";
  browser.stderr.on("data", (d) => {
    err += d;
    const m = err.match(/DevTools listening on (ws:\/\/\S+)/);
    if (m) resolve(m[1]);
  });
  browser.on("exit", () => reject(new Error("chromium exited: " + err)));
});
const ws = new WebSocket(wsUrl);
await new Promise((r) => ws.addEventListener("open", r));
let nextId = 1;
const pending = new Map();
ws.addEventListener("message", (e) => {
  const msg = JSON.parse(e.data);
  if (msg.id && pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); }
});
const send = (method, params = {}, sessionId) => new Promise((resolve) => {
  const id = nextId++;
  pending.set(id, resolve);
  ws.send(JSON.stringify({ id, method, params, sessionId }));
});
const evaluate = async (sessionId, expression) =>
  (await send("Runtime.evaluate", { expression, returnByValue: true }, sessionId)).result?.result?.value;

const url = `file://${page}#from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&bench=${repeats}` +
  `&text=${encodeURIComponent(text)}`;
const ready = [], core = [], warmup = [], first = [], median = [];
for (let i = 0; i < loads; ++i) {
  const { result } = await send("Target.createTarget", { url: "about:blank" });
  const { result: att } = await send("Target.attachToTarget", { targetId: result.targetId, flatten: true });
  const session = att.sessionId;
  await send("Page.enable", {}, session);
  await send("Page.navigate", { url }, session);
  let state = null;
  for (let k = 0; k < 300 && state !== "done" && state !== "failed"; ++k) {
    await new Promise((r) => setTimeout(r, 50));
    state = await evaluate(session, "document.body && document.body.dataset.state");
  }
  if (state !== "done") throw new Error(`page state ${state}`);
  const data = await evaluate(session, "JSON.stringify(document.body.dataset)");
  const d = JSON.parse(data);
  ready.push(Number(d.readyMs));
  core.push(Number(d.coreMs));
  warmup.push(Number(d.warmupMs));
  first.push(Number(d.firstConvertMs));
  median.push(Number(d.convertMedianMs));
  await send("Target.closeTarget", { targetId: result.targetId });
}
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const moves = (text.match(/\d+\./g) || []).length;
console.log(`page: ${page} (${readFileSync(page).length} bytes)`);
console.log(`scoresheet: ${sheet} (${moves} moves, --from ${from} --to ${to}); ${loads} loads`);
console.log(`page ready:        median ${med(ready).toFixed(1)} ms (max ${Math.max(...ready).toFixed(1)}; budget 1000 ms)`);
console.log(`  of which core:   median ${med(core).toFixed(1)} ms (wasm compiled and instantiated)`);
console.log(`  of which warm-up: median ${med(warmup).toFixed(1)} ms (a 17-move conversion that compiles the reading path)`);
console.log(`first conversion:  median ${med(first).toFixed(2)} ms (max ${Math.max(...first).toFixed(2)}; budget 50 ms)`);
console.log(`conversion (warm): median ${med(median).toFixed(2)} ms over ${repeats} repeats`);
ws.close();
const exited = new Promise((r) => browser.on("exit", r));
browser.kill();
await exited;
try {
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
} catch (e) { /* Chromium's last writes can race the removal: a left-over temp profile is harmless */ }
