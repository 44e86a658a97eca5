// The new-table form: another number of players shows as many seats, keeping what was typed
// (the server reads the first n).
(function () {
  "use strict";
  var select = document.getElementById("players");
  if (!select) return;
  select.addEventListener("change", function () {
    var n = Number(select.value);
    document.querySelectorAll("tr.seat-row").forEach(function (row) { row.hidden = Number(row.dataset.seat) >= n; });
    history.replaceState(null, "", "?players=" + n);
  });
})();
