// Drives the proofreading page of `scoresheet serve` in Chromium: a book
// page with a misprint is pasted, its moves must be highlighted, the board
// must show the right position, the misprint must be flagged with its
// suggestion, accepting the suggestion must give a clean game, and the
// PGN downloaded must be the game meant; two copies of one scoresheet
// must be reconciled with their disagreements tabled.
//
// Usage: node proofread.mjs [path/to/scoresheet]
// Environment: CHROMIUM (default /usr/bin/chromium), SCREENSHOTS (default
// ../../target/screenshots), DOCS_SCREENSHOT=1 also writes docs/serve.png.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const binary = resolve(process.argv[2] || join(root, 'target/debug/scoresheet'));
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = resolve(process.env.SCREENSHOTS || join(root, 'target/screenshots'));

// A page of a Hungarian chess book, as OCR gives it: the bishop's move
// 3. Fb5 is printed "F65".
const PAGE = `Spanyol megnyitás

Világos: Kovács Péter — Sötét: Szabó László
Budapest, 1962

1. e4 e5 2. Hf3 Hc6 3. F65 a6 4. Fa4 Hf6 5. O-O Fe7 6. Be1 b5 7. Fb3 d6
8. c3 O-O 9. h3 Ha5 10. Fc2 c5 11. d4 Vc7

A zárt változat főútja. Sötét a centrumot erősíti, világos a vezérszárnyon
keres ellenjátékot.

12. Hbd2 cxd4 13. cxd4 Hc6 14. Hb3 a5 15. Fe3 a4 16. Hbd2 Fd7
Döntetlen.
`;

// The game meant, as PGN movetext.
const MEANT = [
  '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3',
  'O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7',
  '12. Nbd2 cxd4 13. cxd4 Nc6 14. Nb3 a5 15. Be3 a4 16. Nbd2 Bd7',
];

const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_NC6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
const AFTER_A6 = 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4';

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : ': ' + detail}`);
  if (!ok) failures++;
}

function skip(why) {
  console.log(`SKIPPED browser test: ${why}`);
  process.exit(0);
}

if (!existsSync(binary)) {
  console.log(`FAIL no scoresheet binary at ${binary}: build it first`);
  process.exit(1);
}
if (!existsSync(browserPath)) {
  skip(`no Chromium at ${browserPath} (apt-get install chromium, or set CHROMIUM)`);
}

// The whole test may take this long at most.
const guard = setTimeout(() => {
  console.log('FAIL the browser test took longer than 180 s');
  process.exit(1);
}, 180_000);

function startServer() {
  return new Promise((ok, fail) => {
    const child = spawn(binary, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (url) ok({ child, url: url[0] });
    });
    child.on('exit', (code) => fail(new Error(`scoresheet serve exited with ${code}: ${out}`)));
    setTimeout(() => fail(new Error('scoresheet serve printed no address in 20 s')), 20_000);
  });
}

const profile = mkdtempSync(join(tmpdir(), 'scoresheet-chromium-'));
mkdirSync(shots, { recursive: true });
const { child, url } = await startServer();
let browser;
try {
  // A fresh profile, thrown away after.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    acceptDownloads: true,
    viewport: { width: 1360, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = browser.pages()[0] || (await browser.newPage());
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The empty text's answer (422) is expected; nothing else may fail.
  page.on('console', (m) => m.type() === 'error' && !/status of 422/.test(m.text()) && errors.push(m.text()));
  // Nothing may be fetched from anywhere but this server.
  const foreign = [];
  page.on('request', (r) => r.url().startsWith(url) || r.url().startsWith('blob:') || r.url().startsWith('data:') || foreign.push(r.url()));

  await page.goto(url);
  check((await page.title()).includes('scoresheet'), 'the page loads');

  // Bad input: a message on the page, no crash.
  await page.click('#read');
  await page.waitForSelector('#message:not([hidden])');
  const message = await page.textContent('#message');
  check(/no text to read/.test(message), 'an empty text gets a message', message);

  // The book page.
  await page.fill('#text', PAGE);
  await page.click('#read');
  await page.waitForSelector('#source .mv');
  const moves = await page.$$eval('#source .mv', (els) => els.map((e) => [e.textContent, e.className]));
  check(moves.length === 32, 'all 32 half-moves are highlighted in the text', `${moves.length}`);
  const errorsInText = moves.filter(([, c]) => c.includes('sev-error')).map(([t]) => t);
  check(errorsInText.join() === 'F65', 'the misprint is highlighted as an error', errorsInText.join());
  check(moves[2] && moves[2][0] === 'Hf3', 'moves are highlighted where the text has them', JSON.stringify(moves[2]));
  const dimmed = await page.$$eval('#source .cm', (els) => els.map((e) => e.textContent).join('|'));
  check(dimmed.includes('A zárt változat főútja'), 'commentary is dimmed', dimmed);

  // The board.
  await page.click('#source .mv[data-ply="3"]');
  let fen = await page.getAttribute('#board svg', 'data-fen');
  check(fen === AFTER_NF3, 'clicking "Hf3" shows the position after 2. Nf3', fen);
  const knight = await page.getAttribute('#board text[data-square="f3"]', 'data-piece');
  check(knight === 'N', 'a white knight stands on f3', knight);
  await page.keyboard.press('ArrowRight');
  fen = await page.getAttribute('#board svg', 'data-fen');
  check(fen === AFTER_NC6, 'the right arrow steps to 2... Nc6', fen);
  await page.click('#pgn .pm[data-ply="6"]');
  fen = await page.getAttribute('#board svg', 'data-fen');
  check(fen === AFTER_A6, 'clicking a6 in the game shows the position after 3... a6', fen);

  // The finding.
  const finding = page.locator('#findings li.sev-error').first();
  const findingText = await finding.textContent();
  check(/F65/.test(findingText) && /Suggestion: Bb5/.test(findingText), 'the misprint is flagged with its suggestion', findingText);
  await finding.click();
  fen = await page.getAttribute('#board svg', 'data-fen');
  check(fen === AFTER_NC6, 'clicking the finding shows the position before it', fen);
  const marked = await page.textContent('#source .fsel');
  check(marked === 'F65', 'clicking the finding marks its place in the text', marked);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'serve-misprint.png') });

  // Accepting the suggestion.
  const fix = finding.locator('button.fix');
  check(/F65.*Fb5/.test(await fix.textContent()), 'the fix writes "Fb5" for "F65"');
  await fix.click();
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('clean'));
  const summary = await page.textContent('#summary');
  check(/clean/.test(summary), 'accepting the suggestion gives a clean game', summary);
  const text = await page.inputValue('#text');
  check(text.includes('3. Fb5 a6') && !text.includes('F65'), 'the text is edited in place');
  const left = await page.$$eval('#source .mv.sev-error', (els) => els.length);
  check(left === 0, 'no move is left in error', `${left}`);
  const pgnShown = (await page.textContent('#pgn')).replace(/\s+/g, ' ');
  check(MEANT.every((line) => pgnShown.includes(line)), 'the verified PGN is shown', pgnShown);
  await page.click('#pgn .pm[data-ply="5"]');
  fen = await page.getAttribute('#board svg', 'data-fen');
  check(/^r1bqkbnr\/pppp1ppp\/2n5\/1B2p3\//.test(fen), 'the board follows the PGN', fen);
  await page.click('#source .mv[data-ply="21"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'serve-clean.png') });
  if (process.env.DOCS_SCREENSHOT === '1') {
    copyFileSync(join(shots, 'serve-misprint.png'), join(root, 'docs/serve.png'));
  }

  // Downloads.
  await page.selectOption('#to', 'pgn');
  const [pgnDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-games')]);
  const pgn = readFileSync(await pgnDownload.path(), 'utf8');
  const movetext = pgn.replace(/\{[^}]*\}/g, ' ').replace(/\[[^\]]*\]/g, ' ').replace(/\s+/g, ' ');
  check(MEANT.every((line) => movetext.includes(line)), 'the downloaded PGN is the game meant', movetext);
  check(pgnDownload.suggestedFilename().endsWith('.pgn'), 'the download is named .pgn', pgnDownload.suggestedFilename());
  await page.selectOption('#to', 'uci');
  const [uciDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-games')]);
  const uci = readFileSync(await uciDownload.path(), 'utf8');
  check(/e2e4 e7e5 2\. g1f3 b8c6 3\. f1b5 a7a6/.test(uci), 'other notations download too', uci.slice(0, 200));
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const csv = readFileSync(await csvDownload.path(), 'utf8');
  check(csv.startsWith('file,game,line,column,byte_offset,'), 'the audit CSV downloads', csv.slice(0, 60));

  // A file in a legacy encoding, with two games: decoded, both listed.
  const latin2 = Buffer.concat([
    Buffer.from('[White "L'), Buffer.from([0xe9]), Buffer.from('k'), Buffer.from([0xf3]),
    Buffer.from('"]\n[Black "Szirmai"]\n\n1. e4 c5 2. Hf3 d6 3. d4 cxd4 4. Hxd4 Hf6 *\n\n'),
    Buffer.from('[White "Szirmai"]\n[Black "L'), Buffer.from([0xe9]), Buffer.from('k'), Buffer.from([0xf3]),
    Buffer.from('"]\n\n1. d4 Hf6 2. c4 e6 3. Hc3 Fb4 *\n'),
  ]);
  await page.setInputFiles('#file', { name: 'leko.pgn', mimeType: 'application/octet-stream', buffer: latin2 });
  await page.waitForFunction(() => document.querySelector('#games').options.length === 2);
  const decoded = await page.inputValue('#text');
  check(decoded.includes('[White "Lékó"]'), 'a dropped file in a legacy encoding is decoded', decoded.slice(0, 40));
  const note = await page.textContent('#message');
  check(/read as (windows-125\d|ISO-8859)/.test(note), 'the page says which encoding it read', note);
  await page.selectOption('#games', '1');
  const second = await page.textContent('#summary');
  check(/^Game 2: clean/.test(second), 'the second game is selectable', second);
  await page.click('#source .mv[data-game="1"][data-ply="6"]');
  fen = await page.getAttribute('#board svg', 'data-fen');
  check(fen === 'rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4', 'its moves show on the board', fen);

  // Two copies of one game: read together, the disagreements tabled.
  await page.click('#copies summary');
  await page.fill('#copy-a', readFileSync(join(root, 'examples/copy-white.txt'), 'utf8'));
  await page.fill('#copy-b', readFileSync(join(root, 'examples/copy-black.txt'), 'utf8'));
  await page.click('#reconcile');
  await page.waitForFunction(() => !document.querySelector('#disagreements').hidden);
  const table = await page.$$eval('#disagreements tbody tr', (rows) =>
    rows.map((r) => [...r.cells].slice(0, 5).map((c) => c.textContent).join(' ')),
  );
  const wanted = ['4. dxe6 dxe5 dxe5 B', '7... Qe7 Qd7 Qe7 A', '10... ... cxb5 cxb5 B', '12... Rd8 Rd9 Rd8 A', '[White] Paul Morphy Morphy Paul Morphy A'];
  check(JSON.stringify(table) === JSON.stringify(wanted), 'two copies are reconciled and their disagreements tabled', JSON.stringify(table));
  const merged = await page.textContent('#copies-pgn');
  check(merged.includes('4. dxe5 Bxf3') && merged.includes('17. Rd8# 1-0'), 'the game of both copies is shown', merged.slice(0, 200));
  await page.screenshot({ path: join(shots, 'serve-two-copies.png'), fullPage: true });

  check(errors.length === 0, 'the page logged no errors', errors.join('; '));
  check(foreign.length === 0, 'nothing was fetched from elsewhere', foreign.join(' '));
} catch (e) {
  check(false, 'the browser test ran to its end', e.stack || String(e));
} finally {
  if (browser) await browser.close().catch(() => {});
  child.kill();
  rmSync(profile, { recursive: true, force: true });
  clearTimeout(guard);
}

console.log(`browser test: ${failures ? failures + ' check(s) failed' : 'all checks passed'}; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
