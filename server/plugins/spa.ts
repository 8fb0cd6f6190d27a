import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './error-handler';
import { isApiPath } from './rbac';

const META_PATTERN = /<meta\s+name=["']csrf-token["'][^>]*>/i;

/** The shell with the CSRF token in `<meta name="csrf-token">` (added to <head> if the build lacks it). */
export function injectCsrfMeta(html: string, token: string): string {
  const meta = `<meta name="csrf-token" content="${token}">`;
  if (META_PATTERN.test(html)) return html.replace(META_PATTERN, meta);
  return html.replace(/<head([^>]*)>/i, `<head$1>${meta}`);
}

function wantsHtml(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  if (path === '/' || path === '/index.html') return true;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built app: hashed files under /assets/ are immutable; everything else (sw.js, the
 * manifest, icons) is revalidated on each use. Any other GET that asks for HTML gets the shell
 * (history-mode routing), with a fresh CSRF token and `no-cache`.
 */
export const spaPlugin = fp(
  async (app, options: { staticDir: string | null }) => {
    const root = options.staticDir ? resolve(options.staticDir) : null;
    const exists = root ? await stat(root).then((info) => info.isDirectory(), () => false) : false;
    if (root && !exists) app.log.warn(`${root} does not exist: serving the API only (run npm run build)`);
    const shell = root && exists ? await readFile(join(root, 'index.html'), 'utf8').catch(() => null) : null;

    if (root && exists) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
        // The build writes .br and .gz beside each file (vite.config.ts); a browser that accepts one gets it.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) => {
          const immutable = path.includes('/assets/');
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const spaRequest = shell !== null && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && wantsHtml(request);
      if (!spaRequest) return notFound(request, reply);
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(injectCsrfMeta(shell, app.csrfToken(request, reply)));
    });
  },
  { name: 'spa', dependencies: ['csrf'] },
);
