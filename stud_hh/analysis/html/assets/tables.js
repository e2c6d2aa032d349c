/* stud-hh: sortable tables. A click on a header sorts the rows by that column: numbers
   (data-type="num") as numbers, everything else as text; empty cells always last; a second
   click reverses the order. Each cell's sort key is its data-value attribute. */
(function () {
  "use strict";
  function key(cell, numeric) {
    var raw = cell ? cell.getAttribute("data-value") : "";
    if (raw === null || raw === "") { return null; }
    if (numeric) {
      var number = parseFloat(raw);
      return isNaN(number) ? null : number;
    }
    return raw.toLowerCase();
  }
  function compare(a, b, numeric) {
    if (numeric) { return a - b; }
    return a.localeCompare(b, undefined, {numeric: true, sensitivity: "base"});
  }
  function sortBy(table, header, index) {
    var numeric = header.getAttribute("data-type") === "num";
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keyed = rows.map(function (row, position) {
      return {row: row, key: key(row.cells[index], numeric), position: position};
    });
    keyed.sort(function (a, b) {
      if (a.key === null && b.key === null) { return a.position - b.position; }
      if (a.key === null) { return 1; }
      if (b.key === null) { return -1; }
      var order = compare(a.key, b.key, numeric);
      if (order === 0) { return a.position - b.position; }
      return ascending ? order : -order;
    });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    keyed.forEach(function (item) { body.appendChild(item.row); });
  }
  function init() {
    document.querySelectorAll("table.sortable").forEach(function (table) {
      if (!table.tHead || !table.tBodies.length) { return; }
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, index) {
        header.addEventListener("click", function () { sortBy(table, header, index); });
      });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}());
