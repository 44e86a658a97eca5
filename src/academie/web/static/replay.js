// The replay viewer: steps through a finished match, then shows every hand.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var data = null, at = 0;

  function draw() {
    var f = data.frames[at], last = data.frames.length - 1;
    $("board").innerHTML = f.board;
    $("label").textContent = f.label;
    $("position").textContent = ($("config").dataset.step || "step") + " " + at + " / " + last;
    var log = $("log");
    log.innerHTML = "";
    data.log.slice(0, f.log_len).forEach(function (text) {
      var pre = document.createElement("pre");
      pre.className = "entry";
      pre.textContent = text;
      log.appendChild(pre);
    });
    log.scrollTop = log.scrollHeight;
    $("hands").hidden = at !== last;
    document.body.dataset.step = at;
    document.body.dataset.atEnd = at === last ? "true" : "false";
  }

  function go(k) { at = Math.max(0, Math.min(data.frames.length - 1, k)); draw(); }

  fetch($("config").dataset.replay).then(function (r) { return r.json(); }).then(function (d) {
    data = d;
    $("hands-body").innerHTML = d.hands;
    $("first").onclick = function () { go(0); };
    $("prev").onclick = function () { go(at - 1); };
    $("next").onclick = function () { go(at + 1); };
    $("last").onclick = function () { go(data.frames.length - 1); };
    document.addEventListener("keydown", function (e) {
      if (e.key === "ArrowRight") go(at + 1);
      if (e.key === "ArrowLeft") go(at - 1);
    });
    go(0);
  });
})();
