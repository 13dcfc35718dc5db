import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Tests send many forms and messages from one address: those limits are tested on their own
 * (form-limits.test.ts, casework/message-limits.test.ts). Messages per application stay as set.
 */
export const unthrottledForms = {
  FORMS_RATE_LIMIT_PER_CLIENT: '1000000',
  FORMS_RATE_LIMIT_PER_ADDRESS: '1000000',
  MESSAGES_PER_CLIENT: '1000000',
};

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SpawnOptions {
  /** Keep only the last 64 KB of output (benchmarks that log every request). */
  tailOutput?: boolean;
  /** Run the compiled server (`dist/server/main.js`, from `npm run build`) as `npm start` does. */
  compiled?: boolean;
  /** Extra node flags, e.g. `--cpu-prof` for a benchmark's profile. */
  nodeArgs?: string[];
}

/** Runs the server as a real process: its TypeScript sources through tsx, or the compiled output. */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.tailOutput && output.length > 65_536) output = output.slice(-65_536);
  };
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.compiled
      ? ['--enable-source-maps', 'dist/server/main.js']
      : ['--import', 'tsx', 'server/main.ts']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...unthrottledForms,
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until the server answers /api/health, or returns false if it exits first. */
export async function waitUntilHealthy(
  server: ServerProcess,
  timeoutMs = 60_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) return false;
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Server not healthy within ${timeoutMs} ms:\n${server.output()}`);
}
