/* stud-hh ui, Live: keeps the panels current. The server tells this page (server-sent
   events, /live/events) when the watch stored a hand or a note was written; the page then
   fetches its panels again (/live/panels, HTML the server escaped) and puts them in place.
   While the note editor is open, the panels wait: they are put in place when it closes.
   #live-panels carries data-updated (the updates so far) for whoever watches the page. */
(function () {
  "use strict";
  var panels = document.getElementById("live-panels");
  var status = document.getElementById("live-status");
  var editor = document.getElementById("note-editor");
  if (!panels || !status || !editor) { return; }
  var form = editor.querySelector("form");
  var loading = false, again = false, waiting = null, updates = 0;

  function say(state, word) {
    status.setAttribute("data-state", state);
    status.querySelector(".live-word").textContent = word;
  }

  function put(html) {
    var fresh = document.createElement("template");
    fresh.innerHTML = html;
    panels.replaceChildren(fresh.content);
    updates += 1;
    panels.setAttribute("data-updated", String(updates));
  }

  function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    fetch("/live/panels", {credentials: "same-origin", cache: "no-store"})
      .then(function (response) {
        if (!response.ok) { throw new Error("the panels: HTTP " + response.status); }
        return response.text();
      })
      .then(function (html) {
        if (editor.open) { waiting = html; } else { put(html); }
      })
      .catch(function () { say("error", "could not load the panels"); })
      .then(function () {
        loading = false;
        if (again) { again = false; refresh(); }
      });
  }

  function listen() {
    var source = new EventSource("/live/events");
    /* the panels again on every (re)connection: a hand stored between the page's panels
       and the stream's start (or while it reconnected) has no event of its own here */
    source.addEventListener("open", function () { say("live", "live"); refresh(); });
    ["hands", "notes", "settings", "error"].forEach(function (name) {
      source.addEventListener(name, refresh);
    });
    source.addEventListener("stop", function () {
      source.close();
      say("stopped", "the app stopped");
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) { say("stopped", "disconnected"); }
      else { say("connecting", "reconnecting"); }
    });
  }

  /* The note editor: opened from a seat's button, filled from the seat's panel. */
  var target = null;
  panels.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.note-edit") : null;
    if (!button) { return; }
    var seat = button.closest("article.seat");
    target = {site: seat.getAttribute("data-site"), player: seat.getAttribute("data-player")};
    editor.querySelector(".note-player").textContent = target.player;
    editor.querySelector(".note-site").textContent = target.site;
    form.elements.note.value = seat.querySelector(".note-text").textContent;
    form.elements.tags.value = Array.prototype.map.call(
      seat.querySelectorAll(".tags .tag"), function (t) { return t.textContent; }).join(", ");
    form.elements.every_site.checked = seat.hasAttribute("data-note-site");
    form.querySelector(".form-error").textContent = "";
    editor.showModal();
    form.elements.note.focus();
  });

  function closed() {
    if (waiting !== null) { put(waiting); waiting = null; }
  }
  editor.addEventListener("close", closed);
  form.querySelector(".cancel").addEventListener("click", function () { editor.close(); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!target) { return; }
    var error = form.querySelector(".form-error");
    error.textContent = "";
    window.studhh.post("/api/notes", {
      site: form.elements.every_site.checked ? null : target.site,
      player: target.player,
      note: form.elements.note.value,
      tags: form.elements.tags.value.split(",")
    }).then(function () {
      editor.close();
      refresh();
    }).catch(function (problem) { error.textContent = message(problem); });
  });

  function message(problem) {
    var text = String(problem && problem.message || problem);
    try { return JSON.parse(text).error || text; } catch (e) { return text; }
  }

  /* The colours' form: every threshold and the sample, into the settings file. */
  var hud = document.querySelector("form.hud-form");
  if (hud) {
    hud.addEventListener("submit", function (event) {
      event.preventDefault();
      var thresholds = {};
      hud.querySelectorAll("tr[data-stat]").forEach(function (row) {
        var name = row.getAttribute("data-stat");
        thresholds[name] = [hud.elements[name + "-low"].value,
                            hud.elements[name + "-high"].value];
      });
      var error = hud.querySelector(".form-error"), saved = hud.querySelector(".saved");
      error.textContent = ""; saved.textContent = "";
      window.studhh.post("/api/settings", {
        thresholds: thresholds, min_sample: parseInt(hud.elements.min_sample.value, 10)
      }).then(function () { saved.textContent = "saved"; refresh(); })
        .catch(function (problem) { error.textContent = message(problem); });
    });
  }

  panels.setAttribute("data-updated", "0");
  listen();
})();
