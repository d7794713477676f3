// The wargames browser client: plain JS against the server's HTTP and websocket API
// (docs/server.md). The map is the library's SVG for this side; counters carry data-uid and
// hexes/points data-loc, which is all the client needs to select units and destinations.
"use strict";

const $ = (id) => document.getElementById(id);
const play = { game: null, token: null, owner: null, state: null, selected: null, socket: null };
let titles = [];

async function call(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (play.token) headers.Authorization = "Bearer " + play.token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error ? data.error.message : res.statusText);
  return data;
}

// --- lobby ------------------------------------------------------------------------------
function fillSelect(select, values, labels) {
  select.innerHTML = "";
  values.forEach((v, i) => {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = labels ? labels[i] : v;
    select.appendChild(o);
  });
}

function titleChanged() {
  const t = titles.find((x) => x.name === $("title").value);
  fillSelect($("scenario"), t.scenarios);
  fillSelect($("side"), t.sides);
}

async function startLobby() {
  titles = await call("GET", "/api/titles");
  fillSelect($("title"), titles.map((t) => t.name), titles.map((t) => `${t.name}: ${t.description}`));
  titleChanged();
  $("title").addEventListener("change", titleChanged);
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("lobby-error").textContent = "";
    const t = titles.find((x) => x.name === $("title").value);
    const side = $("side").value;
    const agents = {};
    if ($("opponent").value !== "browser") {
      for (const s of t.sides) if (s !== side) agents[s] = $("opponent").value;
    }
    try {
      play.token = null;
      const made = await call("POST", "/api/games", {
        title: t.name, scenario: $("scenario").value, seed: Number($("seed").value) || 0, agents,
      });
      const joined = await call("POST", `/api/games/${made.game}/join`, { side });
      enter(made.game, joined.token, made.owner);
    } catch (e) {
      $("lobby-error").textContent = e.message;
    }
  });
  $("join-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      play.token = null;
      const id = $("join-id").value.trim();
      const joined = await call("POST", `/api/games/${id}/join`, { side: $("join-side").value.trim() });
      enter(id, joined.token, null);
    } catch (e) {
      $("lobby-error").textContent = e.message;
    }
  });
}

// --- playing ----------------------------------------------------------------------------
function enter(game, token, owner) {
  Object.assign(play, { game, token, owner, selected: null });
  const params = new URLSearchParams({ game, token });
  if (owner) params.set("owner", owner);
  history.replaceState(null, "", "#" + params.toString());
  $("lobby").hidden = true;
  $("play").hidden = false;
  connect();
  refresh();
}

function connect() {
  if (play.socket) play.socket.close();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${play.game}/ws?token=${encodeURIComponent(play.token)}`);
  play.socket = ws;
  ws.onmessage = (msg) => {
    const m = JSON.parse(msg.data);
    if (m.type !== "update") return;
    if (m.reset) $("log").innerHTML = "";
    for (const e of m.events) {
      const li = document.createElement("li");
      li.textContent = e.str;
      li.className = "event-" + e.kind;
      $("log").appendChild(li);
    }
    $("log").scrollTop = $("log").scrollHeight;
    if (!play.state || m.version !== play.state.version || m.reset) refresh();
  };
}

async function refresh() {
  try {
    const s = await call("GET", `/api/games/${play.game}/state?svg=1`);
    play.state = s;
    render();
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// Where an action goes on the map: the end of its path, its target, or where it places.
function destination(a) {
  if (Array.isArray(a.path) && a.path.length) return a.path[a.path.length - 1];
  if (typeof a.target === "string") return a.target;
  if (typeof a.at === "string") return a.at;
  return null;
}

function involves(a, uid) {
  return a.unit === uid || (Array.isArray(a.units) && a.units.includes(uid));
}

function render() {
  const s = play.state;
  // For scripts and tests: the version shown and whether this side must act.
  document.body.dataset.version = s.version;
  document.body.dataset.toAct = s.to_act;
  document.body.dataset.over = Boolean(s.result_text);
  $("game-line").textContent = `${s.title} / ${s.scenario}: you play ${s.side}, game ${s.game}`;
  let status;
  if (s.result_text) status = "Game over: " + s.result_text;
  else if (s.to_act) status = `${s.turn_label}: your decision (${s.decision.kind}: ${s.decision.prompt || s.decision.step})`;
  else status = `${s.turn_label}: waiting for ${s.decision.side}` + (s.seats[s.decision.side] ? ` (${s.seats[s.decision.side]})` : "");
  $("status").textContent = status;
  const open = Object.entries(s.seats).filter(([, p]) => p === "open").map(([side]) => side);
  $("share").hidden = open.length === 0;
  $("share").textContent = open.length ? `Another browser joins as ${open.join(", ")} with game ${s.game}.` : "";
  $("undo").disabled = !s.can_undo;
  // A save holds everything (hidden units, the dice's state): offered once the game is over.
  // Before that the link is the side's own record (its view and log, with its seat token).
  $("save").hidden = false;
  if (play.owner && s.result_text) {
    $("save").href = `/api/games/${s.game}/save?token=${encodeURIComponent(play.owner)}`;
    $("save").textContent = "Save";
  } else {
    $("save").href = `/api/games/${s.game}/export?token=${encodeURIComponent(play.token)}`;
    $("save").textContent = "My record";
  }
  $("map").innerHTML = s.svg;
  const svg = $("map").querySelector("svg");
  const room = $("map").clientWidth - 4;
  if (svg && Number(svg.getAttribute("width")) < 2 * room) {
    // The map fills the panel's width (the viewBox keeps the proportions); only a map
    // more than twice as wide keeps its size and scrolls.
    svg.setAttribute("width", room);
    svg.removeAttribute("height");
  }
  const movable = new Set();
  for (const l of s.legal) {
    if (l.action.unit) movable.add(l.action.unit);
    if (Array.isArray(l.action.units)) l.action.units.forEach((u) => movable.add(u));
  }
  for (const el of $("map").querySelectorAll("[data-uid]")) {
    if (movable.has(el.dataset.uid)) el.classList.add("movable");
  }
  $("choice").hidden = true;
  listActions();
  if (play.selected && movable.has(play.selected)) select(play.selected);
  else play.selected = null;
}

function listActions() {
  const filter = $("filter").value.toLowerCase();
  const ol = $("actions");
  ol.innerHTML = "";
  for (const l of play.state.legal) {
    if (filter && !l.text.toLowerCase().includes(filter)) continue;
    const li = document.createElement("li");
    li.textContent = l.text;
    li.dataset.index = l.index;
    li.addEventListener("click", () => submit(l));
    ol.appendChild(li);
  }
}

function select(uid) {
  play.selected = uid;
  for (const el of $("map").querySelectorAll(".selected, .dest")) el.classList.remove("selected", "dest");
  for (const el of $("map").querySelectorAll(`[data-uid="${CSS.escape(uid)}"]`)) el.classList.add("selected");
  const mine = play.state.legal.filter((l) => involves(l.action, uid));
  for (const l of mine) {
    const d = destination(l.action);
    if (d === null) continue;
    for (const el of $("map").querySelectorAll(`[data-loc="${CSS.escape(d)}"]`)) el.classList.add("dest");
  }
  const noPlace = mine.filter((l) => destination(l.action) === null);
  if (noPlace.length) offer(`${uid}: actions`, noPlace);
  else $("choice").hidden = true;
}

function offer(title, options) {
  $("choice-title").textContent = title;
  const ul = $("choice-list");
  ul.innerHTML = "";
  for (const l of options) {
    const li = document.createElement("li");
    li.textContent = l.text;
    li.addEventListener("click", () => submit(l));
    ul.appendChild(li);
  }
  $("choice").hidden = false;
}

function clickLocation(loc) {
  const legal = play.state.legal;
  let options = legal.filter((l) => destination(l.action) === loc);
  if (play.selected) options = options.filter((l) => involves(l.action, play.selected));
  if (options.length === 1) submit(options[0]);
  else if (options.length > 1) offer(`To ${loc}: choose`, options);
  return options.length > 0;
}

function locationOf(uid) {
  const u = play.state.view.units.find((x) => x.id === uid);
  return u ? u.at : null;
}

function clickMap(ev) {
  if (!play.state) return;
  const unit = ev.target.closest("[data-uid]");
  const loc = ev.target.closest("[data-loc]");
  if (unit) {
    const uid = unit.dataset.uid;
    // A counter on a highlighted destination (an attack's target) stands for its hex.
    const at = locationOf(uid);
    if (play.selected && uid !== play.selected && at && clickLocation(at)) return;
    select(uid);
  } else if (loc) {
    clickLocation(loc.dataset.loc);
  }
}

async function submit(l) {
  $("error").textContent = "";
  const body = { version: play.state.version };
  if (l.index !== null && l.index !== undefined) body.index = l.index;
  else body.action = l.action;
  try {
    await call("POST", `/api/games/${play.game}/actions`, body);
  } catch (e) {
    $("error").textContent = e.message;
  }
  await refresh();
}

$("map").addEventListener("click", clickMap);
$("filter").addEventListener("input", () => play.state && listActions());
$("undo").addEventListener("click", async () => {
  try {
    await call("POST", `/api/games/${play.game}/undo`, { version: play.state.version });
  } catch (e) {
    $("error").textContent = e.message;
  }
  await refresh();
});
$("leave").addEventListener("click", () => {
  if (play.socket) play.socket.close();
  history.replaceState(null, "", "#");
  location.reload();
});

const saved = new URLSearchParams(location.hash.slice(1));
startLobby().then(() => {
  if (saved.get("game") && saved.get("token")) enter(saved.get("game"), saved.get("token"), saved.get("owner"));
});
