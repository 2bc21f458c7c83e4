// Mission Kit companion: wake lock, sync without losing work, who am I, tabs, offline banner.
(function () {
  "use strict";
  var body = document.body;
  body.classList.add("js");

  // --- keep the phone's screen awake during a game (Screen Wake Lock API), on request ---
  var wake = document.getElementById("wake");
  if (wake && "wakeLock" in navigator) {
    var lock = null;
    wake.hidden = false;
    var label = function () { wake.textContent = lock ? wake.dataset.on : wake.dataset.off; };
    wake.addEventListener("click", function () {
      if (lock) { lock.release(); lock = null; label(); return; }
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        lock.addEventListener("release", function () { lock = null; label(); });
        label();
      }).catch(function () { wake.textContent = wake.dataset.denied; });
    });
  }

  // --- sync without losing work: morph keeps what this phone is doing ---
  // A control the user changed keeps its value, an open <details> stays open; only the
  // form this phone just sent successfully takes the server's fresh values.
  var dirty = new WeakSet();
  document.addEventListener("input", function (e) { dirty.add(e.target); });
  document.addEventListener("change", function (e) { dirty.add(e.target); });
  function userControl(el) {
    return (el.tagName === "INPUT" && el.type !== "hidden") || el.tagName === "SELECT" ||
      el.tagName === "TEXTAREA";
  }
  if (window.Idiomorph) {
    Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, el) {
      if (name === "open" && el.tagName === "DETAILS") { return false; }
      if ((name === "value" || name === "checked") && userControl(el) && dirty.has(el)) {
        return false;
      }
      if (name === "selected" && el.tagName === "OPTION" && dirty.has(el.closest("select"))) {
        return false;
      }
    };
  }
  var sentBy = null;  // the form whose request is in flight
  document.addEventListener("htmx:configRequest", function (e) {
    var shown = document.getElementById("game");
    if (e.detail.verb === "get" && e.detail.elt === shown) {
      e.detail.parameters.v = shown.dataset.version;  // the server answers 204 if unchanged
    }
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    var shown = document.getElementById("game");
    if (!shown || e.detail.target !== shown) { return; }
    var verb = e.detail.requestConfig.verb;
    if (verb === "get") {
      // a poll answered while this phone was changing the game may be older: skip it
      var found = /data-version="(\d+)"/.exec(e.detail.serverResponse || "");
      if (found && Number(found[1]) <= Number(shown.dataset.version)) {
        e.detail.shouldSwap = false;
      }
      return;
    }
    var form = e.detail.requestConfig.elt;
    sentBy = form && form.id ? form.id : null;
    if (form && form.elements && e.detail.xhr.status < 300) {
      Array.prototype.forEach.call(form.elements, function (el) { dirty.delete(el); });
      form.querySelectorAll("details[open]").forEach(function (d) { d.open = false; });
    }
  });

  // Errors next to the control that caused them, inside the viewport, announced.
  function placeError() {
    var err = document.getElementById("error");
    if (!err) { return; }
    var form = sentBy && document.getElementById(sentBy);
    var anchor = form && (form.closest(".actions, .grid") || form);
    if (anchor && anchor.parentNode && !anchor.contains(err)) {
      anchor.parentNode.insertBefore(err, anchor.nextSibling);
    }
    var box = err.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight - 60) {
      err.scrollIntoView({block: "center"});
    }
  }

  // --- who am I: this phone's player, remembered per game in this browser ---
  var lastTurnMine = null;
  var picker = document.getElementById("me");
  function gameKey() {
    var shown = document.getElementById("game");
    return shown ? "mk-seat:" + shown.dataset.game : null;
  }
  function applySeat() {
    var shown = document.getElementById("game");
    if (!shown) { return; }
    var seat = null;
    try { seat = localStorage.getItem(gameKey()); } catch (err) { seat = null; }
    if (seat === null) { body.removeAttribute("data-me"); } else { body.dataset.me = seat; }
    if (picker) { picker.value = seat === null ? "" : seat; }
    var mine = seat !== null && seat !== "all" && shown.dataset.turn === seat;
    body.classList.toggle("my-turn", mine);
    if (mine && lastTurnMine === false && navigator.vibrate) { navigator.vibrate([120, 80, 120]); }
    lastTurnMine = mine;
  }
  if (picker) {
    picker.addEventListener("change", function () {
      try {
        if (picker.value === "") { localStorage.removeItem(gameKey()); }
        else { localStorage.setItem(gameKey(), picker.value); }
      } catch (err) { /* private mode: the choice lasts for this page only */ }
      lastTurnMine = null;
      applySeat();
    });
  }
  document.addEventListener("click", function (e) {
    var tab = e.target.closest(".tabs [data-tab]");
    if (tab) { showTab(tab.dataset.tab); window.scrollTo(0, 0); }
  });

  // --- tabs: the log, titles, cities and odds one tap away ---
  function showTab(name) {
    body.dataset.tab = name;
    document.querySelectorAll(".tabs [data-tab]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.tab === name));
    });
    try { sessionStorage.setItem("mk-tab", name); } catch (err) { /* private mode */ }
  }
  // A tab whose section the page does not hold (the plan cards on a read-only link or once
  // the game is over) leaves the bar; a page showing it goes back to the table.
  function onPage(name) {
    return name === "table" || document.querySelector('[data-panel="' + name + '"], #' + name);
  }
  function syncTabs() {
    if (!tabs) { return; }
    tabs.querySelectorAll("[data-tab]").forEach(function (b) { b.hidden = !onPage(b.dataset.tab); });
    if (!onPage(body.dataset.tab)) { showTab("table"); }
  }
  var tabs = document.querySelector(".tabs");
  if (tabs) {
    tabs.hidden = false;
    var saved = null;
    try { saved = sessionStorage.getItem("mk-tab"); } catch (err) { saved = null; }
    showTab(saved && tabs.querySelector('[data-tab="' + saved + '"]') ? saved : "table");
    syncTabs();
  }

  // --- offline or server down: a visible banner; a tap that failed says so ---
  var banner = document.getElementById("offline");
  function offline(on) { if (banner) { banner.hidden = !on; } }
  document.addEventListener("htmx:sendError", function () { offline(true); });
  document.addEventListener("htmx:responseError", function (e) {
    if (e.detail.xhr.status >= 500) { offline(true); }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.successful || (e.detail.xhr && e.detail.xhr.status && e.detail.xhr.status < 500)) {
      offline(false);
    }
  });
  window.addEventListener("offline", function () { offline(true); });

  // --- after each swap: error placement, whose phone, history of finished games ---
  function afterSwap() {
    syncTabs();
    placeError();
    applySeat();
    recordHistory();
    sentBy = null;
  }
  document.addEventListener("htmx:afterSettle", afterSwap);
  applySeat();
  recordHistory();

  // --- finished games in this browser, every game: per game each player's wins and
  // average score, then the last plays. An entry comes from the result's data-play. ---
  function readHistory() {
    try { return JSON.parse(localStorage.getItem("mk-history") || "{}") || {}; } catch (err) { return {}; }
  }
  function recordHistory() {
    var after = document.querySelector(".after[data-play]");
    var out = document.getElementById("history");
    if (!after || !out) { return; }
    var store = readHistory(), play;
    try { play = JSON.parse(after.dataset.play); } catch (err) { return; }
    store[play.id] = play;
    try { localStorage.setItem("mk-history", JSON.stringify(store)); } catch (err) { /* full */ }
    var words = document.getElementById("i18n").dataset;
    var byGame = {}, plays = [];
    Object.keys(store).forEach(function (id) {
      var entry = store[id];
      if (!entry || !entry.scores) { return; }
      var name = entry.name || words.earlier;  // kept before entries named their game
      var people = byGame[name] || (byGame[name] = {});
      Object.keys(entry.scores).forEach(function (who) {
        var p = people[who] || (people[who] = {games: 0, wins: 0, sum: 0});
        p.games += 1; p.sum += entry.scores[who];
        if ((entry.winners || []).indexOf(who) >= 0) { p.wins += 1; }
      });
      plays.push({when: entry.when || "", name: name, winners: entry.winners || []});
    });
    var parts = [heading("h3", words.history)];
    Object.keys(byGame).sort().forEach(function (name) {
      var list = document.createElement("ul");
      list.className = "notes people";
      Object.keys(byGame[name]).sort().forEach(function (who) {
        var p = byGame[name][who], li = document.createElement("li");
        li.textContent = words.wins.replace("{name}", who).replace("{wins}", p.wins)
          .replace("{games}", p.games).replace("{avg}", (p.sum / p.games).toFixed(1));
        list.appendChild(li);
      });
      parts.push(heading("h4", name), list);
    });
    plays.sort(function (a, b) { return a.when < b.when ? 1 : a.when > b.when ? -1 : 0; });
    var last = document.createElement("ul");
    last.className = "notes plays";
    plays.slice(0, 5).forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = words.play.replace("{when}", p.when.slice(0, 16)).replace("{game}", p.name)
        .replace("{winners}", p.winners.join(", "));
      last.appendChild(li);
    });
    parts.push(heading("h4", words.last), last);
    out.replaceChildren.apply(out, parts);
  }
  function heading(level, text) {
    var h = document.createElement(level);
    if (level === "h3") { h.className = "h3"; }
    h.textContent = text;
    return h;
  }

  // --- installable, and the static shell survives flaky Wi-Fi ---
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* optional */ });
  }
})();
