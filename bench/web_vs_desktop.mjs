// The web page beside the desktop app, measured in one run (bench/RESULTS.md, "The page beside the
// desktop"; run by scripts/bench-web). Per round, in turn:
//   - `aoilab-cli bench platform --json` and window.aoilab.bench() in headless chromium: the same function
//     (scenario/platform_bench.h) replaying crowd-1000-walk.json through every AOI method and solving the
//     four MovingAI samples' queries with A*;
//   - the frame time while dragging an entity of crowd-500.json: the desktop app under Xvfb (software GL)
//     from an input script, the page (SwiftShader WebGL) from puppeteer's mouse; both read the dump's
//     frame_ms (the app's own measured work, the mean of the last 60 frames).
// Prints one JSON document (every round's figures) and a Markdown table of the best round of each.
//   node bench/web_vs_desktop.mjs [ROUNDS]     (AOILAB_SITE, AOILAB_BUILD_DIR as for tests/web/run.sh)
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {startServer} from '../tests/web/lib/server.mjs';
import {launchBrowser, openPage, dump, dumpWhen} from '../tests/web/lib/page.mjs';
import {root, appPath, cliJson} from '../tests/web/lib/desktop.mjs';

const rounds = Number(process.argv[2] ?? 2);
const siteDir = process.env.AOILAB_SITE ?? path.join(root, 'build-web/site');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const dragFrames = 120;

// Entity 1 of crowd-500.json, dragged a pixel a frame to the right, dumped while still held.
function desktopDragFrameMs() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aoilab-bench-web-'));
  fs.mkdirSync(path.join(dir, 'config/aoilab'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'config/aoilab/settings.json'), '{"panels": {}}');
  const entity = JSON.parse(fs.readFileSync(path.join(root, 'scenarios/crowd-500.json'), 'utf8')).entities[0];
  const lines = [`5 move_world ${entity.x} ${entity.y}`, '7 press left'];
  for (let f = 8; f < 8 + dragFrames; ++f) lines.push(`${f} move_by 1 0`);
  lines.push(`${8 + dragFrames} dump ${path.join(dir, 'ui.json')}`, `${9 + dragFrames} release left`, `${11 + dragFrames} quit`);
  fs.writeFileSync(path.join(dir, 'drag.script'), lines.join('\n') + '\n');
  execFileSync('xvfb-run', ['-a', '-s', '-screen 0 1280x800x24', appPath, '--size', '1280x800',
                            '--scenario', path.join(root, 'scenarios/crowd-500.json'), '--script', path.join(dir, 'drag.script')],
               {cwd: dir, env: {...process.env, XDG_CONFIG_HOME: path.join(dir, 'config')}, stdio: 'pipe', timeout: 300000});
  const ui = JSON.parse(fs.readFileSync(path.join(dir, 'ui.json'), 'utf8'));
  fs.rmSync(dir, {recursive: true, force: true});
  if (ui.selected !== entity.id) throw new Error(`the desktop drag took entity ${ui.selected}, not ${entity.id}`);
  return ui.frame_ms;
}

async function pageDragFrameMs(browser, site) {
  const page = await openPage(browser, site, 'scenario=crowd-500');
  const start = await dump(page);
  const entity = start.entities.find((e) => e.id === 1);
  const [x, y] = entity.screen;
  await page.mouse.move(x, y);
  await sleep(100);
  await page.mouse.down();
  for (let k = 1; k <= dragFrames; ++k) {
    await page.mouse.move(x + k, y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  }
  const held = await dumpWhen(page, (ui) => ui.selected === 1);
  await page.mouse.up();
  await page.close();
  return held.frame_ms;
}

async function pageKernels(browser, site) {
  const page = await openPage(browser, site, 'scenario=default');
  const figures = await page.evaluate(() => window.aoilab.bench());
  await page.close();
  if (figures.error) throw new Error(`window.aoilab.bench(): ${figures.error}`);
  return figures;
}

const server = await startServer(siteDir);
const browser = await launchBrowser();
const runs = [];
try {
  for (let round = 1; round <= rounds; ++round) {
    const desktop = cliJson(['bench', 'platform', '--root', root, '--json']);
    const page = await pageKernels(browser, server.url);
    const desktopDrag = desktopDragFrameMs();
    const pageDrag = await pageDragFrameMs(browser, server.url);
    runs.push({round, desktop, page, drag_frame_ms: {desktop: desktopDrag, page: pageDrag}});
    console.error(`round ${round}: replay ${desktop.replay_ms.toFixed(0)} / ${page.replay_ms.toFixed(0)} ms, ` +
                  `queries ${desktop.queries_ms.toFixed(0)} / ${page.queries_ms.toFixed(0)} ms, ` +
                  `drag frame ${desktopDrag.toFixed(1)} / ${pageDrag.toFixed(1)} ms (desktop / page)`);
  }
} finally {
  await browser.close();
  await server.stop();
}

// The same work on both sides: counts must agree, or the figures compare different things.
for (const {desktop, page} of runs) {
  desktop.replay.methods.forEach((m, i) => {
    if (page.replay.methods[i].events !== m.events) throw new Error(`${m.name}: events differ between desktop and page`);
  });
  desktop.queries.forEach((q, i) => {
    const p = page.queries[i];
    if (p.queries !== q.queries || p.failed !== 0 || q.failed !== 0 || p.mean_expansions !== q.mean_expansions)
      throw new Error(`${q.map}: the queries differ between desktop and page`);
  });
}

const best = (pick) => Math.min(...runs.map(pick));
const rows = [];
const row = (what, d, p) => rows.push(`| ${what} | ${d.toFixed(1)} | ${p.toFixed(1)} | ${(p / d).toFixed(2)}x |`);
runs[0].desktop.replay.methods.forEach((m, i) =>
  row(`replay crowd-1000-walk, ${m.name}`, best((r) => r.desktop.replay.methods[i].ms), best((r) => r.page.replay.methods[i].ms)));
row('replay crowd-1000-walk, all five', best((r) => r.desktop.replay_ms), best((r) => r.page.replay_ms));
runs[0].desktop.queries.forEach((q, i) =>
  row(`A* on ${q.map} (${q.queries} queries)`, best((r) => r.desktop.queries[i].ms), best((r) => r.page.queries[i].ms)));
row('A* on the four samples', best((r) => r.desktop.queries_ms), best((r) => r.page.queries_ms));
row('frame while dragging in crowd-500', best((r) => r.drag_frame_ms.desktop), best((r) => r.drag_frame_ms.page));
console.log(JSON.stringify(runs, null, 1));
console.log(['| ms (best of ' + rounds + ' rounds) | desktop | page | page / desktop |', '|---|---:|---:|---:|', ...rows].join('\n'));
