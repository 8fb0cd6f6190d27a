// The commutation matrix of a 220-size Factorial panel (28 × 8 = 224 cells) stays
// responsive — typing a digit in a cell paints in ≤ 50 ms. On the small seed (PGlite) in Chromium,
// as the operator at 1440×900: an analogue panel gets a Factorial 220 matrix through the API (its
// range's flats wired from the first cell), the screen is opened, and for each keystroke a cell is
// clicked (its text selected), then one digit is typed. The clock is the page's: performance.now()
// in a capturing keydown listener, to the second requestAnimationFrame after it (the frame that
// shows the new digit has been painted). The first keystrokes warm the page up and are not counted.
//
// Standalone: node --import tsx tests/bench/matrix-paint.ts (BENCH_STATIC_DIR=dist-… for another build)

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { repoRoot, startServer } from '../e2e/server-process';
import { launchBenchBrowser, logIn, openContext, pageApi } from './app-browser';
import { DIST } from './bundle';

export const MATRIX_PAINT_BUDGET_MS = 50;
const OPERATOR = { login: 'operator', password: 'operator' } as const;
const KEYSTROKES = Number(process.env.BENCH_MATRIX_KEYSTROKES ?? 30);
const WARMUP = 3;
/** Device types with the 'commutators' capability. */
const ANALOGUE_TYPES = [0, 5, 6, 10, 11, 12];
const FACTORIAL = 0;
const ROWS = 8;
const COLUMNS = 28;

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

export interface MatrixPaintFigures {
  mac: string;
  paintMs: number[];
  median: number;
  p95: number;
}

interface MatrixAnswer {
  flatRange: { firstFlat: number; lastFlat: number } | null;
}

const matrixUrl = (mac: string) => `/front/devices/${encodeURIComponent(mac)}/commutators`;

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

/** An analogue panel of the operator with an entrance, given a Factorial 220 matrix wired from its range's first flat. */
async function preparePanel(page: Page): Promise<string> {
  for (const type of ANALOGUE_TYPES) {
    const list = await pageApi<{ data: { MAC: string; STATUS_CODE: number }[] }>(page, 'GET', `/front/device-list/get-list?page=1&type=${type}`);
    for (const row of list.data) {
      if (row.STATUS_CODE === 2 || row.STATUS_CODE === 3) continue;
      const { flatRange } = await pageApi<MatrixAnswer>(page, 'GET', matrixUrl(row.MAC));
      if (!flatRange) continue;
      let flat = flatRange.firstFlat;
      const matrix = Array.from({ length: ROWS }, () => Array.from({ length: COLUMNS }, () => (flat <= flatRange.lastFlat ? flat++ : 0)));
      await pageApi(page, 'POST', matrixUrl(row.MAC), { model: FACTORIAL, matrix: [{ index: 0, matrix }] });
      return row.MAC;
    }
  }
  throw new Error('no analogue panel with an entrance in the seed');
}

/** Typing one digit in `count` cells of the open matrix, each measured keydown → second frame. */
async function measureTyping(page: Page, count: number): Promise<number[]> {
  await page.evaluate(() => {
    const paints: number[] = [];
    (window as unknown as { __matrixPaints: number[] }).__matrixPaints = paints;
    document.addEventListener(
      'keydown',
      () => {
        const start = performance.now();
        requestAnimationFrame(() => requestAnimationFrame(() => paints.push(performance.now() - start)));
      },
      true,
    );
  });
  const paints: number[] = [];
  for (let i = 0; i < count; i++) {
    // The right half of the grid, column by column: cells an operator would be wiring now.
    const row = (i % ROWS) + 1;
    const column = COLUMNS - Math.floor(i / ROWS) % (COLUMNS / 2);
    const cell = page.getByRole('textbox', { name: `Ряд ${row}, столбец ${column}`, exact: true });
    await cell.click();
    const digit = String((i % 9) + 1);
    const before = await page.evaluate(() => (window as unknown as { __matrixPaints: number[] }).__matrixPaints.length);
    await page.keyboard.press(digit);
    const handle = await page.waitForFunction((n) => {
      const list = (window as unknown as { __matrixPaints: number[] }).__matrixPaints;
      return list.length > n ? list[n] : false;
    }, before);
    const value = await cell.inputValue();
    if (value !== digit) throw new Error(`cell ${row}:${column} holds «${value}» after typing ${digit}`);
    paints.push(Math.round(((await handle.jsonValue()) as number) * 10) / 10);
  }
  return paints;
}

export async function matrixPaintReport(heading: Heading, table: Table, options: { logFile: string; staticDir?: string }): Promise<MatrixPaintFigures | null> {
  heading('Commutation matrix (small seed, PGlite) in Chromium: typing a digit in a cell of a Factorial 220 (28 × 8) to paint');
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-bench-matrix-'));
  try {
    const env = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: options.staticDir ?? DIST, DEVICE_FAILURE_SHARE: '0' };
    const server = await startServer({ env, logFile: options.logFile, timeoutMs: 300_000 });
    const browser = await launchBenchBrowser();
    try {
      const { context, page } = await openContext(browser, server.url, { serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
      try {
        await logIn(page, OPERATOR);
        const mac = await preparePanel(page);
        await page.goto(`/devices/${encodeURIComponent(mac)}/commutators`);
        await page.getByRole('grid').waitFor();
        const cells = await page.getByRole('textbox', { name: /^Ряд \d+, столбец \d+$/ }).count();
        if (cells !== ROWS * COLUMNS) throw new Error(`the grid shows ${cells} cells, not ${ROWS * COLUMNS}`);
        const all = await measureTyping(page, WARMUP + KEYSTROKES);
        const paintMs = all.slice(WARMUP);
        const figures = { mac, paintMs, median: percentile(paintMs, 0.5), p95: percentile(paintMs, 0.95) };
        table(
          [
            ['panel', 'keystrokes', 'median', 'p95', 'max'],
            [mac, String(paintMs.length), `${figures.median} ms`, `${figures.p95} ms`, `${Math.max(...paintMs)} ms`],
          ],
          [false, true, true, true, true],
        );
        return figures;
      } finally {
        await context.close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function matrixPaintBudgetRows(figures: MatrixPaintFigures | null): string[][] {
  const label = 'matrix cell typing to paint, Factorial 220 (Chromium';
  if (!figures) return [[`${label}, median)`, `${MATRIX_PAINT_BUDGET_MS} ms`, 'not measured', '-', 'SKIPPED']];
  return [
    [
      `${label}, median of ${figures.paintMs.length})`,
      `${MATRIX_PAINT_BUDGET_MS} ms`,
      `${figures.median} ms (p95 ${figures.p95} ms)`,
      `${((figures.median / MATRIX_PAINT_BUDGET_MS) * 100).toFixed(0)}%`,
      figures.median <= MATRIX_PAINT_BUDGET_MS ? 'PASS' : 'OVER',
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const heading: Heading = (title) => console.log(`\n== ${title}`);
  const table: Table = (rows) => rows.forEach((row) => console.log(`  ${row.join(' | ')}`));
  const figures = await matrixPaintReport(heading, table, { logFile: join(repoRoot, 'test-results', 'bench-matrix-paint.log') });
  for (const row of matrixPaintBudgetRows(figures)) console.log(`  ${row.join(' | ')}`);
  if (figures) console.log(`  keystrokes: ${figures.paintMs.join(', ')} ms`);
}
