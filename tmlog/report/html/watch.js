// tmlog report: the board at every step, the step's figures, and the charts over time.
// Reads the JSON in #watch-data (written by tmlog.report.html.steps_data); asks the
// network for nothing.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var data = JSON.parse(document.getElementById("watch-data").textContent);
  var steps = data.steps;
  var count = steps.at.length;
  var slider = document.getElementById("slider");
  var boardSvg = document.querySelector("#board svg");
  var layer = document.createElementNS(NS, "g");
  layer.setAttribute("id", "pieces");
  boardSvg.appendChild(layer);
  var labels = boardSvg.querySelector("g.labels");
  if (labels) { boardSvg.appendChild(labels); }  // names stay readable over the pieces
  var measures = [];
  data.charts.forEach(function (chart) { measures = measures.concat(chart[1]); });
  var cursors = [];
  var current = -1;

  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var key in attrs) { node.setAttribute(key, attrs[key]); }
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function drawBoard(index) {
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    var seen = {};
    data.boards[index].forEach(function (i) {
      var piece = data.pieces[i];
      var at = data.places[piece[0]];
      if (!at) { return; }
      var x = at[0], y = at[1];
      if (data.spread && data.fixed.indexOf(piece[1]) < 0) {
        // Several labelled pieces at one place: rows of four, centred on it.
        var n = seen[piece[0]] || 0;
        seen[piece[0]] = n + 1;
        x += ((n % 4) - 1.5) * data.spread;
        y += (Math.floor(n / 4) - 0.5) * data.spread;
      }
      var use = el("use", { href: "#" + piece[1], x: x, y: y, fill: piece[2], stroke: piece[2] }, layer);
      use.setAttribute("class", "piece");
      use.setAttribute("data-place", piece[0]);
      use.setAttribute("data-kind", piece[1]);
      if (piece[3]) {
        var text = el("text", { x: x, y: y + 4, "class": "piece-label" }, layer);
        text.textContent = piece[3];
      }
    });
  }

  function show(index) {
    if (!count) { return; }
    index = Math.max(0, Math.min(count - 1, index));
    current = index;
    slider.value = String(index);
    document.getElementById("step-label").textContent =
      "Step " + (index + 1) + " of " + count + ": " + steps.label[index];
    document.getElementById("step-actor").textContent = steps.actor[index] ? steps.actor[index] + ":" : "";
    document.getElementById("step-text").textContent = steps.text[index];
    document.getElementById("step-at").textContent = "(--at " + steps.at[index] + ")";
    var marks = document.getElementById("step-marks");
    marks.textContent = "";
    (steps.marks[index] || []).forEach(function (m) {
      var li = document.createElement("li");
      li.textContent = "✗ " + m;
      marks.appendChild(li);
    });
    drawBoard(steps.board[index]);
    data.sides.forEach(function (side) {
      var row = document.querySelector('#now tr[data-side="' + side.name + '"]');
      measures.forEach(function (m) {
        var v = data.values[m][side.name][index];
        row.querySelector('td[data-measure="' + m + '"]').textContent = v === null ? "-" : String(v);
      });
    });
    cursors.forEach(function (c) { c.move(index); });
    var rows = document.querySelectorAll("#ledger-table tr.current");
    for (var i = 0; i < rows.length; i++) { rows[i].classList.remove("current"); }
    var mine = document.querySelectorAll('#ledger-table tr[data-step="' + index + '"]');
    for (var j = 0; j < mine.length; j++) { mine[j].classList.add("current"); }
  }

  // ------------------------------------------------------------ charts

  var DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"];

  function chart(measure, parent, wide) {
    var W = wide ? 900 : 320, H = wide ? 240 : 150, L = 34, R = 8, T = 8, B = 20;
    var lo = 0, hi = 1;
    data.sides.forEach(function (side) {
      data.values[measure][side.name].forEach(function (v) {
        if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      });
    });
    var figure = document.createElement("figure");
    figure.className = "chart";
    var caption = document.createElement("figcaption");
    caption.textContent = measure;
    figure.appendChild(caption);
    var svg = el("svg", { viewBox: "0 0 " + W + " " + H, role: "img",
                          "aria-label": measure + " of each faction at every step" });
    svg.setAttribute("data-measure", measure);
    figure.appendChild(svg);
    parent.appendChild(figure);
    function x(i) { return L + (count > 1 ? i * (W - L - R) / (count - 1) : 0); }
    function y(v) { return T + (hi - v) * (H - T - B) / (hi - lo); }
    el("line", { x1: L, x2: W - R, y1: y(lo), y2: y(lo), "class": "axis" }, svg);
    el("line", { x1: L, x2: L, y1: T, y2: H - B, "class": "axis" }, svg);
    [lo, hi].forEach(function (v) {
      var t = el("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", "class": "tick" }, svg);
      t.textContent = String(v);
    });
    var t0 = el("text", { x: L, y: H - 4, "class": "tick" }, svg);
    t0.textContent = "step 1";
    var t1 = el("text", { x: W - R, y: H - 4, "text-anchor": "end", "class": "tick" }, svg);
    t1.textContent = "step " + count;
    data.sides.forEach(function (side, k) {
      var points = [];
      data.values[measure][side.name].forEach(function (v, i) {
        if (v !== null) { points.push(x(i).toFixed(1) + "," + y(v).toFixed(1)); }
      });
      var line = el("polyline", { points: points.join(" "), fill: "none", stroke: side.color,
                                  "stroke-width": 1.6, "class": "series" }, svg);
      if (DASHES[k % DASHES.length]) { line.setAttribute("stroke-dasharray", DASHES[k % DASHES.length]); }
      line.setAttribute("data-side", side.name);
    });
    var cursor = el("line", { y1: T, y2: H - B, "class": "cursor" }, svg);
    var tip = el("text", { x: L + 4, y: T + 10, "class": "tip" }, svg);
    function stepAt(event) {
      var box = svg.getBoundingClientRect();
      var px = (event.clientX - box.left) * W / box.width;
      return Math.max(0, Math.min(count - 1, Math.round((px - L) * (count - 1) / (W - L - R))));
    }
    svg.addEventListener("mousemove", function (event) {
      var i = stepAt(event);
      tip.textContent = "step " + (i + 1) + ": " + data.sides.map(function (side) {
        var v = data.values[measure][side.name][i];
        return side.name + " " + (v === null ? "-" : v);
      }).join(", ");
    });
    svg.addEventListener("mouseleave", function () { tip.textContent = ""; });
    svg.addEventListener("click", function (event) { show(stepAt(event)); });
    cursors.push({ move: function (i) {
      cursor.setAttribute("x1", x(i)); cursor.setAttribute("x2", x(i));
    } });
  }

  var charts = document.getElementById("charts");
  data.charts.forEach(function (group, g) {
    var section = document.createElement("div");
    section.className = g ? "chart-group" : "chart-group main";
    var h = document.createElement("h3");
    h.textContent = group[0];
    section.appendChild(h);
    group[1].forEach(function (m) { chart(m, section, !g); });
    charts.appendChild(section);
  });
  var key = document.createElement("ul");
  key.className = "legend";
  data.sides.forEach(function (side, k) {
    var li = document.createElement("li");
    var svg = el("svg", { width: 30, height: 10, "aria-hidden": "true" });
    var line = el("line", { x1: 0, x2: 30, y1: 5, y2: 5, stroke: side.color, "stroke-width": 2 }, svg);
    if (DASHES[k % DASHES.length]) { line.setAttribute("stroke-dasharray", DASHES[k % DASHES.length]); }
    li.appendChild(svg);
    li.appendChild(document.createTextNode(" " + side.name));
    key.appendChild(li);
  });
  charts.insertBefore(key, charts.firstChild);

  // ----------------------------------------------------------- controls

  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(count - 1); });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target === slider || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    else if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    else if (event.key === "Home") { show(0); event.preventDefault(); }
    else if (event.key === "End") { show(count - 1); event.preventDefault(); }
  });
  function fromHash() {
    var m = /^#step-(\d+)$/.exec(window.location.hash);
    if (m) { show(parseInt(m[1], 10)); return true; }
    return false;
  }
  window.addEventListener("hashchange", function () {
    if (fromHash()) { document.getElementById("watch").scrollIntoView(); }
  });
  if (!fromHash()) { show(count - 1); }
})();
