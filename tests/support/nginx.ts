import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface NginxProxy {
  url: string;
  /** The access log deploy/nginx.conf writes. */
  accessLog: string;
  stop(): Promise<void>;
}

/**
 * A real nginx (Debian's package) in front of `upstreams`, running deploy/nginx.conf (the file
 * docs/deploy.md describes) with its placeholders filled in, from a temporary prefix folder.
 */
export async function startNginx(
  upstreams: string[],
  options: { port?: number; maxBody?: string } = {},
): Promise<NginxProxy> {
  if (!existsSync(nginxBinary))
    throw new Error(`nginx is not installed (${nginxBinary}): apt-get install -y nginx`);
  const prefix = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  const port = options.port ?? (await freePort());
  const site = (await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8'))
    .replaceAll('@LISTEN@', `127.0.0.1:${port}`)
    .replaceAll('@UPSTREAMS@', upstreams.map((u) => `server ${u};`).join('\n    '))
    .replaceAll('@MAX_BODY@', options.maxBody ?? '60m')
    .replaceAll('@ACCESS_LOG@', path.join(prefix, 'access.log'));
  const conf = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${site}
}`;
  await writeFile(path.join(prefix, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    nginxBinary,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    if (
      await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    accessLog: path.join(prefix, 'access.log'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
