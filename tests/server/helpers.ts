import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Struct } from 'superstruct';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CSRF_HEADER, ErrorResponse, decode } from '../../contract/common';
import { CsrfResponse } from '../../contract/session';
import { buildApp, type AppOptions } from '../../server/app';
import { adminQuery, createDatabaseFromTemplate } from './postgres';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: readonly Backend[] = inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];

/** The demo accounts of the small seed; each one's password is its login. */
export const ACCOUNTS = {
  admin: { id: 1, login: 'admin' },
  operator: { id: 2, login: 'operator' },
  installer: { id: 3, login: 'installer' },
  support: { id: 4, login: 'support' },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

export interface TestApp {
  app: FastifyInstance;
  backend: Backend;
  close(): Promise<void>;
}

/** An app on a private copy of the migrated, seeded (small) template database. */
export async function createTestApp(backend: Backend, overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  if (backend === 'pglite') {
    const archive = await readFile(inject('pgliteTemplatePath'));
    const app = await buildApp({ database: { kind: 'pglite', dataDir: null, loadDataDir: new Blob([archive]) }, seed: false, ...overrides });
    return { app, backend, close: () => app.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `intercom_test_${randomBytes(6).toString('hex')}`;
  const url = await createDatabaseFromTemplate(adminUrl, template, name);
  try {
    const app = await buildApp({ database: { kind: 'postgres', url, poolSize: 4 }, seed: false, ...overrides });
    return {
      app,
      backend,
      close: async () => {
        await app.close();
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
}

/** Builds the app before the file's tests and closes it after; call inside a describe. */
export function useApp(backend: Backend, overrides: Partial<AppOptions> = {}): () => FastifyInstance {
  let testApp: TestApp | null = null;
  beforeAll(async () => {
    testApp = await createTestApp(backend, overrides);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return () => {
    if (!testApp) throw new Error('the app is not built yet');
    return testApp.app;
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the CSRF header (default: on every mutating request). */
  csrf?: boolean;
}

/** A browser: keeps cookies between calls and sends the CSRF token on mutations. */
export class TestClient {
  readonly cookies: Record<string, string> = {};
  private token: string | null = null;

  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  /** The same browser (cookies, CSRF token) talking to another app: another process, or the database moved. */
  at(app: FastifyInstance): TestClient {
    const client = new TestClient(app, this.remoteAddress);
    Object.assign(client.cookies, this.cookies);
    client.token = this.token;
    return client;
  }

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...options.headers };
    if (options.csrf ?? method !== 'GET') headers[CSRF_HEADER] = await this.csrfToken();
    const response = await this.app.inject({
      method,
      url,
      headers,
      cookies: { ...this.cookies },
      remoteAddress: this.remoteAddress,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) delete this.cookies[cookie.name];
      else this.cookies[cookie.name] = cookie.value;
    }
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }

  async csrfToken(): Promise<string> {
    if (!this.token) {
      const response = await this.request('GET', '/site/csrf');
      this.token = expectShape(CsrfResponse, response.json()).token;
    }
    return this.token;
  }

  login(login: string, password: string): Promise<LightMyRequestResponse> {
    return this.request('POST', '/site/auth/login', { payload: { login, password } });
  }
}

/** A client logged in as a demo account. */
export async function loginAs(app: FastifyInstance, account: AccountName, remoteAddress?: string): Promise<TestClient> {
  const client = new TestClient(app, remoteAddress);
  const { login } = ACCOUNTS[account];
  const response = await client.login(login, login);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

/** Decodes a body with the contract's struct: a wrong shape fails the test listing every path. */
export function expectShape<T>(struct: Struct<T, unknown>, body: unknown): T {
  return decode(struct, body, 'response');
}

/** Asserts `{ result: false, message }` with the status; returns the message. */
export function expectError(response: LightMyRequestResponse, status: number, message?: RegExp): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = expectShape(ErrorResponse, response.json());
  if (message) expect(body.message).toMatch(message);
  return body.message;
}
