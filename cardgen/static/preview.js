// Poll gallery.json; redraw when its version changes. Clicking a card opens its detail view:
// where it comes from and, when the gallery edits, a form of its texts and numbers. Typing
// re-renders the card beside the form (debounced); Save writes the YAML file.
(function () {
  "use strict";
  var version = -1;
  var gallery = document.getElementById("gallery");
  var status = document.getElementById("status");
  var detail = document.getElementById("detail");
  var viewPick = document.getElementById("view");
  var token = document.querySelector("meta[name=edit-token]").content;
  var editing = document.body.dataset.editing === "yes";
  var form = document.getElementById("edit");
  var fieldsBox = document.getElementById("fields");
  var general = document.getElementById("general");
  var message = document.getElementById("edit-message");
  var image = document.getElementById("detail-image");
  var saveButton = document.getElementById("save");
  var deleteButton = document.getElementById("delete");
  var open = null; // {card, stamp, fields, inputs, ok}
  var timer = null;
  var tries = 0;

  function view() { return viewPick.value; }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) { node.textContent = text; }
    return node;
  }
  // ("plan_cards", 0, "text", "en") -> "plan_cards[0].text.en", as the server names fields
  function fieldPath(loc) {
    var out = "";
    loc.forEach(function (part) {
      if (typeof part === "number") { out += "[" + part + "]"; }
      else { out += out ? "." + part : part; }
    });
    return out;
  }
  function post(path, body) {
    body.view = view();
    return fetch(path, {method: "POST", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", "X-Edit-Token": token}})
      .then(function (r) { return r.json().then(function (data) { return {ok: r.ok, status: r.status, data: data}; }); });
  }
  function say(text, bad) {
    message.textContent = text || "";
    message.className = bad ? "error" : "";
  }
  function values() {
    return open.fields.map(function (f, i) { return {loc: f.loc, value: open.inputs[i].value}; });
  }
  function showProblems(data) {
    var problems = (data && data.problems) || {};
    open.fields.forEach(function (f, i) {
      var said = problems[fieldPath(f.loc)] || [];
      var box = open.inputs[i].closest(".field");
      box.classList.toggle("bad", said.length > 0);
      open.inputs[i].setAttribute("aria-invalid", said.length ? "true" : "false");
      box.querySelector(".problem").textContent = said.join(" ");
    });
    general.textContent = "";
    ((data && data.general) || []).forEach(function (line) { general.appendChild(el("li", {}, line)); });
    if (data && data.error && !Object.keys(problems).length && !(data.general || []).length) {
      general.appendChild(el("li", {}, data.error));
    }
  }
  function tryValues() {
    var mine = ++tries;
    document.querySelector(".live").classList.add("stale");
    post("/api/render", {card: open.card, values: values()}).then(function (r) {
      if (mine !== tries || !open) { return; }
      open.ok = r.ok;
      saveButton.disabled = !r.ok;
      showProblems(r.data);
      if (r.ok) {
        image.onload = function () { document.querySelector(".live").classList.remove("stale"); image.dataset.shown = r.data.image; };
        image.src = r.data.image;
        document.getElementById("image-note").textContent = "As it would print (not saved yet)";
      } else {
        document.getElementById("image-note").textContent = "Not redrawn: the card as it was, until the problems are fixed";
      }
    });
  }
  function changed() {
    clearTimeout(timer);
    say("");
    timer = setTimeout(tryValues, 120);
  }
  // a text box as tall as its text, up to ten lines (then it scrolls)
  function fit(box) {
    box.style.height = "auto";
    box.style.height = Math.min(box.scrollHeight + 2, 240) + "px";
  }
  function buildForm(data) {
    open = {card: data.card, stamp: data.stamp, fields: data.fields, inputs: [], ok: true};
    fieldsBox.textContent = "";
    data.fields.forEach(function (f, i) {
      var id = "f-" + i;
      var box = el("div", {"class": "field", "data-field": fieldPath(f.loc)});
      box.appendChild(el("label", {"for": id}, f.label));
      var input;
      if (f.kind === "number") {
        input = el("input", {"type": "number", "id": id, "step": "1", "inputmode": "numeric"});
      } else {
        input = el("textarea", {"id": id, "rows": "1"});
        if (f.lang) { input.setAttribute("lang", f.lang); }
        input.addEventListener("input", function () { fit(input); });
      }
      input.value = String(f.value);
      input.setAttribute("aria-describedby", id + "-problem");
      input.addEventListener("input", changed);
      box.appendChild(input);
      box.appendChild(el("p", {"class": "problem", "id": id + "-problem", "role": "alert"}));
      fieldsBox.appendChild(box);
      open.inputs.push(input);
    });
    saveButton.disabled = false;
    deleteButton.textContent = "Delete this card";
    delete deleteButton.dataset.armed;
    showProblems(null);
    form.hidden = false;  // shown first: a hidden box has no height to measure
    open.inputs.forEach(function (input) { if (input.tagName === "TEXTAREA") { fit(input); } });
  }
  function show(card, note) {
    document.getElementById("detail-title").textContent = card.name;
    document.getElementById("detail-id").textContent = card.id + " (" + card.side + ")";
    document.getElementById("detail-source").textContent = card.source;
    image.src = "/" + card.image;
    image.alt = card.name;
    document.getElementById("image-note").textContent = "As built";
    form.hidden = true;
    document.getElementById("no-form").hidden = true;
    open = null;
    say(note || "");
    detail.hidden = false;
    if (!editing) { return; }
    fetch("/api/form?view=" + encodeURIComponent(view()) + "&card=" + encodeURIComponent(card.name))
      .then(function (r) { return r.json().then(function (d) { return {ok: r.ok, data: d}; }); })
      .then(function (r) {
        if (r.ok) { buildForm(r.data); say(note || ""); }
        else { document.getElementById("no-form").hidden = false; }
      });
  }
  function afterWrite(r, then) {
    if (r.ok) {
      open.stamp = r.data.stamp;
      say(r.data.message);
      if (then) { then(r.data); }
    } else {
      showProblems(r.data);
      say(r.data.error || "Not saved.", true);
    }
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!open) { return; }
    clearTimeout(timer);
    post("/api/save", {card: open.card, values: values(), stamp: open.stamp})
      .then(function (r) { afterWrite(r); });
  });
  document.getElementById("undo").addEventListener("click", function () {
    post("/api/undo", {}).then(function (r) {
      if (r.ok && open) {
        var name = open.card;
        var found = currentCards.filter(function (c) { return c.name === name; })[0];
        if (found) { show(found, r.data.message); } else { say(r.data.message); }
      } else { say(r.data.error, true); }
    });
  });
  document.getElementById("add").addEventListener("click", function () {
    var newId = document.getElementById("new-id").value.trim();
    post("/api/add", {card: open.card, new_id: newId, stamp: open.stamp})
      .then(function (r) { afterWrite(r); });
  });
  deleteButton.addEventListener("click", function () {
    if (!deleteButton.dataset.armed) {
      deleteButton.dataset.armed = "yes";
      deleteButton.textContent = "Really delete " + open.card.split("/")[1].replace(/-(face|back)$/, "") + "? Click again";
      return;
    }
    post("/api/delete", {card: open.card, stamp: open.stamp}).then(function (r) {
      afterWrite(r, function () { form.hidden = true; });
    });
  });
  document.getElementById("detail-close").addEventListener("click", function () {
    detail.hidden = true;
    open = null;
  });

  var currentCards = [];
  function render(data) {
    var groups = {};
    currentCards = data.cards;
    data.cards.forEach(function (card) { (groups[card.family] = groups[card.family] || []).push(card); });
    gallery.textContent = "";
    Object.keys(groups).forEach(function (family) {
      var section = el("section");
      section.appendChild(el("h2", {}, family.replace("_", " ")));
      var grid = el("div", {"class": "grid"});
      groups[family].forEach(function (card) {
        var fig = el("figure", {"data-card": card.name, "tabindex": "0", "role": "button"});
        fig.appendChild(el("img", {"src": "/" + card.image, "alt": card.name, "loading": "lazy"}));
        fig.appendChild(el("figcaption", {}, card.id + " · " + card.side));
        fig.addEventListener("click", function () { show(card); });
        fig.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(card); } });
        grid.appendChild(fig);
      });
      section.appendChild(grid);
      gallery.appendChild(section);
    });
    var pages = el("section");
    pages.appendChild(el("h2", {}, "board and tokens"));
    data.pages.forEach(function (name) {
      var fig = el("figure", {"class": "page"});
      fig.appendChild(el("img", {"src": "/pages/" + name + "?view=" + encodeURIComponent(view()) + "&v=" + data.version, "alt": name}));
      fig.appendChild(el("figcaption", {}, name));
      pages.appendChild(fig);
    });
    gallery.appendChild(pages);
  }
  function poll() {
    fetch("/gallery.json?view=" + encodeURIComponent(view()), {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (data.version !== version) {
          version = data.version;
          render(data);
          status.textContent = "Build " + version + ": " + data.cards.length + " card sides";
          status.className = "";
        }
        if (data.errors && data.errors.length) {
          status.textContent = data.errors.join("\n");
          status.className = "error";
        }
      }).catch(function () { status.textContent = "Waiting for cardgen watch…"; })
      .finally(function () { setTimeout(poll, 500); });
  }
  if (viewPick.tagName === "SELECT") {
    viewPick.addEventListener("change", function () { version = -1; detail.hidden = true; open = null; });
  }
  poll();
})();
