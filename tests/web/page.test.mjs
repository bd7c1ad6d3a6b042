// The browser tests of issue 36 (ctest label "web"): the site in build-web/site (scripts/web) served on
// 127.0.0.1, driven in headless Debian chromium; the desktop app and aoilab-cli give the references.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import {startServer} from './lib/server.mjs';
import {launchBrowser, openPage, waitReady, dump, dumpWhen} from './lib/page.mjs';
import {root, desktopDump, cliJson, cliPath} from './lib/desktop.mjs';
import {semantic} from './lib/compare.mjs';

const siteDir = process.env.AOILAB_SITE ?? path.join(root, 'build-web/site');
let server, browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(siteDir, 'index.html')), `no site in ${siteDir}: run scripts/web first`);
  server = await startServer(siteDir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const scenario = (name) => path.join(root, 'scenarios', `${name}.json`);
const errorText = (ui) => JSON.stringify(ui.errors ?? []);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('(1) #scenario=crosslist-article&seek=2 dumps as the desktop app at --seek 2', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article&seek=2');
  const web = await dump(page);
  const desk = desktopDump(['--scenario', scenario('crosslist-article'), '--seek', '2']);
  assert.deepEqual(web.errors, []);
  assert.equal(web.mode, desk.mode);
  assert.deepEqual(semantic(web.timeline), semantic(desk.timeline));
  assert.deepEqual(semantic(web.entities), semantic(desk.entities));
  const documentOf = (ui) => semantic({...ui.document, path: undefined});  // the page's file is its own
  assert.deepEqual(documentOf(web), documentOf(desk));
  assert.equal(web.explanation, desk.explanation);
  assert.deepEqual(semantic(web.aoi), semantic(desk.aoi));  // the events and the teaching panels' numbers
  const drawn = (ui) => Object.fromEntries(ui.panels.filter((p) => p.drawn).map((p) => [p.id, semantic(p.drawn)]));
  assert.deepEqual(drawn(web), drawn(desk));
  await page.close();
});

test('(3) real keys and clicks: ArrowRight steps, a workbench button switches, a drag moves an entity', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article');
  const start = await dump(page);
  await page.click('canvas');
  // Each key held for a few frames, as a hand does (a press and release inside one frame is not a press
  // to ImGui), and each step seen before the next key.
  let stepped;
  for (let i = 1; i <= 3; ++i) {
    await page.keyboard.press('ArrowRight', {delay: 100});
    stepped = await dumpWhen(page, (ui) => ui.timeline.position >= start.timeline.position + i);
  }
  await sleep(300);  // no fourth step comes
  stepped = await dump(page);
  assert.equal(stepped.timeline.position, start.timeline.position + 3);

  // The workbench buttons sit in the menu bar, in F1-F4 order: the second one is search.
  const [x0, y0, x1, y1] = stepped.mode_switcher.rect;
  assert.equal(stepped.mode_switcher.folded, false);
  await page.mouse.click(x0 + ((x1 - x0) / stepped.modes.length) * 1.5, (y0 + y1) / 2, {delay: 100});
  await dumpWhen(page, (ui) => ui.mode === 'search');
  await page.close();

  // A drag of an entity onto the one farthest from it, at the start of the timeline: it moves, and the
  // events panel lists the events of that move.
  const fresh = await openPage(browser, server.url, 'scenario=crosslist-article');
  const before = await dump(fresh);
  const entity = before.entities[0];
  const distance = (e) => Math.hypot(e.x - entity.x, e.y - entity.y);
  const far = before.entities.reduce((a, b) => (distance(b) > distance(a) ? b : a));
  const [x, y] = entity.screen;
  const [tx, ty] = far.screen;
  await fresh.mouse.move(x, y);
  await sleep(100);
  await fresh.mouse.down();
  for (let k = 1; k <= 8; ++k) {
    await sleep(50);
    await fresh.mouse.move(x + ((tx - x) * k) / 8, y + ((ty - y) * k) / 8);
  }
  await sleep(100);
  await fresh.mouse.up();
  const moved = await dumpWhen(fresh, (ui) => ui.entities.find((e) => e.id === entity.id).x !== entity.x);
  assert.ok(moved.document.dirty);
  assert.match(moved.explanation, /move/);
  const rows = moved.aoi.events.rows;
  assert.ok(rows.some((r) => r.target === entity.id || r.watcher === entity.id), JSON.stringify(rows).slice(0, 500));
  await fresh.close();
});

test('(2) a search and a graph lesson at &seek=end: the path equals the desktop app\'s and the CLI\'s', async () => {
  const lessons = {
    'search-arena': (ui) => ui.search.runs[0].path_length,
    'graph-city': (ui) => ui.graph.distance,
  };
  const found = {};
  for (const [name, answer] of Object.entries(lessons)) {
    const page = await openPage(browser, server.url, `scenario=${name}&seek=end`);
    const web = await dump(page);
    const desk = desktopDump(['--scenario', scenario(name), '--seek', 'end']);
    assert.deepEqual(web.errors, [], name);
    assert.equal(web.mode, desk.mode, name);
    assert.equal(typeof answer(web), 'number', name);
    assert.equal(answer(web), answer(desk), name);
    found[name] = answer(web);
    await page.close();
  }
  // aoilab-cli on the same map and graph: the search's length (a one-query .scen) and the graph's cost.
  const search = JSON.parse(fs.readFileSync(scenario('search-arena'), 'utf8'));
  const map = path.resolve(root, 'scenarios', search.map);
  const q = search.queries[0];
  const scen = path.join(fs.mkdtempSync(path.join(root, 'build-web', 'scen-')), 'one.scen');
  const header = fs.readFileSync(map, 'utf8').split('\n');
  const side = (key) => header.find((line) => line.startsWith(key)).split(/\s+/)[1];
  fs.writeFileSync(scen, `version 1\n0\t${path.basename(map)}\t${side('width')}\t${side('height')}\t${q.start[0]}\t${q.start[1]}\t${q.goal[0]}\t${q.goal[1]}\t${found['search-arena']}\n`);
  const cliSearch = cliJson(['path', '--map', map, '--scen', scen, '--json']);
  assert.equal(cliSearch.failed, 0, JSON.stringify(cliSearch.first_failures));
  const city = JSON.parse(fs.readFileSync(scenario('graph-city'), 'utf8'));
  const cliGraph = cliJson(['graph', path.resolve(root, 'scenarios', city.graph), '--from', city.route.from, '--to', city.route.to, '--json']);
  assert.equal(cliGraph.cost, found['graph-city']);
});

test('(4) Copy link, then the link in a new page: same world, mode and position', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article&seek=2');
  await page.click('canvas');
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyL', {delay: 100});
  await page.keyboard.up('Control');
  const copied = await dumpWhen(page, (ui) => ui.share_link);
  await page.close();
  const link = copied.share_link.text.replace(/^[^#]*#/, '');
  const reopened = await openPage(browser, server.url, link);
  const opened = await dump(reopened);
  assert.deepEqual(opened.errors, []);
  assert.equal(opened.mode, copied.mode);
  assert.equal(opened.timeline.position, copied.timeline.position);
  assert.deepEqual(semantic(opened.entities), semantic(copied.entities));
  await reopened.close();
});

test('(5) a damaged link and a dropped non-scenario file: an error, the page answers, nothing else changed', async () => {
  const page = await openPage(browser, server.url, 's=AAAAthis-is-not-a-link');
  const damaged = await dump(page);
  assert.match(errorText(damaged), /link: /);
  await page.close();

  const lesson = await openPage(browser, server.url, 'scenario=crosslist-article');
  const before = await dump(lesson);
  const canvas = await lesson.$('canvas');
  const dropped = path.join(fs.mkdtempSync(path.join(root, 'build-web', 'drop-')), 'notes.json');
  fs.writeFileSync(dropped, 'this is not a scenario');
  const input = await lesson.evaluateHandle(() => {
    const el = document.createElement('input');
    el.type = 'file';
    document.body.appendChild(el);
    return el;
  });
  await input.uploadFile(dropped);
  await lesson.evaluate((el, target) => {
    const transfer = new DataTransfer();
    transfer.items.add(el.files[0]);
    for (const type of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true}));
  }, input, canvas);
  const after = await dumpWhen(lesson, (ui) => ui.errors.length > before.errors.length);
  assert.deepEqual(semantic(after.entities), semantic(before.entities));
  assert.equal(after.document.title, before.document.title);
  await lesson.keyboard.press('ArrowRight', {delay: 100});
  await dumpWhen(lesson, (ui) => ui.timeline.position === before.timeline.position + 1);
  await lesson.close();
});

test('(6) settings survive a reload', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article&lang=zh');
  const first = await dump(page);
  assert.equal(first.language, 'zh');
  await page.evaluate(() => window.aoilab.saveSettings?.());
  await page.goto(`${server.url}index.html#scenario=crosslist-article`);
  await page.reload();
  await waitReady(page);
  const again = await dump(page);
  assert.equal(again.language, 'zh');
  await page.close();
});

// A fresh folder the browser downloads into (Save, Save As and Screenshot are downloads in the page).
async function downloadsInto(page) {
  const folder = fs.mkdtempSync(path.join(root, 'build-web', 'downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', {behavior: 'allow', downloadPath: folder, eventsEnabled: true});
  return folder;
}

async function downloaded(folder, test, timeoutMs = 20000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const done = fs.readdirSync(folder).filter((name) => !name.endsWith('.crdownload') && test(name));
    if (done.length) return path.join(folder, done[0]);
    await sleep(100);
  }
  throw new Error(`nothing was downloaded into ${folder}: ${fs.readdirSync(folder)}`);
}

// Ctrl+O, and the browser's file chooser it opens. Puppeteer turns on its interception of choosers with a
// message of its own: it must have arrived before the key does (else the chooser opens unseen).
async function pressForChooser(page) {
  const chooser = page.waitForFileChooser({timeout: 20000});
  await sleep(300);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyO', {delay: 100});
  await page.keyboard.up('Control');
  return chooser;
}

const centre = ([x0, y0, x1, y1]) => [(x0 + x1) / 2, (y0 + y1) / 2];

// Opens the menu bar's menu `menu` ("file", "scenario", ...) and clicks its item whose id passes `pick`.
async function chooseFromMenu(page, menu, pick) {
  const bar = await dump(page);
  const header = bar.menus.find((m) => m.id === menu);
  assert.ok(header, JSON.stringify(bar.menus));
  await page.mouse.click(...centre(header.rect), {delay: 100});
  const open = await dumpWhen(page, (ui) => ui.menu_items.some((item) => pick(item.id)));
  const item = open.menu_items.find((i) => pick(i.id));
  await page.mouse.click(...centre(item.rect), {delay: 100});
  return item;
}

// From here on each page names its language: the browser keeps test (6)'s settings (Chinese) in its storage.
test('(7) window.aoilab.bench() does the work of aoilab-cli bench platform', async () => {
  const page = await openPage(browser, server.url, 'scenario=default');
  const web = await page.evaluate(() => window.aoilab.bench({query_limit: 12}));
  await page.close();
  const desk = cliJson(['bench', 'platform', '--root', root, '--limit', '12', '--json']);
  assert.equal(web.error, undefined, web.error);
  assert.equal(web.replay.operations, desk.replay.operations);
  assert.deepEqual(web.replay.methods.map((m) => [m.name, m.events]), desk.replay.methods.map((m) => [m.name, m.events]));
  const queries = (doc) => doc.queries.map((q) => [q.map, q.queries, q.failed, q.mean_expansions]);
  assert.deepEqual(queries(web), queries(desk));
  assert.ok(web.replay_ms > 0 && web.queries_ms > 0);
});

test('(8) the menus in the page: the Scenarios menu opens a library file, File > Screenshot downloads a PNG', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article&lang=en');
  const folder = await downloadsInto(page);
  const item = await chooseFromMenu(page, 'scenario', (id) => id.endsWith('/graph-city.json'));
  assert.equal(item.label, 'A city of 72 crossings');
  const opened = await dumpWhen(page, (ui) => ui.mode === 'graph' && ui.document.title_shown === item.label);
  assert.deepEqual(opened.errors, []);

  await chooseFromMenu(page, 'file', (id) => id === 'screenshot');
  const png = fs.readFileSync(await downloaded(folder, (name) => name.endsWith('.png')));
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  const canvas = await page.evaluate(() => [Module.canvas.width, Module.canvas.height]);
  assert.deepEqual([width, height], canvas);
  await page.close();
});

test('(9) File > Open reads a file from the disk through the browser\'s chooser; Save downloads the edited scenario', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article&lang=en');
  const folder = await downloadsInto(page);
  const source = JSON.parse(fs.readFileSync(scenario('grid-article'), 'utf8'));
  source.title = {en: 'Uploaded grid lesson', zh: '上传的网格课'};
  const file = path.join(fs.mkdtempSync(path.join(root, 'build-web', 'upload-')), 'my-lesson.json');
  fs.writeFileSync(file, JSON.stringify(source));
  await page.click('canvas');
  const chooser = await pressForChooser(page);
  await chooser.accept([file]);
  const opened = await dumpWhen(page, (ui) => ui.document.title_shown === 'Uploaded grid lesson');
  assert.deepEqual(opened.errors, []);
  assert.equal(opened.entities.length, source.entities.length);

  // An edit (Delete the first entity, selected by a click), then Ctrl+S: the file comes back as a download.
  const victim = opened.entities[0];
  await page.mouse.click(...victim.screen, {delay: 100});
  await dumpWhen(page, (ui) => ui.selected === victim.id);
  await page.keyboard.press('Delete', {delay: 100});
  await dumpWhen(page, (ui) => ui.entities.length === source.entities.length - 1);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyS', {delay: 100});
  await page.keyboard.up('Control');
  const saved = JSON.parse(fs.readFileSync(await downloaded(folder, (name) => name === 'my-lesson.json'), 'utf8'));
  assert.equal(saved.title.en, 'Uploaded grid lesson');
  assert.equal(saved.entities.length, source.entities.length - 1);
  assert.ok(!saved.entities.some((e) => e.id === victim.id));
  await dumpWhen(page, (ui) => !ui.document.dirty);
  await page.close();
});

test('(10) touch: a tap selects an entity, a one-finger drag drags it', async () => {
  const page = await browser.newPage();
  await page.setViewport({width: 1280, height: 800, hasTouch: true, isMobile: false});
  await page.goto(`${server.url}index.html#scenario=crosslist-article&lang=en`);
  await waitReady(page);
  const start = await dump(page);
  const entity = start.entities[0];
  const [x, y] = entity.screen;
  await page.touchscreen.tap(x, y);
  await dumpWhen(page, (ui) => ui.selected === entity.id);
  await page.touchscreen.touchStart(x, y);
  for (let k = 1; k <= 8; ++k) {
    await sleep(50);
    await page.touchscreen.touchMove(x + 8 * k, y + 5 * k);
  }
  await sleep(100);
  await page.touchscreen.touchEnd();
  const moved = await dumpWhen(page, (ui) => ui.entities.find((e) => e.id === entity.id).x !== entity.x);
  const now = moved.entities.find((e) => e.id === entity.id);
  assert.ok(now.x > entity.x, `dragged right: ${entity.x} -> ${now.x}`);
  assert.ok(moved.document.dirty);
  await page.close();
});

test('(11) a device pixel ratio of 2 at 800x600: the canvas has twice the pixels and the text is drawn twice as large', async () => {
  const sizes = {};
  for (const ratio of [1, 2]) {
    const page = await browser.newPage();
    await page.setViewport({width: 800, height: 600, deviceScaleFactor: ratio});
    await page.goto(`${server.url}index.html#scenario=crosslist-article&lang=en`);
    await waitReady(page);
    const ui = await dump(page);
    const canvas = await page.evaluate(() => [Module.canvas.width, Module.canvas.height, Module.canvas.clientWidth]);
    assert.deepEqual(canvas, [800 * ratio, 600 * ratio, 800]);
    assert.deepEqual(ui.content_scale, [ratio, ratio]);
    assert.deepEqual(ui.errors, []);
    sizes[ratio] = {font: ui.font_size, window: ui.window};
    await page.close();
  }
  assert.equal(sizes[2].font, 2 * sizes[1].font);
  assert.equal(sizes[2].window.width, 2 * sizes[1].window.width);
});

test('(12) a world past what the page can hold is refused with the page\'s limit and the size it would need', async () => {
  // Eight entities that see the whole of a 100,000 x 100,000 world over 10-unit towers: about 490 MiB of
  // tower registrations, within the desktop's 1024 MiB a method, past the page's quarter of it.
  const world = {format: 'aoilab-scenario', version: 1, title: 'too large for the page',
                 world: {width: 100000, height: 100000}, aoi: {method: 'grid', cell_size: 10, tower_size: 10, standard_radius: 10},
                 entities: Array.from({length: 8}, (_, i) => ({id: i + 1, x: 100 + i, y: 100, radius: 1e6}))};
  const file = path.join(fs.mkdtempSync(path.join(root, 'build-web', 'large-')), 'large.json');
  fs.writeFileSync(file, JSON.stringify(world));
  const desk = execFileSync(cliPath, ['validate', file], {encoding: 'utf8'});
  assert.match(desk, /valid/);

  const page = await openPage(browser, server.url, 'scenario=crosslist-article&lang=en');
  const before = await dump(page);
  await page.click('canvas');
  const chooser = await pressForChooser(page);
  await chooser.accept([file]);
  const refused = await dumpWhen(page, (ui) => ui.errors.length > before.errors.length);
  const message = refused.errors[refused.errors.length - 1];
  assert.match(message, /large\.json/);
  assert.match(message, /: \/aoi: views need about \d+ MiB \(grid\), \d+ MiB \(towers\); 256 MiB a method: /);
  assert.equal(refused.document.title, before.document.title);
  assert.deepEqual(semantic(refused.entities), semantic(before.entities));
  await page.keyboard.press('ArrowRight', {delay: 100});
  await dumpWhen(page, (ui) => ui.timeline.position === before.timeline.position + 1);
  await page.close();
});

test('(13) the keys of the desktop in the page: F1-F4, Space plays, Ctrl+Z and Ctrl+Y, H the shortcut sheet', async () => {
  const page = await openPage(browser, server.url, 'scenario=crosslist-article&lang=en');
  await page.click('canvas');
  const key = async (name, modifier) => {
    if (modifier) await page.keyboard.down(modifier);
    await page.keyboard.press(name, {delay: 100});
    if (modifier) await page.keyboard.up(modifier);
  };
  for (const [name, mode] of [['F2', 'search'], ['F3', 'maps'], ['F4', 'graph'], ['F1', 'aoi']]) {
    await key(name);
    await dumpWhen(page, (ui) => ui.mode === mode);
  }
  await key('Space');
  await dumpWhen(page, (ui) => ui.timeline.playing && ui.timeline.position > 0);
  await key('Space');
  const paused = await dumpWhen(page, (ui) => !ui.timeline.playing);
  await key('Home');
  await dumpWhen(page, (ui) => ui.timeline.position === 0);

  // A drag, undone and redone.
  const entity = paused.entities[0];
  const [x, y] = entity.screen;
  await page.mouse.move(x, y);
  await sleep(100);
  await page.mouse.down();
  for (let k = 1; k <= 6; ++k) {
    await sleep(50);
    await page.mouse.move(x + 10 * k, y + 6 * k);
  }
  await sleep(100);
  await page.mouse.up();
  const moved = await dumpWhen(page, (ui) => ui.entities.find((e) => e.id === entity.id).x !== entity.x);
  const movedX = moved.entities.find((e) => e.id === entity.id).x;
  await key('KeyZ', 'Control');
  await dumpWhen(page, (ui) => ui.entities.find((e) => e.id === entity.id).x === entity.x);
  await key('KeyY', 'Control');
  await dumpWhen(page, (ui) => ui.entities.find((e) => e.id === entity.id).x === movedX);

  const sheetShown = (ui) => ui.panels.find((p) => p.id === 'shortcuts')?.visible === true;
  assert.equal(sheetShown(moved), false);
  await key('KeyH');
  await dumpWhen(page, sheetShown);
  assert.deepEqual(page.aoilabErrors, []);
  await page.close();
});
