// loopwatch session page: the live session list and one session's timeline, from the REST API.
//
// Security: every value from the API (tool names, arguments, results, messages) is
// attacker-controlled, so it only ever reaches the page as text (textContent, createTextNode);
// this file never assigns innerHTML or builds HTML strings. The API key a user pastes is kept in
// sessionStorage (this tab only) and sent as an Authorization header, never in a URL.
"use strict";

const REFRESH_MS = 2000; // how often a view re-reads the API while it is open
const LIST_LIMIT = 200; // sessions shown at most (the API's newest first)
const KEY_STORAGE = "loopwatch.apiKey";
const STATES = ["looping", "runaway", "halted"];

class AuthRequired extends Error {}
class NotFound extends Error {}

let timer = null; // the pending refresh
let pendingRetry = null; // what to load again once the user has given an API key

function $(id) {
  return document.getElementById(id);
}

// el("td", {className: "mono"}, "text", childNode): an element whose string children are text.
function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (name === "className") node.className = value;
    else if (name === "href") node.setAttribute("href", value);
    else if (name === "title") node.title = value;
    else node.dataset[name] = value;
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

function setStatus(text, isError) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", Boolean(isError));
}

async function api(path) {
  const headers = { Accept: "application/json" };
  const key = sessionStorage.getItem(KEY_STORAGE);
  if (key) headers.Authorization = "Bearer " + key;
  const response = await fetch(path, { headers, cache: "no-store", credentials: "omit" });
  if (response.status === 401) throw new AuthRequired();
  if (response.status === 404) throw new NotFound();
  if (!response.ok) {
    let detail = response.statusText;
    try {
      detail = (await response.json()).detail || detail;
    } catch (ignored) {
      // not JSON: keep the status text
    }
    throw new Error(`HTTP ${response.status}: ${detail}`);
  }
  return response.json();
}

function showOnly(id) {
  for (const section of ["key-prompt", "list-view", "session-view", "not-found"]) {
    $(section).hidden = section !== id;
  }
}

function askForKey() {
  stopRefresh();
  const hadKey = Boolean(sessionStorage.getItem(KEY_STORAGE));
  $("key-reason").textContent = hadKey
    ? "The collector refused this API key. Paste a valid one."
    : "This collector asks for an API key to show sessions.";
  showOnly("key-prompt");
  setStatus("API key needed", true);
  $("key-input").focus();
}

function stopRefresh() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function scheduleRefresh(load) {
  stopRefresh();
  timer = setTimeout(load, REFRESH_MS);
}

function formatTime(unixSeconds) {
  if (unixSeconds === null || unixSeconds === undefined) return "-";
  return new Date(unixSeconds * 1000).toLocaleTimeString();
}

function ago(unixSeconds) {
  const seconds = Math.max(0, Math.round(Date.now() / 1000 - unixSeconds));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function short(fingerprint) {
  return fingerprint ? fingerprint.slice(0, 12) : "";
}

function badges(session) {
  const names = STATES.filter((state) => session[state]);
  if (names.length === 0) names.push("healthy");
  return names.map((name) => el("span", { className: `badge badge-${name}`, state: name }, name));
}

function sessionUrl(traceId) {
  return "/ui?" + new URLSearchParams({ trace_id: traceId }).toString();
}

function listUrl(agent, state) {
  const params = new URLSearchParams();
  if (agent) params.set("agent", agent);
  if (state) params.set("state", state);
  const query = params.toString();
  return query ? "/ui?" + query : "/ui";
}

// --- the session list ----------------------------------------------------------------------

async function loadList() {
  const agent = $("filter-agent").value.trim();
  const state = $("filter-state").value;
  const params = new URLSearchParams({ limit: String(LIST_LIMIT) });
  if (agent) params.set("agent", agent);
  if (state) params.set("state", state);
  try {
    const body = await api("/v1/sessions?" + params.toString());
    renderList(body.sessions);
    showOnly("list-view");
    setStatus(`${body.sessions.length} live session(s), updated ${new Date().toLocaleTimeString()}`);
    scheduleRefresh(loadList);
  } catch (error) {
    handleError(error, loadList);
  }
}

function renderList(sessions) {
  const rows = sessions.map((s) => {
    // the strongest verdict so far: a run nudged and stripped of its tools stays marked so
    const strongest = s.strongest_verdict;
    const verdict = strongest ? `${strongest.action} @ step ${strongest.step}` : "-";
    return el(
      "tr",
      { trace: s.trace_id },
      el("td", { className: "mono" }, el("a", { href: sessionUrl(s.trace_id) }, s.trace_id)),
      el("td", {}, el("a", { href: listUrl(s.agent, $("filter-state").value) }, s.agent)),
      el("td", {}, el("span", { className: "badges" }, ...badges(s))),
      el("td", {}, s.steps),
      el("td", {}, s.tool_calls),
      el("td", {}, verdict),
      el("td", { className: "hook-answer" }, hookAnswer(s.last_hook_decision)),
      el("td", { title: formatTime(s.last_seen_unix_s) }, ago(s.last_seen_unix_s)),
    );
  });
  $("sessions").tBodies[0].replaceChildren(...rows);
  $("sessions-empty").hidden = sessions.length > 0;
  const agents = [...new Set(sessions.map((s) => s.agent))].sort();
  $("agents").replaceChildren(
    ...agents.map((agent) => {
      const option = el("option", {});
      option.value = agent;
      return option;
    }),
  );
}

// a coding CLI's hook answer (deny, context or stop) in a few words; "-" for other agents
function hookAnswer(decision) {
  return decision ? `${decision.decision} @ step ${decision.step}` : "-";
}

// --- one session -----------------------------------------------------------------------------

async function loadSession(traceId) {
  try {
    const session = await api("/v1/sessions/" + encodeURIComponent(traceId));
    renderSession(session);
    showOnly("session-view");
    if (session.halted) {
      stopRefresh();
      setStatus("ended: halted, no more updates");
    } else {
      // activity: live, idle (nothing sent for a while) or ended (answered without a tool call)
      setStatus(`${session.activity}, updated ${new Date().toLocaleTimeString()}`);
      scheduleRefresh(() => loadSession(traceId));
    }
  } catch (error) {
    handleError(error, () => loadSession(traceId));
  }
}

function renderSession(s) {
  document.title = `loopwatch: ${s.agent} ${s.trace_id}`;
  $("session-title").textContent = `Session ${s.trace_id}`;
  $("session-badges").replaceChildren(...badges(s));
  const facts = [
    ["agent", el("a", { href: listUrl(s.agent, "") }, s.agent)],
    ["conversation", s.conversation_id || "-"],
    ["mode", s.mode],
    ["steps", String(s.steps)],
    ["tool calls", String(s.tool_calls)],
    ["started", formatTime(s.started_unix_s)],
    ["last seen", `${formatTime(s.last_seen_unix_s)} (${ago(s.last_seen_unix_s)})`],
  ];
  // a coding CLI's working directory: content, sent only where the tenant keeps content
  if (s.cwd) facts.splice(1, 0, ["working directory", el("code", {}, s.cwd)]);
  $("session-facts").replaceChildren(...facts.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)]));
  renderVerdicts(s.verdicts);
  renderHookDecisions(s.hook_decisions);
  renderFindings(s.findings);
  renderTimeline(s);
}

function renderVerdicts(verdicts) {
  const rows = verdicts.map((v) =>
    el(
      "tr",
      { action: v.action },
      el("td", {}, v.step),
      el("td", {}, el("span", { className: "badge badge-action" }, v.action)),
      el("td", {}, v.detector || "-"),
      el("td", {}, formatTime(v.sent_unix_s)),
      el("td", {}, el("pre", {}, v.message || "")),
    ),
  );
  $("verdicts").tBodies[0].replaceChildren(...rows);
  $("verdicts-empty").hidden = verdicts.length > 0;
}

function renderHookDecisions(decisions) {
  const rows = decisions.map((d) =>
    el(
      "tr",
      { decision: d.decision },
      el("td", {}, d.step),
      el("td", {}, el("span", { className: "badge badge-hook" }, d.decision)),
      el("td", {}, formatTime(d.sent_unix_s)),
      el("td", {}, el("pre", {}, d.reason)),
    ),
  );
  $("hook-decisions").tBodies[0].replaceChildren(...rows);
  $("hooks-section").hidden = decisions.length === 0;
}

function renderFindings(findings) {
  const cards = findings.map((f) => {
    const evidence = [];
    if (f.tool_name) evidence.push(el("div", {}, "tool: ", el("code", {}, f.tool_name)));
    if (f.arguments) evidence.push(el("div", {}, "arguments:", el("pre", {}, f.arguments)));
    if (f.last_result_preview) evidence.push(el("div", {}, "last result:", el("pre", {}, f.last_result_preview)));
    if (f.trimmed_text) evidence.push(el("div", {}, "text, repetition collapsed:", el("pre", {}, f.trimmed_text)));
    return el(
      "div",
      { className: f.severity === "limit" ? "finding finding-limit" : "finding", detector: f.detector },
      el("strong", {}, f.detector),
      ` (${f.severity}) steps ${f.first_step}-${f.last_step}, count ${f.count}: `,
      f.summary,
      ...evidence,
    );
  });
  $("findings").replaceChildren(...cards);
  $("findings-empty").hidden = findings.length > 0;
}

function renderTimeline(s) {
  const verdictsByStep = new Map();
  for (const v of s.verdicts) {
    verdictsByStep.set(v.step, [...(verdictsByStep.get(v.step) || []), v.action]);
  }
  const hooksByStep = new Map();
  for (const d of s.hook_decisions) {
    hooksByStep.set(d.step, [...(hooksByStep.get(d.step) || []), d.decision]);
  }
  const rows = s.timeline.map((step) => {
    const calls = step.calls.map((c) => {
      const args = c.arguments !== null ? el("pre", {}, c.arguments) : el("span", { className: "fingerprint" }, ` call ${short(c.call_fingerprint)}`);
      let result;
      if (c.result_size === null) result = el("span", { className: "fingerprint" }, "no result yet");
      else if (c.result_preview !== null) result = el("pre", {}, c.result_preview);
      else result = el("span", { className: "fingerprint" }, `result ${short(c.result_fingerprint)} (${c.result_size} chars)`);
      return el(
        "div",
        { className: c.is_error ? "call call-error" : "call" },
        el("code", {}, c.name),
        args,
        el("div", { className: "result" }, c.is_error ? "error: " : "-> ", result),
      );
    });
    if (step.omitted_calls > 0) calls.push(el("div", { className: "hint" }, `and ${step.omitted_calls} more call(s)`));
    if (step.calls.length === 0) calls.push(el("span", { className: "hint" }, "no tool call (answer or text only)"));
    const actions = verdictsByStep.get(step.number) || [];
    const answers = hooksByStep.get(step.number) || [];
    return el(
      "tr",
      { step: String(step.number), className: actions.length || answers.length ? "verdict-step" : "" },
      el(
        "td",
        {},
        String(step.number),
        ...actions.map((a) => el("div", {}, el("span", { className: "badge badge-action" }, a))),
        ...answers.map((a) => el("div", {}, el("span", { className: "badge badge-hook", hook: a }, `hook: ${a}`))),
      ),
      el("td", {}, formatTime(step.received_unix_s)),
      el("td", {}, ...calls),
    );
  });
  $("timeline").tBodies[0].replaceChildren(...rows);
  $("timeline-hint").textContent = `(last ${s.timeline.length} of ${s.steps} steps)`;
  const private_ = s.timeline.some((step) => step.calls.some((c) => c.arguments === null));
  $("privacy-hint").hidden = !private_;
}

// --- routing and errors ------------------------------------------------------------------------

function handleError(error, retry) {
  if (error instanceof AuthRequired) {
    askForKey();
    pendingRetry = retry;
  } else if (error instanceof NotFound) {
    stopRefresh();
    showOnly("not-found");
    setStatus("");
  } else {
    setStatus(`cannot reach the collector (${error.message}); retrying`, true);
    scheduleRefresh(retry);
  }
}

function route() {
  stopRefresh();
  const params = new URLSearchParams(location.search);
  $("forget-key").hidden = !sessionStorage.getItem(KEY_STORAGE);
  const traceId = params.get("trace_id");
  if (traceId) {
    loadSession(traceId);
    return;
  }
  $("filter-agent").value = params.get("agent") || "";
  const state = params.get("state") || "";
  $("filter-state").value = STATES.includes(state) ? state : "";
  loadList();
}

function onFilterChange() {
  history.replaceState(null, "", listUrl($("filter-agent").value.trim(), $("filter-state").value));
  loadList();
}

document.addEventListener("DOMContentLoaded", () => {
  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const key = $("key-input").value.trim();
    if (!key) return;
    sessionStorage.setItem(KEY_STORAGE, key);
    $("key-input").value = "";
    $("forget-key").hidden = false;
    const retry = pendingRetry || route;
    pendingRetry = null;
    retry();
  });
  $("forget-key").addEventListener("click", () => {
    sessionStorage.removeItem(KEY_STORAGE);
    route();
  });
  $("filters").addEventListener("submit", (event) => {
    event.preventDefault();
    onFilterChange();
  });
  $("filter-state").addEventListener("change", onFilterChange);
  $("filter-agent").addEventListener("change", onFilterChange);
  window.addEventListener("popstate", route);
  route();
});
