// branchwise workbench: the board editor, jobs, gallery, logic-grid and
// Superpuzz pages over the JSON API of package serve (docs/serve.md).
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

async function api(path, body) {
  const opt = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Branchwise": "1" },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, opt);
  const data = await r.json().catch(() => ({ error: "the server answered " + r.status }));
  if (!r.ok) {
    const e = new Error(data.error || ("HTTP " + r.status));
    e.status = r.status; e.line = data.line; e.col = data.col;
    throw e;
  }
  return data;
}

function say(el, text, isError) {
  el.textContent = text;
  el.classList.toggle("error", !!isError);
}

// ---- tabs ----
function showTab(name) {
  document.querySelectorAll(".tab").forEach((b) => b.classList.toggle("active", b.dataset.tab === name));
  document.querySelectorAll(".panel").forEach((p) => p.classList.toggle("active", p.id === name));
}
document.querySelectorAll(".tab").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab)));

// ---- board editor: the board file's text is the model ----
const editor = { grid: "square", rows: 6, cols: 10, places: [] };

// parseText splits a board file into its headers and rows.
function parseText(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const headers = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const m = /^\s*(grid|pieces)\s*:\s*(.*)$/.exec(lines[i]);
    if (!m) break;
    headers[m[1]] = m[2].trim();
  }
  const rows = lines.slice(i);
  while (rows.length && rows[rows.length - 1].trim() === "") rows.pop();
  return { headers, rows };
}

function buildText(headers, rows) {
  let out = "";
  if (headers.grid) out += "grid: " + headers.grid + "\n";
  if (headers.pieces) out += "pieces: " + headers.pieces + "\n";
  const trimmed = rows.map((r) => r.replace(/\s+$/, ""));
  while (trimmed.length && trimmed[trimmed.length - 1] === "") trimmed.pop();
  return out + trimmed.join("\n") + "\n";
}

function isOn(rows, row, col) {
  return row < rows.length && rows[row][col] === ".";
}

function setCell(row, col, on) {
  const { headers, rows } = parseText($("text").value);
  while (rows.length <= row) rows.push("");
  let line = rows[row];
  while (line.length <= col) line += " ";
  line = line.slice(0, col) + (on ? "." : " ") + line.slice(col + 1);
  rows[row] = line;
  headers.grid = editor.grid;
  $("text").value = buildText(headers, rows);
  drawCells();
  checkBoard();
}

async function loadGrid() {
  editor.grid = $("grid").value;
  editor.rows = Math.max(1, Math.min(60, +$("rows").value || 1));
  editor.cols = Math.max(1, Math.min(120, +$("cols").value || 1));
  try {
    const g = await api(`/api/grid?grid=${editor.grid}&rows=${editor.rows}&cols=${editor.cols}`);
    editor.places = g.cells;
  } catch (e) {
    say($("message"), e.message, true);
    return;
  }
  const svg = $("canvas");
  svg.replaceChildren();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of editor.places) {
    const poly = document.createElementNS(SVGNS, "polygon");
    poly.setAttribute("points", p.polygon.map((q) => q[0] + "," + q[1]).join(" "));
    poly.dataset.row = p.row;
    poly.dataset.col = p.col;
    svg.appendChild(poly);
    for (const q of p.polygon) {
      x0 = Math.min(x0, q[0]); y0 = Math.min(y0, q[1]); x1 = Math.max(x1, q[0]); y1 = Math.max(y1, q[1]);
    }
  }
  const pad = 0.2;
  svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
  const scale = Math.min(36, 640 / (x1 - x0 + 1));
  svg.setAttribute("width", Math.round((x1 - x0 + 2 * pad) * scale));
  svg.setAttribute("height", Math.round((y1 - y0 + 2 * pad) * scale));
  drawCells();
}

function drawCells() {
  const { rows } = parseText($("text").value);
  for (const poly of $("canvas").children) {
    poly.classList.toggle("on", isOn(rows, +poly.dataset.row, +poly.dataset.col));
  }
}

// Dragging paints every cell passed over with the state the first one got.
let painting = null;
$("canvas").addEventListener("pointerdown", (ev) => {
  const t = ev.target;
  if (t.tagName !== "polygon") return;
  painting = !t.classList.contains("on");
  setCell(+t.dataset.row, +t.dataset.col, painting);
  ev.preventDefault();
});
$("canvas").addEventListener("pointerover", (ev) => {
  const t = ev.target;
  if (painting === null || t.tagName !== "polygon" || t.classList.contains("on") === painting) return;
  setCell(+t.dataset.row, +t.dataset.col, painting);
});
window.addEventListener("pointerup", () => { painting = null; });

// fitWindow makes the canvas cover the text's rows and columns.
function fitWindow() {
  const { headers, rows } = parseText($("text").value);
  if (headers.grid && headers.grid !== $("grid").value) $("grid").value = headers.grid;
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  if (rows.length > +$("rows").value) $("rows").value = rows.length;
  if (width > +$("cols").value) $("cols").value = width;
}

let checkTimer = null;
function checkBoard() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    const info = $("boardinfo");
    try {
      const b = await api("/api/board", request("first"));
      say(info, `${b.cells.length} cells on the ${b.grid} grid; ${b.pieces.length} pieces of ${b.piece_area} cells; ${b.placements} placements; ${b.symmetries} symmetries`);
    } catch (e) {
      say(info, e.message, true);
    }
  }, 200);
}

$("text").addEventListener("input", () => { fitWindow(); loadGrid(); checkBoard(); });
$("grid").addEventListener("change", () => {
  const { headers, rows } = parseText($("text").value);
  headers.grid = $("grid").value;
  $("text").value = buildText(headers, rows);
  loadGrid(); checkBoard();
});
$("rows").addEventListener("change", loadGrid);
$("cols").addEventListener("change", loadGrid);
$("pieces").addEventListener("change", checkBoard);

$("puzzle").addEventListener("change", async () => {
  const name = $("puzzle").value;
  if (!name) return;
  const p = await api("/api/puzzles/" + encodeURIComponent(name));
  $("text").value = p.board;
  $("rows").value = 1; $("cols").value = 1;
  fitWindow();
  await loadGrid();
  checkBoard();
});

function request(mode, unique) {
  return { board: $("text").value, pieces: $("pieces").value.trim(), mode, unique: !!unique };
}

// ---- load, save, share ----
$("load").addEventListener("click", () => $("file").click());
$("file").addEventListener("change", async () => {
  const f = $("file").files[0];
  if (!f) return;
  if (f.size > 1 << 20) { say($("message"), f.name + ": over 1 MiB, not a board file", true); return; }
  $("text").value = await f.text();
  $("puzzle").value = "";
  fitWindow(); loadGrid(); checkBoard();
});
$("save").addEventListener("click", () => {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([$("text").value], { type: "text/plain" }));
  a.download = "board.txt";
  a.click();
  URL.revokeObjectURL(a.href);
});
function encodeBoard(text) {
  return btoa(unescape(encodeURIComponent(text))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeBoard(s) {
  return decodeURIComponent(escape(atob(s.replace(/-/g, "+").replace(/_/g, "/"))));
}
$("share").addEventListener("click", async () => {
  const url = location.origin + location.pathname + "#board=" + encodeBoard($("text").value) +
    ($("pieces").value ? "&pieces=" + encodeURIComponent($("pieces").value) : "");
  history.replaceState(null, "", url);
  try { await navigator.clipboard.writeText(url); say($("message"), "Link copied: " + url); }
  catch { say($("message"), "Link: " + url); }
});

// ---- jobs ----
const jobs = new Map(); // id -> state
const streams = new Map(); // id -> EventSource
let galleryJob = null, galleryPage = 0;
const perPage = 24;

async function startJob(mode, unique) {
  try {
    const st = await api("/api/jobs", request(mode, unique));
    say($("message"), `Job ${st.id} started: ${mode}${unique ? " (unique)" : ""}.`);
    follow(st);
    showTab(mode === "first" || mode === "all" ? "gallery" : "jobs");
    if (mode === "first" || mode === "all") openGallery(st.id);
  } catch (e) {
    say($("message"), e.message + (e.line ? ` (line ${e.line}${e.col ? ", column " + e.col : ""})` : ""), true);
  }
}
$("first").addEventListener("click", () => startJob("first"));
$("all").addEventListener("click", () => startJob("all"));
$("count").addEventListener("click", () => startJob("count"));
$("countUnique").addEventListener("click", () => startJob("count", true));
$("estimate").addEventListener("click", () => startJob("estimate"));

const history_ = new Map(); // id -> [[seconds, nodes]]

function follow(st) {
  update(st);
  if (st.status !== "running" || streams.has(st.id)) return;
  const es = new EventSource(`/api/jobs/${st.id}/events`);
  streams.set(st.id, es);
  es.addEventListener("state", (ev) => update(JSON.parse(ev.data)));
  es.addEventListener("end", () => { es.close(); streams.delete(st.id); });
  es.onerror = () => { es.close(); streams.delete(st.id); };
}

function fmt(n) {
  if (n === undefined || n === null) return "";
  if (Math.abs(n) >= 1e6) return n.toExponential(3);
  return Math.round(n).toLocaleString("en");
}
function secs(s) {
  if (!s) return "";
  if (s < 60) return s.toFixed(1) + " s";
  if (s < 3600) return (s / 60).toFixed(1) + " min";
  return (s / 3600).toFixed(1) + " h";
}

function update(st) {
  jobs.set(st.id, st);
  const h = history_.get(st.id) || [];
  h.push([st.seconds, st.nodes]);
  history_.set(st.id, h.slice(-300));
  renderJobs();
  if (galleryJob === st.id) renderGallery();
}

// renderJobs updates the jobs table in place: rows and buttons stay the
// same elements, so that a click is never lost to a redraw.
const rows = new Map(); // id -> tr
function renderJobs() {
  const tb = $("jobtable").querySelector("tbody");
  for (const st of [...jobs.values()].sort((a, b) => +b.id.slice(1) - +a.id.slice(1))) {
    let tr = rows.get(st.id);
    if (!tr) {
      tr = document.createElement("tr");
      tr.dataset.id = st.id;
      for (let i = 0; i < 10; i++) tr.appendChild(document.createElement("td"));
      const td = document.createElement("td");
      const stop = document.createElement("button");
      stop.textContent = "Stop";
      stop.className = "stop";
      stop.addEventListener("click", () => api(`/api/jobs/${st.id}/cancel`, {}).then(update).catch((e) => alert(e.message)));
      const g = document.createElement("button");
      g.textContent = "Gallery";
      g.className = "gallery";
      g.addEventListener("click", () => { openGallery(st.id); showTab("gallery"); });
      td.append(stop, g);
      tr.appendChild(td);
      rows.set(st.id, tr);
      tb.prepend(tr);
    }
    const rate = st.seconds > 0 ? st.nodes / st.seconds : 0;
    const mode = st.request.mode + (st.request.unique ? " unique" : "");
    const cells = [st.id, st.name, mode, st.status + (st.error ? ": " + st.error : ""), fmt(st.nodes), fmt(rate) + "/s",
      fmt(st.solutions), fmt(st.unique), secs(st.seconds), st.status === "running" ? secs(st.seconds_left) : ""];
    cells.forEach((c, i) => { if (tr.children[i].textContent !== c) tr.children[i].textContent = c; });
    tr.querySelector("button.stop").hidden = st.status !== "running";
  }
  renderDetail();
}

// renderDetail shows the newest job's progress as a line of nodes over
// time, and its estimate when it has one.
function renderDetail() {
  const all = [...jobs.values()];
  if (!all.length) return;
  const st = all.reduce((a, b) => (+a.id.slice(1) > +b.id.slice(1) ? a : b));
  const d = $("jobdetail");
  d.replaceChildren();
  const p = document.createElement("p");
  p.textContent = `Job ${st.id}: ${st.status}, ${fmt(st.nodes)} nodes, ${fmt(st.solutions)} solutions` +
    (st.estimated_nodes ? `, about ${fmt(st.estimated_nodes)} nodes estimated` : "");
  d.appendChild(p);
  if (st.estimate) {
    const e = st.estimate;
    const q = document.createElement("p");
    const hi = (v) => (v === null ? "∞" : fmt(v));
    const how = (kind) => (kind === "confidence" ? "95% confidence" : kind === "exact" ? "exact" : "spread, not a confidence interval");
    q.textContent = `Estimate (${e.method}, ${e.samples} probes): ${fmt(e.nodes)} nodes (${how(e.nodes_kind)}: ${fmt(e.nodes_low)} .. ${hi(e.nodes_high)}), ` +
      `${fmt(e.solutions)} solutions (${how(e.solutions_kind)}: ${fmt(e.solutions_low)} .. ${hi(e.solutions_high)}); a full search would take about ${secs(e.seconds_expected)}.`;
    d.appendChild(q);
  }
  const h = history_.get(st.id) || [];
  if (h.length > 1) {
    const svg = document.createElementNS(SVGNS, "svg");
    svg.id = "live";
    svg.setAttribute("width", 480); svg.setAttribute("height", 120);
    const tmax = Math.max(...h.map((q) => q[0])) || 1, nmax = Math.max(...h.map((q) => q[1])) || 1;
    const line = document.createElementNS(SVGNS, "polyline");
    line.setAttribute("points", h.map((q) => `${(q[0] / tmax) * 470 + 5},${115 - (q[1] / nmax) * 110}`).join(" "));
    line.setAttribute("fill", "none"); line.setAttribute("stroke", "#27c"); line.setAttribute("stroke-width", 2);
    svg.appendChild(line);
    d.appendChild(svg);
  }
}

// ---- gallery ----
function openGallery(id) {
  galleryJob = id;
  galleryPage = 0;
  renderGallery();
}
let shownKey = "";
function renderGallery() {
  const st = jobs.get(galleryJob);
  if (!st) return;
  const pages = Math.max(1, Math.ceil(st.kept / perPage));
  galleryPage = Math.min(galleryPage, pages - 1);
  $("gallerytitle").textContent = `Job ${st.id}, ${st.name}: ${st.status}, ${fmt(st.solutions)} solutions (${fmt(st.unique)} unique), ${st.kept} kept for pictures.`;
  $("pageinfo").textContent = ` page ${galleryPage + 1} of ${pages} `;
  const from = galleryPage * perPage, to = Math.min(st.kept, from + perPage);
  const key = `${st.id}:${from}:${to}:${st.status}`;
  if (key === shownKey) return;
  shownKey = key;
  const box = $("pictures");
  box.replaceChildren();
  for (let k = from; k < to; k++) {
    const fig = document.createElement("figure");
    const img = document.createElement("img");
    img.src = `/api/jobs/${st.id}/solutions/${k}.svg`;
    img.alt = `solution ${k + 1}`;
    const cap = document.createElement("figcaption");
    const a = document.createElement("a");
    a.href = img.src + "?download=1";
    a.textContent = `solution ${k + 1} (SVG)`;
    cap.appendChild(a);
    fig.append(img, cap);
    box.appendChild(fig);
  }
  const chart = $("chart");
  chart.replaceChildren();
  if (st.status !== "running" && st.nodes_by_depth) {
    const img = document.createElement("img");
    img.src = `/api/jobs/${st.id}/chart.svg`;
    img.alt = "nodes and mean minimum branching factor per depth";
    chart.appendChild(img);
  }
}
$("prev").addEventListener("click", () => { galleryPage = Math.max(0, galleryPage - 1); shownKey = ""; renderGallery(); });
$("next").addEventListener("click", () => { galleryPage++; shownKey = ""; renderGallery(); });

// ---- logic grid ----
let logicSteps = [], logicShown = 0;
$("logicsolve").addEventListener("click", async () => {
  try {
    const a = await api("/api/logic/solve", { text: $("logictext").value });
    const t = $("logicgrid");
    t.replaceChildren();
    const head = document.createElement("tr");
    for (const c of a.categories) { const th = document.createElement("th"); th.textContent = c; head.appendChild(th); }
    t.appendChild(head);
    for (const row of a.grid || []) {
      const tr = document.createElement("tr");
      for (const v of row) { const td = document.createElement("td"); td.textContent = v; tr.appendChild(td); }
      t.appendChild(tr);
    }
    say($("logicmessage"), a.solutions === 0 ? "No solution." :
      a.unique ? `The solution is unique (${a.nodes} nodes).` :
      a.complete ? `More than one solution (${a.nodes} nodes).` : "Stopped before the search was complete.");
    logicSteps = a.steps; logicShown = 0;
    $("logicsteps").replaceChildren();
  } catch (e) {
    say($("logicmessage"), e.message, true);
  }
});
function showSteps(n) {
  const ol = $("logicsteps");
  for (; logicShown < Math.min(n, logicSteps.length); logicShown++) {
    const li = document.createElement("li");
    li.textContent = logicSteps[logicShown];
    ol.appendChild(li);
  }
}
$("logicstep").addEventListener("click", () => showSteps(logicShown + 1));
$("logicallsteps").addEventListener("click", () => showSteps(logicSteps.length));

// ---- Superpuzz ----
const game = { deal: "", moves: [], state: null, picked: -1, hint: null };
async function gapsRefresh() {
  try {
    game.state = await api("/api/gaps/state", { deal: game.deal, moves: game.moves });
  } catch (e) {
    say($("gapsmessage"), e.message, true);
    return;
  }
  const st = game.state, t = $("gapstable");
  t.replaceChildren();
  for (let r = 0; r < 4; r++) {
    const tr = document.createElement("tr");
    for (let c = 0; c < st.columns; c++) {
      const p = r * st.columns + c, card = st.cells[p];
      const td = document.createElement("td");
      td.textContent = card;
      td.className = card === "" ? "hole" : (/[HD]/.test(card) ? "red" : "");
      if (p === game.picked) td.classList.add("picked");
      if (game.hint && (p === game.hint[0] || p === game.hint[1])) td.classList.add("hint");
      td.addEventListener("click", () => gapsClick(p));
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
  say($("gapsmessage"), st.won ? "Won!" : st.deadlocked ? "Deadlocked: this position is lost." :
    `${st.legal.length} legal moves, ${st.misplaced} cards out of place, ${game.moves.length} moves played.`);
}
function gapsClick(p) {
  const st = game.state;
  if (!st) return;
  if (game.picked < 0 || st.cells[p] !== "") { game.picked = st.cells[p] === "" ? -1 : p; gapsRefresh(); return; }
  const m = st.legal.find((q) => q[0] === game.picked && q[1] === p);
  game.picked = -1;
  if (m) { game.moves.push(m); game.hint = null; }
  gapsRefresh();
}
$("gapsdeal").addEventListener("click", async () => {
  try {
    const st = await api("/api/gaps/deal", { columns: +$("gapscols").value, seed: +$("gapsseed").value });
    game.deal = st.deal; game.moves = []; game.picked = -1; game.hint = null;
    gapsRefresh();
  } catch (e) { say($("gapsmessage"), e.message, true); }
});
$("gapsundo").addEventListener("click", () => { game.moves.pop(); game.hint = null; gapsRefresh(); });
async function gapsDecide(hintOnly) {
  say($("gapsmessage"), "Thinking…");
  try {
    const v = await api("/api/gaps/decide", { deal: game.deal, moves: game.moves });
    if (v.verdict === "solvable" && v.solution && v.solution.length) {
      game.hint = v.solution[0];
      await gapsRefresh();
      say($("gapsmessage"), hintOnly ? `Hint: move the green-framed card (solvable in ${v.solution.length} moves from here).` :
        `Solvable: ${v.solution.length} moves from here (${v.generated} positions generated).`);
    } else {
      say($("gapsmessage"), `${v.verdict}${v.reason ? " (" + v.reason + ")" : ""}, ${v.generated} positions generated.`);
    }
  } catch (e) { say($("gapsmessage"), e.message, true); }
}
$("gapshint").addEventListener("click", () => gapsDecide(true));
$("gapsdecide").addEventListener("click", () => gapsDecide(false));

// ---- start: puzzles, a shared board from the link, and the jobs that run ----
async function start() {
  const p = await api("/api/puzzles");
  for (const q of p.puzzles) {
    const o = document.createElement("option");
    o.value = q.name; o.textContent = q.name; o.title = q.about;
    $("puzzle").appendChild(o);
  }
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("board")) {
    try { $("text").value = decodeBoard(params.get("board")); } catch { say($("message"), "The link's board could not be read.", true); }
    if (params.get("pieces")) $("pieces").value = params.get("pieces");
  } else {
    $("text").value = "grid: square\n" + "..........\n".repeat(6);
  }
  fitWindow();
  await loadGrid();
  checkBoard();
  const list = await api("/api/jobs");
  for (const st of list.jobs) follow(st);
  const last = localStorage.getItem("branchwise.gallery");
  if (last && jobs.has(last)) openGallery(last);
}
window.addEventListener("beforeunload", () => { if (galleryJob) localStorage.setItem("branchwise.gallery", galleryJob); });
start();
