// A table's page: one WebSocket to the server, reconnecting after a drop; legal moves sent
// with the move number they were chosen at (a stale one is refused, so nothing plays twice).
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("config").dataset.config);
  var NO_SUCH_SEAT = 4404;  // the server's close code for no such seat or table: retrying is vain
  var version = cfg.version, ws = null, wait = 300, pending = false;
  var $ = function (id) { return document.getElementById(id); };

  function show(m) {
    version = m.version;
    $("board").innerHTML = m.board;
    $("actions").innerHTML = m.actions;
    $("status").textContent = m.status;
    var log = $("log");
    if (m.log_start === 0) log.innerHTML = "";
    m.log.forEach(function (text, k) {
      var pre = document.createElement("pre");
      pre.className = "entry";
      var at = 0;  // each quotation of the source a link to its sentence (/source/GAME#sSIG-N)
      ((m.sources || [])[k] || []).forEach(function (cite) {
        var i = text.indexOf(cite[0], at);
        if (i < 0) return;
        pre.appendChild(document.createTextNode(text.slice(at, i)));
        var a = document.createElement("a");
        a.className = "cite";
        a.href = cite[1];
        a.title = "the source's sentence";
        a.textContent = cite[0];
        pre.appendChild(a);
        at = i + cite[0].length;
      });
      pre.appendChild(document.createTextNode(text.slice(at)));
      log.appendChild(pre);
    });
    if (m.log.length) log.scrollTop = log.scrollHeight;
    $("end").hidden = !m.over;
    $("result").textContent = m.result || "";
    document.body.dataset.version = m.version;
    document.body.dataset.over = m.over ? "true" : "false";
    if (m.error) fail(m.error);
    pending = false;
  }

  function fail(text) {
    var e = $("error");
    e.textContent = text;
    e.hidden = false;
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + cfg.ws);
    ws.onopen = function () { wait = 300; $("conn").textContent = "live"; $("conn").className = "conn live"; };
    ws.onmessage = function (event) {
      var m = JSON.parse(event.data);
      if (m.type === "update") show(m);
      else if (m.type === "error") { pending = false; if (m.status !== 409 || !/stale/.test(m.message)) fail(m.message); }
      else if (m.type === "ack") { $("error").hidden = true; }
    };
    ws.onclose = function (event) {
      if (event.code === NO_SUCH_SEAT) {
        $("conn").textContent = "no seat";
        $("conn").className = "conn down";
        fail("The server knows no such seat or table (" + (event.reason || "closed") +
             "): nothing more will be tried. Open your invitation link again.");
        return;
      }
      $("conn").textContent = "reconnecting…";
      $("conn").className = "conn down";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 5000);
    };
  }

  function send(action) {
    if (pending || !cfg.post) return;
    pending = true;
    $("error").hidden = true;
    if (ws && ws.readyState === 1) {
      ws.send(JSON.stringify({ type: "act", action: action, version: version }));
    } else {
      fetch(cfg.post, { method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
                        referrerPolicy: "same-origin",  // else the browser sends Origin: null, refused
                        body: JSON.stringify({ action: action, version: version }) })
        .then(function (r) { return r.json(); })
        .then(function (r) { pending = false; if (r.error) fail(r.error); });
    }
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest("[data-action]");
    if (el) send(el.dataset.action);
  });
  document.addEventListener("keydown", function (event) {
    var el = event.target.closest && event.target.closest("[data-action]");
    if (el && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); send(el.dataset.action); }
  });
  connect();
})();
