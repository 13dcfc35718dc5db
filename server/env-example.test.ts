import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, settingNames } from './config.ts';

const example = readFileSync(path.resolve(import.meta.dirname, '../.env.example'), 'utf8');
/** `NAME=value` lines, and `# NAME=value` examples. */
const documented = new Set(
  [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => match[1]!),
);
const values = Object.fromEntries(
  [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
);

describe('.env.example', () => {
  it('documents every setting of server/config.ts, and nothing else', () => {
    expect([...documented].sort()).toEqual([...settingNames].sort());
  });

  it('holds values the server starts with', () => {
    expect(() => loadConfig(values)).not.toThrow();
  });
});
