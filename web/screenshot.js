// A screenshot of the page in headless Chromium (Debian's), once the scenario from the link is open and a
// frame drawn (window.aoilab.ready()); optionally the page's --dump-ui JSON beside it.
//   NODE_PATH=<a folder with puppeteer-core> node web/screenshot.js URL OUT.png [WIDTH HEIGHT [DUMP.json]]
// The environment variable AOILAB_SETTINGS (settings.json text) is put in the page's storage first, e.g.
// '{"language":"zh","font_scale":2}'. Prints the milliseconds from opening the page to ready().
const puppeteer = require('puppeteer-core');
const fs = require('fs');

(async () => {
  const [url, out, width = '1280', height = '720', dump] = process.argv.slice(2);
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: 'new',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    if (process.env.AOILAB_SETTINGS)
      await page.evaluateOnNewDocument((s) => localStorage.setItem('aoilab.settings', s), process.env.AOILAB_SETTINGS);
    await page.setViewport({ width: +width, height: +height });
    const start = Date.now();
    await page.goto(url);
    await page.waitForFunction('window.aoilab && window.aoilab.ready()', { timeout: 120000, polling: 20 });
    console.log(`ready after ${Date.now() - start} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));  // a few frames more: hover and layout settle
    await page.screenshot({ path: out });
    if (dump) fs.writeFileSync(dump, await page.evaluate(() => window.aoilab.dump()));
  } finally {
    await browser.close();
  }
})();
