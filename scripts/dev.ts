import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** `npm run dev`: the API with reload on change, and Vite with hot reload proxying /api to it. */
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

const children: ChildProcess[] = [
  // Pages are opened on Vite's port, so that is the origin the API must trust and put in e-mail links.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.VITE_PORT ?? 5173}`,
    },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];

console.log(
  '\nAPI on http://localhost:%s, app with hot reload on http://localhost:%s\n',
  process.env.PORT ?? 3000,
  process.env.VITE_PORT ?? 5173,
);

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
