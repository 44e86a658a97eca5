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
  // a bot's parameters box shows an example only for a bot that takes parameters
  document.querySelectorAll("tr.seat-row select.kind").forEach(function (kind) {
    kind.addEventListener("change", function () {
      var box = kind.closest("tr").querySelector("input[name^=params_]");
      var example = kind.selectedOptions[0] && kind.selectedOptions[0].dataset.example;
      if (example) box.placeholder = example; else box.removeAttribute("placeholder");
    });
  });
})();
