// Headless Debian chromium through puppeteer-core (no browser download), and the page's hook:
// window.aoilab.ready() and window.aoilab.dump() (the --dump-ui JSON of the last frame).
import puppeteer from 'puppeteer-core';

export async function launchBrowser() {
  return puppeteer.launch({
    executablePath: process.env.AOILAB_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--window-size=1280,800'],
    defaultViewport: {width: 1280, height: 800},
  });
}

// Opens index.html#HASH in a new page and waits until the link's scenario is open and drawn.
export async function openPage(browser, site, hash, {timeoutMs = 60000} = {}) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${site}index.html${hash ? '#' + hash : ''}`);
  await waitReady(page, timeoutMs);
  page.aoilabErrors = errors;
  return page;
}

export async function waitReady(page, timeoutMs = 60000) {
  await page.waitForFunction(() => window.aoilab && window.aoilab.ready(), {timeout: timeoutMs, polling: 50});
}

export async function dump(page) {
  return JSON.parse(await page.evaluate(() => window.aoilab.dump()));
}

// Waits until the dump satisfies `test` (frames run on requestAnimationFrame), returning that dump.
export async function dumpWhen(page, test, {timeoutMs = 20000} = {}) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    last = await dump(page);
    if (test(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const brief = last && {mode: last.mode, timeline: last.timeline, errors: last.errors, status: last.status,
                         explanation: last.explanation, mode_switcher: last.mode_switcher};
  throw new Error(`the page's dump never met ${test}; last: ${JSON.stringify(brief)}`);
}
