// Mission Kit companion: wake lock, sync without losing work, who am I, tabs, offline banner,
// the games this browser opened.
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
    try { sessionStorage.setItem(tabKey(), name); } catch (err) { /* private mode */ }
  }
  // kept per game: a new game opens on its table, whatever tab the last one was left on
  function tabKey() {
    var shown = document.getElementById("game");
    return shown ? "mk-tab:" + shown.dataset.game : "mk-tab";
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
    try { saved = sessionStorage.getItem(tabKey()); } catch (err) { saved = null; }
    showTab(saved && tabs.querySelector('[data-tab="' + saved + '"]') ? saved : "table");
    syncTabs();
  }

  // --- the host's invite sits above the table until play starts (the first event, from
  // any phone), then becomes the Invite tab's panel, where every other phone has it ---
  function settleInvite() {
    var invite = document.getElementById("invite"), shown = document.getElementById("game");
    if (!invite || !shown || invite.dataset.panel || Number(shown.dataset.version) === 0) {
      return;
    }
    var before = shown.getBoundingClientRect().top;
    invite.dataset.panel = "invite";
    if (tabs) { tabs.parentNode.insertBefore(invite, tabs); }  // where table.html puts it
    // what this phone was looking at stays where it was (the table moved up by the invite's
    // height; not every browser anchors the scroll): the invite itself gives way to the top
    var moved = shown.getBoundingClientRect().top - before;
    if (moved) { window.scrollTo(0, Math.max(0, window.scrollY + moved)); }
  }
  settleInvite();

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
    settleInvite();
    syncTabs();
    placeError();
    applySeat();
    recordHistory();
    recordGame();
    sentBy = null;
  }
  document.addEventListener("htmx:afterSettle", afterSwap);
  applySeat();
  recordHistory();

  // --- this browser's finished games, every game (the result's data-play) ---
  function fill(text, values) {  // by a function: a name like "$&" stays as it is
    return text.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }
  function node(tag, text, cls) {
    var el = document.createElement(tag);
    if (cls) { el.className = cls; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }
  function recordHistory() {
    var after = document.querySelector(".after[data-play]"), out = document.getElementById("history");
    if (!after || !out) { return; }
    var store = {}, words = after.dataset, byGame = {}, plays = [];
    try { store = JSON.parse(localStorage.getItem("mk-history") || "{}") || {}; } catch (err) { store = {}; }
    try {
      var play = JSON.parse(after.dataset.play);
      store[play.id] = play;
      localStorage.setItem("mk-history", JSON.stringify(store));
    } catch (err) { /* full */ }
    Object.keys(store).forEach(function (id) {
      var e = store[id];
      if (!e || !e.scores) { return; }
      var name = e.name || words.earlier, won = e.winners || [];  // older entries: no name
      var people = byGame[name] || (byGame[name] = {});
      Object.keys(e.scores).forEach(function (who) {
        var p = people[who] || (people[who] = {games: 0, wins: 0, sum: 0});
        p.games += 1; p.sum += e.scores[who]; p.wins += won.indexOf(who) >= 0 ? 1 : 0;
      });
      plays.push({when: e.when || "", game: name, winners: won.join(", ")});
    });
    var parts = [node("h3", words.history, "h3")], last = node("ul", undefined, "notes plays");
    Object.keys(byGame).sort().forEach(function (name) {
      var list = node("ul", undefined, "notes people");
      Object.keys(byGame[name]).sort().forEach(function (who) {
        var p = byGame[name][who];
        list.appendChild(node("li", fill(words.wins, {name: who, wins: p.wins, games: p.games,
                                                      avg: (p.sum / p.games).toFixed(1)})));
      });
      parts.push(node("h4", name), list);
    });
    plays.sort(function (a, b) { return a.when < b.when ? 1 : a.when > b.when ? -1 : 0; });
    plays.slice(0, 5).forEach(function (p) {
      last.appendChild(node("li", fill(words.line, {when: p.when.slice(0, 16), game: p.game,
                                                    winners: p.winners})));
    });
    parts.push(node("h4", words.last), last);
    out.replaceChildren.apply(out, parts);
  }

  // --- your games: every game this browser opened, newest first, for the home page. Kept
  // in this browser only (localStorage); the server lists no games. Player names are the
  // players' own text: always textContent. ---
  var GAMES = "mk-games", GAMES_KEPT = 20;
  function savedGames() {
    var list = [];
    try { list = JSON.parse(localStorage.getItem(GAMES) || "[]"); } catch (err) { list = []; }
    if (!Array.isArray(list)) { return []; }
    return list.filter(function (e) {
      return e && typeof e.id === "string" && typeof e.url === "string" &&
        e.url.indexOf("/t/") === 0 && Array.isArray(e.players);
    });
  }
  function keepGames(list) {
    list.sort(function (a, b) { return (b.seen || 0) - (a.seen || 0); });
    try { localStorage.setItem(GAMES, JSON.stringify(list.slice(0, GAMES_KEPT))); }
    catch (err) { /* private mode or full: the list is a convenience */ }
  }
  function recordGame() {
    var shown = document.getElementById("game");
    if (!shown || !shown.dataset.kind) { return; }
    var players = [];
    try { players = JSON.parse(shown.dataset.players || "[]"); } catch (err) { players = []; }
    var old = null, edit = shown.dataset.role === "edit";
    var list = savedGames().filter(function (e) {
      if (e.id !== shown.dataset.game) { return true; }
      old = e;
      return false;
    });
    var keepEdit = old && old.edit && !edit;  // a read-only visit keeps the edit link
    list.push({id: shown.dataset.game, url: keepEdit ? old.url : location.pathname,
               edit: edit || Boolean(keepEdit), kind: shown.dataset.kind,
               name: shown.dataset.name, players: players.map(String),
               finished: shown.dataset.finished === "1", seen: Date.now()});
    keepGames(list);
  }
  function showGames() {
    var box = document.getElementById("your-games");
    if (!box) { return; }
    var names = {};
    box.querySelectorAll(".yg-kind").forEach(function (k) { names[k.dataset.kind] = k.dataset.name; });
    var when = null;
    try {
      when = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
                                     {dateStyle: "medium", timeStyle: "short"});
    } catch (err) { when = null; }
    var row = document.getElementById("your-game").content.firstElementChild;
    var items = savedGames().map(function (e) {
      var li = row.cloneNode(true), name = names[e.kind] || String(e.name || "");
      li.querySelector(".yg-open").href = e.url;
      li.querySelector(".yg-name").textContent = name;
      var state = li.querySelector(".yg-state");
      state.textContent = e.finished ? box.dataset.finished : box.dataset.playing;
      state.classList.toggle("done", e.finished);
      li.querySelector(".yg-view").hidden = Boolean(e.edit);
      li.querySelector(".yg-players").textContent = e.players.join(", ");
      li.querySelector(".yg-when").textContent = when && e.seen ? when.format(new Date(e.seen)) : "";
      var forget = li.querySelector(".yg-forget");
      var what = name + " (" + e.players.join(", ") + ")";  // a function: "$&" stays as typed
      forget.setAttribute("aria-label", box.dataset.forget.replace("{game}", function () { return what; }));
      forget.addEventListener("click", function () {
        keepGames(savedGames().filter(function (other) { return other.id !== e.id; }));
        showGames();
        var next = box.querySelector(".yg-forget");
        if (next) { next.focus(); }
      });
      return li;
    });
    box.querySelector(".yg-list").replaceChildren.apply(box.querySelector(".yg-list"), items);
    box.hidden = items.length === 0;
  }
  recordGame();
  showGames();

  // --- installable, and the static shell survives flaky Wi-Fi ---
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* optional */ });
  }
})();
