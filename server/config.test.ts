import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs with no settings at all: embedded database under ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('names PORT when it is not a number', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_URL',
    ]);
  });

  it('uses PostgreSQL when DATABASE_URL is set and honours DATA_DIR', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATA_DIR: '/tmp/portal-x',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.dataDir).toBe('/tmp/portal-x');
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('keeps a case after an erasure request 72 months by default, CASE_RETENTION_MONTHS otherwise (D16)', () => {
    expect(loadConfig({}).retention.caseMonths).toBe(72);
    expect(loadConfig({ CASE_RETENTION_MONTHS: '120' }).retention.caseMonths).toBe(120);
    for (const bad of ['0', '241', '6.5', 'six years'])
      expect(problemsOf({ CASE_RETENTION_MONTHS: bad }), bad).toEqual([
        expect.stringMatching(/^CASE_RETENTION_MONTHS: /),
      ]);
  });
});

describe('object storage settings', () => {
  it('needs a bucket, and both halves of a key or neither', () => {
    expect(problemsOf({ UPLOADS_DRIVER: 's3' })).toEqual([
      'UPLOADS_S3_BUCKET: is required when UPLOADS_DRIVER=s3',
    ]);
    expect(
      problemsOf({
        UPLOADS_DRIVER: 's3',
        UPLOADS_S3_BUCKET: 'docs',
        UPLOADS_S3_ACCESS_KEY_ID: 'id',
      })[0],
    ).toMatch(/^UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY: give both/);
    expect(
      problemsOf({
        UPLOADS_DRIVER: 'ftp',
        UPLOADS_S3_BUCKET: 'Not A Bucket',
        UPLOADS_S3_PREFIX: '../',
      }).map((p) => p.split(':')[0]),
    ).toEqual(['UPLOADS_DRIVER', 'UPLOADS_S3_BUCKET', 'UPLOADS_S3_PREFIX']);
  });

  it('uses path-style addresses for a custom endpoint unless told otherwise, and the AWS chain without keys', () => {
    const custom = loadConfig({
      UPLOADS_DRIVER: 's3',
      UPLOADS_S3_BUCKET: 'docs',
      UPLOADS_S3_ENDPOINT: 'https://s3.example.com',
    });
    expect(custom.uploads.s3).toMatchObject({
      bucket: 'docs',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: null,
      prefix: '',
    });
    const aws = loadConfig({
      UPLOADS_DRIVER: 's3',
      UPLOADS_S3_BUCKET: 'docs',
      UPLOADS_S3_REGION: 'eu-west-2',
    });
    expect(aws.uploads.s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-2',
      forcePathStyle: false,
    });
    expect(loadConfig({}).uploads.s3).toBeNull();
  });
});
