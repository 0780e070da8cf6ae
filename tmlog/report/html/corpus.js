// tmlog report DIR: the win-rate table and chart of the filters chosen, and the games
// they keep. Every table is one tmlog stats printed (tmlog.report.html.corpus); the
// filters choose among them and compute nothing.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var data = JSON.parse(document.getElementById("corpus-data").textContent);
  var players = document.getElementById("players");
  var map = document.getElementById("map");
  // A game that does not rate its players has no band filter: its tables are all "all".
  var band = document.getElementById("band");
  function bandValue() { return band ? band.value : "all"; }

  function fixed(v, n) { return v === null ? "-" : Number(v).toFixed(n); }

  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var key in attrs) { node.setAttribute(key, attrs[key]); }
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function chart(rows) {
    var figure = document.getElementById("chart");
    figure.textContent = "";
    var L = 130, W = 640, bar = 16, gap = 6, H = rows.length * (bar + gap) + 24;
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "class": "bars",
                          "aria-label": "Win rate of each faction with its 95% interval" }, figure);
    function x(v) { return L + v * (W - L - 20); }
    [0, 0.25, 0.5, 0.75, 1].forEach(function (v) {
      el("line", { x1: x(v), x2: x(v), y1: 0, y2: H - 18, stroke: "#ddd" }, svg);
      var t = el("text", { x: x(v), y: H - 4, "text-anchor": "middle", "class": "tick" }, svg);
      t.textContent = (v * 100) + "%";
    });
    rows.forEach(function (r, i) {
      var y = i * (bar + gap) + 4;
      var name = el("text", { x: L - 6, y: y + bar - 4, "text-anchor": "end" }, svg);
      name.textContent = r.faction;
      var rect = el("rect", { x: L, y: y, width: x(r.win_rate) - L, height: bar, fill: "#4e79a7" }, svg);
      var title = el("title", {}, rect);
      title.textContent = r.faction + ": " + fixed(r.win_rate * 100, 1) + "% of " + r.games +
        " games (" + fixed(r.ci_low * 100, 1) + "–" + fixed(r.ci_high * 100, 1) + "%)";
      el("line", { x1: x(r.ci_low), x2: x(r.ci_high), y1: y + bar / 2, y2: y + bar / 2,
                   stroke: "#000", "stroke-width": 1.5 }, svg);
      [r.ci_low, r.ci_high].forEach(function (v) {
        el("line", { x1: x(v), x2: x(v), y1: y + 3, y2: y + bar - 3, stroke: "#000", "stroke-width": 1.5 }, svg);
      });
    });
  }

  function show() {
    var key = players.value + "|" + map.value + "|" + bandValue();
    var rows = data.rates[key] || [];
    var body = document.querySelector("#rates-table tbody");
    body.textContent = "";
    rows.forEach(function (r) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-faction", r.faction);
      [r.faction, String(r.games), fixed(r.wins, 2), fixed(r.win_rate, 3),
       fixed(r.ci_low, 3) + "–" + fixed(r.ci_high, 3), fixed(r.avg_vp, 2), fixed(r.avg_rank, 2),
       fixed(r.avg_margin, 2)].forEach(function (text, i) {
        var td = document.createElement(i ? "td" : "th");
        if (i) { td.className = "num"; } else { td.setAttribute("scope", "row"); }
        td.textContent = text;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    chart(rows);
    var kept = 0;
    var games = document.querySelectorAll("#games-table tbody tr");
    for (var i = 0; i < games.length; i++) {
      var keep = (players.value === "all" || games[i].dataset.players === players.value) &&
                 (map.value === "all" || games[i].dataset.map === map.value) &&
                 games[i].dataset.bands.split(" ").indexOf(bandValue()) >= 0;
      games[i].hidden = !keep;
      kept += keep ? 1 : 0;
    }
    document.getElementById("shown").textContent = kept + " games" + (rows.length ? "" : ": none finished");
  }

  players.addEventListener("change", show);
  map.addEventListener("change", show);
  if (band) { band.addEventListener("change", show); }
  show();
})();
