// A table's page: one WebSocket to the server, reconnecting after a drop; legal moves sent
// with the move number they were chosen at (a stale one is refused, so nothing plays twice).
// The page's words come translated in the config (data-config); the table itself is drawn by
// the server. A card that leaves the hand flies to the trick; the last trick can be seen again;
// a bot's move is shown after the pace chosen (a moment to follow the play); the log comes
// written as plain sentences by the server.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("config").dataset.config);
  var W = cfg.words || {};
  var NO_SUCH_SEAT = 4404;  // the server's close code for no such seat or table: retrying is vain
  var version = cfg.version, ws = null, wait = 300, pending = false;
  var queue = [], showing = false, lastTrick = null;
  var sheetKey = null, sheetMoved = false, sheetWanted = null, endShown = false;
  var $ = function (id) { return document.getElementById(id); };

  function pace() {
    var p = $("pace");
    return p ? Number(p.value) : 0;
  }

  function rememberTrick() {  // the trick on the table before it is gathered
    var laid = document.querySelector("#board .trick .laid");
    if (laid && laid.children.length) lastTrick = laid.innerHTML;
  }

  function fly(from, to) {  // a card travelling from one place to another (CSS transform)
    if (!from || !to || !from.getBoundingClientRect) return;
    var a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
    if (to.animate) {
      to.animate([{ transform: "translate(" + (a.left - b.left) + "px," + (a.top - b.top) + "px)" },
                  { transform: "none" }], { duration: 350, easing: "ease-out" });
    }
  }

  function foldSheet(over) {  // a deal's score sheet open and whole when it comes (the new deal just begun),
    // folded once this seat has moved in the new deal or closed it; the match's last one open at the end
    var d = document.querySelector("#board details.sheet");
    if (!d) { sheetKey = null; return; }
    var key = d.querySelector("summary").textContent;
    if (key !== sheetKey) { sheetKey = key; sheetMoved = false; sheetWanted = null; }
    if (sheetWanted !== null) d.open = sheetWanted;  // as the person left it
    else if (sheetMoved && !over) d.open = false;    // the table whole again for the new deal
    else d.open = true;
    d.classList.toggle("fresh", d.open && !sheetMoved && !over);
    d.querySelector("summary").addEventListener("click", function () {
      sheetWanted = !d.open;
      if (!sheetWanted) d.classList.remove("fresh");
    });
  }

  function show(m) {
    var before = {}, hand = {};
    document.querySelectorAll("#board .mine [data-card]").forEach(function (el) { hand[el.dataset.card] = el.getBoundingClientRect(); });
    var stock = document.querySelector("#board [data-heap='stock'], #board [data-heap='talon'], #board [data-heap='cotillon-stock']");
    var stockBox = stock ? stock.getBoundingClientRect() : null;
    document.querySelectorAll("#board .trick [data-card]").forEach(function (el) { before[el.dataset.card] = true; });
    rememberTrick();
    version = m.version;
    $("board").innerHTML = m.board;
    $("actions").innerHTML = m.actions;
    $("status").textContent = m.status;
    // motion: a card of the hand now on the trick; a card new in the hand from the stock
    document.querySelectorAll("#board .trick [data-card]").forEach(function (el) {
      if (!before[el.dataset.card] && hand[el.dataset.card]) fly({ getBoundingClientRect: function () { return hand[el.dataset.card]; } }, el);
    });
    if (stockBox) {
      document.querySelectorAll("#board .mine [data-card]").forEach(function (el) {
        if (!hand[el.dataset.card] && Object.keys(hand).length) fly({ getBoundingClientRect: function () { return stockBox; } }, el);
      });
    }
    var laid = document.querySelector("#board .trick .laid");
    if (lastTrick && (!laid || !laid.children.length)) {
      var box = $("last-trick");
      box.querySelector(".laid").innerHTML = lastTrick;
      box.hidden = false;
      lastTrick = null;
    }
    var log = $("log");
    if (m.log_start === 0) log.innerHTML = "";
    m.log.forEach(function (raw, k) {
      var text = (m.plain || [])[k] || raw;  // the server writes the log as plain sentences (room.plain_log)
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
        a.title = W.cite || "";
        a.textContent = cite[0];
        pre.appendChild(a);
        at = i + cite[0].length;
      });
      pre.appendChild(document.createTextNode(text.slice(at)));
      log.appendChild(pre);
    });
    if (m.log.length) log.scrollTop = log.scrollHeight;
    document.body.dataset.over = m.over ? "true" : "false";  // before the end is brought into view: the layout of the end
    foldSheet(m.over);
    $("end").hidden = !m.over;
    if (m.over && !endShown) {  // the result and the final standings at the top of the view (a phone's
      endShown = true;          // screen), the record and the rematch reached by scrolling below them
      $("status").scrollIntoView({ block: "start" });
    }
    showHintBox(m.legal && m.legal.length > 1);  // one move only (a throw of the dice): nothing to advise
    document.body.dataset.version = m.version;
    if (m.error) fail(m.error);
    pending = false;
    var first = document.querySelector("#board .mine [data-action], #actions [data-action]");
    if (first && document.activeElement === document.body) first.focus({ preventScroll: true });
  }

  function next() {  // updates shown one by one: a bot's move after the pace chosen
    if (showing || !queue.length) return;
    var m = queue.shift();
    show(m);
    var mine = m.legal && m.legal.length;
    if (queue.length && !mine && pace() > 0) {
      showing = true;
      setTimeout(function () { showing = false; next(); }, pace());
    } else {
      next();
    }
  }

  function showHintBox(mine) {  // the hint button on this seat's turn with a choice; the hints of an older move put away
    var box = $("hint-box");
    if (!box) return;
    box.hidden = !mine;
    var panel = $("hint-panel");
    if (panel.dataset.version !== String(version)) { panel.hidden = true; panel.querySelector("ol").innerHTML = ""; }
  }

  function askHint() {  // each legal move's value as the server's bot judges it from this seat's view
    var panel = $("hint-panel"), list = panel.querySelector("ol"), title = panel.querySelector(".hint-title");
    if (!cfg.hint || panel.dataset.asking === "1") return;
    panel.dataset.asking = "1";
    panel.dataset.version = String(version);
    list.innerHTML = "";
    title.textContent = W.thinking || "…";
    panel.hidden = false;
    fetch(cfg.hint + "?lang=" + encodeURIComponent(cfg.lang || "en"), { credentials: "same-origin", referrerPolicy: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (r) {
        panel.dataset.asking = "";
        if (r.error) { title.textContent = r.error; return; }
        if (String(r.version) !== panel.dataset.version) return;  // the table has moved on meanwhile
        title.textContent = r.title;
        r.moves.forEach(function (h) {
          var li = document.createElement("li"), b = document.createElement("b"), v = document.createElement("span");
          li.dataset.hint = h.action;
          b.textContent = h.label;
          v.className = "hint-value";
          v.textContent = h.value;
          li.appendChild(b);
          li.appendChild(document.createTextNode(" "));
          li.appendChild(v);
          list.appendChild(li);
        });
      }, function () { panel.dataset.asking = ""; title.textContent = W.reconnecting || "…"; });
  }

  function rematchBegun(by) {  // another seat began the rematch: this page offers to join it
    var note = $("rematch-note"), button = $("rematch");
    if (!note || !button) return;
    note.textContent = (W.rematchBy || "{name} has begun a rematch: join it.").replace("{name}", by);
    note.hidden = false;
    button.textContent = W.joinRematch || "Join the rematch";
    var top = $("rematch-top");  // the same offer at the head of the table, next to the status
    if (top) {
      top.querySelector(".rematch-note").textContent = note.textContent;
      top.hidden = false;
      top.scrollIntoView({ block: "nearest" });
    }
  }

  function fail(text) {
    var e = $("error");
    e.textContent = text;
    e.hidden = false;
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + cfg.ws + (cfg.lang ? "?lang=" + encodeURIComponent(cfg.lang) : ""));
    ws.onopen = function () { wait = 300; $("conn").textContent = W.live || "live"; $("conn").className = "conn live"; };
    ws.onmessage = function (event) {
      var m = JSON.parse(event.data);
      if (m.type === "update") { queue.push(m); next(); }
      else if (m.type === "error") { pending = false; if (m.code !== "stale") fail(m.message); }  // a move sent twice: the first played
      else if (m.type === "ack") { $("error").hidden = true; }
      else if (m.type === "rematch") { rematchBegun(m.by); }
      else if (m.type === "status" && !showing && !queue.length) { $("status").textContent = m.status; }
    };
    ws.onclose = function (event) {
      if (event.code === NO_SUCH_SEAT) {
        $("conn").textContent = W.noSeat || "no seat";
        $("conn").className = "conn down";
        fail((W.gone || "") + " (" + (event.reason || "closed") + ")");
        return;
      }
      $("conn").textContent = W.reconnecting || "reconnecting…";
      $("conn").className = "conn down";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 5000);
    };
  }

  function send(action) {
    if (pending || !cfg.post) return;
    pending = true;
    sheetMoved = true;
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
    if (event.target.closest("#hint")) { askHint(); return; }
    var copy = event.target.closest("[data-copy]");
    if (copy) {
      var input = $(copy.dataset.copy);
      input.select();
      var done = function () { copy.textContent = W.copied || "✓"; };
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
      else { document.execCommand("copy"); done(); }
      return;
    }
    var el = event.target.closest("[data-action]");
    if (el) send(el.dataset.action);
  });
  document.addEventListener("keydown", function (event) {
    var el = event.target.closest && event.target.closest("[data-action]");
    if (el && el.tagName !== "BUTTON" && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); send(el.dataset.action); }
    if (el && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {  // along the hand and the moves
      var all = Array.prototype.slice.call(document.querySelectorAll("#board .mine [data-action], #actions [data-action]"));
      var i = all.indexOf(el) + (event.key === "ArrowRight" ? 1 : -1);
      if (all[i]) { event.preventDefault(); all[i].focus(); }
    }
  });
  var four = $("four-colour");
  if (four) {
    four.checked = localStorage.getItem("academie-four") === "1";
    document.body.classList.toggle("four-colour", four.checked);
    four.addEventListener("change", function () {
      localStorage.setItem("academie-four", four.checked ? "1" : "0");
      document.body.classList.toggle("four-colour", four.checked);
    });
  }
  var p = $("pace");
  if (p) {
    var kept = localStorage.getItem("academie-pace");
    if (kept !== null) p.value = kept;
    p.addEventListener("change", function () { localStorage.setItem("academie-pace", p.value); });
  }
  connect();
})();
