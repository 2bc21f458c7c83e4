// Keep the phone's screen awake during a game (Screen Wake Lock API), on request.
(function () {
  "use strict";
  var button = document.getElementById("wake");
  if (!button || !("wakeLock" in navigator)) { return; }
  var lock = null;
  button.hidden = false;
  function label() { button.textContent = lock ? "Screen stays on" : "Keep screen on"; }
  button.addEventListener("click", function () {
    if (lock) { lock.release(); lock = null; label(); return; }
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      lock.addEventListener("release", function () { lock = null; label(); });
      label();
    }).catch(function () { button.textContent = "Screen lock not allowed"; });
  });
  document.addEventListener("visibilitychange", function () {
    if (lock === null && document.visibilityState === "visible" && button.dataset.want) {
      navigator.wakeLock.request("screen").then(function (l) { lock = l; label(); });
    }
  });
})();

// A poll answered while this phone was changing the game may carry the version the page
// already shows (or an older one): swapping it in would wipe what is open now. Skip it.
document.addEventListener("htmx:beforeSwap", function (e) {
  "use strict";
  var shown = document.getElementById("game");
  if (!shown || e.detail.target !== shown || e.detail.requestConfig.verb !== "get") { return; }
  var found = /data-version="(\d+)"/.exec(e.detail.serverResponse || "");
  if (found && Number(found[1]) <= Number(shown.dataset.version)) { e.detail.shouldSwap = false; }
});
