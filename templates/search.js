// Search box: loads /static/search-index.json on first use and filters it in the browser.
// Results are built with textContent only, so no indexed text can ever become markup.
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  if (!form) return;
  var input = document.getElementById("q"), list = document.getElementById("search-results");
  var status = document.getElementById("search-status"), index = null, loading = null;
  function load() {
    if (!loading) {
      loading = fetch(form.getAttribute("data-index")).then(function (r) { return r.json(); })
        .then(function (data) { index = data; return data; });
    }
    return loading;
  }
  function show(query) {
    var q = query.trim().toLowerCase();
    list.textContent = "";
    if (!q) { status.textContent = ""; return; }
    var found = 0;
    for (var i = 0; i < index.entities.length && found < 50; i++) {
      var e = index.entities[i];
      if (e[1].toLowerCase().indexOf(q) < 0 && e[2].toLowerCase().indexOf(q) < 0) continue;
      var li = document.createElement("li"), a = document.createElement("a"), small = document.createElement("span");
      a.href = e[3]; a.textContent = e[1];
      small.className = "muted"; small.textContent = " " + index.feeds[e[0]] + (e[2] ? " · " + e[2] : "");
      li.appendChild(a); li.appendChild(small); list.appendChild(li); found++;
    }
    status.textContent = found ? (found === 50 ? "First 50 matches" : found + " matches") : "No match";
  }
  function run() { load().then(function () { show(input.value); }); }
  input.addEventListener("input", run);
  form.addEventListener("submit", function (ev) { ev.preventDefault(); run(); });
  var q = new URLSearchParams(window.location.search).get("q");
  if (q) { input.value = q; run(); }
})();
