// The proofreading page: sends the text to /api/read, shows the text with
// every move read highlighted, the game beside it on a board, and the
// findings with the edits that fix them. Nothing is kept but the text.
'use strict';

const $ = (id) => document.getElementById(id);

const state = {
  reading: null, // the last answer of /api/read
  game: 0, // index into reading.games
  ply: 0, // half-move shown on the board (0: the start)
  finding: -1, // selected finding of the game
  flipped: false,
  file: null, // name of the file dropped, for the report
};

// ---- talking to the server ------------------------------------------------

async function readText() {
  const text = $('text').value;
  await send(
    fetch('/api/read', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text,
        notation: $('notation').value,
        letters: $('letters').value,
        file: state.file || undefined,
      }),
    }),
  );
}

async function readFile(file) {
  state.file = file.name;
  const query = new URLSearchParams({
    notation: $('notation').value,
    letters: $('letters').value,
    file: file.name,
  });
  await send(
    fetch('/api/read?' + query, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: file,
    }),
  );
}

async function send(request) {
  setBusy(true);
  try {
    const response = await request;
    const body = await response.json().catch(() => ({ error: 'the server answered something unreadable' }));
    if (!response.ok || body.error) {
      showMessage(body.error || `the server answered ${response.status}`);
      return;
    }
    const keepGame = state.reading && state.game < body.games.length ? state.game : 0;
    state.reading = body;
    $('text').value = body.text;
    let message = body.unread || '';
    if (body.encoding && body.encoding !== 'UTF-8') {
      message = `read as ${body.encoding}. ` + message;
    }
    if (body.games.length === 0) {
      message = 'no game was found in the text';
    }
    showMessage(message, !body.games.length || body.unread ? 'warn' : 'info');
    selectGame(keepGame, state.ply);
    showSource(true);
  } catch (e) {
    showMessage('the server cannot be reached: ' + e.message);
  } finally {
    setBusy(false);
  }
}

async function download() {
  const to = $('to').value;
  const response = await fetch('/api/export', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: $('text').value,
      notation: $('notation').value,
      letters: $('letters').value,
      to,
      to_lang: $('to-lang').value,
    }),
  }).catch((e) => ({ ok: false, json: async () => ({ error: e.message }) }));
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    showMessage(body.error || 'the games could not be converted');
    return;
  }
  const rejected = Number(response.headers.get('x-rejected') || 0);
  const text = await response.text();
  const ext = { pgn: 'pgn', json: 'json', fen: 'fen', epd: 'epd' }[to] || 'txt';
  save(text, `${baseName()}.${ext}`, 'text/plain');
  showMessage(
    rejected ? `${rejected} game(s) with errors are not in the download: fix them first` : '',
    'warn',
  );
}

function downloadCsv() {
  if (!state.reading) return;
  save(state.reading.csv, `${baseName()}.audit.csv`, 'text/csv');
}

function baseName() {
  return (state.file || 'games').replace(/\.[^.]*$/, '');
}

function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Two copies of one game's scoresheet, read together by /api/reconcile.
async function reconcile() {
  const button = $('reconcile');
  button.disabled = true;
  try {
    const response = await fetch('/api/reconcile', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        a: $('copy-a').value,
        b: $('copy-b').value,
        notation: $('notation').value,
        letters: $('letters').value,
      }),
    });
    const body = await response.json().catch(() => ({ error: 'the server answered something unreadable' }));
    if (!response.ok || body.error) {
      showMessage(body.error || `the server answered ${response.status}`);
      return;
    }
    showMessage('');
    renderReconciliation(body);
  } catch (e) {
    showMessage('the server cannot be reached: ' + e.message);
  } finally {
    button.disabled = false;
  }
}

function renderReconciliation(body) {
  const rows = body.disagreements.map((d) => {
    const tr = document.createElement('tr');
    tr.className = 'right-' + d.right;
    const move = `${d.move_number}${d.side === 'white' ? '.' : '...'}`;
    const chosen = d.candidates.length ? d.candidates.join(' or ') + '?' : d.chosen;
    for (const cell of [move, d.a_written, d.b_written, chosen, d.right, d.reason]) {
      const td = document.createElement('td');
      td.textContent = cell;
      tr.append(td);
    }
    return tr;
  });
  for (const t of body.tag_conflicts) {
    const tr = document.createElement('tr');
    for (const cell of [`[${t.name}]`, t.a, t.b, t.a, 'A', "the copies differ on the tag; A's value is kept"]) {
      const td = document.createElement('td');
      td.textContent = cell;
      tr.append(td);
    }
    rows.push(tr);
  }
  $('disagreements').tBodies[0].replaceChildren(...rows);
  $('disagreements').hidden = rows.length === 0;
  const unsettled = body.disagreements.filter((d) => d.candidates.length).length;
  $('copies-summary').textContent = body.agrees
    ? 'The copies agree on every move and tag.'
    : `The copies disagree at ${body.disagreements.length} move(s) (${unsettled} unsettled) and on ${body.tag_conflicts.length} tag(s).`;
  $('copies-pgn').textContent = body.pgn;
  $('copies-pgn').hidden = false;
}

// ---- showing ------------------------------------------------------------------

function showMessage(text, kind = 'error') {
  const p = $('message');
  p.textContent = text;
  p.className = kind;
  p.hidden = !text;
}

function setBusy(busy) {
  document.body.classList.toggle('busy', busy);
  $('read').disabled = busy;
}

function showSource(show) {
  $('source').hidden = !show;
  $('legend').hidden = !show;
  $('drop').hidden = show;
  $('edit').hidden = !show;
  $('read').textContent = show ? 'Read again' : 'Read';
}

function game() {
  return state.reading && state.reading.games[state.game];
}

function selectGame(index, ply = 0) {
  state.game = index;
  state.finding = -1;
  const games = state.reading.games;
  const bar = $('games-bar');
  bar.hidden = games.length < 2;
  const select = $('games');
  select.replaceChildren(
    ...games.map((g, i) => {
      const o = document.createElement('option');
      o.value = i;
      const who = g.white || g.black ? `${g.white || '?'} – ${g.black || '?'}` : `${g.moves.length} half-moves`;
      o.textContent = `${g.index}. ${who} (${g.status})`;
      return o;
    }),
  );
  select.value = index;
  renderSource();
  renderSummary();
  renderFindings();
  renderPgn();
  const g = game();
  setPly(g ? Math.min(ply, g.moves.length) : 0);
}

function renderSummary() {
  const g = game();
  const s = $('summary');
  if (!g) {
    s.textContent = '';
    return;
  }
  const counts = { error: 0, warning: 0, info: 0 };
  g.findings.forEach((f) => counts[f.severity]++);
  const how = g.notation ? `read as ${g.notation}${g.letters ? ' with the ' + g.letters + ' letters' : ''}` : 'not read';
  s.className = 'status-' + g.status;
  s.textContent = `Game ${g.index}: ${g.status} — ${how}; ${g.moves.length} half-moves; ` +
    `${counts.error} error(s), ${counts.warning} warning(s)`;
}

// The text, with each game's moves, findings and commentary marked.
function renderSource() {
  const r = state.reading;
  const text = r.text;
  const marks = [];
  r.games.forEach((g, gi) => {
    g.moves.forEach((m) => marks.push({ at: m.at, rank: 0, game: gi, move: m }));
    g.findings.forEach((f, fi) => {
      if (f.place && f.place.at[1] > f.place.at[0]) {
        marks.push({ at: f.place.at, rank: 1, game: gi, finding: fi, severity: f.severity });
      }
    });
    g.comments.forEach((c) => marks.push({ at: c.at, rank: 2, game: gi }));
  });
  marks.sort((a, b) => a.at[0] - b.at[0] || a.rank - b.rank);
  // Moves first, then findings where no move is; commentary fills what
  // is left of its span around them.
  const placed = [];
  let end = 0;
  for (const mark of marks.filter((m) => m.rank < 2)) {
    if (mark.at[0] >= end && mark.at[1] > mark.at[0]) {
      placed.push(mark);
      end = mark.at[1];
    }
  }
  const pieces = [];
  for (const c of marks.filter((m) => m.rank === 2)) {
    let from = c.at[0];
    for (const p of placed) {
      if (p.at[1] <= from || p.at[0] >= c.at[1]) continue;
      if (p.at[0] > from) pieces.push({ ...c, at: [from, p.at[0]] });
      from = Math.max(from, p.at[1]);
    }
    if (from < c.at[1]) pieces.push({ ...c, at: [from, c.at[1]] });
  }
  const all = placed.concat(pieces).sort((a, b) => a.at[0] - b.at[0] || a.rank - b.rank);
  const out = [];
  let last = 0;
  for (const mark of all) {
    const [from, to] = mark.at;
    if (from < last || to <= from) continue;
    if (from > last) out.push(document.createTextNode(text.slice(last, from)));
    const span = document.createElement('span');
    span.textContent = text.slice(from, to);
    span.dataset.game = mark.game;
    if (mark.move) {
      span.className = `mv sev-${mark.move.severity}` + (mark.move.after_fix && mark.move.severity === 'clean' ? ' provisional' : '');
      span.dataset.ply = mark.move.ply;
      span.title = `${mark.move.number}${mark.move.side === 'white' ? '.' : '…'} ${mark.move.san}`;
    } else if (mark.finding !== undefined) {
      span.className = `fd sev-${mark.severity}`;
      span.dataset.finding = mark.finding;
      span.title = r.games[mark.game].findings[mark.finding].message;
    } else {
      span.className = 'cm';
    }
    out.push(span);
    last = to;
  }
  out.push(document.createTextNode(text.slice(last)));
  $('source').replaceChildren(...out);
}

function renderFindings() {
  const g = game();
  const list = $('findings');
  if (!g) {
    list.replaceChildren();
    return;
  }
  if (!g.findings.length) {
    const li = document.createElement('li');
    li.className = 'none';
    li.textContent = 'Nothing found: every move replays.';
    list.replaceChildren(li);
    return;
  }
  list.replaceChildren(
    ...g.findings.map((f, i) => {
      const li = document.createElement('li');
      li.className = `finding sev-${f.severity}`;
      li.dataset.index = i;
      li.tabIndex = 0;
      const head = document.createElement('div');
      head.className = 'head';
      const badge = document.createElement('span');
      badge.className = 'badge';
      badge.textContent = f.severity;
      const kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = f.kind + (f.ply ? ` · ply ${f.ply}` : '') + (f.written ? ` · “${f.written}”` : '');
      head.append(badge, kind);
      const msg = document.createElement('div');
      msg.className = 'msg';
      msg.textContent = f.message;
      li.append(head, msg);
      if (f.suggestion) {
        const sug = document.createElement('div');
        sug.className = 'suggestion';
        sug.textContent = 'Suggestion: ' + f.suggestion;
        li.append(sug);
      }
      for (const fix of f.fixes) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'fix';
        b.textContent = `Accept: “${textAt(fix.place.at)}” → “${fix.replacement}” (${fix.san})`;
        b.title = fix.label;
        b.addEventListener('click', (e) => {
          e.stopPropagation();
          accept(fix);
        });
        li.append(b);
      }
      li.addEventListener('click', () => selectFinding(i));
      li.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') selectFinding(i);
      });
      return li;
    }),
  );
}

function textAt(at) {
  return state.reading.text.slice(at[0], at[1]);
}

// The verified PGN, its moves clickable; for a rejected game, the moves
// read so far.
function renderPgn() {
  const g = game();
  const pre = $('pgn');
  const note = $('pgn-note');
  if (!g) {
    pre.replaceChildren();
    note.textContent = '';
    return;
  }
  if (g.pgn) {
    note.textContent = '(verified PGN)';
    pre.replaceChildren(...pgnNodes(g.pgn));
  } else {
    note.textContent = '(not written: fix the errors first; the moves read so far)';
    const parts = [];
    g.moves.forEach((m) => {
      if (m.side === 'white') parts.push(document.createTextNode(`${m.number}. `));
      else if (!parts.length) parts.push(document.createTextNode(`${m.number}... `));
      parts.push(moveNode(m.san, m.ply));
      parts.push(document.createTextNode(' '));
    });
    pre.replaceChildren(...parts);
  }
}

function moveNode(text, ply) {
  const span = document.createElement('span');
  span.className = 'pm';
  span.dataset.ply = ply;
  span.textContent = text;
  return span;
}

// PGN text cut into nodes: main-line moves become clickable spans, in
// order; tags, numbers, comments and variations stay text.
function pgnNodes(pgn) {
  const nodes = [];
  const body = pgn.search(/^[^\[\s]/m);
  let i = body < 0 ? pgn.length : body;
  nodes.push(document.createTextNode(pgn.slice(0, i)));
  let depth = 0;
  let ply = 0;
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(document.createTextNode(plain));
    plain = '';
  };
  while (i < pgn.length) {
    const c = pgn[i];
    if (c === '{') {
      const end = pgn.indexOf('}', i);
      const stop = end < 0 ? pgn.length : end + 1;
      plain += pgn.slice(i, stop);
      i = stop;
    } else if (c === '(' || c === ')') {
      depth += c === '(' ? 1 : -1;
      plain += c;
      i++;
    } else if (/\s/.test(c)) {
      plain += c;
      i++;
    } else {
      let j = i;
      while (j < pgn.length && !/[\s{}()]/.test(pgn[j])) j++;
      const word = pgn.slice(i, j);
      const isMove = depth === 0 && !/^\d+\.*$/.test(word) && !/^\$\d+$/.test(word) &&
        !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word);
      // A number glued to its move: `12.Nf3`.
      const m = /^(\d+\.+)(.+)$/.exec(word);
      if (isMove) {
        flush();
        ply++;
        if (m) {
          nodes.push(document.createTextNode(m[1]));
          nodes.push(moveNode(m[2], ply));
        } else {
          nodes.push(moveNode(word, ply));
        }
      } else {
        plain += word;
      }
      i = j;
    }
  }
  flush();
  return nodes;
}

// ---- the board ---------------------------------------------------------------

const GLYPHS = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

function renderBoard(fen, uci) {
  const size = 45;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size * 8 + 16} ${size * 8 + 16}`);
  svg.setAttribute('role', 'img');
  svg.dataset.fen = fen;
  const rows = fen.split(' ')[0].split('/');
  const hi = new Set();
  if (uci && uci.length >= 4) {
    hi.add(uci.slice(0, 2));
    hi.add(uci.slice(2, 4));
  }
  const place = (file, rank) => {
    const x = state.flipped ? 7 - file : file;
    const y = state.flipped ? rank : 7 - rank;
    return [16 + x * size, y * size];
  };
  const board = [];
  rows.forEach((row, r) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
      } else {
        board.push({ file, rank: 7 - r, piece: ch });
        file++;
      }
    }
  });
  const labels = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const [x, y] = place(file, rank);
      const sq = document.createElementNS(ns, 'rect');
      sq.setAttribute('x', x);
      sq.setAttribute('y', y);
      sq.setAttribute('width', size);
      sq.setAttribute('height', size);
      const name = 'abcdefgh'[file] + (rank + 1);
      sq.setAttribute('class', ((file + rank) % 2 ? 'light' : 'dark') + (hi.has(name) ? ' last' : ''));
      sq.dataset.square = name;
      svg.append(sq);
    }
    const [, y] = place(0, rank);
    labels.push(label(ns, 7, y + size / 2 + 4, String(rank + 1)));
  }
  for (let file = 0; file < 8; file++) {
    const [x] = place(file, 0);
    labels.push(label(ns, x + size / 2, size * 8 + 13, 'abcdefgh'[file]));
  }
  svg.append(...labels);
  for (const { file, rank, piece } of board) {
    const [x, y] = place(file, rank);
    const t = document.createElementNS(ns, 'text');
    t.setAttribute('x', x + size / 2);
    t.setAttribute('y', y + size / 2);
    const white = piece === piece.toUpperCase();
    t.setAttribute('class', 'piece ' + (white ? 'white' : 'black'));
    t.dataset.piece = piece;
    t.dataset.square = 'abcdefgh'[file] + (rank + 1);
    t.textContent = GLYPHS[piece.toLowerCase()] || '?';
    svg.append(t);
  }
  $('board').replaceChildren(svg);
  $('fen').textContent = fen;
}

function label(ns, x, y, text) {
  const t = document.createElementNS(ns, 'text');
  t.setAttribute('x', x);
  t.setAttribute('y', y);
  t.setAttribute('class', 'coord');
  t.textContent = text;
  return t;
}

function setPly(ply) {
  const g = game();
  if (!g) return;
  state.ply = Math.max(0, Math.min(ply, g.moves.length));
  const move = g.moves[state.ply - 1];
  renderBoard(move ? move.fen : g.start_fen, move && move.uci);
  $('where').textContent = move ? `${move.number}${move.side === 'white' ? '.' : '…'} ${move.san}` : 'start';
  for (const el of document.querySelectorAll('.sel')) el.classList.remove('sel');
  if (move) {
    for (const el of document.querySelectorAll(`#source .mv[data-game="${state.game}"][data-ply="${state.ply}"], #pgn .pm[data-ply="${state.ply}"]`)) {
      el.classList.add('sel');
    }
    const inText = document.querySelector(`#source .mv.sel`);
    if (inText && !$('source').hidden) scrollWithin($('source'), inText, false);
  }
}

function selectFinding(i) {
  const g = game();
  const f = g && g.findings[i];
  if (!f) return;
  state.finding = i;
  for (const el of document.querySelectorAll('.fsel')) el.classList.remove('fsel');
  const li = document.querySelector(`#findings li[data-index="${i}"]`);
  if (li) li.classList.add('fsel');
  // The board shows the position before the move found wrong.
  if (f.ply > 0) setPly(Math.min(f.ply - 1, g.moves.length));
  if (f.place) {
    showSource(true);
    const el = document.querySelector(`#source [data-game="${state.game}"][data-finding="${i}"]`) ||
      markAt(f.place.at[0]);
    if (el) {
      el.classList.add('fsel');
      scrollWithin($('source'), el, true);
    }
  }
}

// Scrolls `box` (not the page) so that `el` is in view: to its middle
// with `center`, else only if it is out of view.
function scrollWithin(box, el, center) {
  // `box` is positioned: offsets inside it count from its top.
  const top = el.offsetTop;
  const seen = top >= box.scrollTop && top + el.offsetHeight <= box.scrollTop + box.clientHeight;
  if (center || !seen) box.scrollTop = Math.max(0, top - box.clientHeight / 2);
}

// The mark of the source that starts at `at`, if any.
function markAt(at) {
  const g = game();
  const m = g.moves.find((m) => m.at[0] <= at && at < Math.max(m.at[1], m.at[0] + 1));
  return m ? document.querySelector(`#source .mv[data-game="${state.game}"][data-ply="${m.ply}"]`) : null;
}

// Makes a fix's edits in the text and reads it again.
async function accept(fix) {
  const text = state.reading.text;
  // Edits are in bytes of the UTF-8 text: made on its bytes, in reverse
  // order so that earlier ranges stay where they are.
  const bytes = new TextEncoder().encode(text);
  const edits = [...fix.edits].sort((a, b) => b[0][0] - a[0][0]);
  let out = bytes;
  for (const [[from, to], replacement] of edits) {
    const r = new TextEncoder().encode(replacement);
    const next = new Uint8Array(out.length - (to - from) + r.length);
    next.set(out.subarray(0, from), 0);
    next.set(r, from);
    next.set(out.subarray(to), from + r.length);
    out = next;
  }
  $('text').value = new TextDecoder().decode(out);
  await readText();
}

// ---- wiring ----------------------------------------------------------------

function init() {
  $('controls').addEventListener('submit', (e) => {
    e.preventDefault();
    readText();
  });
  $('edit').addEventListener('click', () => {
    showSource(false);
    $('text').focus();
  });
  $('file').addEventListener('change', (e) => {
    const file = e.target.files[0];
    if (file) readFile(file);
    e.target.value = '';
  });
  document.addEventListener('dragover', (e) => {
    e.preventDefault();
    document.body.classList.add('dragging');
  });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file) readFile(file);
  });
  $('games').addEventListener('change', (e) => selectGame(Number(e.target.value)));
  $('source').addEventListener('click', (e) => {
    const el = e.target.closest('[data-game]');
    if (!el) return;
    const gi = Number(el.dataset.game);
    if (gi !== state.game) selectGame(gi);
    if (el.dataset.ply) setPly(Number(el.dataset.ply));
    else if (el.dataset.finding) selectFinding(Number(el.dataset.finding));
  });
  $('pgn').addEventListener('click', (e) => {
    const el = e.target.closest('.pm');
    if (el) setPly(Number(el.dataset.ply));
  });
  $('first').addEventListener('click', () => setPly(0));
  $('prev').addEventListener('click', () => setPly(state.ply - 1));
  $('next').addEventListener('click', () => setPly(state.ply + 1));
  $('last').addEventListener('click', () => setPly(Infinity));
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    setPly(state.ply);
  });
  $('text').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      readText();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('textarea, select, input') || !game()) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -2, ArrowDown: 2 };
    if (e.key in moves) setPly(state.ply + moves[e.key]);
    else if (e.key === 'Home') setPly(0);
    else if (e.key === 'End') setPly(Infinity);
    else return;
    e.preventDefault();
  });
  $('download-games').addEventListener('click', download);
  $('download-csv').addEventListener('click', downloadCsv);
  $('reconcile').addEventListener('click', reconcile);
  renderBoard('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
}

init();
