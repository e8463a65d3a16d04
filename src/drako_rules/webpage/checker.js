// The web score checker. This script only draws the form and keeps the game; every number,
// place, problem and verdict comes from drako-rules itself (drako_rules.web), run by Pyodide.
// The game lives in the address: #game= and the base64url (no padding) of its JSON form;
// the language in ?lang=en|es|fr. Every word shown comes from messages.LANG.json; the
// checker's problems and mismatches are composed here from their facts (code, player,
// field, cells, card, Legend, written and expected values), in the player's words.
"use strict";

// The Kingdom notation, from drako_rules.web.catalogue() once catalogue.json is read (R1.1):
// SIZE rows of SIZE letters, EMPTY for an Unexplored Land, rows joined by SEP.
let SIZE = null;
let CELLS = null;
let EMPTY = null;
let SEP = null;
const MAX_PLAYERS_SHOWN = 8;
const LANGS = ["en", "es", "fr"];
let web = null; // drako_rules.web, once Python is loaded
let cat = null; // drako_rules.web.catalogue()
let game = null; // {ruleset, players: [{name, cells[CELLS], raw, legends[], score, sheet{}}]}
let selected = { player: 0, index: 0 };
let result = null;
let step = 0; // the player whose panel is shown, or "result"
let done = new Set(); // the players done with their Kingdom: its problems are shown
let lang = "en";
let messages = {}; // the catalogue of the language shown
let english = {}; // the English catalogue, for a key another one lacks

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

// --- words -----------------------------------------------------------------------------------

function t(key, vars = {}) {
  const text = messages[key] ?? english[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

function tn(key, n, vars = {}) {
  // the ".one" form when n is 1 and the catalogue has one
  const one = `${key}.one`;
  return t(n === 1 && (messages[one] ?? english[one]) ? one : key, { n, ...vars });
}

function list(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`;
}

function cardName(letter, plural = false) {
  return t(`card.${letter}${plural ? ".plural" : ""}`);
}

function legendName(id) {
  return messages[`legend.${id}`] ?? english[`legend.${id}`] ?? id;
}

function categoryName(field) {
  return field === "total" ? t("category.total") : t(`category.${field}`);
}

function at(row, col) {
  return t("at", { row: row + 1, col: col + 1 });
}

function chooseLanguage() {
  // the link's ?lang=, else the browser's language, else English
  const asked = new URLSearchParams(location.search).get("lang");
  return LANGS.includes(asked) ? asked : browserLanguage();
}

function browserLanguage() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

async function loadMessages(code, base) {
  const get = (c) => fetch(new URL(`messages.${c}.json`, base)).then((r) => {
    if (!r.ok) throw new Error(`messages.${c}.json: HTTP ${r.status}`);
    return r.json();
  });
  if (!Object.keys(english).length) english = await get("en");
  messages = code === "en" ? english : await get(code);
  lang = code;
}

function translateStatic() {
  document.documentElement.lang = lang;
  document.title = t("title");
  for (const node of $$("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of $$("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
  for (const button of $$("[data-lang]")) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
}

async function setLanguage(code) {
  if (!LANGS.includes(code) || code === lang) return;
  await loadMessages(code, new URL(".", location.href));
  translateStatic();
  if (cat) {
    drawPalette();
    if (game) {
      const keep = { ...selected };
      drawForm(false);
      select(keep.player, keep.index, false);
      if (result) showResult(result);
    }
  }
  saveToAddress();
}

const POS = String.raw`\(\d,\s?\d\)`;
// The checker's English sentences of a score line or a picture that have a shape of their
// own, each with the message that says it: [English pattern, its words in the language shown].
const SENTENCES = [
  [new RegExp(String.raw`^the (\w+) (${POS}) cannot use the Portal (${POS})(?: \(R\d+\.\d+\))?$`),
    (m, card, pos, portal) => t("svg.blocked", { card: scoreLine(card), pos: scoreLine(pos), portal: scoreLine(portal) })],
  [/^Portal network ([A-Z]) \((.*)\) links (.*)$/,
    (m, letter, portals, cards) => t("svg.network", { letter, portals: scoreLine(portals), cards: scoreLine(cards) })],
  [/^Kingdom (\S+), (\w+) rules\. (\d+) Portal network\(s\), (\d+) conflict\(s\)\.(.*)$/,
    (m, kingdom, ruleset, networks, conflicts, rest) => t("svg.summary", {
      kingdom, ruleset: messages[`ruleset.${ruleset}`] ?? english[`ruleset.${ruleset}`] ?? ruleset, networks, conflicts,
    }) + scoreLine(rest)],
];

function scoreLine(text) {
  // A line of the itemized score, or a text of the picture, in the player's words:
  // positions counted from 1, and the card names and linking words of the language shown.
  for (const [pattern, say] of SENTENCES) {
    const match = pattern.exec(text);
    if (match) return say(...match);
  }
  let out = text.replace(/\((\d),\s?(\d)\)/g, (m, r, c) => t("line.pos", { row: Number(r) + 1, col: Number(c) + 1 }));
  out = out.replace(/Legend ([a-z-]+) \([^)]*\)/g, (m, id) => `${t("line.legend")} «${legendName(id)}»`);
  out = out.replace(/but at most (\d+) domesticated Dragons score/g, (m, n) => t("line.at_most", { n }));
  if (lang === "en") return out;
  const words = [];
  for (const card of cat.cards) {
    words.push([english[`card.${card.letter}.plural`], cardName(card.letter, true)]);
    words.push([english[`card.${card.letter}`], cardName(card.letter)]);
  }
  words.push(["Portal", t("line.portal")]);
  for (const key of Object.keys(english).filter((k) => k.startsWith("line.") && !["line.pos", "line.at_most", "line.portal"].includes(k))) {
    words.push([english[key], t(key)]);
  }
  words.sort((a, b) => b[0].length - a[0].length);
  const pattern = new RegExp(`\\b(${words.map(([w]) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`, "g");
  const table = new Map(words);
  return out.replace(pattern, (m) => table.get(m) ?? m);
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
  // (at most the checker's digits, and never more than a JavaScript number holds exactly)
  const digits = Math.min(cat.max_written_digits, 15);
  return new RegExp(`^[-+]?\\d{1,${digits}}$`).test(t) ? parseInt(t, 10) : t;
}

function defaultName(i) {
  return t("player.n", { n: i + 1 });
}

function learnNotation(c) {
  SIZE = c.kingdom_size;
  CELLS = SIZE * SIZE;
  EMPTY = c.unexplored;
  SEP = c.row_separator;
}

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
}

function letterClass() {
  // the letters of a Kingdom's notation, as a character class: the cards' and the empty cell's
  return `[${escaped(Object.keys(cat.alphabet).join("") + EMPTY)}]`;
}

function notationPattern() {
  const row = `${letterClass()}{${SIZE}}`;
  return new RegExp(`^${row}(${escaped(SEP)}${row}){${SIZE - 1}}$`);
}

function notation(cells) {
  return Array.from({ length: SIZE }, (_, r) => cells.slice(SIZE * r, SIZE * r + SIZE).join("")).join(SEP);
}

function gameDocument() {
  const players = game.players.map((p, i) => {
    // a name left blank is the placeholder's ("Player 2"): the game file needs a name
    const out = { name: p.name.trim() === "" ? defaultName(i) : p.name };
    out.kingdom = p.raw !== null ? p.raw : notation(p.cells);
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
    ruleset: doc.ruleset ?? cat.default_ruleset,
    players: doc.players.slice(0, MAX_PLAYERS_SHOWN).map((p, i) => ({
      name: p.name ?? "",
      cells: res.cells[i] ? res.cells[i].slice() : Array(CELLS).fill(EMPTY),
      raw: res.cells[i] ? null : (p.kingdom ?? ""),
      legends: (p.legends ?? []).slice(),
      score: p.score ?? "",
      sheet: Object.assign({}, p.sheet ?? {}),
    })),
  };
}

function emptyPlayer() {
  return { name: "", cells: Array(CELLS).fill(EMPTY), raw: null, legends: [], score: "", sheet: {} };
}

function newGame(count) {
  return { ruleset: cat.default_ruleset, players: Array.from({ length: count }, () => emptyPlayer()) };
}

let savedHash = "";

function saveToAddress() {
  if (!game || !cat) return;
  savedHash = "#game=" + toBase64url(gameJSON());
  // the language goes into the link (?lang=) once it is not the browser's own
  const search = new URLSearchParams(location.search);
  if (search.has("lang") || lang !== browserLanguage()) search.set("lang", lang);
  const query = search.toString();
  history.replaceState(null, "", `${location.pathname}${query ? "?" + query : ""}${savedHash}`);
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
    showOpenError(t("open.unreadable"));
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

function playerName(i) {
  return game.players[i].name.trim() || defaultName(i);
}

function filled(p) {
  return p.cells.filter((x) => x !== EMPTY).length;
}

function drawCell(button, letter) {
  const card = cardOf(letter);
  const [, r, c] = button.dataset.cell.split("-").map(Number);
  button.textContent = "";
  // the accessible name starts with the text shown (letter and name), then the place
  const shown = card ? `${card.letter} ${cardName(card.letter)}` : t("cell.to_fill");
  if (card) button.append(el("span", { class: "letter", text: card.letter }), " ");
  button.append(el("span", { class: "name", text: card ? cardName(card.letter) : t("cell.to_fill") }));
  button.classList.toggle("empty", !card);
  button.style.background = card ? card.fill : "";
  button.style.borderColor = card ? card.border : "";
  button.style.color = card ? card.ink : "";
  button.dataset.label = t("cell", { row: r + 1, col: c + 1, card: shown });
  button.setAttribute("aria-label", button.dataset.label);
}

function drawKingdomState(i) {
  const p = game.players[i];
  const left = CELLS - filled(p);
  const node = $(`[data-player="${i}"] .left`);
  if (node) node.textContent = left ? tn("kingdom.left", left) : t("kingdom.full");
  const text = $(`[data-kingdom-text="${i}"]`);
  if (text && document.activeElement !== text) text.value = p.raw !== null ? p.raw : kingdomText(p.cells);
}

function kingdomText(cells) {
  // the notation of the cards entered so far: "FEOM/HP" (blank when none is)
  let last = -1;
  cells.forEach((x, k) => { if (x !== EMPTY) last = k; });
  if (last < 0) return "";
  return notation(cells).slice(0, last + 1 + Math.floor(last / SIZE) * SEP.length);
}

function onKingdomText(i, input) {
  const p = game.players[i];
  const letters = input.value.toUpperCase().replace(/[\s/,;.\-|]/g, "");
  const bad = letters.length > CELLS || new RegExp(`[^${letterClass().slice(1)}`).test(letters);
  input.setAttribute("aria-invalid", String(bad));
  $(`[data-player="${i}"] .text-bad`).hidden = !bad;
  if (bad) return;
  for (let k = 0; k < CELLS; k++) {
    p.cells[k] = letters[k] ?? EMPTY;
    drawCell(cellButton(i, k), p.cells[k]);
  }
  p.raw = null;
  if (letters.length === CELLS) done.add(i);
  select(i, Math.min(15, letters.length), false);
  drawKingdomState(i);
  update(String(i));
}

function legendItem(i, legend, met) {
  const p = game.players[i];
  const id = `p${i}-legend-${legend.id}`;
  const box = el("input", { type: "checkbox", id, "data-legend": legend.id, checked: p.legends.includes(legend.id) });
  box.addEventListener("change", () => {
    p.legends = box.checked ? [...p.legends, legend.id] : p.legends.filter((x) => x !== legend.id);
    update(String(i));
  });
  const text = el("span", {}, `${legendName(legend.id)} `,
    el("span", { class: "pts", text: t("legend.points", { points: legend.points }) }),
    el("span", { class: "taken", "data-taken": legend.id }));
  return el("li", { class: met ? "met" : null }, el("label", { for: id }, box, text));
}

function drawLegends(i) {
  // the Legends this Kingdom meets first (never ticked for the player: a claim is theirs)
  const box = $(`[data-player="${i}"] .legend-lists`);
  if (!box) return;
  const met = new Set(result?.met?.[i] ?? []);
  const focused = document.activeElement?.dataset?.legend;
  box.textContent = "";
  const first = cat.legends.filter((l) => met.has(l.id));
  const rest = cat.legends.filter((l) => !met.has(l.id));
  if (first.length) {
    box.append(el("p", { class: "sub", id: `p${i}-met`, text: t("legends.met") }),
      el("ul", { class: "legends", "aria-labelledby": `p${i}-met` }, ...first.map((l) => legendItem(i, l, true))));
  }
  box.append(el("p", { class: "sub", id: `p${i}-other`, text: first.length ? t("legends.other") : "" }),
    el("ul", { class: "legends", "aria-labelledby": first.length ? `p${i}-other` : null }, ...rest.map((l) => legendItem(i, l, false))));
  if (!first.length) box.querySelector(".sub:empty")?.remove();
  if (focused) $(`[data-player="${i}"] [data-legend="${focused}"]`)?.focus();
  box.dataset.met = [...met].join(" ");
}

function writtenField(i, key, label) {
  const p = game.players[i];
  const id = `p${i}-written-${key}`;
  const value = key === "total" ? p.score : (p.sheet[key] ?? "");
  const input = el("input", { type: "text", inputmode: "numeric", class: "number", id, value, "data-written": `${i}-${key}`, autocomplete: "off", enterkeyhint: key === "total" ? "next" : null });
  if (key === "total") {
    input.addEventListener("keydown", (event) => {
      // Enter on the written total goes on, as the "Next" button below does
      if (event.key !== "Enter") return;
      event.preventDefault();
      $(`[data-next="${i}"]`)?.click();
    });
  }
  input.addEventListener("input", () => {
    if (key === "total") p.score = input.value;
    else p.sheet[key] = input.value;
    update("-");
  });
  return el("div", { class: "written-field" }, el("label", { for: id, text: label }), input,
    el("span", { class: "mark-slot", "data-slot": `${i}-${key}` }));
}

function drawPlayer(i) {
  const p = game.players[i];
  const panel = el("section", { class: "player", "data-player": i, "aria-labelledby": `p${i}-h` });
  panel.append(el("h2", { id: `p${i}-h`, text: defaultName(i) }));
  const name = el("input", { type: "text", id: `p${i}-name`, value: p.name, placeholder: defaultName(i), autocomplete: "off", enterkeyhint: "next", "data-field": "name", "data-name": i });
  name.addEventListener("keydown", (event) => {
    // Enter goes on to the Kingdom: its first cell still to fill, ready for the card letters
    if (event.key !== "Enter") return;
    event.preventDefault();
    const first = p.cells.indexOf(EMPTY);
    select(i, first >= 0 ? first : 0, true);
  });
  name.addEventListener("input", () => {
    p.name = name.value;
    drawSteps();
    update(String(i));
  });
  panel.append(el("div", { class: "row name-row" }, el("label", { for: `p${i}-name`, text: t("name") }), name));
  panel.append(el("ul", { class: "problems", "data-problems": `${i}-name` }));

  const grid = el("div", { class: "kingdom", role: "group", "aria-label": t("kingdom.of", { name: playerName(i) }) });
  for (let k = 0; k < CELLS; k++) {
    const r = Math.floor(k / SIZE), c = k % SIZE;
    const button = el("button", { type: "button", class: "cell", "data-cell": `${i}-${r}-${c}`, tabindex: "-1" });
    drawCell(button, p.cells[k]);
    button.addEventListener("click", () => select(i, k, true));
    button.addEventListener("keydown", (event) => onCellKey(event, i, k));
    grid.append(button);
  }
  panel.append(grid, el("p", { class: "left small", "aria-live": "polite" }));
  const text = el("input", {
    type: "text", id: `p${i}-text`, "data-kingdom-text": i, autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", placeholder: "FEOM/HPWM/SGDO/PPHS", "aria-describedby": `p${i}-text-hint`,
  });
  text.addEventListener("input", () => onKingdomText(i, text));
  text.addEventListener("blur", () => drawKingdomState(i));
  panel.append(el("div", { class: "row text-row" }, el("label", { for: `p${i}-text`, text: t("kingdom.text") }), text),
    el("p", { class: "small", id: `p${i}-text-hint`, text: t("kingdom.text.hint") }),
    el("p", { class: "error text-bad", hidden: true, text: t("kingdom.text.bad", { letters: Object.keys(cat.alphabet).join(" "), empty: EMPTY }) }));
  panel.append(el("ul", { class: "problems", "data-problems": `${i}-kingdom` }));

  panel.append(el("fieldset", {}, el("legend", { text: t("legends") }), el("div", { class: "legend-lists" }),
    el("ul", { class: "problems", "data-problems": `${i}-legends` })));

  const details = el("details", { class: "categories-written" }, el("summary", { text: t("written.categories") }),
    el("div", { class: "sheet-fields" }, ...cat.categories.map(([key]) => writtenField(i, key, categoryName(key)))));
  if (Object.values(p.sheet).some((v) => String(v).trim() !== "")) details.open = true;
  panel.append(el("fieldset", {}, el("legend", { text: t("written") }), writtenField(i, "total", t("total")), details,
    el("ul", { class: "problems", "data-problems": `${i}-sheet` }), el("ul", { class: "problems", "data-problems": `${i}-score` })));

  const score = el("div", { class: "score", "aria-live": "polite" });
  score.append(el("p", { class: "totals" }, `${t("total")} `, el("strong", { "data-total": i }), ` · ${t("place")} `, el("strong", { "data-place": i })));
  score.append(el("details", { class: "by-category" }, el("summary", { text: t("score.by_category") }), el("ul", { class: "categories" })));
  panel.append(el("h3", { text: t("score") }), score);
  panel.append(el("ul", { class: "problems", "data-problems": `${i}-player` }));
  panel.append(el("details", { class: "picture-box" }, el("summary", { text: t("picture") }), el("div", { class: "picture" })));
  const next = el("button", { type: "button", class: "next", "data-next": i });
  next.addEventListener("click", () => {
    // the next player's panel, its name field ready for typing when it is still blank
    showStep(i + 1 < game.players.length ? i + 1 : "result");
    const field = $(`[data-name="${i + 1}"]`);
    if (field && field.value === "") field.focus();
  });
  panel.append(next);
  return panel;
}

function drawSteps() {
  const nav = $(".steps");
  nav.textContent = "";
  const keys = [...game.players.keys(), "result"];
  for (const key of keys) {
    const label = key === "result" ? t("step.result") : `${key + 1}. ${playerName(key)}`;
    const button = el("button", { type: "button", "data-step": key, "aria-current": String(key) === String(step) ? "step" : null, text: label });
    button.addEventListener("click", () => showStep(key));
    nav.append(button);
  }
  game.players.forEach((_, i) => {
    const next = $(`[data-next="${i}"]`);
    if (next) next.textContent = i + 1 < game.players.length ? t("next", { name: playerName(i + 1) }) : t("to_result");
  });
  for (const button of $$("[data-count]")) button.setAttribute("aria-pressed", String(Number(button.dataset.count) === game.players.length));
}

function showStep(key) {
  // One player's panel at a time (or the result): leaving a Kingdom with cards in it
  // counts as done with it, and its problems are shown from then on.
  if (typeof step === "number" && step !== key && game.players[step] && filled(game.players[step]) > 0) done.add(step);
  step = key === "result" ? "result" : Math.min(Number(key), game.players.length - 1);
  for (const panel of $$("[data-player]")) panel.hidden = Number(panel.dataset.player) !== step;
  $("#result").hidden = step !== "result" || !web;
  $("#palette").hidden = step === "result";
  document.body.classList.toggle("on-result", step === "result");
  drawSteps();
  if (step !== "result") {
    const p = game.players[step];
    const first = p.cells.indexOf(EMPTY);
    select(step, first >= 0 ? first : 0, false);
  }
  if (result) showResult(result);
  window.scrollTo(0, 0);
}

function drawForm(fresh = true) {
  const ruleset = $("#ruleset");
  ruleset.textContent = "";
  for (const name of new Set([...cat.rulesets, game.ruleset])) {
    const label = messages[`ruleset.${name}`] ?? english[`ruleset.${name}`] ?? name;
    ruleset.append(el("option", { value: name, text: label, selected: name === game.ruleset }));
  }
  const players = $("#players");
  players.textContent = "";
  game.players.forEach((_, i) => players.append(drawPlayer(i)));
  game.players.forEach((_, i) => { drawLegends(i); drawKingdomState(i); });
  if (fresh) {
    selected = { player: 0, index: 0 };
    step = 0;
  }
  if (typeof step === "number" && step >= game.players.length) step = 0;
  const keep = step;
  step = null; // nothing left behind: a redraw is not a move
  showStep(keep);
}

function drawCounts() {
  // one button per player count the game allows (R1.3)
  const group = $(".counts");
  for (const button of $$("[data-count]", group)) button.remove();
  for (const n of cat.player_counts) {
    const button = el("button", { type: "button", "data-count": n, text: String(n) });
    button.addEventListener("click", () => setCount(n));
    group.append(button);
  }
}

function drawPalette() {
  const palette = $("#palette");
  palette.textContent = "";
  for (const card of [...cat.cards, { letter: EMPTY }]) {
    const clear = card.letter === EMPTY;
    const name = clear ? t("palette.clear") : cardName(card.letter);
    // the accessible name is the text shown ("E Elf"); the clear key's says what it does
    const button = el("button", { type: "button", "data-card": card.letter, "aria-label": clear ? t("palette.clear.label") : null },
      el("span", { class: "letter", "aria-hidden": clear ? "true" : null, text: clear ? "⌫" : card.letter }), " ", el("span", { class: "name", text: name }));
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
  // Fill the selected cell and move to the next one of that Kingdom.
  const { player: i, index: k } = selected;
  const p = game.players[i];
  if (!p) return;
  p.cells[k] = letter;
  p.raw = null;
  drawCell(cellButton(i, k), letter);
  if (filled(p) === CELLS) done.add(i);
  drawKingdomState(i);
  update(String(i));
  if (k < CELLS - 1 && letter !== EMPTY) select(i, k + 1, document.activeElement?.classList.contains("cell"));
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
  if (key === EMPTY || key === "BACKSPACE" || key === "DELETE") {
    select(i, k, false);
    place(EMPTY);
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

// The docs site's public address (mkdocs.yml's site_url): the rules page a rule id links to
// when the page is not inside the docs site (served by `drako-rules web`, or saved).
const DOCS_SITE = "https://drako-rules.github.io/drako-rules/";

function rulesPage() {
  // inside the docs site the page is its checker/ folder, beside rules/
  return /\/checker\/(index\.html)?$/.test(location.pathname) ? "../rules/" : `${DOCS_SITE}rules/`;
}

function ruleLink(rule) {
  // the rule id beside a sentence, as a link to its rule on the rules page of the docs site
  const inside = rulesPage() === "../rules/";
  return el("a", {
    class: "rule", href: `${rulesPage()}#${rule}`, "aria-label": t("rule.link", { rule }), text: rule,
    target: inside ? null : "_blank", rel: inside ? null : "noopener",
  });
}

function item(text, rule) {
  const li = el("li", {}, text);
  if (rule) li.append(" ", ruleLink(rule.split(/[ ,–-]/)[0]));
  return li;
}

function factsOf(report, marks) {
  // Each problem's facts: the checker's own (report.problems[k]) where it gives them, else
  // what drako_rules.web's marks say of it.
  return report.problems.map((problem, k) => {
    const mark = marks[k] ?? {};
    const cells = Array.isArray(problem.cells)
      ? problem.cells.map(([seat, [r, c]]) => [seat, r, c])
      : (mark.cells ?? []).map((x) => x.split("-").map(Number));
    const player = problem.player !== undefined ? problem.player : mark.player;
    let field = problem.field !== undefined ? problem.field : mark.field;
    if (typeof field === "string") field = field.replace(/^sheet\./, "sheet.").replace(/^score$/, "total");
    const legend = problem.legend ?? (mark.legends?.[0]?.[1] ?? null);
    const seats = problem.seats ?? [...new Set([...(mark.legends ?? []).map(([s]) => s), ...cells.map(([s]) => s)])];
    return { code: problem.code, rule: problem.rule, player, field, cells, card: problem.card ?? mark.card ?? null, legend, seats, count: problem.count, limit: problem.limit };
  });
}

function problemText(f) {
  // one problem in the player's words, from its facts
  const name = f.player !== null && f.player !== undefined && game.players[f.player] ? playerName(f.player) : t("problem.game");
  switch (f.code) {
    case "unexplored-land":
      return t("problem.unexplored-land", { name, cells: f.cells.map(([, r, c]) => at(r, c)).join("; ") });
    case "too-many-cards": {
      const n = game.players.length;
      const count = f.count ?? f.cells.length;
      const max = f.limit ?? cat.cards_per_kind[String(n)] ?? "?";
      return t("problem.too-many-cards", { count, cards: cardName(f.card, true), max, players: n });
    }
    case "legend-claimed-twice":
      return t("problem.legend-claimed-twice", { legend: legendName(f.legend), names: list(f.seats.map(playerName)) });
    case "not-an-integer": {
      const field = String(f.field ?? "").replace(/^sheet\./, "");
      return t("problem.not-an-integer", { name, field: categoryName(field === "" ? "total" : field) });
    }
    default:
      return t(`problem.${f.code}`, { name });
  }
}

function shown(f) {
  // A Kingdom's cards still to fill are no problem until its player is done with it.
  return f.code !== "unexplored-land" || done.has(f.player);
}

function placeOf(f) {
  if (f.player === null || f.player === undefined) return "game";
  const field = String(f.field ?? "");
  if (field.startsWith("sheet")) return `${f.player}-sheet`;
  if (field === "total" || field === "score") return `${f.player}-score`;
  return ["name", "kingdom", "legends"].includes(field) ? `${f.player}-${field}` : `${f.player}-player`;
}

function verdictOf(report, facts) {
  // The checker's verdict, except that cards still to fill on a Kingdom its player is not
  // done with make the game "to fill", not invalid.
  const visible = facts.filter(shown);
  if (visible.length) return ["invalid", tn("verdict.invalid", visible.length)];
  if (facts.length) {
    const left = game.players.reduce((n, p) => n + CELLS - filled(p), 0);
    return ["pending", tn("verdict.pending", left)];
  }
  const value = report.verdict ?? (report.valid ? (report.verified ? "verified" : "disagrees") : "invalid");
  if (value === "disagrees") {
    const n = report.players.reduce((k, p) => k + p.mismatches.length, 0);
    return ["disagrees", tn("verdict.disagrees", n)];
  }
  const wrote = report.players.some((p) => Object.keys(p.written ?? {}).length);
  return ["verified", t(wrote ? "verdict.verified" : "verdict.verified.empty")];
}

function mismatchText(p, m) {
  let text = t("mismatch", { name: p.name, field: categoryName(m.field), written: m.written, expected: m.expected });
  if (m.field === "total" && p.written) {
    const sum = cat.categories.reduce((s, [c]) => s + (typeof p.written[c] === "number" ? p.written[c] : 0), 0);
    if (cat.categories.some(([c]) => typeof p.written[c] === "number") && sum !== m.written) text += `; ${t("mismatch.sum", { sum })}`;
  }
  return text;
}

function tieText(tie) {
  const names = list(tie.players);
  if (tie.shared || !tie.higher_category) return t("tie.shared", { names, total: tie.total });
  return t("tie", {
    names, total: tie.total, first: tie.players[0], high: tie.higher_value, highcat: categoryName(tie.higher_category),
    low: tie.lower_value, lowcat: categoryName(tie.lower_category),
  });
}

function showResult(res) {
  const report = res.report;
  for (const node of $$("[data-problems]")) node.textContent = "";
  for (const node of $$(".cell.problem, #palette .problem")) node.classList.remove("problem");
  for (const node of $$(".twice")) node.classList.remove("twice");
  for (const node of $$(".cell")) node.setAttribute("aria-label", node.dataset.label);
  for (const node of $$("[data-mismatch]")) node.remove();
  for (const node of $$("[data-written]")) node.removeAttribute("aria-invalid");

  report.players.forEach((p, i) => {
    const panel = $(`[data-player="${i}"]`);
    if (!panel) return;
    const typed = game.players[i]?.name.trim();
    $("h2", panel).textContent = typed ? `${defaultName(i)}: ${typed}` : defaultName(i);
    $(".kingdom", panel).setAttribute("aria-label", t("kingdom.of", { name: p.name }));
    $(`[data-total="${i}"]`).textContent = p.total ?? "–";
    $(`[data-place="${i}"]`).textContent = p.place ?? "–";
    const cats = $(".categories", panel);
    cats.textContent = "";
    if (p.scored) {
      for (const [name] of cat.categories) {
        const lines = p.lines.filter((line) => line.category === name);
        const items = lines.map((line) => item(`${signed(line.points)}: ${scoreLine(line.text)}`, line.rule));
        if (!items.length) items.push(el("li", { text: t("score.nothing") }));
        cats.append(el("li", {}, el("details", { "data-category": name },
          el("summary", { text: `${categoryName(name)}: ${signed(p[name])}` }), el("ul", {}, ...items))));
      }
    }
    const picture = $(".picture", panel);
    if (res.pictures[i]) {
      picture.innerHTML = res.pictures[i];
      for (const node of $$("title, desc, text", picture)) {
        // the rows and columns are counted from 1, as everywhere on the page
        const text = node.textContent;
        node.textContent = /^\d$/.test(text.trim()) ? String(Number(text) + 1) : scoreLine(text);
      }
      for (const node of $$("[aria-label]", picture)) node.setAttribute("aria-label", scoreLine(node.getAttribute("aria-label")));
    } else if (!p.scored) picture.textContent = "";
    const met = (res.met?.[i] ?? []).join(" ");
    if ($(".legend-lists", panel)?.dataset.met !== met) drawLegends(i);
    // a Legend another player also claims is marked (each Legend is unique, R1.4)
    for (const note of $$("[data-taken]", panel)) {
      const others = game.players.map((q, j) => (j !== i && q.legends.includes(note.dataset.taken) ? playerName(j) : null)).filter(Boolean);
      note.textContent = others.length ? ` · ${t("legend.claimed_by", { names: list(others) })}` : "";
    }
    // a written value that the rules do not give is marked beside its field (R5.5)
    for (const m of p.mismatches) {
      const slot = $(`[data-slot="${i}-${m.field}"]`);
      if (!slot) continue;
      slot.append(el("span", { class: "mismatch", "data-mismatch": `${i}-${m.field}`, text: `≠ ${t("mismatch.mark", { expected: m.expected })}` }));
      $(`[data-written="${i}-${m.field}"]`)?.setAttribute("aria-invalid", "true");
      if (m.field !== "total") slot.closest("details").open = true;
    }
  });

  const facts = factsOf(report, res.marks ?? []);
  for (const f of facts.filter(shown)) {
    const text = problemText(f);
    const list = $(`[data-problems="${placeOf(f)}"]`) || $('[data-problems="game"]');
    list.append(item(text, f.rule));
    if (f.player === null || f.player === undefined) {
      // a problem of the whole game (too many cards of a kind, R1.3) is also shown under
      // each Kingdom that holds one of its cards
      for (const i of new Set(f.cells.map(([s]) => s))) $(`[data-problems="${i}-kingdom"]`)?.append(item(text, f.rule));
    }
    for (const [s, r, c] of f.cells) {
      const button = $(`[data-cell="${s}-${r}-${c}"]`);
      if (!button) continue;
      button.classList.add("problem");
      button.setAttribute("aria-label", t("cell.problem", { label: button.dataset.label, message: text }));
    }
    if (f.code === "too-many-cards" && f.card) $(`#palette [data-card="${f.card}"]`)?.classList.add("problem");
    if (f.code === "legend-claimed-twice") {
      for (const s of f.seats) $(`[data-player="${s}"] [data-taken="${f.legend}"]`)?.classList.add("twice");
    }
  }

  const [value, sentence] = verdictOf(report, facts);
  const verdict = $("[data-verdict]");
  verdict.textContent = sentence;
  verdict.className = value;
  verdict.dataset.verdict = value;

  const body = $("#table tbody");
  body.textContent = "";
  const order = report.players.map((p, i) => [p, i]).sort(([a, i], [b, j]) => (a.place ?? 99) - (b.place ?? 99) || i - j);
  for (const [p] of order) {
    const wrote = p.written?.total;
    body.append(el("tr", {},
      el("td", { class: "num", text: p.place ?? "–" }), el("td", { text: p.name }),
      el("td", { class: "num", text: p.total ?? "–" }), el("td", { class: "num", text: wrote ?? "–" })));
  }
  const ranked = report.players.filter((p) => p.place !== null);
  $("#places").textContent = ranked.length === report.players.length && ranked.length ? "" : t("places.none");
  const fill = (sel, items) => {
    const node = $(sel);
    node.textContent = "";
    for (const x of items) node.append(x);
  };
  fill("#ties", report.tie_breaks.map((tie) => item(tieText(tie), "R5.6")));
  const mismatches = report.players.flatMap((p) => p.mismatches.map((m) => item(mismatchText(p, m), m.rule)));
  fill("#mismatches", mismatches.length ? mismatches : [el("li", { class: "none", text: t("none") })]);
  const problems = facts.filter(shown).map((f) => item(problemText(f), f.rule));
  fill("#problems", problems.length ? problems : [el("li", { class: "none", text: t("none") })]);
  const rulesetName = messages[`ruleset.${report.ruleset}`] ?? report.ruleset ?? "?";
  $("#versions").textContent = t("versions", { library: report.library_version, rules: report.rules_version, ruleset: rulesetName });
}

function showOpenError(message) {
  const box = $("#open-error");
  box.textContent = message;
  box.hidden = !message;
}

// --- the game's controls -----------------------------------------------------------------------

function load(res) {
  // a game opened (link or file): every Kingdom in it is done, its problems are shown
  game = fromResult(res);
  done = new Set(game.players.keys());
  result = null;
  drawForm();
  update();
}

function setCount(n) {
  while (game.players.length < n) game.players.push(emptyPlayer());
  game.players.length = n;
  done = new Set([...done].filter((i) => i < n));
  const keep = { ...selected };
  drawForm(false);
  if (keep.player < n) select(keep.player, keep.index, false);
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
  if (file.size > 4 * cat.max_game_chars) { // 4 bytes at most per character in UTF-8
    showOpenError(t("open.too_large", { file: file.name.slice(0, 40), size: file.size }));
    return;
  }
  const text = await file.text();
  const format = /\.json$/i.test(file.name) || text.trimStart().startsWith("{") ? "json" : "toml";
  const res = check(text, format);
  if (res.error) {
    showOpenError(t("open.unreadable"));
    return;
  }
  showOpenError("");
  load(res);
}

function wire() {
  for (const button of $$("[data-lang]")) button.addEventListener("click", () => setLanguage(button.dataset.lang));
  $("#ruleset").addEventListener("change", (e) => {
    game.ruleset = e.target.value;
    update();
  });
  $("#download").addEventListener("click", download);
  $("#new").addEventListener("click", () => {
    showOpenError("");
    game = newGame(cat.player_counts.includes(game.players.length) ? game.players.length : cat.player_counts[0]);
    done = new Set();
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
        done = new Set(game.players.keys());
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
  } catch {
    showOpenError(t("address.unreadable"));
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


function earlyGame() {
  // The game of a #game= link, read before Python is loaded when it is in the form this
  // page writes (compact notation, plain fields); anything else waits for the checker.
  const match = /^#game=([A-Za-z0-9_-]*)$/.exec(location.hash);
  if (!match) return null;
  try {
    const doc = JSON.parse(fromBase64url(match[1]));
    const plain = (p) => typeof p === "object" && p !== null && typeof p.name === "string"
      && typeof p.kingdom === "string" && notationPattern().test(p.kingdom)
      && (p.legends === undefined || (Array.isArray(p.legends) && p.legends.every((x) => typeof x === "string")))
      && (p.score === undefined || Number.isInteger(p.score))
      && (p.sheet === undefined || (typeof p.sheet === "object" && p.sheet !== null && !Array.isArray(p.sheet)))
      && Object.keys(p).every((k) => k in cat.fields.player);
    if (typeof doc !== "object" || doc === null || !Array.isArray(doc.players)) return null;
    if (doc.players.length < 1 || doc.players.length > MAX_PLAYERS_SHOWN || !doc.players.every(plain)) return null;
    if (typeof (doc.ruleset ?? cat.default_ruleset) !== "string") return null;
    const cells = doc.players.map((p) => p.kingdom.split(SEP).join("").split(""));
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
    const catalogue = fetch(new URL("catalogue.json", base)).then((r) => r.json());
    await loadMessages(chooseLanguage(), base);
    translateStatic();
    cat = await catalogue;
    learnNotation(cat);
    drawCounts();
    drawPalette();
    wire();
    game = location.hash.startsWith("#game=") ? earlyGame() : newGame(cat.player_counts[0]);
    if (game) {
      if (location.hash.startsWith("#game=")) done = new Set(game.players.keys());
      drawForm();
      saveToAddress();
      for (const id of ["game", "palette", "files"]) document.getElementById(id).hidden = false;
      status.textContent = t("status.enter");
      window.drakoTimings.form = performance.now();
    }
    web = await python;
    for (const button of $$("#download, #open")) button.disabled = false;
    const res = game ? null : gameFromAddress();
    if (res) load(res);
    else {
      if (!game) {
        game = newGame(cat.player_counts[0]);
        drawForm();
      }
      update();
    }
    for (const id of ["game", "files"]) document.getElementById(id).hidden = false;
    $("#palette").hidden = step === "result";
    $("#result").hidden = step !== "result";
    status.textContent = "";
    status.hidden = true;
    window.drakoReadyMs = performance.now(); // for benchmarks/web_timing.py
    document.body.dataset.ready = "true";
  } catch (error) {
    status.textContent = t("status.failed", { error: error.message });
    status.classList.add("error");
  }
}

start();
