import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/browser';
import { repoRoot } from '../e2e/server-process';

/** The build measured: dist/, or BENCH_STATIC_DIR (a build of its own, e.g. while others use dist/). */
export const DIST = process.env.BENCH_STATIC_DIR ? resolve(repoRoot, process.env.BENCH_STATIC_DIR) : join(repoRoot, 'dist');

export interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
}

export function gzipSize(data: Uint8Array): number {
  return gzipSync(data, { level: 9 }).length;
}

/** Every JS file in dist/assets with its raw and gzip size, largest first. */
export async function builtChunks(): Promise<Chunk[]> {
  const assets = join(DIST, 'assets');
  const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
  const chunks = await Promise.all(
    files.map(async (file) => {
      const data = await readFile(join(assets, file));
      return { file: `assets/${file}`, bytes: data.length, gzip: gzipSize(data) };
    }),
  );
  return chunks.sort((a, b) => b.gzip - a.gzip);
}

/** The service worker and its helpers, built beside the app (not loaded by a page as a script). */
export async function rootScripts(): Promise<Chunk[]> {
  const files = (await readdir(DIST)).filter((f) => f.endsWith('.js'));
  const chunks: Chunk[] = [];
  for (const file of files) {
    const path = join(DIST, file);
    if (!(await stat(path)).isFile()) continue;
    const data = await readFile(path);
    chunks.push({ file, bytes: data.length, gzip: gzipSize(data) });
  }
  return chunks.sort((a, b) => b.gzip - a.gzip);
}

/** The entry module and the modulepreloads index.html names: what every route loads before its own lazy chunk. */
export async function entryScripts(chunks: Chunk[]): Promise<Chunk[]> {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls = new Set<string>();
  for (const tag of tags) {
    const isModule = /^<script\b/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) urls.add(url.replace(/^\.?\//, ''));
  }
  return chunks.filter((c) => urls.has(c.file));
}

export interface LoadedScript {
  url: string;
  bytes: number;
  gzip: number;
}

/**
 * Every JS response the page receives while `load` runs (and until the network is idle),
 * gzip-sized here whatever the server's own encoding, largest first.
 */
export async function recordScripts(page: Page, load: () => Promise<void>): Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript | null>[] = [];
  page.on('response', (response) => {
    const isScript = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(response.url());
    if (!isScript) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSize(body) }))
        .catch(() => null),
    );
  });
  await load();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const loaded = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
  return loaded.sort((a, b) => b.gzip - a.gzip);
}

/**
 * Opens /site/auth in Chromium (service workers blocked, so only the page's own requests count)
 * and returns every JS response, gzip-sized here whatever the server's own encoding.
 */
export async function scriptsLoadedBy(baseUrl: string, path: string): Promise<LoadedScript[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    const loaded = await recordScripts(page, async () => {
      await page.goto(path);
      await page.getByLabel('Логин', { exact: true }).waitFor({ timeout: 30_000 });
    });
    await context.close();
    return loaded;
  } finally {
    await browser.close();
  }
}
