import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { stripDefaultMessagesPlugin } from './scripts/strip-default-messages.ts';

const apiPort = process.env.PORT ?? '3000';

/**
 * `vite build`: the browser app into dist/web, with a manifest the server reads to preload each
 * page's chunk. `vite build --ssr`: the server renderer (web/entry-server.tsx) into dist/ssr.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  // the browser's messages arrive precompiled (English too): no English defaults in its code
  plugins: [stripDefaultMessagesPlugin(), react(), tailwindcss()],
  // Every message arrives precompiled to its AST (npm run i18n:compile, decision 0025): the
  // browser needs no ICU parser.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
          // React 19's own useSyncExternalStore for wouter, not the React 16/17 polyfill (web/lib/router)
          {
            find: /^use-sync-external-store\/shim\/index\.js$/,
            replacement: fileURLToPath(
              new URL('./web/lib/router/react-sync-external-store.ts', import.meta.url),
            ),
          },
        ],
      },
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
        rolldownOptions: {
          input: 'entry-server.tsx',
          // The renderer holds every language's messages (entry-server imports them all), which
          // web/i18n/messages.ts imports on demand in the browser: in this build that is meant,
          // not a warning. Any other message is shown.
          onLog(level, log, show) {
            if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
            show(level, log);
          },
        },
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        // maps stay on the server's disk for reading a stack trace, never served nor named in the
        // code (issue 22 finding 12: the whole client, staff console included, was readable)
        sourcemap: 'hidden',
        manifest: true,
        // zod in a chunk of its own: left to itself the bundler merges it into the chunk of the
        // shared form fields, and pages that show a field but check nothing (/programs) load it.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
                // what every public page loads besides React: the libraries and the small shared
                // parts, in one file instead of ten (on a slow line each file costs a round trip)
                {
                  name: 'shell',
                  test: (id) =>
                    /node_modules[\\/](react-intl|@formatjs|intl-messageformat|@tanstack|wouter|regexparam|tslib)[\\/]|web[\\/](components|lib|i18n[\\/][a-z-]+\.tsx?$)/.test(
                      id,
                    ) &&
                    !/(status-badge|document-state-badge|progress-bar|save-file|file-field|use-schema-form)\./.test(
                      id,
                    ),
                  minShareCount: 3,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
