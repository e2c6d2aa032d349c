/* stud-hh ui, a player's page: the note and tags on the player at every site, saved with
   POST /api/notes (the page's CSRF token: app.js), then the page shown again. */
(function () {
  "use strict";
  var form = document.querySelector("form.player-note-form");
  if (!form) { return; }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var error = form.querySelector(".form-error");
    error.textContent = "";
    window.studhh.post("/api/notes", {
      site: null, player: form.getAttribute("data-player"), note: form.elements.note.value,
      tags: form.elements.tags.value.split(",")
    }).then(function () { window.location.reload(); }).catch(function (problem) {
      var text = String(problem && problem.message || problem);
      try { text = JSON.parse(text).error || text; } catch (e) { /* plain text */ }
      error.textContent = text;
    });
  });
})();
