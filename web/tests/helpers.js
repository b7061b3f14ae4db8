// Test support: the package copied into web/pkg (web/build.sh), a static
// server of web/ on a free localhost port, and headless Chromium (Debian's
// /usr/bin/chromium, or $CHROMIUM) with a fresh profile in a temp dir.

import { createServer } from 'node:http';
import { readFile, stat, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, resolve, sep } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const WEB = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const ROOT = resolve(WEB, '..');
export const TARGET = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
export const NPM = join(TARGET, 'npm');

/** Copies the built package into web/pkg (retried: the package may be being rebuilt). */
export async function buildPkg() {
  let last;
  for (let i = 0; i < 5; i++) {
    try {
      execFileSync('sh', [join(WEB, 'build.sh'), NPM], { stdio: 'pipe' });
      return;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  throw new Error(`web/build.sh failed: ${last.stderr ?? last.message}`);
}

/** The package for Node (to compare the page with), imported from target/npm. */
export async function nodePackage() {
  let last;
  for (let i = 0; i < 5; i++) {
    try {
      return await import(join(NPM, 'node.js'));
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  throw last;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ts': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
};

/** A static server of web/ on 127.0.0.1 and a free port. Records every request's path. */
export async function serve(root = WEB) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    let path = resolve(join(root, decodeURIComponent(url.pathname)));
    if (path !== root && !path.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((r) => server.close(r)) };
}

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Headless Chromium with a fresh profile (--user-data-dir in a temp dir,
 *  which Playwright passes for a persistent context); close() removes it.
 *  Nothing may leave localhost: every other request is refused and listed
 *  in `outside` (the page must work offline). */
export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`);
  const profile = await mkdtemp(join(tmpdir(), 'dds-web-chromium-'));
  const downloads = await mkdtemp(join(tmpdir(), 'dds-web-downloads-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    downloadsPath: downloads,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  const outside = [];
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.hostname === '127.0.0.1' || u.protocol === 'data:' || u.protocol === 'blob:') return route.continue();
    outside.push(u.href);
    return route.abort();
  });
  return {
    context,
    outside,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
      await rm(downloads, { recursive: true, force: true });
    },
  };
}

/** A new page of the site, its errors collected; waits until the page has read its first deal. */
export async function openPage(chrome, url, { width = 1280, height = 800, hash = '' } = {}) {
  const page = await chrome.context.newPage();
  await page.setViewportSize({ width, height });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url + hash);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  return { page, errors };
}

/** The double dummy table as shown: {S: {N, E, S, W}, ...}, read from the cells' text
 *  (once the table of `deal`, PBN from North, is there). */
export async function shownTable(page, deal) {
  await page.waitForSelector(deal ? `#table table.dd[data-deal="${deal}"]` : '#table table.dd', { timeout: 30000 });
  return page.$$eval('#table button.cell', (cells) => {
    const t = {};
    for (const c of cells) {
      t[c.dataset.strain] ??= {};
      t[c.dataset.strain][c.dataset.seat] = Number(c.textContent.trim());
    }
    return t;
  });
}

/** Types text into the deal box and presses Analyse. */
export async function enterDeal(page, text) {
  await page.fill('#deal-input', text);
  await page.click('#analyse');
}

export async function tempDir() {
  return mkdtemp(join(tmpdir(), 'dds-web-test-'));
}
