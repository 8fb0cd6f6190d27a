import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adjusterEndpoints } from '../../contract/adjuster';
import { defaultSerialNumberDraft, toPrepareDeviceBody } from '../../contract/adjuster-wizard';
import { normalizeMac } from '../../contract/common';
import { defaultWizardDraft, toWizardSaveBody, wizardEndpoints } from '../../contract/wizard';
import type { OutboxJob } from '../../src/offline/db';
import { DESKTOP, account, csrfToken, getJson, launchBrowser, logIn, openSession, XHR, type Session } from './browser';
import { copySeededDataDir, repoRoot, startServer, type ServerProcess } from './server-process';

/*
 * In Chromium against the real server: 200 jobs of two wizards
 * (serial-number: register a device; device set-up: save a new device, onlyIfNew) sit in the
 * app's outbox and its own replay engine sends them while the network misbehaves: answers are
 * dropped at random AFTER the server applied the request (which is what makes duplicates
 * possible), 503s come in bursts, the page is reloaded mid-replay, a second tab replays too, and
 * the session is ended on the server halfway (401, then a new login). Afterwards the server holds
 * exactly one device per job: 0 lost, 0 duplicated. The tabs sit on the start page: the queue
 * screen draws every job again at each change, which with 200 jobs halves the replay's pace.
 */

const SERIAL_JOBS = 120;
const SETUP_JOBS = 80;
const JOBS = SERIAL_JOBS + SETUP_JOBS;
const DB_NAME = 'intercom-back-office';
/** Answers dropped after the server handled the request. */
const DROP_SHARE = 0.15;
/** A 503 burst starts on this share of requests, and answers this many requests in a row. */
const BURST_SHARE = 0.03;
const BURST_LENGTH = 6;
/** Chaos (a dropped answer or a 503) a job meets at most. */
const MAX_HITS = 2;

interface Place {
  houseUid: string;
  address: string;
  fias: string;
  porch: number;
}

/** A row as src/offline/outbox.ts `enqueue` stores it, before IndexedDB gives it its id. */
type OutboxRow = Omit<OutboxJob, 'id'>;

interface Planned {
  kind: 'serial-number' | 'device-setup';
  mac: string;
  key: string;
  houseUid: string | null;
}

let browser: Browser;

/** A tag per attempt: CI retries a failed test on the same server, where the first attempt's devices stay. */
function newRunTag(): string {
  return Date.now().toString(16).slice(-5).toUpperCase().padStart(5, '0');
}

/** Locally administered MACs no seed and no earlier run has: 0A:C<run>:<n>. */
function chaosMac(runTag: string, n: number): string {
  return `0AC${runTag}${n.toString(16).toUpperCase().padStart(4, '0')}`.match(/.{2}/g)!.join(':');
}

/*
 * The run adds 200 devices: on the shared e2e server they would fill the device list's first pages
 * that other files pick their devices from, so this file has a server (and database) of its own.
 */
let server: ServerProcess;
let dataDir = '';

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = await copySeededDataDir(inject('seededDataDir'), 'intercom-e2e-chaos-');
  const dist = process.env.E2E_DIST ? resolve(repoRoot, process.env.E2E_DIST) : join(repoRoot, 'dist');
  server = await startServer({
    env: { DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: dist, DEVICE_FAILURE_SHARE: '0', EVENT_TRICKLE_PER_MINUTE: '0' },
    logFile: join(repoRoot, 'test-results', 'e2e-server-chaos.log'),
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Houses with a FIAS id and an entrance, from the installer's own house list. */
async function places(page: Page): Promise<Place[]> {
  const list = await getJson<{ data: Array<{ id: string; address: string; fias?: string | null }> }>(page, '/front/house-list?page=1');
  const houses = list.data.filter((house) => house.fias);
  const token = await csrfToken(page);
  const entrances = await page.evaluate(
    async ({ uids, token: csrf, headers }) => {
      const answer = await fetch('/front/wizard/entrances', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: JSON.stringify({ houseUids: uids }),
      });
      return ((await answer.json()) as { data: Array<{ houseUid: string; entranceNum: number }> }).data;
    },
    { uids: houses.map((house) => house.id), token, headers: XHR },
  );
  const found: Place[] = [];
  for (const house of houses.slice(0, 4)) {
    const numbers = entrances.filter((e) => e.houseUid === house.id && e.entranceNum >= 1).map((e) => e.entranceNum);
    if (numbers.length > 0) found.push({ houseUid: house.id, address: house.address, fias: house.fias ?? '', porch: Math.min(...numbers) });
  }
  if (found.length === 0) throw new Error('the seed has no house with a FIAS id and an entrance');
  return found;
}

/** The 200 jobs, as the two wizards queue them (src/offline/outbox.ts `enqueue`), alternating so both kinds replay at once. */
function plan(spots: readonly Place[], userId: number, runTag: string, now: number): { rows: OutboxRow[]; planned: Planned[] } {
  const rows: OutboxRow[] = [];
  const planned: Planned[] = [];
  let serial = 0;
  let setup = 0;
  for (let n = 0; n < JOBS; n++) {
    const mac = normalizeMac(chaosMac(runTag, n)) ?? chaosMac(runTag, n);
    const key = randomUUID();
    const common = { idempotencyKey: key, method: 'POST' as const, status: 'queued' as const, attempts: 0, nextAttemptAt: now, lastError: null, lastStatus: null };
    const rest = { userId, draftId: null, deviceKey: `mac:${mac}`, createdAt: now, updatedAt: now, sentAt: null };
    const wantSerial = (n % 5 < 3 && serial < SERIAL_JOBS) || setup >= SETUP_JOBS;
    if (wantSerial) {
      const spot = spots[serial % spots.length];
      serial += 1;
      const body = toPrepareDeviceBody({
        ...defaultSerialNumberDraft(),
        serialNumber: `CHAOS-${runTag}-${n}`,
        mac,
        dns: `chaos-${n}.intercom.local`,
        address: spot.address,
        house: spot.fias,
        entrance: spot.porch,
      });
      rows.push({ ...common, kind: 'serial-number', url: adjusterEndpoints.prepareDevice.pattern, body, target: { mac, house: spot.address }, ...rest });
      planned.push({ kind: 'serial-number', mac, key, houseUid: spot.houseUid });
    } else {
      setup += 1;
      const body = toWizardSaveBody({ ...defaultWizardDraft(mac), type: 6, vendor: 'Chaos', url: `http://10.77.${(n >> 8) & 255}.${n & 255}` }, { onlyIfNew: true });
      rows.push({ ...common, kind: 'device-setup', url: wizardEndpoints.save.pattern, body, target: { mac }, ...rest });
      planned.push({ kind: 'device-setup', mac, key, houseUid: null });
    }
  }
  return { rows, planned };
}

/** Writes the rows from /help.html, a page of the origin where no app code runs, so nothing replays meanwhile. */
async function writeOutbox(page: Page, rows: readonly OutboxRow[]): Promise<void> {
  // Online-only screens load no Dexie: the queue screen is the one that creates the app's database.
  await page.goto('/outbox');
  await page.getByRole('heading', { name: 'Очередь отправки' }).waitFor();
  await page.goto('/help.html');
  await page.evaluate(
    ({ name, rows: jobs }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => {
          open.transaction?.abort();
          reject(new Error(`the app's database ${name} does not exist`));
        };
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('outbox', 'readwrite');
          for (const row of jobs) tx.objectStore('outbox').add(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DB_NAME, rows },
  );
}

/** The chaos run's jobs by status, read from the app's IndexedDB. */
function statuses(page: Page, keys: readonly string[]): Promise<Record<string, number>> {
  return page.evaluate(
    ({ name, keys: wanted }) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            const set = new Set(wanted);
            const counts: Record<string, number> = {};
            for (const row of all.result as Array<{ idempotencyKey: string; status: string }>) {
              if (set.has(row.idempotencyKey)) counts[row.status] = (counts[row.status] ?? 0) + 1;
            }
            db.close();
            resolve(counts);
          };
        };
      }),
    { name: DB_NAME, keys },
  );
}

/** Waits for the page to be on the app again (after a reload or the login). */
async function appReady(page: Page): Promise<void> {
  await page.getByRole('link', { name: /ждут отправки/ }).waitFor({ timeout: 20_000 });
}

describe('offline chaos', () => {
  it('200 jobs of two wizards replayed through dropped answers, 503 bursts, reloads, two tabs and an expired session: one device per job', async () => {
    const started = Date.now();
    const { context, page, pageErrors }: Session = await openSession(browser, DESKTOP, server.url);
    try {
      await logIn(page, account('installer'));
      await appReady(page);
      const userId = (await getJson<{ userId: number }>(page, '/front/user/get-permissions')).userId;
      const spots = await places(page);
      const { rows, planned } = plan(spots, userId, newRunTag(), Date.now());
      const keys = planned.map((job) => job.key);

      const counts = { requests: 0, dropped: 0, refused503: 0, reloads: 0, unauthorized: 0, replayed: 0, otherStatuses: {} as Record<string, number> };
      /** Handler runs per key: answers of the server that were not replays. */
      const ran = new Map<string, number>();
      let burst = 0;
      const chaosHits = new Map<string, number>();
      const onJob = async (route: Route) => {
        counts.requests += 1;
        const key = route.request().headers()['idempotency-key'] ?? '';
        // Each job meets the chaos at most twice: more would only grow its backoff past the test's time.
        const hits = chaosHits.get(key) ?? 0;
        const hit = () => chaosHits.set(key, hits + 1);
        if (burst === 0 && Math.random() < BURST_SHARE) burst = BURST_LENGTH;
        if (burst > 0 && hits < MAX_HITS) {
          hit();
          burst -= 1;
          counts.refused503 += 1;
          await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ result: false, message: 'Сервис временно недоступен' }) });
          return;
        }
        const response = await route.fetch().catch(() => null);
        if (response === null) {
          // The page went away (reload) while the request was out: the server may have run it.
          counts.dropped += 1;
          return;
        }
        const status = response.status();
        if (status === 200 && response.headers()['idempotency-replayed'] === 'true') counts.replayed += 1;
        else if (status === 200) ran.set(key, (ran.get(key) ?? 0) + 1);
        else if (status === 401) counts.unauthorized += 1;
        else counts.otherStatuses[String(status)] = (counts.otherStatuses[String(status)] ?? 0) + 1;
        if (hits < MAX_HITS && Math.random() < DROP_SHARE) {
          hit();
          counts.dropped += 1;
          await route.abort('connectionreset').catch(() => undefined);
          return;
        }
        await route.fulfill({ response }).catch(() => undefined);
      };
      await context.route(`**${adjusterEndpoints.prepareDevice.pattern}`, onJob);
      await context.route(`**${wizardEndpoints.save.pattern}`, onJob);

      await writeOutbox(page, rows);
      const second = await context.newPage();
      await Promise.all([page.goto('/'), second.goto('/')]);
      await Promise.all([appReady(page), appReady(second)]);

      /** From the status index: reading every row while the replay writes them would slow it down. */
      const sentCount = () =>
        page.evaluate(
          (name) =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open(name);
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const db = open.result;
                const count = db.transaction('outbox', 'readonly').objectStore('outbox').index('status').count('sent');
                count.onsuccess = () => {
                  db.close();
                  resolve(count.result);
                };
                count.onerror = () => reject(count.error);
              };
            }),
          DB_NAME,
        );
      // One queue, one job at a time: a dropped answer or a 503 holds the whole queue for its backoff.
      const until = async (what: string, done: (sent: number) => boolean, timeout = 90_000) => {
        const deadline = Date.now() + timeout;
        while (!done(await sentCount())) {
          if (Date.now() > deadline) {
            const last = await page.evaluate(
              ({ name }) =>
                new Promise<unknown>((resolve) => {
                  const open = indexedDB.open(name);
                  open.onsuccess = () => {
                    const all = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
                    all.onsuccess = () => {
                      open.result.close();
                      resolve((all.result as Array<{ status: string }>).filter((row) => row.status !== 'sent').slice(0, 3));
                    };
                  };
                }),
              { name: DB_NAME },
            );
            throw new Error(`${what}: not within ${timeout} ms; jobs ${JSON.stringify(await statuses(page, keys))}, ${JSON.stringify(counts)}, unsent e.g. ${JSON.stringify(last).slice(0, 1500)}`);
          }
          await page.waitForTimeout(500);
        }
      };

      // A quarter sent: the first tab reloads in the middle of the replay.
      await until('a quarter of the jobs sent', (sent) => sent >= JOBS / 4);
      await page.reload();
      counts.reloads += 1;
      await appReady(page);

      // Half sent: the session ends on the server (the tabs' next requests get 401), then a new login.
      await until('half of the jobs sent', (sent) => sent >= JOBS / 2);
      const logout = await context.request.post('/site/auth/logout', { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) } });
      expect(logout.ok()).toBe(true);
      await expect.poll(() => counts.unauthorized, { timeout: 20_000, message: 'a replay request answered 401' }).toBeGreaterThan(0);
      // As the installer would: the tab that replays (it holds the lock) asks to log in. Until
      // «Войти» is pressed the app still counts as logged in, and /site/auth would send it home;
      // unless another call of a tab met the 401 first, which ends the session at once.
      const loginToast = (tab: Page) => tab.locator('.notistack-MuiContent', { hasText: 'Сессия истекла' });
      const asking = await Promise.any([
        ...[page, second].map(async (tab) => {
          await loginToast(tab).waitFor({ timeout: 60_000 });
          return tab;
        }),
        page.waitForFunction(() => localStorage.getItem('logged') !== 'true', null, { timeout: 60_000 }).then(() => null),
      ]);
      if (asking) {
        await loginToast(asking).getByRole('button', { name: 'Войти' }).click();
        await asking.waitForURL((url) => url.pathname === '/site/auth');
      }
      await logIn(asking ?? page, account('installer'));
      await appReady(asking ?? page);

      // Three quarters: the second tab reloads too, and the server answers a burst of 503s.
      await until('three quarters of the jobs sent', (sent) => sent >= (JOBS * 3) / 4);
      burst = BURST_LENGTH;
      await second.reload();
      counts.reloads += 1;
      await appReady(second);

      await until('every job sent', (sent) => sent === JOBS);
      expect(await statuses(page, keys)).toEqual({ sent: JOBS });

      // The server's side: every serial-number MAC listed once in its house, every set-up device there.
      const listed = new Map<string, number>();
      for (const houseUid of new Set(planned.flatMap((job) => (job.houseUid ? [job.houseUid] : [])))) {
        const { data } = await getJson<{ data: string[] }>(page, `/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(houseUid)}`);
        for (const mac of data) listed.set(mac, (listed.get(mac) ?? 0) + 1);
      }
      const setupFound = await page.evaluate(
        async ({ macs, headers }) => {
          const found = await Promise.all(macs.map(async (mac) => (await fetch(`/front/device-card/device/${encodeURIComponent(mac)}`, { headers })).status));
          return found.filter((status) => status === 200).length;
        },
        { macs: planned.filter((job) => job.kind === 'device-setup').map((job) => job.mac), headers: XHR },
      );
      const serialMacs = planned.filter((job) => job.kind === 'serial-number').map((job) => job.mac);
      const serialFound = serialMacs.filter((mac) => listed.get(mac) === 1).length;
      const duplicatedMacs = serialMacs.filter((mac) => (listed.get(mac) ?? 0) > 1);
      const ranTwice = [...ran].filter(([, runs]) => runs > 1).map(([key]) => key);

      console.log(
        `offline chaos: ${JOBS} jobs (${SERIAL_JOBS} serial-number, ${SETUP_JOBS} device set-up), ${counts.requests} requests, ` +
          `${counts.dropped} answers dropped, ${counts.refused503} × 503, ${counts.reloads} reloads, ${counts.unauthorized} × 401, ` +
          `${counts.replayed} stored answers replayed, other statuses ${JSON.stringify(counts.otherStatuses)}; ` +
          `rows found ${serialFound + setupFound} (${serialFound} + ${setupFound}), lost ${JOBS - serialFound - setupFound}, ` +
          `duplicated ${duplicatedMacs.length + ranTwice.length}; ${Math.round((Date.now() - started) / 1000)} s`,
      );
      expect(duplicatedMacs).toEqual([]);
      expect(ranTwice).toEqual([]);
      expect(serialFound).toBe(SERIAL_JOBS);
      expect(setupFound).toBe(SETUP_JOBS);
      // The chaos did happen.
      expect(counts.dropped).toBeGreaterThan(0);
      expect(counts.refused503).toBeGreaterThan(0);
      expect(counts.replayed).toBeGreaterThan(0);
      expect(counts.otherStatuses).toEqual({});
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
