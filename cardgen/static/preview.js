// Poll gallery.json; redraw when its version changes. Clicking a card shows where it comes from.
(function () {
  "use strict";
  var version = -1;
  var gallery = document.getElementById("gallery");
  var status = document.getElementById("status");
  var detail = document.getElementById("detail");
  document.getElementById("detail-close").addEventListener("click", function () {
    detail.hidden = true;
  });
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) { node.textContent = text; }
    return node;
  }
  function show(card) {
    document.getElementById("detail-title").textContent = card.name;
    document.getElementById("detail-id").textContent = card.id + " (" + card.side + ")";
    document.getElementById("detail-source").textContent = card.source;
    detail.hidden = false;
  }
  function render(data) {
    var groups = {};
    data.cards.forEach(function (card) { (groups[card.family] = groups[card.family] || []).push(card); });
    gallery.textContent = "";
    Object.keys(groups).forEach(function (family) {
      var section = el("section");
      section.appendChild(el("h2", {}, family.replace("_", " ")));
      var grid = el("div", {"class": "grid"});
      groups[family].forEach(function (card) {
        var fig = el("figure", {"data-card": card.name, "tabindex": "0"});
        fig.appendChild(el("img", {"src": "/" + card.image, "alt": card.name, "loading": "lazy"}));
        fig.appendChild(el("figcaption", {}, card.id + " · " + card.side));
        fig.addEventListener("click", function () { show(card); });
        grid.appendChild(fig);
      });
      section.appendChild(grid);
      gallery.appendChild(section);
    });
    var pages = el("section");
    pages.appendChild(el("h2", {}, "board and tokens"));
    data.pages.forEach(function (name) {
      var fig = el("figure", {"class": "page"});
      fig.appendChild(el("img", {"src": "/pages/" + name + "?v=" + data.version, "alt": name}));
      fig.appendChild(el("figcaption", {}, name));
      pages.appendChild(fig);
    });
    gallery.appendChild(pages);
  }
  function poll() {
    fetch("/gallery.json", {cache: "no-store"}).then(function (r) { return r.json(); })
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
  poll();
})();
