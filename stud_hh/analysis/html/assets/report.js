/* stud-hh: draws every chart of the page from the JSON beside it (Plotly, inline), and
   opens a hand in the replayer when a point of a per-hand curve is clicked and the page
   holds that hand's replay (the keys are in #stud-hh-embedded). */
(function () {
  "use strict";
  function embedded() {
    var element = document.getElementById("stud-hh-embedded");
    var keys = element ? JSON.parse(element.textContent) : [];
    var set = {};
    keys.forEach(function (k) { set[k] = true; });
    return set;
  }
  function openHand(key, held) {
    if (held[key] && window.StudReplayer && typeof window.StudReplayer.open === "function") {
      window.StudReplayer.open(key);
    }
  }
  function draw(div, held) {
    var source = document.getElementById(div.id + "-data");
    if (!source || !window.Plotly) { return; }
    var spec = JSON.parse(source.textContent);
    window.Plotly.newPlot(div, spec.data, spec.layout, spec.config).then(function () {
      div.setAttribute("data-drawn", "true");
    });
    div.on("plotly_click", function (event) {
      (event.points || []).some(function (point) {
        var data = point.customdata;
        if (data && typeof data[0] === "string" && data[0].indexOf("#") > 0) {
          openHand(data[0], held);
          return true;
        }
        return false;
      });
    });
  }
  function keyboard(held) {
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if ((event.key === "Enter" || event.key === " ") && target &&
          target.getAttribute && target.getAttribute("data-hand")) {
        event.preventDefault();
        target.click();
      }
    });
  }
  function init() {
    var held = embedded();
    document.querySelectorAll("div.chart").forEach(function (div) { draw(div, held); });
    keyboard(held);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}());
