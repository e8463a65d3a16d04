// The web score checker. This script only draws the form and keeps the game; every number,
// place, problem and verdict comes from drako-rules itself (drako_rules.web), run by Pyodide.
// The game lives in the address: #game= and the base64url (no padding) of its JSON form.
"use strict";

const SIZE = 4;
const MAX_PLAYERS_SHOWN = 8;
let web = null; // drako_rules.web, once Python is loaded
let cat = null; // drako_rules.web.catalogue()
let game = null; // {ruleset, players: [{name, cells[16], raw, legends[], score, sheet{}}]}
let selected = { player: 0, index: 0 };
let result = null;

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

// --- the game in the address ------------------------------------------------------------

function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

function written(text) {
  // A value typed on the sheet: an integer when it is one, else the text (the checker
  // reports it as not-an-integer, R5.5); blank is omitted.
  const t = String(text).trim();
  if (t === "") return undefined;
  return /^[-+]?\d{1,9}$/.test(t) ? parseInt(t, 10) : t;
}

function gameDocument() {
  const players = game.players.map((p) => {
    const out = { name: p.name };
    out.kingdom = p.raw !== null ? p.raw : [0, 1, 2, 3].map((r) => p.cells.slice(4 * r, 4 * r + 4).join("")).join("/");
    if (p.legends.length) out.legends = p.legends.slice();
    const score = written(p.score);
    if (score !== undefined) out.score = score;
    const sheet = {};
    for (const [name] of cat.categories) {
      const value = written(p.sheet[name] ?? "");
      if (value !== undefined) sheet[name] = value;
    }
    if (Object.keys(sheet).length) out.sheet = sheet;
    return out;
  });
  return { ruleset: game.ruleset, players };
}

function gameJSON() {
  return JSON.stringify(gameDocument());
}

function fromResult(res) {
  // The page's game from drako_rules.web's answer (Kingdoms in the compact notation).
  const doc = res.game;
  return {
    ruleset: doc.ruleset ?? "pocket",
    players: doc.players.slice(0, MAX_PLAYERS_SHOWN).map((p, i) => ({
      name: p.name ?? "",
      cells: res.cells[i] ? res.cells[i].slice() : Array(16).fill("?"),
      raw: res.cells[i] ? null : (p.kingdom ?? ""),
      legends: (p.legends ?? []).slice(),
      score: p.score ?? "",
      sheet: Object.assign({}, p.sheet ?? {}),
    })),
  };
}

function emptyPlayer(i) {
  return { name: `Player ${i + 1}`, cells: Array(16).fill("?"), raw: null, legends: [], score: "", sheet: {} };
}

function newGame(count) {
  return { ruleset: "pocket", players: Array.from({ length: count }, (_, i) => emptyPlayer(i)) };
}

let savedHash = "";

function saveToAddress() {
  savedHash = "#game=" + toBase64url(gameJSON());
  history.replaceState(null, "", savedHash);
}

// --- talking to Python ---------------------------------------------------------------------

function check(text, format = "json", pictures = "") {
  return JSON.parse(web.check_page(text, format, pictures));
}

function update(pictures = "") {
  // Check the game as it is now and show it; called after every change.
  if (!web) {
    saveToAddress(); // Python is still loading: keep the game, check it once loaded
    return;
  }
  const started = performance.now();
  const res = check(gameJSON(), "json", pictures);
  if (res.error) {
    showOpenError(res.error);
    return;
  }
  if (pictures !== "" && result) {
    res.pictures = res.pictures.map((svg, i) => svg ?? (pictures.split(",").includes(String(i)) ? null : result.pictures[i]));
  }
  result = res;
  showResult(res);
  saveToAddress();
  window.drakoLastUpdateMs = performance.now() - started;
  document.body.dataset.checks = String(Number(document.body.dataset.checks || 0) + 1);
}

// --- drawing the form ------------------------------------------------------------------------

function cardOf(letter) {
  return cat.cards.find((c) => c.letter === letter) || null;
}

function legendTitle(id) {
  return id.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
}

function playerName(i) {
  return game.players[i].name.trim() || `player ${i + 1}`;
}

function drawCell(button, letter) {
  const card = cardOf(letter);
  const [i, r, c] = button.dataset.cell.split("-").map(Number);
  button.textContent = "";
  button.append(el("span", { class: "letter", "aria-hidden": "true", text: card ? card.letter : "?" }));
  button.append(el("span", { class: "name", "aria-hidden": "true", text: card ? card.name : "empty" }));
  button.classList.toggle("empty", !card);
  button.style.background = card ? card.fill : "";
  button.style.borderColor = card ? card.border : "";
  button.style.color = card ? card.ink : "";
  button.dataset.label = `Row ${r + 1}, column ${c + 1}: ${card ? card.name : "empty"}`;
  button.setAttribute("aria-label", button.dataset.label);
}

function drawPlayer(i) {
  const p = game.players[i];
  const panel = el("section", { class: "player", "data-player": i, "aria-labelledby": `p${i}-h` });
  panel.append(el("h2", { id: `p${i}-h`, text: `Player ${i + 1}` }));
  const name = el("input", { type: "text", id: `p${i}-name`, value: p.name, autocomplete: "off", "data-field": "name" });
  name.addEventListener("input", () => {
    p.name = name.value;
    update(String(i));
  });
  panel.append(el("div", { class: "row name-row" }, el("label", { for: `p${i}-name`, text: "Name" }), name));
  panel.append(el("ul", { class: "problems", "data-problems": `${i}-name` }));

  const grid = el("div", { class: "kingdom", role: "group", "aria-label": `Kingdom of player ${i + 1}` });
  for (let k = 0; k < 16; k++) {
    const r = Math.floor(k / SIZE), c = k % SIZE;
    const button = el("button", { type: "button", class: "cell", "data-cell": `${i}-${r}-${c}`, tabindex: "-1" });
    drawCell(button, p.cells[k]);
    button.addEventListener("click", () => select(i, k, true));
    button.addEventListener("keydown", (event) => onCellKey(event, i, k));
    grid.append(button);
  }
  panel.append(grid);
  panel.append(el("ul", { class: "problems", "data-problems": `${i}-kingdom` }));

  const list = el("ul", { class: "legends" });
  for (const legend of cat.legends) {
    const id = `p${i}-legend-${legend.id}`;
    const box = el("input", { type: "checkbox", id, "data-legend": legend.id, checked: p.legends.includes(legend.id) });
    box.addEventListener("change", () => {
      p.legends = box.checked ? [...p.legends, legend.id] : p.legends.filter((x) => x !== legend.id);
      update(String(i));
    });
    const text = el("span", {},
      `${legendTitle(legend.id)} (${legend.points} points)`,
      el("span", { class: "req", text: legend.requirement }),
      el("span", { class: "taken", "data-taken": legend.id }));
    list.append(el("li", {}, el("label", { for: id }, box, text)));
  }
  panel.append(el("fieldset", {}, el("legend", { text: "Legends claimed (R1.4)" }), list,
    el("ul", { class: "problems", "data-problems": `${i}-legends` })));

  const fields = el("div", { class: "sheet-fields" });
  const entries = [["score", "Total"], ...cat.categories];
  for (const [key, label] of entries) {
    const id = `p${i}-written-${key}`;
    const value = key === "score" ? p.score : (p.sheet[key] ?? "");
    const input = el("input", { type: "text", inputmode: "numeric", class: "number", id, value, "data-written": key, autocomplete: "off" });
    input.addEventListener("input", () => {
      if (key === "score") p.score = input.value;
      else p.sheet[key] = input.value;
      update("-");
    });
    fields.append(el("label", { for: id }, label, input));
  }
  const details = el("details", {}, el("summary", { text: "Written on the score sheet (optional)" }), fields,
    el("ul", { class: "problems", "data-problems": `${i}-sheet` }));
  if (p.score !== "" || Object.keys(p.sheet).length) details.open = true;
  panel.append(el("fieldset", {}, el("legend", { text: "Score sheet" }), details,
    el("ul", { class: "problems", "data-problems": `${i}-score` })));

  const score = el("div", { class: "score", "aria-live": "polite" });
  score.append(el("p", { class: "totals" }, "Total ", el("strong", { "data-total": i }), " · Place ", el("strong", { "data-place": i })));
  score.append(el("ul", { class: "categories" }));
  panel.append(el("h3", { text: "Score by the rules" }), score);
  panel.append(el("ul", { class: "problems", "data-problems": `${i}-player` }));
  panel.append(el("div", { class: "picture" }));
  return panel;
}

function drawForm() {
  const count = $("#count");
  count.textContent = "";
  const n = game.players.length;
  for (const k of new Set([2, 3, 4, n])) count.append(el("option", { value: k, text: k, selected: k === n }));
  const ruleset = $("#ruleset");
  ruleset.textContent = "";
  for (const name of new Set([...cat.rulesets, game.ruleset])) ruleset.append(el("option", { value: name, text: name, selected: name === game.ruleset }));
  const players = $("#players");
  players.textContent = "";
  game.players.forEach((_, i) => players.append(drawPlayer(i)));
  selected = { player: 0, index: 0 };
  select(0, 0, false);
}

function drawPalette() {
  const palette = $("#palette");
  for (const card of [...cat.cards, { letter: "?", name: "Clear" }]) {
    const button = el("button", { type: "button", "data-card": card.letter, "aria-label": card.letter === "?" ? "Clear the cell" : `${card.name} (${card.letter})` },
      el("span", { class: "letter", text: card.letter }), el("span", { class: "name", text: card.name }));
    if (card.fill) Object.assign(button.style, { background: card.fill, borderColor: card.border, color: card.ink });
    button.addEventListener("mousedown", (event) => event.preventDefault());
    button.addEventListener("click", () => place(card.letter));
    palette.append(button);
  }
}

// --- entering cards ---------------------------------------------------------------------------

function cellButton(i, k) {
  return $(`[data-cell="${i}-${Math.floor(k / SIZE)}-${k % SIZE}"]`);
}

function select(i, k, focus) {
  const old = cellButton(selected.player, selected.index);
  if (old) {
    old.classList.remove("selected");
    old.setAttribute("tabindex", "-1");
    old.removeAttribute("aria-pressed");
  }
  selected = { player: i, index: k };
  const button = cellButton(i, k);
  if (!button) return;
  // one tab stop per Kingdom: the selected cell of the selected player, else the first cell
  for (const p of game.players.keys()) cellButton(p, p === i ? k : 0)?.setAttribute("tabindex", "0");
  button.classList.add("selected");
  button.setAttribute("tabindex", "0");
  button.setAttribute("aria-pressed", "true");
  if (focus) button.focus();
}

function place(letter) {
  // Fill the selected cell and move to the next one (the next Kingdom after the last cell).
  const { player: i, index: k } = selected;
  const p = game.players[i];
  if (!p) return;
  p.cells[k] = letter;
  p.raw = null;
  drawCell(cellButton(i, k), letter);
  update(String(i));
  if (k < 15) select(i, k + 1, document.activeElement?.classList.contains("cell"));
  else if (i + 1 < game.players.length) select(i + 1, 0, document.activeElement?.classList.contains("cell"));
}

function onCellKey(event, i, k) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const r = Math.floor(k / SIZE), c = k % SIZE;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (event.key in moves) {
    const [dr, dc] = moves[event.key];
    const nr = Math.min(SIZE - 1, Math.max(0, r + dr)), nc = Math.min(SIZE - 1, Math.max(0, c + dc));
    select(i, nr * SIZE + nc, true);
    event.preventDefault();
    return;
  }
  const key = event.key.toUpperCase();
  if (key === "?" || key === "BACKSPACE" || key === "DELETE") {
    select(i, k, false);
    const p = game.players[i];
    p.cells[k] = "?";
    p.raw = null;
    drawCell(cellButton(i, k), "?");
    update(String(i));
    event.preventDefault();
  } else if (key.length === 1 && cardOf(key)) {
    select(i, k, false);
    place(key);
    event.preventDefault();
  }
}

// --- showing the result -----------------------------------------------------------------------

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function showResult(res) {
  const report = res.report;
  for (const list of $$("[data-problems]")) list.textContent = "";
  for (const node of $$(".cell.problem, #palette .problem")) node.classList.remove("problem");
  for (const node of $$(".twice")) node.classList.remove("twice");
  for (const node of $$(".cell")) node.setAttribute("aria-label", node.dataset.label);

  report.players.forEach((p, i) => {
    const panel = $(`[data-player="${i}"]`);
    if (!panel) return;
    $("h2", panel).textContent = `Player ${i + 1}: ${p.name}`;
    $(".kingdom", panel).setAttribute("aria-label", `Kingdom of ${p.name}`);
    $(`[data-total="${i}"]`).textContent = p.total ?? "–";
    $(`[data-place="${i}"]`).textContent = p.place ?? "–";
    const cats = $(".categories", panel);
    cats.textContent = "";
    if (p.scored) {
      for (const [name, label] of cat.categories) {
        const lines = p.lines.filter((line) => line.category === name);
        const items = lines.map((line) => el("li", { text: `${signed(line.points)}: ${line.text} (${line.rule})` }));
        if (!items.length) items.push(el("li", { text: "nothing scores here" }));
        cats.append(el("li", {}, el("details", { "data-category": name },
          el("summary", { text: `${label}: ${signed(p[name])}` }), el("ul", {}, ...items))));
      }
    }
    const picture = $(".picture", panel);
    if (res.pictures[i]) picture.innerHTML = res.pictures[i];
    else if (!p.scored) picture.textContent = "";
    // a Legend another player also claims is marked (each Legend is unique, R1.4)
    for (const note of $$("[data-taken]", panel)) {
      const others = game.players.map((q, j) => (j !== i && q.legends.includes(note.dataset.taken) ? playerName(j) : null)).filter(Boolean);
      note.textContent = others.length ? `claimed by ${others.join(", ")}` : "";
    }
  });

  for (const mark of res.marks) {
    let key = "game";
    if (mark.player !== null) {
      const field = mark.field.startsWith("sheet") ? "sheet" : mark.field;
      key = ["name", "kingdom", "legends", "score", "sheet"].includes(field) ? `${mark.player}-${field}` : `${mark.player}-player`;
    }
    const list = $(`[data-problems="${key}"]`) || $('[data-problems="game"]');
    list.append(el("li", { text: mark.message }));
    if (mark.player === null) {
      // a problem of the whole game (too many cards of a kind, R1.3) is also shown under
      // each Kingdom that holds one of its cards
      const players = new Set(mark.cells.map((cell) => cell.split("-")[0]));
      for (const i of players) $(`[data-problems="${i}-kingdom"]`)?.append(el("li", { text: mark.message }));
    }
    for (const cell of mark.cells) {
      const button = $(`[data-cell="${cell}"]`);
      if (!button) continue;
      button.classList.add("problem");
      button.setAttribute("aria-label", `${button.getAttribute("aria-label")}; problem: ${mark.message}`);
    }
    if (mark.card) $(`#palette [data-card="${mark.card}"]`)?.classList.add("problem");
    for (const [player, id] of mark.legends) {
      $(`[data-player="${player}"] [data-taken="${id}"]`)?.classList.add("twice");
    }
  }

  const body = $("#table tbody");
  body.textContent = "";
  for (const p of report.players) {
    const wrote = p.written.total;
    body.append(el("tr", {},
      el("td", { class: "num", text: p.place ?? "–" }), el("td", { text: p.name }),
      el("td", { class: "num", text: p.total ?? "–" }), el("td", { class: "num", text: wrote ?? "–" })));
  }
  const ranked = report.players.filter((p) => p.place !== null).sort((a, b) => a.place - b.place);
  $("#places").textContent = ranked.length === report.players.length && ranked.length
    ? "Places (R5.6): " + ranked.map((p) => `${p.place}. ${p.name}`).join(", ")
    : "No places: every player must be scored first (R5.6).";
  const fill = (sel, texts, none) => {
    const list = $(sel);
    list.textContent = "";
    for (const text of texts) list.append(el("li", { text }));
    if (!texts.length && none) list.append(el("li", { class: "none", text: none }));
  };
  fill("#ties", report.tie_breaks.map((t) => `Tie-break: ${t.text}`), "");
  fill("#mismatches", report.players.flatMap((p) => p.mismatches.map((m) => `${p.name}: ${m.message}`)), "none");
  fill("#problems", report.problems.map((p) => p.message), "none");
  const verdict = $("[data-verdict]");
  verdict.textContent = res.verdict;
  verdict.className = res.verdict.split(":")[0];
  $("#versions").textContent = `drako-rules ${report.library_version}, rules ${report.rules_version}, ruleset ${report.ruleset ?? "unknown"}.`;
}

function showOpenError(message) {
  const box = $("#open-error");
  box.textContent = message;
  box.hidden = !message;
}

// --- the game's controls -----------------------------------------------------------------------

function load(res) {
  game = fromResult(res);
  result = null;
  drawForm();
  update();
}

function setCount(n) {
  while (game.players.length < n) game.players.push(emptyPlayer(game.players.length));
  game.players.length = n;
  drawForm();
  update();
}

function download() {
  const blob = new Blob([result.toml], { type: "application/toml" });
  const link = el("a", { href: URL.createObjectURL(blob), download: "drako-game.toml" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function openFile(file) {
  if (file.size > 100000) {
    showOpenError(`${file.name}: too large for a game file (${file.size} bytes)`);
    return;
  }
  const text = await file.text();
  const format = /\.json$/i.test(file.name) || text.trimStart().startsWith("{") ? "json" : "toml";
  const res = check(text, format);
  if (res.error) {
    showOpenError(res.error);
    return;
  }
  showOpenError("");
  load(res);
}

function wire() {
  $("#count").addEventListener("change", (e) => setCount(Number(e.target.value)));
  $("#ruleset").addEventListener("change", (e) => {
    game.ruleset = e.target.value;
    update();
  });
  $("#download").addEventListener("click", download);
  $("#new").addEventListener("click", () => {
    showOpenError("");
    game = newGame(game.players.length >= 2 && game.players.length <= 4 ? game.players.length : 2);
    drawForm();
    update();
  });
  window.addEventListener("hashchange", () => {
    // a link to another game opened in this tab
    if (location.hash === savedHash) return;
    if (!web) {
      const early = earlyGame();
      if (early) {
        game = early;
        drawForm();
      }
      return;
    }
    const res = gameFromAddress();
    if (res) load(res);
  });
  $("#open").addEventListener("change", (e) => {
    if (e.target.files.length) openFile(e.target.files[0]);
    e.target.value = "";
  });
}

function gameFromAddress() {
  const match = /^#game=([A-Za-z0-9_-]*)$/.exec(location.hash);
  if (!match) return null;
  try {
    const res = check(fromBase64url(match[1]), "json");
    if (res.error) throw new Error(res.error);
    return res;
  } catch (error) {
    showOpenError(`The game in the address cannot be read: ${error.message}`);
    return null;
  }
}

// --- start: load Python, drako-rules and its wheels from this page's own origin --------------

async function bootPython(base) {
  const manifest = fetch(new URL("wheels.json", base)).then((r) => r.json());
  const timings = window.drakoTimings;
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  timings.pyodide = performance.now();
  const { wheels } = await manifest;
  const buffers = await Promise.all(wheels.map((name) => fetch(new URL(`wheels/${name}`, base)).then((r) => {
    if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
    return r.arrayBuffer();
  })));
  for (const buffer of buffers) pyodide.unpackArchive(buffer, "wheel");
  timings.wheels = performance.now();
  const module = pyodide.pyimport("drako_rules.web");
  timings.imported = performance.now();
  return module;
}

const NOTATION = /^[FMPSEWHGDO?]{4}(\/[FMPSEWHGDO?]{4}){3}$/;

function earlyGame() {
  // The game of a #game= link, read before Python is loaded when it is in the form this
  // page writes (compact notation, plain fields); anything else waits for the checker.
  const match = /^#game=([A-Za-z0-9_-]*)$/.exec(location.hash);
  if (!match) return null;
  try {
    const doc = JSON.parse(fromBase64url(match[1]));
    const plain = (p) => typeof p === "object" && p !== null && typeof p.name === "string"
      && typeof p.kingdom === "string" && NOTATION.test(p.kingdom)
      && (p.legends === undefined || (Array.isArray(p.legends) && p.legends.every((x) => typeof x === "string")))
      && (p.score === undefined || Number.isInteger(p.score))
      && (p.sheet === undefined || (typeof p.sheet === "object" && p.sheet !== null && !Array.isArray(p.sheet)))
      && Object.keys(p).every((k) => ["name", "kingdom", "legends", "score", "sheet"].includes(k));
    if (typeof doc !== "object" || doc === null || !Array.isArray(doc.players)) return null;
    if (doc.players.length < 1 || doc.players.length > MAX_PLAYERS_SHOWN || !doc.players.every(plain)) return null;
    if (typeof (doc.ruleset ?? "pocket") !== "string") return null;
    const cells = doc.players.map((p) => p.kingdom.replace(/\//g, "").split(""));
    return fromResult({ game: doc, cells });
  } catch {
    return null;
  }
}

async function start() {
  // The form is drawn at once from catalogue.json, so cards can be entered while Python
  // loads; scores, problems and the verdict appear once drako-rules runs.
  const status = $("#status");
  try {
    const base = new URL(".", location.href);
    window.drakoTimings = {}; // ms since navigation, for benchmarks/web_timing.py
    const python = bootPython(base);
    python.catch(() => {}); // reported below, when awaited
    cat = await fetch(new URL("catalogue.json", base)).then((r) => r.json());
    drawPalette();
    wire();
    game = location.hash.startsWith("#game=") ? earlyGame() : newGame(2);
    if (game) {
      drawForm();
      saveToAddress();
      for (const id of ["game", "palette"]) document.getElementById(id).hidden = false;
      status.textContent = "Loading the rules (Python in your browser)… You can enter the cards meanwhile.";
      window.drakoTimings.form = performance.now();
    }
    web = await python;
    for (const button of $$("#download, #open")) button.disabled = false;
    const res = game ? null : gameFromAddress();
    if (res) load(res);
    else {
      if (!game) {
        game = newGame(2);
        drawForm();
      }
      update();
    }
    for (const id of ["game", "result", "palette"]) document.getElementById(id).hidden = false;
    status.textContent = "";
    status.hidden = true;
    window.drakoReadyMs = performance.now(); // for benchmarks/web_timing.py
    document.body.dataset.ready = "true";
  } catch (error) {
    status.textContent = `The checker could not start: ${error.message}`;
    status.classList.add("error");
  }
}

start();
