// The page: reads the scoresheet (typed, pasted or dropped), calls the core (createPlanilla, the
// wasm build of the same library as the command line) and shows the output, the diagnostics with
// their suggestions, a board and the check report.
//
// Test contract: planilla.html#from=es&to=en&text=<URL-encoded scoresheet> converts at load,
// fills #output and #diagnostics (one <li data-code> per diagnostic) and then sets
// document.body.dataset.state = "done". Timings (ms) go to data-ready-ms and data-convert-ms;
// &bench=N converts N more times and puts the median in data-convert-median-ms.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const T = {
    en: {
      tagline: "Translate and check chess scoresheets. Everything runs in this page: nothing is sent anywhere.",
      uiLanguage: "Page language", scoresheet: "Scoresheet", drop: "Drop .pgn or .txt files here, or",
      choose: "choose files", from: "From", to: "To", repair: "Repair evident mistakes", convert: "Convert",
      check: "Check every game (report)", download: "Download PGN", result: "Converted game",
      diagnostics: "Diagnostics", none: "No problems found.", board: "Board", game: "Game", flip: "Flip",
      first: "Start", prev: "Previous move (←)", next: "Next move (→)", last: "End", report: "Report",
      downloadReport: "Download report", auto: "auto (detect)", detected: "detected: {0}",
      footer: "planilla — the same checks as the command line, compiled to WebAssembly.",
      placeholder: "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 …", line: "line {0}, column {1}", game_n: "game {0}",
      applied: "Applied suggestion at line {0}: {1} → {2}", notFound: "Could not find “{0}” at line {1}: the text changed",
      suggestions: "Suggestions:", files: "{0} file(s): {1}", encoding: "{0}: read as {1}", loading: "Loading…",
      start: "start", san: "", lan: "long algebraic", long: "FIDE long", spoken: "spoken", descriptive: "descriptive",
      "descriptive-classic": "descriptive, classic", figurine: "figurine", uci: "UCI", iccf: "ICCF numeric",
      error: "error", warning: "warning", note: "note",
      leftOut: "{0} left out before {1}", transposed: "{0}: two moves written in the wrong order (swap them in the text)",
      repeated: "Written twice from {1}: the copy is deleted, and the game goes on with {0}",
      dropped: "Deleted at line {0}, written twice: {1}",
    },
    es: {
      tagline: "Traducir y revisar planillas de ajedrez. Todo se hace en esta página: no se envía nada.",
      uiLanguage: "Idioma de la página", scoresheet: "Planilla", drop: "Suelte aquí archivos .pgn o .txt, o",
      choose: "elija archivos", from: "De", to: "A", repair: "Corregir errores evidentes", convert: "Convertir",
      check: "Revisar todas las partidas (informe)", download: "Descargar PGN", result: "Partida convertida",
      diagnostics: "Diagnósticos", none: "No se encontraron problemas.", board: "Tablero", game: "Partida",
      flip: "Girar", first: "Inicio", prev: "Jugada anterior (←)", next: "Jugada siguiente (→)", last: "Final",
      report: "Informe", downloadReport: "Descargar informe", auto: "automático (detectar)", detected: "detectado: {0}",
      footer: "planilla — las mismas comprobaciones que la línea de órdenes, compiladas a WebAssembly.",
      placeholder: "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 …", line: "línea {0}, columna {1}", game_n: "partida {0}",
      applied: "Sugerencia aplicada en la línea {0}: {1} → {2}", notFound: "No se encontró «{0}» en la línea {1}: el texto cambió",
      suggestions: "Sugerencias:", files: "{0} archivo(s): {1}", encoding: "{0}: leído como {1}", loading: "Cargando…",
      start: "inicio", san: "", lan: "algebraica larga", long: "larga FIDE", spoken: "hablada", descriptive: "descriptiva",
      "descriptive-classic": "descriptiva clásica", figurine: "figurines", uci: "UCI", iccf: "numérica ICCF",
      error: "error", warning: "aviso", note: "nota",
      leftOut: "{0} omitida antes de {1}", transposed: "{0}: dos jugadas escritas en orden inverso (cámbielas en el texto)",
      repeated: "Escrito dos veces desde {1}: se borra la copia, y la partida sigue con {0}",
      dropped: "Borrado en la línea {0}, escrito dos veces: {1}",
    },
  };
  let ui = (navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
  const t = (key, ...args) => (T[ui][key] ?? T.en[key] ?? key).replace(/\{(\d)\}/g, (_, i) => args[i]);

  let core = null;
  let tables = null;
  let files = [];        // [{name, text, encoding}]
  let last = null;       // the last conversion's answer
  let notes = [];        // applied suggestions (functions: they follow the page language)
  let ply = 0, plies = 0, flipped = false, gameNo = 1;

  const displayNames = {};
  function languageName(code) {
    const row = tables.languages.find((l) => l.code === code);
    try {
      displayNames[ui] ??= new Intl.DisplayNames([ui], { type: "language" });
      const name = displayNames[ui].of(code);
      if (name && name !== code) return name;
    } catch (e) { /* older browsers: the library's English name */ }
    return row ? row.name : code;
  }
  function specLabel(spec) {
    if (spec === "auto") return t("auto");
    const [code, style] = spec.split(":");
    if (!tables.languages.some((l) => l.code === code)) return t(spec);
    const s = style ? t(style) : "";
    return s ? `${languageName(code)} — ${s}` : languageName(code);
  }
  function fillSelects() {
    const from = $("from"), to = $("to");
    const keepFrom = from.value || "auto", keepTo = to.value || "en";
    from.replaceChildren(...tables.from.map((s) => new Option(specLabel(s), s)));
    to.replaceChildren(...tables.to.map((r) => new Option(specLabel(r.spec), r.spec)));
    from.value = keepFrom;
    to.value = keepTo;
  }
  function translate() {
    document.documentElement.lang = ui;
    $("ui-lang").value = ui;
    document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    document.querySelectorAll("[data-i18n-title]").forEach((el) => { el.title = t(el.dataset.i18nTitle); });
    document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder); });
    if (tables) fillSelects();
    if (last) showResult(last);
  }

  // The scoresheet as the core reads it: composed (NFC), since the browser build has no normaliser.
  const sourceText = () => $("input").value.normalize("NFC");

  function convert() {
    const text = sourceText();
    const t0 = performance.now();
    const answer = JSON.parse(core.convert(text, $("from").value, $("to").value, $("repair").checked));
    const ms = performance.now() - t0;
    document.body.dataset.convertMs = ms.toFixed(2);
    last = answer;
    last.text = text;
    showResult(answer);
    loadBoard(1);
    document.body.dataset.state = "done";
    return ms;
  }

  function showResult(answer) {
    // Errors and warnings are listed as `planilla convert` reports them; notes (N-…: the language
    // read, repairs) go above the output with the suggestions applied.
    const diagnostics = (answer.diagnostics || []).filter((d) => d.severity !== "note");
    const noteTexts = notes.map((n) => n()).concat((answer.diagnostics || []).filter((d) => d.severity === "note")
      .map((d) => `${d.code}: ${d.message}`));
    $("notes").replaceChildren(...noteTexts.map((n) => Object.assign(document.createElement("li"), { textContent: n })));
    if (answer.error) {
      $("output").textContent = answer.error;
      $("diagnostics").replaceChildren();
      $("download").disabled = true;
      return;
    }
    $("output").textContent = answer.output;
    $("download").disabled = answer.output.length === 0;
    const readings = [...new Set(answer.readings)];
    $("detected").textContent = $("from").value === "auto" && readings.length
      ? t("detected", readings.map(specLabel).join(", ")) : "";
    const list = $("diagnostics");
    list.replaceChildren(...diagnostics.map(diagnosticItem));
    $("no-diagnostics").hidden = diagnostics.length > 0;
  }

  function diagnosticItem(d) {
    const li = document.createElement("li");
    li.dataset.code = d.code;
    li.dataset.severity = d.severity;
    const code = Object.assign(document.createElement("span"), { className: "code", textContent: d.code });
    const where = Object.assign(document.createElement("span"), { className: "where" });
    const place = [];
    if (d.game > 1 || (last && last.games > 1)) place.push(t("game_n", d.game));
    if (d.line) place.push(t("line", d.line, d.column));
    where.textContent = place.length ? ` (${place.join(", ")}) ` : " ";
    li.append(code, where, document.createTextNode(d.message));
    if (d.written) {
      li.append(" ", Object.assign(document.createElement("span"), { className: "written", textContent: d.written }));
    }
    if (d.suggestions.length) {
      const box = Object.assign(document.createElement("div"), { className: "suggestions" });
      box.append(t("suggestions"));
      // A move left out is inserted before the written one; a line written twice is deleted, from
      // the written token on; two plies written in the wrong order are the user's to swap
      // (replacing one token would drop the other move).
      d.suggestions.forEach((s, i) => {
        const kind = (d.kinds || [])[i];
        const missing = kind === "missing ply";
        const b = Object.assign(document.createElement("button"), { type: "button", textContent: missing ? `${s} … ${d.written}` : s });
        if (d.evident[i]) b.classList.add("evident");
        if (missing) b.title = t("leftOut", s, d.written);
        if (kind === "plies transposed") {
          b.disabled = true;
          b.title = t("transposed", s);
        } else if (kind === "repeated plies") {
          b.textContent = `✕ ${d.written} … ${s}`;
          b.title = t("repeated", s, d.written);
          b.addEventListener("click", () => dropRepeat(d, (d.drops || [])[i] || 0));
        } else {
          b.addEventListener("click", () => applySuggestion(d, missing ? `${s} ${d.written}` : s));
        }
        box.append(b);
      });
      li.append(box);
    }
    return li;
  }

  // The written token's byte offset in the UTF-8 text (its own, or the first occurrence on the
  // diagnostic's line if the text moved), or -1 with a note that it was not found.
  function locate(d, bytes) {
    const enc = new TextEncoder();
    const written = enc.encode(d.written);
    let at = d.byte;
    const matches = (i) => written.every((b, k) => bytes[i + k] === b);
    if (!matches(at)) {  // fall back to the first occurrence on the diagnostic's line
      const lines = last.text.split("\n");
      const lineStart = enc.encode(lines.slice(0, d.line - 1).map((l) => l + "\n").join("")).length;
      at = -1;
      for (let i = lineStart; i + written.length <= bytes.length && at < 0; ++i) if (matches(i)) at = i;
    }
    if (at < 0) {
      notes = [() => t("notFound", d.written, d.line)];
      showResult(last);
    }
    return at;
  }

  // Replaces the written token with the suggestion, then converts again; the output notes the
  // change.
  function applySuggestion(d, suggestion) {
    const bytes = new TextEncoder().encode(last.text), dec = new TextDecoder();
    const at = locate(d, bytes);
    if (at < 0) return;
    const end = at + new TextEncoder().encode(d.written).length;
    $("input").value = dec.decode(bytes.slice(0, at)) + suggestion + dec.decode(bytes.slice(end));
    notes.push(() => t("applied", d.line, d.written, suggestion));
    convert();
  }

  // Deletes a line written twice: `count` move tokens from the written one on (move numbers and
  // comments between them go too, and the move number just before it), then converts again.
  function dropRepeat(d, count) {
    const bytes = new TextEncoder().encode(last.text), dec = new TextDecoder();
    const at = locate(d, bytes);
    if (at < 0 || count < 1) return;
    const before = dec.decode(bytes.slice(0, at)), rest = dec.decode(bytes.slice(at));
    const token = /\s*(\{[^}]*\}|;[^\n]*|\d+\s*\.+(?=\s|$)|\S+)/y;
    let end = 0;
    for (let moves = 0; moves < count; ) {
      token.lastIndex = end;
      const m = token.exec(rest);
      if (!m) return;
      end = token.lastIndex;
      if (!/^[{;]|^\d+\s*\.+$/.test(m[1])) ++moves;  // a move (a number glued to one counts as it)
    }
    const start = before.replace(/\d+\s*\.+\s*$/, "");  // the line's own move number
    const dropped = (before.slice(start.length) + rest.slice(0, end)).replace(/\s+/g, " ").trim();
    $("input").value = start + rest.slice(end).replace(/^[ \t]+/, start.length && !/\s$/.test(start) ? " " : "");
    notes.push(() => t("dropped", d.line, dropped));
    convert();
  }

  function loadBoard(n) {
    gameNo = n;
    const answer = JSON.parse(core.load_game(last ? last.text : sourceText(), $("from").value, $("to").value, n));
    if (answer.error) return;
    const picker = $("game");
    if (picker.options.length !== answer.games) {
      picker.replaceChildren(...Array.from({ length: answer.games }, (_, i) => new Option(String(i + 1), String(i + 1))));
    }
    picker.value = String(n);
    $("game-picker").hidden = answer.games < 2;
    plies = answer.moves.length;
    const moves = $("moves");
    moves.replaceChildren();
    answer.moves.forEach((m, i) => {
      const li = document.createElement("li");
      if (i % 2 === 0) li.append(Object.assign(document.createElement("span"), { className: "num", textContent: `${i / 2 + 1}.` }));
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: m });
      b.addEventListener("click", () => showPly(i + 1));
      li.append(b);
      moves.append(li);
    });
    showPly(plies);
  }

  function showPly(p) {
    ply = Math.max(0, Math.min(plies, p));
    $("board").innerHTML = core.board_svg(ply, flipped);
    const buttons = $("moves").querySelectorAll("button");
    buttons.forEach((b, i) => b.classList.toggle("current", i + 1 === ply));
    $("ply-label").textContent = ply === 0 ? t("start") : buttons[ply - 1].textContent;
  }

  async function readFiles(list) {
    files = [];
    for (const file of list) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const encoding = core.detect_encoding(bytes);   // planilla's decision …
      const label = { "US-ASCII": "utf-8", "UTF-8": "utf-8", "UTF-8 (BOM)": "utf-8", "UTF-16LE": "utf-16le",
        "UTF-16BE": "utf-16be", "ISO-8859-1": "windows-1252", "windows-1252": "windows-1252",
        "windows-1251": "windows-1251", "CP866": "ibm866", "IBM866": "ibm866", "KOI8-R": "koi8-r", "windows-1250": "windows-1250", "ISO-8859-2": "iso-8859-2", "windows-1253": "windows-1253", "ISO-8859-7": "iso-8859-7", "windows-1254": "windows-1254", "ISO-8859-9": "iso-8859-9", "KOI8-U": "koi8-u" }[encoding] || "utf-8";
      const text = new TextDecoder(label).decode(bytes);  // … and the browser's decoder
      files.push({ name: file.name, text, encoding });
    }
    $("file-list").textContent = files.map((f) => t("encoding", f.name, f.encoding)).join("; ");
    $("input").value = files.map((f) => f.text.replace(/\s*$/, "\n")).join("\n");
    notes = [];
    convert();
  }

  function download(name, text, type) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.download = name;
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  }

  function check() {
    const list = files.length ? files.map((f) => ({ name: f.name, text: f.text.normalize("NFC") }))
      : [{ name: "scoresheet", text: sourceText() }];
    const lang = $("to").value.split(":")[0];
    const html = core.check_html(JSON.stringify(list), $("from").value, tables.languages.some((l) => l.code === lang) ? lang : "en");
    $("report-section").hidden = false;
    $("report").srcdoc = html;
    $("report").dataset.html = "1";
    $("download-report").onclick = () => download("planilla-report.html", html, "text/html");
  }

  function wire() {
    $("ui-lang").addEventListener("change", (e) => { ui = e.target.value; translate(); });
    $("convert").addEventListener("click", () => { notes = []; convert(); });
    $("check").addEventListener("click", check);
    $("download").addEventListener("click", () => {
      const spoken = $("to").value.endsWith(":spoken");
      download(spoken ? "game.txt" : "game.pgn", $("output").textContent, spoken ? "text/plain" : "application/x-chess-pgn");
    });
    $("files").addEventListener("change", (e) => readFiles(e.target.files));
    const drop = $("drop");
    drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); readFiles(e.dataTransfer.files); });
    document.addEventListener("dragover", (e) => e.preventDefault());
    document.addEventListener("drop", (e) => { if (e.target !== drop) { e.preventDefault(); readFiles(e.dataTransfer.files); } });
    $("game").addEventListener("change", (e) => loadBoard(Number(e.target.value)));
    $("first").addEventListener("click", () => showPly(0));
    $("prev").addEventListener("click", () => showPly(ply - 1));
    $("next").addEventListener("click", () => showPly(ply + 1));
    $("last").addEventListener("click", () => showPly(plies));
    $("flip").addEventListener("click", () => { flipped = !flipped; showPly(ply); });
    document.addEventListener("keydown", (e) => {
      const tag = (e.target.tagName || "").toLowerCase();
      if (tag === "textarea" || tag === "select" || tag === "input") return;
      const go = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: plies, ArrowUp: 0, ArrowDown: plies }[e.key];
      if (go !== undefined) { e.preventDefault(); showPly(go); }
    });
  }

  async function start() {
    core = await createPlanilla();
    document.body.dataset.coreMs = performance.now().toFixed(1);
    tables = JSON.parse(core.languages());
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get("lang")) ui = hash.get("lang") === "es" ? "es" : "en";
    wire();
    translate();
    // One short conversion before the page says it is ready: the browser compiles the wasm
    // functions lazily, on their first call, and this call pays for the reading path once.
    const w0 = performance.now();
    core.convert("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. O-O Cf6 5. Te1 b5 6. Ab3 d6 7. c3 O-O 8. h3 Ab7 " +
      "9. d4 exd4 10. cxd4 d5 11. e5 Ce4 12. Cc3 Cxc3 13. bxc3 Dd7 14. Dd3 f6 15. exf6 Txf6 16. Ag5 Tf8 17. De3+ Rh8",
      "es", "en", false);
    document.body.dataset.warmupMs = (performance.now() - w0).toFixed(1);
    if (hash.has("from")) $("from").value = hash.get("from");
    if (hash.has("to")) $("to").value = hash.get("to");
    document.body.dataset.readyMs = performance.now().toFixed(1);
    if (hash.has("text")) {
      $("input").value = hash.get("text");
      document.body.dataset.firstConvertMs = convert().toFixed(2);
      const n = Number(hash.get("bench") || 0);
      if (n > 0) {
        const times = [];
        for (let i = 0; i < n; ++i) times.push(convert());
        times.sort((a, b) => a - b);
        document.body.dataset.convertMedianMs = times[Math.floor(n / 2)].toFixed(2);
      }
      if (hash.get("report") === "1") check();
      document.body.dataset.state = "done";
    } else {
      document.body.dataset.state = "ready";
    }
  }
  start().catch((e) => {
    document.body.dataset.state = "failed";
    $("output").textContent = String(e && e.stack || e);
  });
})();
