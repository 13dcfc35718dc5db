import { randomUUID } from 'node:crypto';

/** One hostile request, as light-my-request takes it. */
export interface MalformedRequest {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const fieldNames = [
  'email',
  'name',
  'fullName',
  'password',
  'note',
  'body',
  'token',
  'status',
  'phone',
  'q',
  'applicationId',
];

/** `/api/x/:id/*` with values in its parameters. */
export function fillPattern(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const objectWith = (value: unknown) =>
  JSON.stringify(Object.fromEntries(fieldNames.map((f) => [f, value])));

/**
 * The kinds of malformed input a route can meet: NUL anywhere, deep nesting, broken JSON, wrong
 * types and sizes, broken or boundary-less multipart, bad encodings. Each route gets every kind.
 */
export function malformedRequestsFor(
  method: string,
  pattern: string,
  origin: string,
): MalformedRequest[] {
  const id = randomUUID();
  const url = fillPattern(pattern, id);
  const base = { method, headers: { origin } };
  const json = (name: string, payload: string | Buffer, target = url): MalformedRequest => ({
    ...base,
    name,
    url: target,
    headers: { ...base.headers, 'content-type': 'application/json' },
    payload,
  });
  const multipart = (name: string, contentType: string, payload: string): MalformedRequest => ({
    ...base,
    name,
    url,
    headers: { ...base.headers, 'content-type': contentType },
    payload,
  });
  const boundary = '----fuzz';
  const requests: MalformedRequest[] = [
    { ...base, name: 'NUL in the query', url: `${url}?q=%00&email=a%00b&page=%00` },
    {
      ...base,
      name: 'NUL in a path segment',
      url: fillPattern(pattern, '%00') + (pattern.includes(':') ? '' : '/%00'),
    },
    {
      ...base,
      name: 'bad percent-encoding',
      url: `${fillPattern(pattern, '%E0%A4%A')}?q=%E0%A4%A&x=%`,
    },
    { ...base, name: 'overlong parameter', url: fillPattern(pattern, 'x'.repeat(5_000)) },
    {
      ...base,
      name: 'repeated and odd query parameters',
      url: `${url}?q=a&q=b&page=-1&page=1e309&pageSize=NaN&status[]=x&__proto__[x]=1`,
    },
    { ...base, name: 'a literal control character in the query', url: `${url}?q=a%01%1Fb%7F` },
    json('NUL in every text field', objectWith('a\u0000b')),
    json('NUL in a key', JSON.stringify({ 'e\u0000mail': 'a@b.co' })),
    json('JSON nested 5,000 deep (arrays)', deepJson(5_000)),
    json('JSON nested 5,000 deep (objects)', deepObject(5_000)),
    json('truncated JSON', '{"email": "a@b.co", "name": "x'),
    json('empty JSON body', ''),
    json('JSON null', 'null'),
    json('JSON array', '[1,2,3]'),
    json('JSON number', '42'),
    json('JSON string', '"text"'),
    json('wrong types everywhere', objectWith(12345)),
    json('objects where text goes', objectWith({ $gt: '' })),
    json('huge text fields', objectWith('x'.repeat(100_000))),
    json(
      'prototype pollution',
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
    ),
    json(
      'invalid UTF-8',
      Buffer.concat([
        Buffer.from('{"email":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"}'),
      ]),
    ),
    json('lone surrogate', '{"email":"\\ud800","name":"\\udfff"}'),
    json('body over the limit', `{"x":"${'y'.repeat(1_100_000)}"}`),
    {
      ...base,
      name: 'JSON with charset latin1',
      url,
      headers: { ...base.headers, 'content-type': 'application/json; charset=latin1' },
      payload: '{"a":1}',
    },
    {
      ...base,
      name: 'plain text body',
      url,
      headers: { ...base.headers, 'content-type': 'text/plain' },
      payload: 'hello\u0000',
    },
    {
      ...base,
      name: 'form-urlencoded body',
      url,
      headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00',
    },
    {
      ...base,
      name: 'unknown content type',
      url,
      headers: { ...base.headers, 'content-type': 'application/x-fuzz' },
      payload: '\u0000\u0001',
    },
    multipart(
      'multipart without a boundary',
      'multipart/form-data',
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--${boundary}--\r\n`,
    ),
    multipart(
      'truncated multipart',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nAmi`,
    ),
    multipart(
      'multipart with a NUL field',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
    ),
    multipart(
      'multipart with a broken part header',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data\r\nX: \u0000\r\n\r\nx\r\n--${boundary}--\r\n`,
    ),
    multipart(
      'multipart file before its headers end',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="passportCopy"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4`,
    ),
    multipart('multipart with an empty boundary', 'multipart/form-data; boundary=', `--\r\n\r\n`),
  ];
  return requests;
}

/** Auth endpoints behind `/api/auth/*`: the wildcard route is fuzzed at each of them. */
export const authPaths = [
  'sign-up/email',
  'sign-in/email',
  'request-password-reset',
  'send-verification-email',
  'reset-password',
  'sign-out',
  'get-session',
  'verify-email',
  'revoke-sessions',
  'revoke-session',
  'revoke-other-sessions',
  'list-sessions',
  'change-password',
  'update-user',
];

/** A valid JSON body with a NUL in one field at a time: input that passes every other check. */
export function nulInEachField(
  method: string,
  url: string,
  origin: string,
  body: Record<string, unknown>,
): MalformedRequest[] {
  return Object.keys(body).map((field) => ({
    name: `NUL in ${field} of a valid body`,
    method,
    url,
    headers: { origin, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify({ ...body, [field]: `${String(body[field])}\u0000` }),
  }));
}

/**
 * Text no database stores: a NUL, and a lone UTF-16 surrogate. In JSON the surrogate travels as
 * its escape (`"\ud800"`); in multipart and CSV, which are UTF-8 bytes, as the bytes a surrogate
 * would have (ED A0 80), which no UTF-8 decoder turns into one.
 */
export const unstorableTexts = [
  { name: 'NUL', text: '\u0000', bytes: Buffer.from([0]) },
  { name: 'a lone surrogate', text: '\ud800', bytes: Buffer.from([0xed, 0xa0, 0x80]) },
] as const;
export type UnstorableText = (typeof unstorableTexts)[number];

type Path = (string | number)[];

/** The path of every leaf of a JSON value (texts, numbers, yes/no, nulls, list items). */
export function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...path, key]));
  return [path];
}

/** A copy of `body` whose leaf at `path` is `change(leaf)`. */
function withLeaf(body: unknown, path: Path, change: (leaf: unknown) => unknown): unknown {
  if (path.length === 0) return change(body);
  const [head, ...rest] = path;
  if (Array.isArray(body))
    return body.map((item, i) => (i === head ? withLeaf(item, rest, change) : item));
  const object = body as Record<string, unknown>;
  return { ...object, [head!]: withLeaf(object[head!], rest, change) };
}

const spoil = (leaf: unknown, bad: string) => `${leaf === null ? '' : String(leaf)}${bad}`;

/** A valid JSON body with a NUL, then a lone surrogate, in one leaf at a time (nested ones too). */
export function unstorableTextInEachJsonField(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): (MalformedRequest & { bad: UnstorableText })[] {
  return leafPaths(body).flatMap((path) =>
    unstorableTexts.map((bad) => ({
      name: `${bad.name} in ${path.join('.')} of a valid body`,
      bad,
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: JSON.stringify(withLeaf(body, path, (leaf) => spoil(leaf, bad.text))),
    })),
  );
}

/** A multipart form (fields then an optional PDF), each field's value as bytes. */
function multipartOf(fields: [string, Buffer][], file?: { key: string; content: Buffer }) {
  const boundary = `----fuzz${randomUUID().slice(0, 8)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      value,
      Buffer.from('\r\n'),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.key}"; filename="form.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A valid multipart form with a NUL, then a surrogate's bytes, in one text field at a time. */
export function unstorableTextInEachMultipartField(
  method: string,
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { key: string; content: Buffer },
): (MalformedRequest & { bad: UnstorableText })[] {
  return Object.keys(fields).flatMap((field) =>
    unstorableTexts.map((bad) => {
      const { payload, contentType } = multipartOf(
        Object.entries(fields).map(([name, value]) => [
          name,
          name === field ? Buffer.concat([Buffer.from(value), bad.bytes]) : Buffer.from(value),
        ]),
        file,
      );
      return {
        name: `${bad.name} in the multipart field ${field}`,
        bad,
        method,
        url,
        headers: { ...headers, 'content-type': contentType },
        payload,
      };
    }),
  );
}

/** A valid CSV file with a NUL, then a surrogate's bytes, in one cell at a time (the header's too). */
export function unstorableTextInEachCsvCell(
  url: string,
  headers: Record<string, string>,
  rows: string[][],
): (MalformedRequest & { bad: UnstorableText; cell: string })[] {
  const quoted = (cell: string) => Buffer.from(`"${cell.replace(/"/g, '""')}`);
  const requests: (MalformedRequest & { bad: UnstorableText; cell: string })[] = [];
  rows.forEach((row, r) =>
    row.forEach((_cell, c) => {
      for (const bad of unstorableTexts) {
        const lines = rows.map((cells, i) =>
          Buffer.concat(
            cells.flatMap((cell, j) => [
              ...(j > 0 ? [Buffer.from(',')] : []),
              quoted(cell),
              ...(i === r && j === c ? [bad.bytes] : []),
              Buffer.from('"'),
            ]),
          ),
        );
        requests.push({
          name: `${bad.name} in the CSV cell ${rows[0]![c]} of line ${r + 1}`,
          bad,
          cell: `${rows[0]![c]}:${r + 1}`,
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'text/csv' },
          payload: Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\r\n')])),
        });
      }
    }),
  );
  return requests;
}
