import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  catalogueId,
  catalogueProgramsQuery,
  categoryChange,
  categoryInput,
  costFigureInput,
  maxImportBytes,
  programInput,
  universityInput,
} from '../../../shared/schemas/catalogue-admin.ts';
import { categoryName } from '../../../shared/schemas/catalogue.ts';
import {
  consultantIdParam,
  consultantTextsInput,
  latestUpdateInput,
  latestUpdateKey,
} from '../../../shared/schemas/site-texts.ts';
import { requireRole } from '../../auth/session.ts';
import { AppError } from '../../lib/errors.ts';
import { liveStreamRoute, SseStreams } from '../../lib/events/sse.ts';
import { parseInput, parseVersioned } from '../../lib/validate.ts';
import { exportPrograms, importPrograms, programsCsv, templateExample } from './csv-import.ts';
import { maxLogoBytes } from './logo-image.ts';
import * as catalogue from './service.ts';
import * as siteTexts from './site-texts.ts';

/** Administrators and catalogue editors (D11); consultants and applicants get 403, signed out 401. */
const editors = { preHandler: requireRole('catalogue_editor', 'admin') };
const idParam = z.strictObject({ id: catalogueId });
const categoryParam = z.strictObject({ name: categoryName });
const figureParam = z.strictObject({ id: z.string().trim().min(1).max(200) });
const activeInput = z.strictObject({ active: z.boolean({ error: 'Active is true or false' }) });
const importQuery = z.strictObject({
  apply: z.enum(['0', '1'], { error: 'apply is 0 (dry run) or 1' }).default('0'),
});
const latestUpdateParam = z.strictObject({ key: latestUpdateKey });
const universityChanges = universityInput.omit({ id: true }).partial().strict();

const csvAttachment = (name: string) => `attachment; filename="${name}"`;

/** /api/staff/catalogue: the console's catalogue editor (issue 11 item 2). */
export async function catalogueAdminRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: maxImportBytes },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    [
      'image/png',
      'image/jpeg',
      'image/svg+xml',
      'image/webp',
      'image/gif',
      'application/octet-stream',
    ],
    { parseAs: 'buffer', bodyLimit: maxLogoBytes },
    (_req, body, done) => done(null, body),
  );

  // the home page's Latest Updates and the consultants' texts, in six languages (issue 26 §3)
  app.get('/api/staff/catalogue/site-texts', editors, async () => siteTexts.listSiteTexts(app));

  app.post('/api/staff/catalogue/latest-updates/:key', editors, async (req) => {
    const { key } = parseInput(latestUpdateParam, req.params);
    const { version, values } = parseVersioned(latestUpdateInput, req.body);
    return siteTexts.updateLatestUpdate(app, req.user!, key, version, values);
  });

  app.post('/api/staff/catalogue/consultants/:id', editors, async (req) => {
    const { id } = parseInput(consultantIdParam, req.params);
    const { version, values } = parseVersioned(consultantTextsInput, req.body);
    return siteTexts.updateConsultantTexts(app, req.user!, id, version, values);
  });

  app.get('/api/staff/catalogue/universities', editors, async () => ({
    universities: await catalogue.listUniversities(app),
  }));

  app.post('/api/staff/catalogue/universities', editors, async (req, reply) => {
    const values = parseInput(universityInput, req.body);
    return reply.code(201).send(await catalogue.createUniversity(app, req.user!, values));
  });

  app.post('/api/staff/catalogue/universities/:id', editors, async (req) => {
    const { id } = parseInput(idParam, req.params);
    const { version, values } = parseVersioned(universityChanges, req.body);
    return catalogue.updateUniversity(app, req.user!, id, version, values);
  });

  app.post(
    '/api/staff/catalogue/universities/:id/logo',
    { ...editors, bodyLimit: maxLogoBytes },
    async (req) => {
      const { id } = parseInput(idParam, req.params);
      if (!Buffer.isBuffer(req.body)) {
        throw new AppError(
          'LOGO_NOT_AN_IMAGE',
          415,
          'A logo must be a PNG or JPEG image (SVG and other formats are not accepted).',
        );
      }
      return catalogue.uploadLogo(app, req.user!, id, req.body);
    },
  );

  /**
   * Subject categories, managed by the team (issue 11 item 1): every one, active or not, with its
   * programs counted; the program form offers the active ones.
   */
  app.get('/api/staff/catalogue/categories', editors, async () => ({
    categories: await catalogue.listAllCategories(app),
  }));

  app.post('/api/staff/catalogue/categories', editors, async (req, reply) => {
    const { name } = parseInput(categoryInput, req.body);
    return reply.code(201).send({ categories: await catalogue.addCategory(app, req.user!, name) });
  });

  app.post('/api/staff/catalogue/categories/:name', editors, async (req) => {
    const { name } = parseInput(categoryParam, req.params);
    return {
      categories: await catalogue.changeCategory(
        app,
        req.user!,
        name,
        parseInput(categoryChange, req.body),
      ),
    };
  });

  app.get('/api/staff/catalogue/programs', editors, async (req) =>
    catalogue.listPrograms(app, parseInput(catalogueProgramsQuery, req.query)),
  );

  app.get('/api/staff/catalogue/programs/:id', editors, async (req) => {
    const { id } = parseInput(idParam, req.params);
    return catalogue.getProgram(app, id);
  });

  app.post('/api/staff/catalogue/programs', editors, async (req, reply) => {
    const values = parseInput(programInput, req.body);
    return reply.code(201).send(await catalogue.createProgram(app, req.user!, values));
  });

  app.post('/api/staff/catalogue/programs/:id', editors, async (req) => {
    const { id } = parseInput(idParam, req.params);
    const { version, values } = parseVersioned(programInput, req.body);
    return catalogue.updateProgram(app, req.user!, id, version, values);
  });

  app.post('/api/staff/catalogue/programs/:id/active', editors, async (req) => {
    const { id } = parseInput(idParam, req.params);
    const { active } = parseInput(activeInput, req.body);
    return catalogue.setProgramActive(app, req.user!, id, active);
  });

  app.get('/api/staff/catalogue/cost-figures', editors, async () => ({
    figures: await catalogue.listCostFigures(app),
  }));

  app.post('/api/staff/catalogue/cost-figures', editors, async (req, reply) => {
    const values = parseInput(costFigureInput, req.body);
    return reply
      .code(201)
      .send({ figures: await catalogue.createCostFigure(app, req.user!, values) });
  });

  app.post('/api/staff/catalogue/cost-figures/:id', editors, async (req) => {
    const { id } = parseInput(figureParam, req.params);
    const { version, values } = parseVersioned(costFigureInput, req.body);
    return { figures: await catalogue.updateCostFigure(app, req.user!, id, version, values) };
  });

  app.get('/api/staff/catalogue/programs-template.csv', editors, async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', csvAttachment('programs-template.csv'))
      .send(programsCsv([templateExample])),
  );

  app.get('/api/staff/catalogue/programs.csv', editors, async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        csvAttachment(`programs-${new Date().toISOString().slice(0, 10)}.csv`),
      )
      .send(await exportPrograms(app)),
  );

  app.post(
    '/api/staff/catalogue/import',
    { ...editors, bodyLimit: maxImportBytes },
    async (req) => {
      const { apply } = parseInput(importQuery, req.query);
      if (typeof req.body !== 'string') {
        throw new AppError('CSV_INVALID', 415, undefined, {
          detail: 'Send the CSV file itself (text/csv).',
        });
      }
      return importPrograms(app, req.user!, req.body, apply === '1');
    },
  );
}

/**
 * Public: a server-sent event each time this instance has a new catalogue (after any instance's
 * change, D11), so open /programs pages fetch again with no reload. Carries no data.
 */
export async function catalogueChangeRoutes(app: FastifyInstance) {
  const streams = new SseStreams({ client: 20 });
  app.get('/api/catalogue/changes', liveStreamRoute, async (req, reply) => {
    const stream = streams.start(req, reply, { holders: { client: req.ip } });
    const stop = app.catalogue.onChange(() => stream.send('catalogue', '{}'));
    stream.onClose(stop);
  });
  app.addHook('onClose', async () => streams.closeAll());
}

/** Public: an uploaded logo, re-encoded when it was uploaded; never anything a browser could run. */
export async function catalogueLogoRoutes(app: FastifyInstance) {
  app.get('/api/catalogue/logos/:id', async (req, reply) => {
    const { id } = parseInput(z.strictObject({ id: z.uuid('Not a logo id') }), req.params);
    const logo = await catalogue.getLogo(app, id);
    return reply
      .type(logo.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .send(logo.data);
  });
}
