import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/server-process';

/** Debian's nginx (`apt-get install -y nginx`; .ci/run installs it). */
export const NGINX = '/usr/sbin/nginx';

export function nginxConfig(dir: string, port: number, upstreams: readonly number[]): string {
  const runAsRoot = process.getuid?.() === 0 ? 'user root;' : '';
  return `${runAsRoot}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 100m;
  upstream app {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout;
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

/**
 * nginx in front of the servers on `upstreams` (loopback ports), round robin, no stickiness, on a
 * loopback port of its own; its files (configuration, temp, log) in a new directory.
 */
export async function startNginx(upstreams: readonly number[]): Promise<{ nginx: ChildProcess; url: string; dir: string }> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx (apt-get install -y nginx; .ci/run does)`);
  const dir = await mkdtemp(join(tmpdir(), 'intercom-nginx-'));
  // nginx opens <prefix>/logs/error.log before it reads the configuration.
  await mkdir(join(dir, 'logs'));
  const port = await freePort();
  await writeFile(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await fetch(`${url}/site/csrf`).catch(() => null))?.ok) {
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url} (see ${dir}/error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { nginx, url, dir };
}
