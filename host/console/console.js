// The takoform console: draws the resources of one space as a graph (nodes = resources, arrows =
// relations) from the host's resource listing (GET /x-takoform/v1/resources), with the same
// bearer token as every other request. The token comes from the URL fragment (#token=...; the
// fragment never reaches the server and is removed from the address bar at once) or from the
// form, and is kept in sessionStorage for this tab only. The page polls the listing with
// If-None-Match and redraws only when the host answers a new page. Plain DOM and SVG, no library;
// every text from the host is set as textContent, never parsed as markup.

const LISTING = "/x-takoform/v1/resources";
const POLL_MS = 1500;
const NODE_W = 230;
const NODE_H = 78;
const COL_GAP = 120;
const ROW_GAP = 22;
const SVG = "http://www.w3.org/2000/svg";

const state = { token: "", space: "", resources: [], etag: "", pages: 0, selected: "", timer: 0, polls: 0 };

const $ = (id) => document.getElementById(id);

function readFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = params.get("token");
  if (token) {
    sessionStorage.setItem("takoform.token", token);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + location.search + (rest ? `#${rest}` : ""));
  }
  state.token = sessionStorage.getItem("takoform.token") || "";
  state.space = params.get("space") || "";
}

function showLogin(reason) {
  $("login").hidden = false;
  $("login-reason").textContent = reason;
  $("status").textContent = "not connected";
}

async function fetchPage(cursor, conditional) {
  const query = new URLSearchParams({ limit: "500" });
  if (cursor) query.set("cursor", cursor);
  const headers = { Authorization: `Bearer ${state.token}` };
  if (conditional && state.etag) headers["If-None-Match"] = state.etag;
  const res = await fetch(`${LISTING}?${query}`, { headers, cache: "no-store" });
  if (res.status === 304) return { unchanged: true };
  const body = await res.json().catch(() => ({}));
  if (res.status === 401) throw Object.assign(new Error("the host refused this token"), { login: true });
  if (res.status !== 200) throw new Error(body?.error?.message || `the listing answered ${res.status}`);
  return { page: body, etag: res.headers.get("ETag") || "" };
}

/** Every page of the listing; null when the first page is unchanged and it was the only one. */
async function fetchAll() {
  const first = await fetchPage("", state.pages === 1);
  if (first.unchanged) return null;
  const resources = [...first.page.resources];
  let cursor = first.page.nextCursor;
  let pages = 1;
  while (cursor) {
    const next = await fetchPage(cursor, false);
    resources.push(...next.page.resources);
    cursor = next.page.nextCursor;
    pages += 1;
  }
  state.etag = first.etag;
  state.pages = pages;
  return resources;
}

async function poll() {
  clearTimeout(state.timer);
  if (!state.token) {
    showLogin("Enter the bearer token this host knows you by (the same one as TAKOFORM_TOKEN). It stays in this tab.");
    return;
  }
  try {
    const resources = await fetchAll();
    state.polls += 1;
    document.body.dataset.polls = String(state.polls);
    if (resources !== null) {
      state.resources = resources;
      render();
    }
    $("login").hidden = true;
    const spaces = spacesOf(state.resources).length;
    $("status").textContent = `${plural(state.resources.length, "resource")} in ${plural(spaces, "space")} · updated ${new Date().toLocaleTimeString()}`;
  } catch (error) {
    if (error.login) {
      sessionStorage.removeItem("takoform.token");
      state.token = "";
      showLogin(
        "The host refused this token (401 unauthenticated). Use a token from the host's --credentials file (the demo keeps it in .takoform/demo/credentials.json).",
      );
      return;
    }
    $("status").textContent = `cannot read the listing: ${error.message}; retrying`;
  }
  state.timer = setTimeout(poll, POLL_MS);
}

function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function spacesOf(resources) {
  return [...new Set(resources.map((r) => r.space))].sort();
}

const keyOf = (r) => `${r.apiVersion} ${r.kind} ${r.name}`;
const targetKey = (rel) => `${rel.target.apiVersion} ${rel.target.kind} ${rel.target.name}`;

function renderSpaces() {
  const spaces = spacesOf(state.resources);
  if (!spaces.includes(state.space)) state.space = spaces.includes("default") ? "default" : spaces[0] || "";
  const select = $("space");
  select.replaceChildren(...spaces.map((s) => Object.assign(document.createElement("option"), { value: s, textContent: s, selected: s === state.space })));
}

/** Column of a node: 0 for resources that pin nothing in the space, else one more than the deepest target. */
function columns(nodes, byKey) {
  const rank = new Map();
  const visit = (node, trail) => {
    const key = keyOf(node);
    if (rank.has(key)) return rank.get(key);
    if (trail.has(key)) return 0;
    trail.add(key);
    let r = 0;
    for (const rel of node.relations) {
      const target = byKey.get(targetKey(rel));
      if (target !== undefined && target !== node) r = Math.max(r, visit(target, trail) + 1);
    }
    trail.delete(key);
    rank.set(key, r);
    return r;
  };
  for (const node of nodes) visit(node, new Set());
  return rank;
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function clip(text, max) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** At most `lines` lines of at most `width` characters, broken at spaces where possible; the last one clipped. */
function wrap(text, width, lines) {
  const out = [];
  let rest = text;
  while (rest.length > 0 && out.length < lines - 1) {
    if (rest.length <= width) break;
    const cut = rest.lastIndexOf(" ", width);
    const at = cut > 0 ? cut : width;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  if (rest.length > 0) out.push(clip(rest, width));
  return out;
}

function render() {
  renderSpaces();
  const svg = $("graph");
  const nodes = state.resources.filter((r) => r.space === state.space);
  const byKey = new Map(nodes.map((r) => [keyOf(r), r]));
  const pinnedBy = new Map();
  for (const r of nodes) for (const rel of r.relations) pinnedBy.set(targetKey(rel), (pinnedBy.get(targetKey(rel)) || 0) + 1);
  const rank = columns(nodes, byKey);
  const ghosts = new Map();
  for (const r of nodes) {
    for (const rel of r.relations) if (!byKey.has(targetKey(rel)) && !ghosts.has(targetKey(rel))) ghosts.set(targetKey(rel), { ...rel.target, ghost: true });
  }
  const cols = [];
  const place = (item, c) => (cols[c] ||= []).push(item);
  for (const r of nodes) place(r, rank.get(keyOf(r)));
  for (const g of ghosts.values()) place(g, 0);
  const pos = new Map();
  cols.forEach((items, c) => {
    (items || []).sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
    (items || []).forEach((item, i) => pos.set(keyOf(item), { x: 20 + c * (NODE_W + COL_GAP), y: 20 + i * (NODE_H + ROW_GAP) }));
  });
  const width = 40 + Math.max(1, cols.length) * (NODE_W + COL_GAP);
  const height = 40 + Math.max(1, ...Array.from(cols, (items) => (items || []).length)) * (NODE_H + ROW_GAP);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const defs = el("defs");
  const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#7d8796" }));
  defs.append(marker);
  const children = [defs];
  if (nodes.length === 0)
    children.push(
      el("text", { x: 20, y: 40, class: "space-empty" }, state.space ? `space ${state.space} holds no resources` : "this tenant holds no resources"),
    );
  for (const r of nodes) {
    const from = pos.get(keyOf(r));
    for (const rel of r.relations) {
      const to = pos.get(targetKey(rel));
      if (!to || to === from) continue;
      const [x1, y1, x2, y2] = [from.x, from.y + NODE_H / 2, to.x + NODE_W, to.y + NODE_H / 2];
      const mid = (x1 + x2) / 2;
      const edge = el("path", {
        d: `M ${x1} ${y1} C ${mid} ${y1}, ${mid} ${y2}, ${x2} ${y2}`,
        class: rel.drift ? "edge drift" : "edge",
        "marker-end": "url(#arrow)",
        "data-pointer": rel.pointer,
      });
      const pin = `${r.kind} ${r.name} ${rel.pointer} pins uid ${rel.pinned.uid} (${rel.pinned.formRef.kind}@${rel.pinned.formRef.definitionVersion})`;
      edge.append(el("title", {}, rel.drift ? `${pin}; DRIFT ${rel.drift.reason}: now ${rel.drift.currentUid || "none"}` : pin));
      children.push(edge);
    }
  }
  for (const g of ghosts.values()) {
    const p = pos.get(keyOf(g));
    const group = el("g", { class: "ghost", transform: `translate(${p.x},${p.y})` });
    group.append(
      el("rect", { width: NODE_W, height: NODE_H }),
      el("text", { x: 8, y: 18, class: "kind" }, g.kind),
      el("text", { x: 8, y: 34, class: "name" }, clip(g.name, 30)),
      el("text", { x: 8, y: 50, class: "reason" }, "missing: pinned but gone"),
    );
    children.push(group);
  }
  for (const r of nodes) children.push(nodeOf(r, pos.get(keyOf(r)), pinnedBy.get(keyOf(r)) || 0));
  svg.replaceChildren(...children);
  const selected = nodes.find((r) => keyOf(r) === state.selected);
  if (selected) showDetails(selected);
  else $("details").hidden = true;
}

function nodeOf(r, p, holders) {
  const status = r.ready ? r.ready.status : "none";
  const drifted = r.relations.some((rel) => rel.drift);
  const classes = ["node", `ready-${status}`, drifted ? "drifted" : "", keyOf(r) === state.selected ? "selected" : ""].filter(Boolean);
  const group = el("g", {
    class: classes.join(" "),
    transform: `translate(${p.x},${p.y})`,
    "data-kind": r.kind,
    "data-name": r.name,
    "data-ready": status,
    tabindex: 0,
  });
  const reason =
    r.ready === null ? "no Ready condition" : r.ready.status === "True" ? "" : `${r.ready.reason}${r.ready.hostReason ? `: ${r.ready.hostReason}` : ""}`;
  const badges = [`gen ${r.generation}`, `pins ${r.relations.length}`, `pinned by ${holders}`, drifted ? "DRIFT" : ""].filter(Boolean).join(" · ");
  group.append(
    el("title", {}, `${r.kind} ${r.name}\nReady ${status}${r.ready ? ` ${r.ready.reason}` : ""}${r.ready && r.ready.message ? `\n${r.ready.message}` : ""}`),
    el("rect", { width: NODE_W, height: NODE_H }),
    el("text", { x: 8, y: 15, class: "kind" }, r.kind),
    el("text", { x: 8, y: 30, class: "name" }, clip(r.name, 32)),
    ...(reason
      ? wrap(reason, 38, 2).map((part, i) => el("text", { x: 8, y: 45 + i * 13, class: "reason" }, part))
      : [el("text", { x: 8, y: 45, class: "ok" }, `Ready ${r.ready.reason}`)]),
    el("text", { x: 8, y: 73, class: "badges" }, badges),
  );
  const open = () => {
    state.selected = keyOf(r);
    render();
  };
  group.addEventListener("click", open);
  group.addEventListener("keydown", (e) => e.key === "Enter" && open());
  return group;
}

function h(tag, text, attrs = {}) {
  const node = Object.assign(document.createElement(tag), attrs);
  if (text !== undefined) node.textContent = text;
  return node;
}

function table(headings, rows, className = "") {
  const t = h("table", undefined, { className });
  if (headings.length > 0) {
    t.append(h("tr"));
    t.firstChild.append(...headings.map((x) => h("th", x)));
  }
  for (const row of rows) {
    const tr = h("tr");
    tr.append(...row.map((x) => h("td", x === undefined ? "" : String(x))));
    t.append(tr);
  }
  return t;
}

function showDetails(r) {
  const aside = $("details");
  const ref = r.formRef;
  aside.replaceChildren(
    h("h2", `${r.kind} ${r.name}`),
    table(
      [],
      [
        ["space", r.space],
        ["uid", r.uid],
        ["FormRef", `${ref.apiVersion} ${ref.kind}@${ref.definitionVersion}`],
        ["schemaDigest", ref.schemaDigest],
        ["generation", r.generation],
        ["revision", r.revision],
        ["created", r.createdAt],
      ],
    ),
    h("h3", "conditions"),
    table(
      ["type", "status", "reason", "hostReason", "message", "since"],
      r.conditions.map((c) => [c.type, c.status, c.reason, c.hostReason, c.message, c.lastTransitionTime]),
      "conditions",
    ),
    h("h3", "outputs"),
    r.outputs ? h("pre", JSON.stringify(r.outputs, null, 2), { className: "outputs" }) : h("p", "this Form declares no outputs"),
    h("h3", "relations (pins)"),
    r.relations.length === 0
      ? h("p", "none")
      : table(
          ["pointer", "target", "pinned uid", "drift"],
          r.relations.map((rel) => [
            rel.pointer,
            `${rel.target.kind} ${rel.target.name}`,
            rel.pinned.uid,
            rel.drift ? `${rel.drift.reason} (now ${rel.drift.currentUid || "none"})` : "no",
          ]),
          "relations",
        ),
  );
  aside.hidden = false;
}

function start() {
  readFragment();
  $("login").addEventListener("submit", (event) => {
    event.preventDefault();
    state.token = $("token").value.trim();
    sessionStorage.setItem("takoform.token", state.token);
    state.etag = "";
    state.pages = 0;
    poll();
  });
  $("space").addEventListener("change", (event) => {
    state.space = event.target.value;
    state.selected = "";
    history.replaceState(null, "", `${location.pathname}#space=${encodeURIComponent(state.space)}`);
    render();
  });
  // A fragment pasted into the address bar of an open console (a new token or space) applies at once.
  window.addEventListener("hashchange", () => {
    readFragment();
    state.etag = "";
    state.pages = 0;
    poll();
  });
  poll();
}

start();
