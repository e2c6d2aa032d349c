/* stud-hh ui: what every page does. Empty filters are left out of the URL (a shared link
   says only what it filters); writes carry the page's CSRF token (stud_hh.app.security). */
(function () {
  "use strict";
  var form = document.querySelector("form.filters");
  if (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, name) {
        if (String(value).trim() !== "") { params.append(name, String(value).trim()); }
      });
      var query = params.toString();
      window.location.assign(form.getAttribute("action") + (query ? "?" + query : ""));
    });
  }
  var meta = document.querySelector('meta[name="csrf-token"]');
  window.studhh = {
    post: function (url, data) {
      return fetch(url, {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json",
                  "X-CSRF-Token": meta ? meta.getAttribute("content") : ""},
        body: JSON.stringify(data)}).then(function (response) {
          if (!response.ok) {
            return response.text().then(function (text) { throw new Error(text); });
          }
          return response.json();
        });
    }
  };
})();
