// The page of "waterworks serve". It draws nothing of its own but marks and
// click targets: pictures come from the server's renderer, and every
// judgement (is the grid solved, which cells are wrong, the next hint, how
// many solutions) is the server's. Strings from users and from the server
// are put in the page with textContent, never as markup; SVG pictures are
// parsed as SVG documents and imported.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);

// ---------- talking to the server ----------

class APIError extends Error {
  constructor(status, body) {
    super(body.error || ('HTTP ' + status));
    this.status = status;
    this.problems = body.problems || [];
  }
}

async function post(path, body) {
  const res = await fetch(path, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  });
  let data;
  try { data = await res.json(); } catch (e) { data = {error: 'bad answer from the server (HTTP ' + res.status + ')'}; }
  if (!res.ok) throw new APIError(res.status, data);
  return data;
}

// parseSVG turns the server's SVG text into an element of this document.
function parseSVG(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg') throw new Error('the server sent a picture that is not SVG');
  return document.importNode(root, true);
}

function svgEl(name, attrs) {
  const el = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  return el;
}

function showError(box, err, field) {
  box.textContent = err ? (err.problems && err.problems.length ? err.problems.map((p) => p.message).join('\n') : err.message) : '';
  if (field) field.setAttribute('aria-invalid', err ? 'true' : 'false');
}

// ---------- tabs ----------

const tabs = ['play', 'set', 'race', 'pour'];
function selectTab(name) {
  for (const t of tabs) {
    const on = t === name;
    $('tab-' + t).setAttribute('aria-selected', String(on));
    $('tab-' + t).tabIndex = on ? 0 : -1;
    $(t).classList.toggle('hidden', !on);
  }
  $('source').classList.toggle('hidden', name === 'pour');
  if (name === 'set' && state.puzzle && !setter.loaded) setter.from(state.puzzle);
}
for (const t of tabs) {
  $('tab-' + t).addEventListener('click', () => selectTab(t));
  $('tab-' + t).addEventListener('keydown', (e) => {
    const i = tabs.indexOf(t);
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    if (e.key === 'ArrowLeft') j = (i + tabs.length - 1) % tabs.length;
    if (j >= 0) { selectTab(tabs[j]); $('tab-' + tabs[j]).focus(); e.preventDefault(); }
  });
}

// ---------- the current puzzle and the player's grid ----------

const state = {
  puzzle: null,   // as the server sends it: width, height, regions, cols, rows, names, rule, id
  cells: '',      // '#' water, '.' empty, '?' unknown, row by row
  board: null,    // {svg, geometry}
  undo: [],
  redo: [],
  hint: null,
  marks: [],      // [{cls, cells:[{row,col}]}]
  cursor: {row: 0, col: 0},
  busy: Promise.resolve(),
};

// queue runs server calls that change the grid one after another, so fast
// clicks apply in order to the latest grid.
function queue(f) {
  state.busy = state.busy.then(f).catch((err) => { $('play-message').textContent = err.message; });
  return state.busy;
}

function setPuzzle(view) {
  state.puzzle = view.puzzle;
  state.undo = [];
  state.redo = [];
  state.hint = null;
  state.marks = [];
  state.cursor = {row: 0, col: 0};
  $('hint-box').classList.add('hidden');
  $('apply-hint').disabled = true;
  $('play-message').textContent = '';
  $('play-message').classList.remove('solved');
  showPlay({cells: view.cells, board: view.board});
  const id = view.puzzle.id || 'a puzzle';
  let note = 'Loaded ' + id + ' (' + view.puzzle.width + 'x' + view.puzzle.height + ', ' + view.puzzle.rule + ' rule)' + (view.source !== id ? ' from ' + view.source : '');
  if (view.grade) note += '; grade ' + view.grade.level + ' (' + view.grade.why + ')';
  if (view.problems && view.problems.length) note += '. Skipped: ' + view.problems.map((p) => p.message).join('; ');
  $('source-note').textContent = note + '.';
  const which = $('which');
  which.replaceChildren();
  if (view.count > 1) {
    (view.ids || []).forEach((id, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = (i + 1) + ': ' + id;
      which.append(o);
    });
    which.value = String(view.index);
  }
  which.classList.toggle('hidden', view.count <= 1);
  $('which-label').classList.toggle('hidden', view.count <= 1);
  setter.loaded = false;
  if (!$('set').classList.contains('hidden')) setter.from(view.puzzle);
  clearRace();
}

// showPlay shows the grid the server judged.
function showPlay(v) {
  state.cells = v.cells;
  state.board = v.board;
  const box = $('play-board');
  box.dataset.cells = v.cells;
  box.dataset.solved = v.solved ? 'true' : 'false';
  drawBoard(box, v.board, state.puzzle, state.marks, true);
  const msg = $('play-message');
  if (v.message) msg.textContent = v.message;
  msg.classList.toggle('solved', !!v.solved);
  $('undo').disabled = state.undo.length === 0;
  $('redo').disabled = state.redo.length === 0;
}

// drawBoard puts a server picture in box, with marks and, when clickable,
// a click target over every cell.
function drawBoard(box, board, puzzle, marks, clickable) {
  const svg = parseSVG(board.svg);
  const g = board.geometry;
  const at = (r, c) => ({x: g.left + c * g.cell, y: g.top + r * g.cell});
  const layer = svgEl('g', {class: 'marks'});
  for (const m of marks || []) {
    for (const c of m.cells) {
      const p = at(c.row, c.col);
      layer.append(svgEl('rect', {class: 'mark ' + m.cls, x: p.x + 1.5, y: p.y + 1.5, width: g.cell - 3, height: g.cell - 3, 'data-row': c.row, 'data-col': c.col}));
    }
    if (m.line) {
      const l = m.line;
      const p = l.column ? at(0, l.index) : at(l.index, 0);
      layer.append(svgEl('rect', {class: 'mark ' + m.cls, x: p.x, y: p.y,
        width: l.column ? g.cell : g.cell * puzzle.width, height: l.column ? g.cell * puzzle.height : g.cell,
        'data-line': (l.column ? 'column ' : 'row ') + l.index}));
    }
  }
  svg.append(layer);
  if (clickable) {
    const targets = svgEl('g', {class: 'cells'});
    for (let r = 0; r < puzzle.height; r++) {
      for (let c = 0; c < puzzle.width; c++) {
        const p = at(r, c);
        targets.append(svgEl('rect', {class: 'cell', x: p.x, y: p.y, width: g.cell, height: g.cell, 'data-row': r, 'data-col': c}));
      }
    }
    svg.append(targets);
    const p = at(state.cursor.row, state.cursor.col);
    svg.append(svgEl('rect', {class: 'cursor', x: p.x + 2, y: p.y + 2, width: g.cell - 4, height: g.cell - 4}));
  }
  box.replaceChildren(svg);
  return svg;
}

const cycle = {'?': '#', '#': '.', '.': '?'};
const back = {'?': '.', '.': '#', '#': '?'};
const cellWords = {'#': 'water', '.': 'empty', '?': 'unknown'};

function cellAt(r, c) { return state.cells[r * state.puzzle.width + c]; }

// move sends a click on a cell (to: the value it takes) and shows the
// grid the server returns.
function move(row, col, to) {
  return queue(async () => {
    if (!state.puzzle) return;
    const before = state.cells;
    const v = await post('/api/aquarium/play', {puzzle: state.puzzle, cells: before, click: {row, col, to}});
    if (v.cells !== before) {
      state.undo.push(before);
      state.redo = [];
    }
    state.marks = state.marks.filter((m) => m.cls !== 'mark-wrong');
    showPlay(v);
    if (!v.message) $('play-message').textContent = 'Row ' + (row + 1) + ', column ' + (col + 1) + ': ' + cellWords[to] + '.';
  });
}

// redraw asks the server to draw and judge a grid.
function redraw(cells, record) {
  return queue(async () => {
    const v = await post('/api/aquarium/play', {puzzle: state.puzzle, cells});
    if (record && v.cells !== state.cells) {
      state.undo.push(state.cells);
      state.redo = [];
    }
    showPlay(v);
  });
}

const playBoard = $('play-board');
playBoard.addEventListener('click', (e) => {
  const t = e.target;
  if (!t.classList || !t.classList.contains('cell')) return;
  const r = +t.dataset.row, c = +t.dataset.col;
  state.cursor = {row: r, col: c};
  move(r, c, cycle[cellAt(r, c)]);
});
playBoard.addEventListener('contextmenu', (e) => {
  const t = e.target;
  if (!t.classList || !t.classList.contains('cell')) return;
  e.preventDefault();
  const r = +t.dataset.row, c = +t.dataset.col;
  state.cursor = {row: r, col: c};
  move(r, c, back[cellAt(r, c)]);
});
playBoard.addEventListener('keydown', (e) => {
  if (!state.puzzle) return;
  const cur = state.cursor;
  const keys = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (keys[e.key]) {
    cur.row = Math.min(Math.max(cur.row + keys[e.key][0], 0), state.puzzle.height - 1);
    cur.col = Math.min(Math.max(cur.col + keys[e.key][1], 0), state.puzzle.width - 1);
    drawBoard(playBoard, state.board, state.puzzle, state.marks, true);
    $('play-message').textContent = 'Row ' + (cur.row + 1) + ', column ' + (cur.col + 1) + ': ' + cellWords[cellAt(cur.row, cur.col)] + '.';
    e.preventDefault();
    return;
  }
  const to = {' ': cycle[cellAt(cur.row, cur.col)], Enter: cycle[cellAt(cur.row, cur.col)], w: '#', x: '.', e: '.', u: '?', Backspace: '?', Delete: '?'}[e.key];
  if (to && !e.ctrlKey && !e.metaKey) {
    move(cur.row, cur.col, to);
    e.preventDefault();
  }
});
document.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || $('play').classList.contains('hidden')) return;
  if (e.target.closest && e.target.closest('textarea, input')) return;
  if (e.key === 'z') { undo(); e.preventDefault(); }
  if (e.key === 'y') { redo(); e.preventDefault(); }
});

function undo() {
  if (!state.undo.length) return;
  const cells = state.undo.pop();
  state.redo.push(state.cells);
  redraw(cells, false);
}
function redo() {
  if (!state.redo.length) return;
  const cells = state.redo.pop();
  state.undo.push(state.cells);
  redraw(cells, false);
}
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('clear').addEventListener('click', () => {
  if (!state.puzzle) return;
  state.marks = [];
  redraw('?'.repeat(state.puzzle.width * state.puzzle.height), true);
});

$('hint').addEventListener('click', () => queue(async () => {
  if (!state.puzzle) return;
  $('play-message').textContent = 'Thinking…';
  const h = await post('/api/aquarium/hint', {puzzle: state.puzzle, cells: state.cells});
  state.hint = h;
  state.marks = [];
  if (h.aquarium) state.marks.push({cls: 'mark-aquarium', cells: h.aquarium});
  if (h.line) state.marks.push({cls: 'mark-line', cells: [], line: h.line});
  if (h.supposed) state.marks.push({cls: 'mark-supposed', cells: h.supposed});
  if (h.cells) state.marks.push({cls: 'mark-hint', cells: h.cells});
  $('hint-text').textContent = h.text;
  $('hint-outline').textContent = h.outline || '';
  $('hint-box').classList.remove('hidden');
  $('apply-hint').disabled = !(h.found && h.cells && h.cells.length);
  $('play-message').textContent = h.found ? 'Hint (' + h.rule + (h.depth ? ', depth ' + h.depth : '') + '): see the marked cells.' : h.text;
  drawBoard(playBoard, state.board, state.puzzle, state.marks, true);
}));

$('apply-hint').addEventListener('click', () => {
  const h = state.hint;
  if (!h || !h.cells) return;
  const cells = state.cells.split('');
  for (const c of h.cells) cells[c.row * state.puzzle.width + c.col] = c.cell;
  state.hint = null;
  $('apply-hint').disabled = true;
  redraw(cells.join(''), true);
});

$('check').addEventListener('click', () => queue(async () => {
  if (!state.puzzle) return;
  const v = await post('/api/aquarium/check', {puzzle: state.puzzle, cells: state.cells});
  state.marks = v.wrong ? [{cls: 'mark-wrong', cells: v.wrong}] : [];
  drawBoard(playBoard, state.board, state.puzzle, state.marks, true);
  playBoard.dataset.wrong = String((v.wrong || []).length);
  $('play-message').textContent = v.message;
  $('play-message').classList.toggle('solved', !!v.solved);
}));

$('show-solution').addEventListener('click', () => queue(async () => {
  if (!state.puzzle) return;
  const v = await post('/api/aquarium/solve', {puzzle: state.puzzle});
  if (!v.solutions || !v.solutions.length) {
    $('play-message').textContent = v.status === 'unsolvable' ? 'The puzzle has no solution.' : (v.message || 'No solution found in time.');
    return;
  }
  state.marks = [];
  state.undo.push(state.cells);
  state.redo = [];
  const p = await post('/api/aquarium/play', {puzzle: state.puzzle, cells: v.solutions[0]});
  showPlay(p);
}));

// ---------- loading and generating ----------

async function load(req) {
  showError($('load-error'), null, $('input'));
  try {
    setPuzzle(await post('/api/aquarium/load', req));
  } catch (err) {
    showError($('load-error'), err, $('input'));
  }
}
let lastLoad = null;
$('load').addEventListener('click', () => { lastLoad = {text: $('input').value}; load(lastLoad); });
if ($('load-file')) $('load-file').addEventListener('click', () => { lastLoad = {file: +$('file').value}; load(lastLoad); });
$('which').addEventListener('change', () => { if (lastLoad) load({...lastLoad, index: +$('which').value}); });
$('generate').addEventListener('submit', async (e) => {
  e.preventDefault();
  showError($('load-error'), null, $('input'));
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec($('gen-size').value);
  if (!m) { showError($('load-error'), new Error('size: want WxH, such as 6x6')); return; }
  $('gen-go').disabled = true;
  $('source-note').textContent = 'Generating…';
  try {
    setPuzzle(await post('/api/aquarium/generate', {width: +m[1], height: +m[2], seed: +$('gen-seed').value || 0,
      difficulty: $('gen-difficulty').value, rule: $('gen-rule').value}));
  } catch (err) {
    showError($('load-error'), err);
    $('source-note').textContent = '';
  } finally {
    $('gen-go').disabled = false;
  }
});

// ---------- the setter ----------

const setter = {
  loaded: false,
  p: null, // {width, height, right: [bool], below: [bool], cols, rows, rule, id}
  seq: 0,
  timer: 0,
  last: null, // the last analysis
  regions: null,

  aquariums: 0,

  blank(w, h) {
    this.p = {width: w, height: h, right: Array((w - 1) * h).fill(false), below: Array(w * (h - 1)).fill(false),
      cols: Array(w).fill(-1), rows: Array(h).fill(-1), rule: $('set-rule').value, id: ''};
    this.loaded = true;
    this.analyse(0);
  },

  // from takes the walls of a loaded puzzle: an aquarium of separate
  // pieces becomes one aquarium per piece, as walls can only say.
  from(pz) {
    const w = pz.width, h = pz.height, reg = pz.regions;
    const right = [], below = [];
    for (let r = 0; r < h; r++) for (let c = 0; c < w - 1; c++) right.push(reg[r * w + c] !== reg[r * w + c + 1]);
    for (let r = 0; r < h - 1; r++) for (let c = 0; c < w; c++) below.push(reg[r * w + c] !== reg[(r + 1) * w + c]);
    this.p = {width: w, height: h, right, below, cols: pz.cols.slice(), rows: pz.rows.slice(), rule: pz.rule, id: pz.id || ''};
    this.aquariums = new Set(reg).size; // to tell when walls split an aquarium of pieces
    $('set-w').value = w;
    $('set-h').value = h;
    $('set-rule').value = pz.rule;
    this.loaded = true;
    this.analyse(0);
  },

  json() {
    const p = this.p;
    const bits = (a) => a.map((b) => (b ? '1' : '0')).join('');
    return {id: p.id, width: p.width, height: p.height, walls: {right: bits(p.right), below: bits(p.below)},
      cols: p.cols, rows: p.rows, rule: p.rule};
  },

  // analyse asks the server about the puzzle after a pause in editing;
  // answers to older edits are dropped.
  analyse(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delay);
  },

  async run() {
    const seq = ++this.seq;
    $('set-status').textContent = 'Counting solutions…';
    $('set-status').className = 'status';
    try {
      const a = await post('/api/aquarium/analyse', {puzzle: this.json()});
      if (seq !== this.seq) return;
      showError($('set-error'), null);
      this.show(a);
    } catch (err) {
      if (seq !== this.seq) return;
      showError($('set-error'), err);
      $('set-status').textContent = '';
    }
  },

  show(a) {
    this.last = a;
    this.regions = a.puzzle.regions;
    this.draw();
    const st = $('set-status');
    st.textContent = a.count.message;
    st.className = 'status ' + a.count.status.replace(' ', '-');
    st.dataset.status = a.count.status;
    st.dataset.seq = String(this.seq);
    let grade = a.grade ? 'Grade: ' + a.grade.level + ' (' + a.grade.why + ').' : '';
    if (this.aquariums && new Set(a.puzzle.regions).size !== this.aquariums) {
      grade += ' Walls can only draw connected aquariums: each piece of the loaded puzzle\'s aquariums is one here.';
    }
    this.aquariums = 0;
    $('set-grade').textContent = grade;
    const pair = $('set-solutions');
    pair.replaceChildren();
    (a.count.boards || []).forEach((b, i) => {
      const fig = document.createElement('figure');
      const box = document.createElement('div');
      box.className = 'board solution';
      box.dataset.cells = a.count.solutions[i];
      const marks = a.count.differ ? [{cls: 'mark-differ', cells: a.count.differ}] : [];
      drawBoard(box, b, a.puzzle, marks, false);
      const cap = document.createElement('figcaption');
      const n = (a.count.differ || []).length;
      cap.textContent = a.count.boards.length > 1 ? 'Solution ' + (i + 1) + ' (' + n + (n === 1 ? ' cell differs' : ' cells differ') + ', marked)' : 'The solution';
      fig.append(box, cap);
      pair.append(fig);
    });
    const logic = $('set-logic');
    logic.replaceChildren();
    if (a.logic) {
      const fig = document.createElement('figure');
      const box = document.createElement('div');
      box.className = 'board';
      drawBoard(box, a.logic.board, a.puzzle, [], false);
      const cap = document.createElement('figcaption');
      cap.textContent = 'What logic alone settles: ' + a.logic.message;
      fig.append(box, cap);
      logic.append(fig);
    }
    const dl = $('set-exports');
    dl.replaceChildren();
    for (const ex of a.exports) {
      const dt = document.createElement('dt');
      dt.textContent = ex.format;
      const dd = document.createElement('dd');
      if (ex.error) {
        dd.textContent = 'cannot: ' + ex.error;
        dd.className = 'note';
      } else {
        const ta = document.createElement('textarea');
        ta.readOnly = true;
        ta.rows = Math.min(8, ex.text.split('\n').length);
        ta.value = ex.text;
        ta.setAttribute('aria-label', ex.format);
        dd.append(ta);
      }
      dl.append(dt, dd);
    }
  },

  // draw shows the puzzle with a target on every edge between two cells
  // and a box for every clue.
  draw() {
    const a = this.last, p = this.p;
    if (!a) return;
    const box = $('set-board');
    const svg = drawBoard(box, a.board, a.puzzle, [], false);
    const g = a.board.geometry, w = p.width, h = p.height, reg = this.regions;
    const edges = svgEl('g', {class: 'edges'});
    const hit = Math.max(6, g.cell / 4);
    p.right.forEach((on, i) => {
      const r = Math.floor(i / (w - 1)), c = i % (w - 1);
      const x = g.left + (c + 1) * g.cell, y = g.top + r * g.cell;
      const dangling = on && reg[r * w + c] === reg[r * w + c + 1];
      edges.append(svgEl('rect', {class: 'edge' + (dangling ? ' dangling' : ''), x: x - hit / 2, y: y + 2, width: hit, height: g.cell - 4,
        'data-kind': 'right', 'data-index': i, 'aria-label': 'wall right of row ' + (r + 1) + ', column ' + (c + 1)}));
    });
    p.below.forEach((on, i) => {
      const r = Math.floor(i / w), c = i % w;
      const x = g.left + c * g.cell, y = g.top + (r + 1) * g.cell;
      const dangling = on && reg[r * w + c] === reg[(r + 1) * w + c];
      edges.append(svgEl('rect', {class: 'edge' + (dangling ? ' dangling' : ''), x: x + 2, y: y - hit / 2, width: g.cell - 4, height: hit,
        'data-kind': 'below', 'data-index': i, 'aria-label': 'wall below row ' + (r + 1) + ', column ' + (c + 1)}));
    });
    svg.append(edges);
    const clues = svgEl('g', {class: 'clue-inputs'});
    const clueBox = (x, y, value, label, onChange) => {
      const fo = svgEl('foreignObject', {x: x + 2, y: y + 2, width: g.cell - 4, height: g.cell - 4});
      const input = document.createElement('input');
      input.className = 'clue-input';
      input.value = value < 0 ? '' : String(value);
      input.inputMode = 'numeric';
      input.maxLength = 3;
      input.setAttribute('aria-label', label);
      input.style.fontSize = Math.round(g.cell * 0.5) + 'px';
      input.addEventListener('input', () => {
        const t = input.value.trim();
        onChange(t === '' ? -1 : (/^\d+$/.test(t) ? +t : NaN));
      });
      fo.append(input);
      clues.append(fo);
    };
    for (let c = 0; c < w; c++) {
      clueBox(g.left + c * g.cell, g.top - g.cell, p.cols[c], 'clue of column ' + (c + 1), (v) => { if (!Number.isNaN(v)) { p.cols[c] = v; this.analyse(300); } });
    }
    for (let r = 0; r < h; r++) {
      clueBox(g.left - g.cell, g.top + r * g.cell, p.rows[r], 'clue of row ' + (r + 1), (v) => { if (!Number.isNaN(v)) { p.rows[r] = v; this.analyse(300); } });
    }
    svg.append(clues);
  },
};

$('set-board').addEventListener('click', (e) => {
  const t = e.target;
  if (!t.classList || !t.classList.contains('edge')) return;
  const list = setter.p[t.dataset.kind];
  list[+t.dataset.index] = !list[+t.dataset.index];
  setter.analyse(120);
});
$('set-new').addEventListener('click', () => {
  const w = +$('set-w').value, h = +$('set-h').value;
  if (!(w >= 1 && h >= 1)) { showError($('set-error'), new Error('width and height must be whole numbers from 1')); return; }
  setter.blank(w, h);
});
$('set-rule').addEventListener('change', () => { if (setter.p) { setter.p.rule = $('set-rule').value; setter.analyse(0); } });
$('set-play').addEventListener('click', () => {
  const a = setter.last;
  if (!a) return;
  setPuzzle({puzzle: a.puzzle, cells: '?'.repeat(a.puzzle.width * a.puzzle.height), board: a.board, source: 'the setter', count: 1, index: 0});
  selectTab('play');
});
for (const b of document.querySelectorAll('[data-export]')) {
  b.addEventListener('click', async () => {
    if (!setter.p) return;
    const res = await fetch('/api/aquarium/export', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({puzzle: setter.json(), format: b.dataset.export})});
    if (!res.ok) { showError($('set-error'), new APIError(res.status, await res.json())); return; }
    const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name ? name[1] : 'puzzle';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
}

// ---------- the race ----------

function clearRace() {
  $('race-chart').replaceChildren();
  $('race-table').tBodies[0].replaceChildren();
  $('race-verdict').textContent = '';
  $('race-note').textContent = '';
}

function statText(stats) {
  return (stats || []).map((s) => s.name + ' ' + s.value).join(', ');
}

function showRace(ev) {
  if (ev.note) $('race-note').textContent = ev.note;
  if (ev.chart) $('race-chart').replaceChildren(parseSVG(ev.chart));
  const body = $('race-table').tBodies[0];
  body.replaceChildren();
  for (const r of ev.rows) {
    const tr = document.createElement('tr');
    tr.dataset.engine = r.engine;
    tr.dataset.status = r.running ? 'running' : r.status;
    if (r.disagrees) tr.className = 'disagrees';
    const cells = [r.engine, r.running ? 'running' : r.status, r.error ? r.answer + ': ' + r.error : r.answer, r.ms.toFixed(3), statText(r.stats)];
    cells.forEach((text, i) => {
      const td = document.createElement('td');
      td.textContent = text;
      if (i === 3) td.className = 'ms';
      tr.append(td);
    });
    body.append(tr);
  }
  if (ev.type === 'done') {
    const v = $('race-verdict');
    v.textContent = ev.message;
    v.className = 'status ' + (ev.agree ? 'agree' : 'disagree');
    v.dataset.done = 'true';
  }
}

$('race-go').addEventListener('click', async () => {
  if (!state.puzzle) { $('race-verdict').textContent = 'Load or generate a puzzle first.'; return; }
  clearRace();
  const go = $('race-go');
  go.disabled = true;
  try {
    const res = await fetch('/api/aquarium/race', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({puzzle: state.puzzle})});
    if (!res.ok) throw new APIError(res.status, await res.json());
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const {value, done} = await reader.read();
      if (value) buf += dec.decode(value, {stream: true});
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.trim()) showRace(JSON.parse(line));
      }
      if (done) break;
    }
  } catch (err) {
    $('race-verdict').textContent = err.message;
  } finally {
    go.disabled = false;
  }
});

// ---------- pour puzzles ----------

const pour = {steps: [], at: 0, timer: 0};

// The example buttons fill in a puzzle of each kind; the kind is told
// from the text.
const pourExamples = {
  jugs: '--capacities 3,5 --target 4',
  sort: 'capacity 4\nred blue red blue\nblue red blue red\n-\n',
  tiles: '8 6 7\n2 5 4\n3 . 1\n',
  rush: 'BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM\n',
  torch: '{"id": "classic", "times": [1, 2, 5, 10]}\n',
  river: 'items farmer wolf goat cabbage\nboat 2\nrowers farmer\nforbid wolf goat unless farmer\nforbid goat cabbage unless farmer\n',
};
for (const [kind, text] of Object.entries(pourExamples)) {
  $('pour-example-' + kind).addEventListener('click', () => {
    $('pour-input').value = text;
    $('pour-kind').value = '';
  });
}

async function solvePour(req) {
  showError($('pour-error'), null, $('pour-input'));
  $('pour-message').textContent = 'Solving…';
  stopPlaying();
  try {
    const v = await post('/api/pour/solve', req);
    pour.steps = v.steps;
    pour.at = 0;
    $('pour-message').textContent = (v.id ? v.id + ': ' : '') + v.message;
    const list = $('pour-steps');
    list.replaceChildren();
    list.start = 0; // step 0 is the start, step i the i-th action
    v.steps.forEach((s, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.textContent = i === 0 ? 'start' : s.action;
      b.addEventListener('click', () => showStep(i, true));
      li.append(b);
      list.append(li);
    });
    $('pour-stage').replaceChildren();
    showStep(0, false);
  } catch (err) {
    showError($('pour-error'), err, $('pour-input'));
    $('pour-message').textContent = '';
  }
}
$('pour-go').addEventListener('click', () => solvePour({text: $('pour-input').value, kind: $('pour-kind').value}));
if ($('pour-file')) $('pour-file').addEventListener('click', () => solvePour({file: +$('file').value, kind: $('pour-kind').value}));

function showStep(i, animate) {
  if (!pour.steps.length) return;
  i = Math.min(Math.max(i, 0), pour.steps.length - 1);
  const step = pour.steps[i];
  morph($('pour-stage'), step.svg, animate && Math.abs(i - pour.at) === 1 ? 500 : 0);
  pour.at = i;
  const n = pour.steps.length - 1;
  $('pour-step').textContent = i === 0 ? 'Start (' + n + ' steps)' : 'Step ' + i + ' of ' + n + ': ' + step.action;
  $('pour-stage').dataset.step = String(i);
  $('pour-prev').disabled = i === 0;
  $('pour-next').disabled = i === n;
  $('pour-play').disabled = n === 0;
  [...$('pour-steps').children].forEach((li, j) => {
    if (j === i) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
  });
}
function stopPlaying() {
  clearInterval(pour.timer);
  pour.timer = 0;
  $('pour-play').textContent = 'Play';
}
$('pour-prev').addEventListener('click', () => { stopPlaying(); showStep(pour.at - 1, true); });
$('pour-next').addEventListener('click', () => { stopPlaying(); showStep(pour.at + 1, true); });
$('pour-play').addEventListener('click', () => {
  if (pour.timer) { stopPlaying(); return; }
  if (pour.at === pour.steps.length - 1) showStep(0, false);
  $('pour-play').textContent = 'Pause';
  pour.timer = setInterval(() => {
    if (pour.at >= pour.steps.length - 1) { stopPlaying(); return; }
    showStep(pour.at + 1, true);
  }, 900);
});
document.addEventListener('keydown', (e) => {
  if ($('pour').classList.contains('hidden') || !pour.steps.length) return;
  if (e.target.closest && e.target.closest('textarea, input, select')) return;
  if (e.key === 'ArrowRight') { stopPlaying(); showStep(pour.at + 1, true); e.preventDefault(); }
  if (e.key === 'ArrowLeft') { stopPlaying(); showStep(pour.at - 1, true); e.preventDefault(); }
  if (e.key === 'Home') { stopPlaying(); showStep(0, false); e.preventDefault(); }
  if (e.key === 'End') { stopPlaying(); showStep(pour.steps.length - 1, false); e.preventDefault(); }
});

// morph replaces the picture in box by svgText, moving the shapes that
// share an id from their old place (and, for rectangles, size) to their
// new ones: a tile or a car slides, liquid rises and falls. A rectangle
// that appears grows from its bottom edge, one that goes away shrinks to
// it. It knows nothing of the puzzle.
function morph(box, svgText, duration) {
  const next = parseSVG(svgText);
  const old = box.querySelector('svg');
  const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (!old || !duration || still) { box.replaceChildren(next); box.dataset.animating = 'false'; return; }
  const keysOf = (el) => (el.tagName === 'rect' ? ['x', 'y', 'width', 'height'] : ['x', 'y']);
  const read = (el) => Object.fromEntries(keysOf(el).map((k) => [k, +el.getAttribute(k)]));
  const flat = (a) => ({...a, y: a.y + a.height, height: 0});
  const before = new Map();
  for (const el of old.querySelectorAll('rect[id], text[id]')) before.set(el.id, el);
  const tweens = [];
  for (const el of next.querySelectorAll('rect[id], text[id]')) {
    const to = read(el);
    const o = before.get(el.id);
    before.delete(el.id);
    if (o && o.tagName === el.tagName) tweens.push({el, from: read(o), to});
    else if (el.tagName === 'rect') tweens.push({el, from: flat(to), to});
  }
  for (const o of before.values()) {
    if (o.tagName !== 'rect') continue;
    const el = document.importNode(o, true);
    next.insertBefore(el, next.firstChild);
    const from = read(o);
    tweens.push({el, from, to: flat(from), gone: true});
  }
  const set = (t, k) => { for (const a of Object.keys(t.to)) t.el.setAttribute(a, String(t.from[a] + (t.to[a] - t.from[a]) * k)); };
  tweens.forEach((t) => set(t, 0));
  box.replaceChildren(next);
  box.dataset.animating = 'true';
  const start = performance.now();
  const frame = (now) => {
    const u = Math.min(1, (now - start) / duration);
    const k = u < 0.5 ? 2 * u * u : 1 - Math.pow(-2 * u + 2, 2) / 2;
    tweens.forEach((t) => set(t, k));
    if (u < 1) requestAnimationFrame(frame);
    else if (box.firstChild === next) {
      tweens.forEach((t) => { if (t.gone) t.el.remove(); });
      box.dataset.animating = 'false';
    }
  };
  requestAnimationFrame(frame);
}

// ---------- start ----------

// Start with the first file named on the command line, or a generated
// puzzle.
if ($('file')) {
  lastLoad = {file: +$('file').value};
  load(lastLoad);
} else {
  $('generate').requestSubmit();
}
document.body.dataset.ready = 'true';
