import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, waitUntilHealthy } from '../tests/support/server-process.ts';
import { hammer } from './load.ts';

/**
 * Where one public read spends its CPU: the compiled server under `--cpu-prof` (`npm run build`
 * first), one endpoint hammered at 100 connections, then the self time per package or file.
 * `npm run bench:profile-read -- /api/programs`. Loopback only.
 */
const endpoint = process.argv[2] ?? '/api/site';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-profile-'));
const profileDir = path.join(dataDir, 'profile');
const server = await spawnServer(
  {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
  },
  { tailOutput: true, compiled: true, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
}

const where = (url: string) => {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (url.includes('dist/server')) return 'portal (compiled)';
  return url.startsWith('node:') ? url : url || '(native)';
};

try {
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server did not start:\n${server.output()}`);
  await hammer(server.url + endpoint, { connections: 100, seconds: 1 });
  const result = await hammer(server.url + endpoint, { connections: 100, seconds });
  console.log(`${endpoint}: ${result.perSecond} req/s, p99 ${result.p99} ms`);
  await server.stop();
  const [file] = await readdir(profileDir);
  const profile = JSON.parse(await readFile(path.join(profileDir, file!), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  // only the samples of the measured window: start-up (migrations, seeding) is not a read's cost
  const stoppedAt = profile.startTime + profile.timeDeltas.reduce((a, b) => a + b, 0);
  const from = stoppedAt - (seconds + 0.2) * 1e6;
  const until = stoppedAt - 0.2 * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < from || at > until) return;
    const node = byId.get(id)!;
    const key = where(node.callFrame.url);
    self.set(key, (self.get(key) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${key}:${node.callFrame.lineNumber}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`\nself time by package\n${top(self, 20)}\n\nself time by function\n${top(fns, 30)}`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
