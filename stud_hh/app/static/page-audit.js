/* stud-hh ui, the audit page: draws each chart of the audit report's sections (a
   <div class="chart" id="ID"> beside its figure in the JSON block #ID-data, as
   stud_hh.analysis.html.charts.figure_html writes them) with Plotly. */
(function () {
  "use strict";
  document.querySelectorAll("div.chart[id]").forEach(function (div) {
    var source = document.getElementById(div.id + "-data");
    if (!source || typeof Plotly === "undefined") { return; }
    var spec = JSON.parse(source.textContent);
    Plotly.newPlot(div, spec.data, spec.layout, spec.config).then(function () {
      div.setAttribute("data-drawn", "true");
    });
  });
})();
