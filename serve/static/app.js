// branchwise workbench: the board editor, jobs, gallery, logic-grid and
// Superpuzz and disassembly pages over the JSON API of package serve (docs/serve.md).
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
// On the cubic grid the text is layers of rows, a blank line between
// layers, the first layer the bottom one; the canvas draws them side by side.
const editor = { grid: "square", rows: 6, cols: 10, layers: 1, places: [] };
const cubic = () => editor.grid === "cubic";

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

// splitLayers cuts the rows of a cubic board into layers, at blank lines
// and "layer:" lines.
function splitLayers(rows) {
  const layers = [[]];
  for (const r of rows) {
    if (r.trim() === "" || /^\s*layer\s*:/.test(r)) {
      if (layers[layers.length - 1].length) layers.push([]);
      continue;
    }
    layers[layers.length - 1].push(r);
  }
  if (layers.length > 1 && !layers[layers.length - 1].length) layers.pop();
  return layers;
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

function setChar(line, col, ch) {
  while (line.length <= col) line += " ";
  return line.slice(0, col) + ch + line.slice(col + 1);
}

function setCell(row, col, on, layer) {
  const { headers, rows } = parseText($("text").value);
  headers.grid = editor.grid;
  if (cubic()) {
    // Every layer keeps its rows x cols window, '#' outside, so that an
    // emptied row does not read as the blank line between layers.
    const layers = splitLayers(rows);
    while (layers.length < editor.layers) layers.push([]);
    for (const l of layers) {
      while (l.length < editor.rows) l.push("");
      for (let r = 0; r < l.length; r++) l[r] = l[r].replace(/ /g, "#").padEnd(editor.cols, "#");
    }
    layers[layer][row] = setChar(layers[layer][row], col, on ? "." : "#");
    $("text").value = buildText(headers, layers.map((l) => l.join("\n")).join("\n\n").split("\n"));
  } else {
    while (rows.length <= row) rows.push("");
    rows[row] = setChar(rows[row], col, on ? "." : " ");
    $("text").value = buildText(headers, rows);
  }
  drawCells();
  checkBoard();
}

// cubicPlaces lays the layers of a cubic board side by side, a column
// apart, under a row for their names.
function cubicPlaces() {
  const out = [];
  for (let z = 0; z < editor.layers; z++) {
    for (let r = 0; r < editor.rows; r++) {
      for (let c = 0; c < editor.cols; c++) {
        const x = z * (editor.cols + 1) + c, y = r + 1;
        out.push({ layer: z, row: r, col: c, polygon: [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]] });
      }
    }
  }
  return out;
}

async function loadGrid() {
  editor.grid = $("grid").value;
  editor.rows = Math.max(1, Math.min(60, +$("rows").value || 1));
  editor.cols = Math.max(1, Math.min(120, +$("cols").value || 1));
  editor.layers = Math.max(1, Math.min(20, +$("layers").value || 1));
  $("layerslabel").hidden = !cubic();
  const svg = $("canvas");
  if (cubic()) {
    editor.places = cubicPlaces();
  } else {
    try {
      const g = await api(`/api/grid?grid=${encodeURIComponent(editor.grid)}&rows=${editor.rows}&cols=${editor.cols}`);
      editor.places = g.cells;
    } catch (e) {
      svg.replaceChildren(); // never leave another board's drawing on screen
      say($("message"), e.message, true);
      return;
    }
  }
  svg.replaceChildren();
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of editor.places) {
    const poly = document.createElementNS(SVGNS, "polygon");
    poly.setAttribute("points", p.polygon.map((q) => q[0] + "," + q[1]).join(" "));
    poly.dataset.row = p.row;
    poly.dataset.col = p.col;
    if (p.layer !== undefined) poly.dataset.layer = p.layer;
    svg.appendChild(poly);
    for (const q of p.polygon) {
      x0 = Math.min(x0, q[0]); y0 = Math.min(y0, q[1]); x1 = Math.max(x1, q[0]); y1 = Math.max(y1, q[1]);
    }
  }
  if (cubic()) {
    y0 = 0;
    for (let z = 0; z < editor.layers; z++) {
      const t = document.createElementNS(SVGNS, "text");
      t.setAttribute("x", z * (editor.cols + 1));
      t.setAttribute("y", 0.75);
      t.setAttribute("font-size", Math.min(0.6, editor.cols / 4));
      t.textContent = "layer " + (z + 1);
      svg.appendChild(t);
    }
  }
  const pad = 0.2;
  svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
  const scale = Math.min(36, 640 / (x1 - x0 + 1));
  svg.setAttribute("width", Math.round((x1 - x0 + 2 * pad) * scale));
  svg.setAttribute("height", Math.round((y1 - y0 + 2 * pad) * scale));
  say($("message"), "");
  drawCells();
}

function drawCells() {
  const { rows } = parseText($("text").value);
  const layers = cubic() ? splitLayers(rows) : null;
  for (const poly of $("canvas").querySelectorAll("polygon")) {
    const on = layers ? isOn(layers[+poly.dataset.layer] || [], +poly.dataset.row, +poly.dataset.col) :
      isOn(rows, +poly.dataset.row, +poly.dataset.col);
    poly.classList.toggle("on", on);
  }
}

function toggle(t, on) {
  setCell(+t.dataset.row, +t.dataset.col, on, t.dataset.layer === undefined ? 0 : +t.dataset.layer);
}

// Dragging paints every cell passed over with the state the first one got.
let painting = null;
$("canvas").addEventListener("pointerdown", (ev) => {
  const t = ev.target;
  if (t.tagName !== "polygon") return;
  painting = !t.classList.contains("on");
  toggle(t, painting);
  ev.preventDefault();
});
$("canvas").addEventListener("pointerover", (ev) => {
  const t = ev.target;
  if (painting === null || t.tagName !== "polygon" || t.classList.contains("on") === painting) return;
  toggle(t, painting);
});
window.addEventListener("pointerup", () => { painting = null; });

// fitWindow makes the canvas cover the text's rows, columns and layers.
function fitWindow() {
  const { headers, rows } = parseText($("text").value);
  if (headers.grid && headers.grid !== $("grid").value) $("grid").value = headers.grid;
  const isCubic = $("grid").value === "cubic";
  const layers = isCubic ? splitLayers(rows) : [rows];
  const height = layers.reduce((m, l) => Math.max(m, l.length), 0);
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  if (height > +$("rows").value) $("rows").value = height;
  if (width > +$("cols").value) $("cols").value = width;
  if (isCubic && layers.length > +$("layers").value) $("layers").value = layers.length;
}

// ---- piece palette: the pieces of the board's set, each drawn in the
// colour its solutions give it; a click leaves a piece out or puts it
// back, writing the letters into the Pieces field (--pieces). ----
let pieceSets = [];
const paletteCache = new Map();
function paletteSet() {
  const field = $("pieces").value.trim();
  if (pieceSets.includes(field)) return field;
  const { headers } = parseText($("text").value);
  if (pieceSets.includes(headers.pieces)) return headers.pieces;
  return (headers.grid || "square") === "square" && !headers.pieces ? "pentomino" : "";
}
async function renderPalette() {
  const box = $("palette");
  const set = paletteSet();
  const field = $("pieces").value.trim();
  if (!set || /[,*]/.test(field)) {
    box.replaceChildren();
    $("palettehint").hidden = true;
    return;
  }
  if (!paletteCache.has(set)) paletteCache.set(set, await api("/api/sets/" + encodeURIComponent(set)).catch(() => null));
  const pal = paletteCache.get(set);
  if (!pal || set !== paletteSet()) return;
  const chosen = field && field !== set ? new Set(field) : null;
  box.replaceChildren(...pal.pieces.map((p) => {
    const b = document.createElement("button");
    b.className = "piece" + (chosen && !chosen.has(p.name) ? " off" : "");
    b.dataset.piece = p.name;
    b.title = `${p.name}: ${p.cells} cells`;
    b.innerHTML = p.svg; // drawn by package render, the name escaped
    const cap = document.createElement("span");
    cap.textContent = p.name;
    cap.style.background = p.colour;
    b.appendChild(cap);
    b.addEventListener("click", () => {
      b.classList.toggle("off");
      const on = [...box.querySelectorAll("button.piece:not(.off)")].map((x) => x.dataset.piece);
      $("pieces").value = on.length === pal.pieces.length ? "" : on.join("");
      checkBoard();
    });
    return b;
  }));
  $("palettehint").hidden = false;
  $("palettehint").textContent = `${set}: ${chosen ? chosen.size : pal.pieces.length} of ${pal.pieces.length} pieces chosen; click a piece to leave it out or put it back.`;
}

let checkTimer = null;
function checkBoard() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    const info = $("boardinfo");
    renderPalette();
    try {
      const b = await api("/api/board", request("first"));
      say(info, `${fmt(b.cells.length)} cells on the ${b.grid} grid; ${b.pieces.length} pieces of ${fmt(b.piece_area)} cells; ${fmt(b.placements)} placements; ${b.symmetries} symmetries`);
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
$("layers").addEventListener("change", loadGrid);
$("pieces").addEventListener("change", checkBoard);

$("puzzle").addEventListener("change", async () => {
  const name = $("puzzle").value;
  if (!name) return;
  const p = await api("/api/puzzles/" + encodeURIComponent(name));
  $("text").value = p.board;
  $("rows").value = 1; $("cols").value = 1; $("layers").value = 1;
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

// fmt writes a count: every digit, with thousands separators.
function fmt(n) {
  if (n === undefined || n === null) return "";
  return Math.round(n).toLocaleString("en");
}
// est writes an estimate to 3 significant digits: 48,300 or 6.17e15.
function est(n) {
  if (n === undefined || n === null) return "";
  if (!isFinite(n)) return "∞";
  if (Math.abs(n) < 1e6) return Number(n.toPrecision(3)).toLocaleString("en");
  return n.toExponential(2).replace("e+", "e");
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
      tr.addEventListener("click", (ev) => { if (ev.target.tagName !== "BUTTON") { detailJob = st.id; renderDetail(); } });
      rows.set(st.id, tr);
      tb.prepend(tr);
    }
    const rate = st.seconds > 0 ? st.nodes / st.seconds : 0;
    const mode = st.request.mode + (st.request.unique ? " unique" : "");
    const left = st.status !== "running" ? "" : st.seconds_left ? "about " + secs(st.seconds_left) :
      st.phase === "estimating" ? "estimating…" : "";
    const cells = [st.id, st.name, mode, st.status + (st.error ? ": " + st.error : ""), fmt(st.nodes), fmt(rate) + "/s",
      fmt(st.solutions), fmt(st.unique), secs(st.seconds), left];
    cells.forEach((c, i) => { if (tr.children[i].textContent !== c) tr.children[i].textContent = c; });
    tr.querySelector("button.stop").hidden = st.status !== "running";
    tr.classList.toggle("chosen", st.id === detailJob);
  }
  renderDetail();
}

// renderDetail shows the chosen job's progress (the newest one until a row
// is clicked) as a line of nodes over time, and its estimate when it has one.
let detailJob = null;
function renderDetail() {
  const all = [...jobs.values()];
  if (!all.length) return;
  const st = jobs.get(detailJob) || all.reduce((a, b) => (+a.id.slice(1) > +b.id.slice(1) ? a : b));
  for (const [id, tr] of rows) tr.classList.toggle("chosen", id === st.id);
  const d = $("jobdetail");
  d.replaceChildren();
  const p = document.createElement("p");
  p.textContent = `Job ${st.id} (${st.name}): ${st.status}, ${fmt(st.nodes)} nodes, ${fmt(st.solutions)} solutions` +
    (st.estimated_nodes ? `, about ${est(st.estimated_nodes)} nodes estimated` : st.phase === "estimating" ? ", estimating the tree's size" : "");
  d.appendChild(p);
  if (st.estimate) {
    const e = st.estimate;
    const q = document.createElement("p");
    const hi = (v) => (v === null ? "∞" : est(v));
    const how = (kind) => (kind === "confidence" ? "95% confidence" : kind === "exact" ? "exact" : "spread, not a confidence interval");
    q.textContent = `Estimate (${e.method}, ${fmt(e.samples)} probes): ${est(e.nodes)} nodes (${how(e.nodes_kind)}: ${est(e.nodes_low)} .. ${hi(e.nodes_high)}), ` +
      `${est(e.solutions)} solutions (${how(e.solutions_kind)}: ${est(e.solutions_low)} .. ${hi(e.solutions_high)}); a full search would take about ${secs(e.seconds_expected)}.`;
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
  view.job = null;
  renderGallery();
}
let shownKey = "";
function renderGallery() {
  const st = jobs.get(galleryJob);
  if (!st) return;
  const uniqueOnly = $("uniqueonly").checked;
  const shown = uniqueOnly ? st.kept_unique : st.kept;
  const q = uniqueOnly ? "?unique=1" : "";
  const pages = Math.max(1, Math.ceil(shown / perPage));
  galleryPage = Math.min(galleryPage, pages - 1);
  $("gallerytitle").textContent = `Job ${st.id}, ${st.name}: ${st.status}, ${fmt(st.solutions)} solutions (${fmt(st.unique)} unique), ${fmt(st.kept)} kept for pictures` +
    (uniqueOnly ? `, ${fmt(st.kept_unique)} of them one of each symmetry class.` : ".");
  $("pageinfo").textContent = ` page ${galleryPage + 1} of ${pages} `;
  for (const f of ["txt", "json", "zip"]) $("save" + f).href = `/api/jobs/${st.id}/solutions.${f}`;
  $("saveall").hidden = st.kept === 0;
  const from = galleryPage * perPage, to = Math.min(shown, from + perPage);
  const key = `${st.id}:${from}:${to}:${st.status}:${uniqueOnly}`;
  if (key === shownKey) return;
  shownKey = key;
  const box = $("pictures");
  box.replaceChildren();
  box.classList.toggle("wide", st.grid === "cubic");
  for (let k = from; k < to; k++) {
    const fig = document.createElement("figure");
    const img = document.createElement("img");
    img.src = `/api/jobs/${st.id}/solutions/${k}.svg${q}`;
    img.alt = `solution ${k + 1}`;
    if (st.grid === "cubic") {
      img.title = "Click to turn it in the 3D view";
      img.addEventListener("click", () => show3D(st.id, k, q));
    }
    const cap = document.createElement("figcaption");
    const a = document.createElement("a");
    a.href = img.src + (q ? "&" : "?") + "download=1";
    a.textContent = `solution ${k + 1} (SVG)`;
    cap.appendChild(a);
    fig.append(img, cap);
    box.appendChild(fig);
  }
  $("view3d").hidden = st.grid !== "cubic" || shown === 0;
  if (st.grid === "cubic" && shown > 0 && view.job !== st.id) show3D(st.id, from, q);
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
$("uniqueonly").addEventListener("change", () => { galleryPage = 0; shownKey = ""; view.job = null; renderGallery(); });

// ---- the 3D view of a cubic solution: its outer faces, turned about the
// vertical axis (yaw) and tilted (pitch), drawn far to near on a canvas ----
const view = { job: null, k: 0, sol: null, yaw: -0.6, pitch: 0.55, drag: null };
async function show3D(id, k, q) {
  view.job = id; view.k = k;
  try {
    view.sol = await api(`/api/jobs/${id}/solutions/${k}.json${q || ""}`);
  } catch (e) { say($("view3dinfo"), e.message, true); return; }
  draw3D();
}
// Faces of a unit cube: the neighbour's offset and the four corners.
const FACES = [
  [[1, 0, 0], [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]]], [[-1, 0, 0], [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]]],
  [[0, 1, 0], [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]]], [[0, -1, 0], [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]]],
  [[0, 0, 1], [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]]], [[0, 0, -1], [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]]],
];
function shade(hex, f) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}
// bounds are the centre of cells (each {x, y, z}) and the radius of the
// sphere around every cube, which no turn leaves.
function bounds(cells) {
  let mid = [0, 0, 0], span = 1;
  for (const c of cells) { mid[0] += c.x + 0.5; mid[1] += c.y + 0.5; mid[2] += c.z + 0.5; }
  mid = mid.map((v) => v / Math.max(1, cells.length));
  for (const c of cells) span = Math.max(span, Math.hypot(Math.abs(c.x + 0.5 - mid[0]) + 0.5, Math.abs(c.y + 0.5 - mid[1]) + 0.5, Math.abs(c.z + 0.5 - mid[2]) + 0.5));
  return { mid, span };
}
// drawCubes draws the outer faces of cells ({x, y, z, piece}) in the
// pieces' colours, as view ({yaw, pitch}) turns them about b's centre
// (bounds), far to near.
function drawCubes(cv, cells, colours, b, view, letters) {
  const ctx = cv.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, cv.width, cv.height);
  const at = new Map(cells.map((c) => [c.x + "," + c.y + "," + c.z, c.piece]));
  const mid = b.mid, span = b.span;
  const cy = Math.cos(view.yaw), sy = Math.sin(view.yaw), cp = Math.cos(view.pitch), sp = Math.sin(view.pitch);
  // World: x right, y towards the viewer (rows grow downwards on paper), z up.
  const turn = (p) => {
    const x = p[0] - mid[0], y = p[1] - mid[1], z = p[2] - mid[2];
    const x1 = cy * x - sy * y, y1 = sy * x + cy * y;
    return [x1, cp * y1 + sp * z, -sp * y1 + cp * z]; // [screen x, depth towards viewer, screen up]
  };
  const scale = Math.min(cv.width, cv.height) / (2 * span * 1.05);
  const light = [0.3, 0.8, 0.6];
  const faces = [];
  for (const c of cells) {
    for (const [n, corners] of FACES) {
      if (at.has((c.x + n[0]) + "," + (c.y + n[1]) + "," + (c.z + n[2]))) continue; // inside the solid
      const nn = turn([mid[0] + n[0], mid[1] + n[1], mid[2] + n[2]]);
      if (nn[1] <= 0) continue; // facing away
      const pts = corners.map((q) => turn([c.x + q[0], c.y + q[1], c.z + q[2]]));
      const depth = pts.reduce((a, q) => a + q[1], 0) / 4;
      const lit = 0.55 + 0.45 * Math.max(0, nn[0] * light[0] + nn[1] * light[1] + nn[2] * light[2]);
      faces.push({ depth, pts, colour: shade(colours[c.piece] || "#888888", lit), piece: c.piece, facing: nn[1] });
    }
  }
  faces.sort((a, b) => a.depth - b.depth);
  ctx.lineJoin = "round";
  for (const f of faces) {
    ctx.beginPath();
    f.pts.forEach((q, i) => {
      const x = cv.width / 2 + q[0] * scale, y = cv.height / 2 - q[2] * scale;
      if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y);
    });
    ctx.closePath();
    ctx.fillStyle = f.colour;
    ctx.fill();
    ctx.strokeStyle = "#333";
    ctx.lineWidth = 1;
    ctx.stroke();
    if (f.facing > 0.35 && letters) { // no letters squeezed onto faces seen edge-on
      const x = cv.width / 2 + f.pts.reduce((a, q) => a + q[0], 0) / 4 * scale;
      const y = cv.height / 2 - f.pts.reduce((a, q) => a + q[2], 0) / 4 * scale;
      ctx.fillStyle = "#000";
      ctx.font = Math.round(scale * 0.35) + "px sans-serif";
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(f.piece, x, y);
    }
  }
}
function draw3D() {
  const sol = view.sol, cv = $("view3dcanvas");
  if (!sol) return;
  drawCubes(cv, sol.cells, sol.colours, bounds(sol.cells), view, $("view3dletters").checked);
  const legend = $("view3dlegend");
  legend.replaceChildren();
  for (const [piece, colour] of Object.entries(sol.colours).sort()) {
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = colour;
    sw.textContent = piece;
    legend.appendChild(sw);
  }
  say($("view3dinfo"), `Job ${view.job}, solution ${view.k + 1}: drag to turn it; turned ${Math.round(view.yaw * 180 / Math.PI)}°, tilted ${Math.round(view.pitch * 180 / Math.PI)}°.`);
}
// turnByDragging lets a drag over canvas turn v ({yaw, pitch, drag}) and
// redraw it.
function turnByDragging(canvas, v, redraw) {
  canvas.addEventListener("pointerdown", (ev) => { v.drag = [ev.clientX, ev.clientY]; ev.preventDefault(); });
  window.addEventListener("pointermove", (ev) => {
    if (!v.drag) return;
    v.yaw += (ev.clientX - v.drag[0]) * 0.01;
    v.pitch = Math.max(-1.5, Math.min(1.5, v.pitch + (ev.clientY - v.drag[1]) * 0.01));
    v.drag = [ev.clientX, ev.clientY];
    redraw();
  });
  window.addEventListener("pointerup", () => { v.drag = null; });
}
turnByDragging($("view3dcanvas"), view, draw3D);
$("turnleft").addEventListener("click", () => { view.yaw -= Math.PI / 8; draw3D(); });
$("turnright").addEventListener("click", () => { view.yaw += Math.PI / 8; draw3D(); });
$("view3dletters").addEventListener("change", draw3D);

// ---- the disassembly of a BurrTools puzzle: the file's bytes go to the
// server, which answers every frame's piece offsets (docs/serve.md) ----
// hidden: the names of the pieces not drawn (to see inside a cage);
// views: the bounds of the view of each part (burrDraw).
const burr = { data: null, name: "", d: null, frame: 0, timer: null, yaw: -0.6, pitch: 0.45, drag: null, hidden: new Set(), views: [] };
function base64(buf) {
  const bytes = new Uint8Array(buf);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return btoa(bin);
}
$("burrload").addEventListener("click", () => $("burrfile").click());
$("burrfile").addEventListener("change", async () => {
  const f = $("burrfile").files[0];
  if (!f) return;
  burr.name = f.name;
  burr.data = base64(await f.arrayBuffer());
  $("burrname").textContent = f.name;
  $("burrproblem").replaceChildren();
  $("burrsolution").value = 1;
  burrShow();
});
$("burrshow").addEventListener("click", () => burrShow());
$("burrproblem").addEventListener("change", () => { $("burrsolution").value = 1; burrShow(); });
async function burrShow() {
  if (!burr.data) { say($("burrmessage"), "Load a BurrTools file first.", true); return; }
  burrStop();
  say($("burrmessage"), "Taking it apart…");
  const problem = Number($("burrproblem").value || 1), solution = Number($("burrsolution").value || 1);
  let d;
  try {
    d = await api("/api/burr/disassembly", { name: burr.name, data: burr.data, problem, solution });
  } catch (e) {
    say($("burrmessage"), e.message, true);
    $("burrview").hidden = true;
    return;
  }
  if ($("burrproblem").options.length !== d.problems.length) {
    $("burrproblem").replaceChildren(...d.problems.map((p, i) => {
      const o = document.createElement("option");
      o.value = i + 1; o.textContent = `${i + 1}: ${p.name}`;
      return o;
    }));
  }
  $("burrproblem").value = d.problem;
  burr.d = d; burr.frame = 0; burr.hidden.clear(); burr.views = [];
  say($("burrmessage"), "");
  $("burrview").hidden = false;
  say($("burrinfo"), `${d.name}, problem ${d.problem}: solution ${d.solution} (assembly ${d.assembly}), level ${d.level}, ${d.total_moves} moves, ${d.frames.length - 1} unit steps.`);
  const list = $("burrmoves");
  list.replaceChildren(...d.moves.map((m) => { const li = document.createElement("li"); li.textContent = m; return li; }));
  const legend = $("burrlegend");
  legend.replaceChildren();
  const seen = new Set();
  for (const p of d.pieces) {
    if (seen.has(p.name)) continue;
    seen.add(p.name);
    const sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = p.colour; sw.textContent = p.name;
    sw.title = "click to hide or show " + p.name;
    sw.addEventListener("click", () => {
      if (!burr.hidden.delete(p.name)) burr.hidden.add(p.name);
      sw.classList.toggle("off", burr.hidden.has(p.name));
      burrDraw();
    });
    legend.appendChild(sw);
  }
  $("burrslider").max = d.frames.length - 1;
  burrDraw();
}
function burrDraw() {
  const d = burr.d;
  if (!d) return;
  const f = d.frames[burr.frame];
  const cellsAt = (fr, pieces) => {
    const out = [];
    for (const i of pieces) {
      const p = d.pieces[i], o = fr.offsets[i];
      for (const c of p.cells) out.push({ x: c[0] + o[0], y: c[1] + o[1], z: c[2] + o[2], piece: p.name });
    }
    return out;
  };
  // The view fits the part being taken apart in every frame of its moves
  // but those where a removed group only slides out of the way (out of
  // sight); hiding a piece does not move it.
  if (!burr.views[f.part]) {
    const seen = new Map();
    for (const fr of d.frames) {
      if (fr.part !== f.part || fr.parking) continue;
      for (const c of cellsAt(fr, d.parts[f.part])) seen.set(c.x + "," + c.y + "," + c.z, c);
    }
    burr.views[f.part] = bounds([...seen.values()]);
  }
  const b = burr.views[f.part];
  const colours = {};
  for (const p of d.pieces) colours[p.name] = p.colour;
  const shown = d.pieces.map((_, i) => i).filter((i) => !burr.hidden.has(d.pieces[i].name));
  drawCubes($("burrcanvas"), cellsAt(f, shown), colours, b, burr, true);
  $("burrslider").value = burr.frame;
  const at = f.move ? `move ${f.move}: ${d.moves[f.move - 1]}` : "assembled";
  say($("burrframe"), `Frame ${burr.frame} of ${d.frames.length - 1}, ${at}.`);
  [...$("burrmoves").children].forEach((li, i) => li.classList.toggle("current", i + 1 === f.move));
}
function burrGo(k) {
  if (!burr.d) return;
  burr.frame = Math.max(0, Math.min(burr.d.frames.length - 1, k));
  burrDraw();
}
function burrStop() {
  if (burr.timer) clearInterval(burr.timer);
  burr.timer = null;
  $("burrplay").textContent = "Play";
}
// BURR_PARKING is how many frames a tick plays while a removed group only
// slides out of the way.
const BURR_PARKING = 6;
$("burrplay").addEventListener("click", () => {
  if (burr.timer) { burrStop(); return; }
  if (!burr.d) return;
  if (burr.frame === burr.d.frames.length - 1) burr.frame = 0;
  $("burrplay").textContent = "Pause";
  burr.timer = setInterval(() => {
    // A removed group sliding out of the way goes BURR_PARKING frames a tick.
    let k = burr.frame + 1;
    for (let n = 1; n < BURR_PARKING && k + 1 < burr.d.frames.length && burr.d.frames[k + 1].parking; n++) k++;
    burrGo(k);
    if (burr.frame === burr.d.frames.length - 1) burrStop();
  }, 1000 / Number($("burrspeed").value));
});
$("burrback").addEventListener("click", () => { burrStop(); burrGo(burr.frame - 1); });
$("burrfwd").addEventListener("click", () => { burrStop(); burrGo(burr.frame + 1); });
$("burrslider").addEventListener("input", () => { burrStop(); burrGo(Number($("burrslider").value)); });
turnByDragging($("burrcanvas"), burr, burrDraw);

// ---- logic grid ----
// Presets: Igarashi et al.'s Fig. 5 (puzzles/logicgrid/testdata/fig5.txt)
// and Einstein's puzzle (einstein.txt), to start from.
const LOGIC_PRESETS = {
  fig5: `# The four children of Igarashi et al. (2005), Fig 5
name: John Tom Mary Nancy
age: 11 12 13 14 (numeric)
hobby: baseball soccer reading piano
group sports: baseball soccer

Tom = 12                  # 1. Tom is 12 years old.
Mary = soccer             # 2. Mary likes to play soccer.
Mary.age < 13             # 3. Mary is younger than 13 years old.
reading.age = max         # 4. The child who likes reading is the oldest.
baseball.age > piano.age  # 5. The baseball player is older than the pianist.
`,
  einstein: `# Einstein's puzzle (Life International, 1962): who drinks water? who owns the zebra?
house: 1 2 3 4 5 (numeric)
colour: red green ivory yellow blue
nation: Englishman Spaniard Ukrainian Norwegian Japanese
pet: dog snails fox horse zebra
drink: coffee tea milk juice water
smoke: OldGold Kools Chesterfield LuckyStrike Parliament

Englishman = red
Spaniard = dog
coffee = green
Ukrainian = tea
green.house = ivory.house + 1
OldGold = snails
Kools = yellow
milk = 3
Norwegian = 1
|Chesterfield.house - fox.house| = 1
|Kools.house - horse.house| = 1
LuckyStrike = juice
Japanese = Parliament
|Norwegian.house - blue.house| = 1
`,
};
$("logicpreset").addEventListener("change", () => {
  const t = LOGIC_PRESETS[$("logicpreset").value];
  if (t) { $("logictext").value = t; say($("logicmessage"), ""); $("logicgrid").replaceChildren(); $("logicsteps").replaceChildren(); }
});
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
      td.textContent = cardFace(card);
      td.title = card;
      td.className = card === "" ? "hole" : (/[HD]/.test(card) ? "card red" : "card");
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
// cardFace writes a card ("H3", "SA") as its rank and suit symbol: 3♥, A♠.
function cardFace(card) {
  if (!card) return "";
  const suit = { H: "♥", D: "♦", C: "♣", S: "♠" }[card[0]];
  return suit ? card.slice(1) + suit : card;
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
  pieceSets = p.piece_sets || [];
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
  if (!$("logictext").value) { $("logicpreset").value = "einstein"; $("logictext").value = LOGIC_PRESETS.einstein; }
  const list = await api("/api/jobs");
  for (const st of list.jobs) follow(st);
  const last = localStorage.getItem("branchwise.gallery");
  if (last && jobs.has(last)) openGallery(last);
}
window.addEventListener("beforeunload", () => { if (galleryJob) localStorage.setItem("branchwise.gallery", galleryJob); });
start();
