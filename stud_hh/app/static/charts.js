/* stud-hh ui: draws each <div class="chart" data-chart="ID" data-kind="KIND"> from the JSON
   block #ID with Plotly (served by the app). Kinds: "curve" (running totals), "plotly" (a
   figure given whole as {data, layout}). */
(function () {
  "use strict";
  var CURVES = [["total", "All hands", "#2b6cb0"], ["shown", "At showdown", "#2e7d32"],
                ["unshown", "Without showdown", "#c0392b"], ["adjusted", "Luck-adjusted", "#8e44ad"]];
  function figure(kind, data) {
    if (kind === "plotly") { return data; }
    var traces = CURVES.filter(function (c) { return data[c[0]]; }).map(function (c) {
      return {x: data.n, y: data[c[0]], name: c[1], mode: "lines", line: {color: c[2], width: 1.6}};
    });
    return {data: traces, layout: {
      margin: {l: 56, r: 16, t: 10, b: 40}, xaxis: {title: {text: "hands"}},
      yaxis: {title: {text: "big bets"}, zeroline: true}, legend: {orientation: "h"},
      hovermode: "x unified"}};
  }
  function draw(element) {
    var source = document.getElementById(element.getAttribute("data-chart"));
    if (!source || typeof Plotly === "undefined") { return; }
    var spec = figure(element.getAttribute("data-kind"), JSON.parse(source.textContent));
    if (!spec.data.length || (spec.data[0].x && !spec.data[0].x.length)) {
      element.textContent = "No hands with a big bet to draw.";
      element.style.minHeight = "0";
      return;
    }
    Plotly.newPlot(element, spec.data, spec.layout, {displaylogo: false, responsive: true});
  }
  document.querySelectorAll(".chart[data-chart]").forEach(draw);
})();
