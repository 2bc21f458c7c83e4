// Mission Kit companion service worker: the static shell from the cache, pages from the
// network with the last copy as a fallback (a table with flaky Wi-Fi keeps its page).
"use strict";
var SHELL = "mk-shell-v1";
var FILES = ["/static/app.css", "/static/app.js", "/static/vendor/htmx-2.0.11.min.js",
  "/static/vendor/idiomorph-ext-0.8.0.min.js", "/static/icons/icon.svg",
  "/static/icons/icon-192.png", "/theme.css"];

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(SHELL).then(function (c) { return c.addAll(FILES); }));
  self.skipWaiting();
});
self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== SHELL; })
      .map(function (k) { return caches.delete(k); }));
  }));
  self.clients.claim();
});
self.addEventListener("fetch", function (e) {
  var req = e.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/theme.css") {
    e.respondWith(caches.match(req).then(function (hit) { return hit || fetch(req); }));
  } else if (req.mode === "navigate") {
    e.respondWith(fetch(req).then(function (res) {
      var copy = res.clone();
      caches.open(SHELL).then(function (c) { c.put(req, copy); });
      return res;
    }).catch(function () { return caches.match(req); }));
  }
});
