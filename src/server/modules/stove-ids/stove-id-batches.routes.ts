import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../common/contracts/errors';
import {
  createStoveBatchSchema,
  importPreviewSchema,
  importStoveIdsSchema,
  listStoveBatchesQuerySchema,
  stoveBatchListSchema,
  stoveBatchSchema,
} from '../../../common/contracts/stove-ids';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { actorOf } from '../../http/guard';
import {
  getBatch,
  importStoveIds,
  listBatches,
  planBatch,
  previewImport,
  writeBatch,
} from './stove-id-batches.service';

const tags = ['stove-ids'];
const config = { permission: 'stove-id-management' } as const;
const params = z.object({ id: z.string().uuid('Not a batch id') });

const NDJSON = 'application/x-ndjson';
const wantsProgress = (request: FastifyRequest) => (request.headers.accept ?? '').includes(NDJSON);

/** The `{ error }` line that ends a stream which failed after it started. */
function errorLine(error: unknown, request: FastifyRequest) {
  if (error instanceof AppError) {
    return {
      error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    };
  }
  request.log.error({ err: error }, 'stove ID batch failed');
  return { error: { code: ERROR_CODES.internal, message: 'Something went wrong on the server. Please try again.' } };
}

/**
 * Streams the JSON lines `work` writes (a first `{"progress":0}`), ending when it settles. The
 * work goes on (and commits or rolls back) if the client leaves; its lines are then dropped.
 */
function sendLines(reply: FastifyReply, work: (line: (value: unknown) => void) => Promise<unknown>): FastifyReply {
  const stream = new PassThrough();
  stream.on('error', () => undefined);
  const open = () => !stream.destroyed && !stream.writableEnded;
  const line = (value: unknown) => {
    if (open()) stream.write(`${JSON.stringify(value)}\n`);
  };
  line({ progress: 0 });
  void work(line).finally(() => {
    if (open()) stream.end();
  });
  return reply.header('content-type', `${NDJSON}; charset=utf-8`).header('cache-control', 'no-store').send(stream);
}

export async function stoveIdBatchRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/stove-id-batches',
    {
      config,
      schema: {
        tags,
        summary: 'List stove ID batches (q: a batch number or the start of its first code)',
        querystring: listStoveBatchesQuerySchema,
        response: { 200: stoveBatchListSchema },
      },
    },
    async (request) => listBatches(db, actorOf(request), request.query),
  );

  r.get(
    '/api/stove-id-batches/:id',
    { config, schema: { tags, summary: 'One stove ID batch', params, response: { 200: stoveBatchSchema } } },
    async (request) => getBatch(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/stove-id-batches',
    {
      config,
      schema: {
        tags,
        summary:
          'Generate a batch of stove IDs (all or nothing; 409 lists codes that exist). With Accept: application/x-ndjson, ' +
          'streams {"progress":x} lines and ends with {"batch":…} or {"error":…}',
        body: createStoveBatchSchema,
        response: { 201: stoveBatchSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Bad input, scope and existing codes are answered as usual, before anything streams.
      const plan = await planBatch(db, actor, request.body);
      if (!wantsProgress(request)) return reply.status(201).send(await writeBatch(db, actor, plan));

      return sendLines(reply, (line) =>
        writeBatch(db, actor, plan, (progress) => line({ progress }))
          .then((batch) => line({ batch }))
          .catch((error: unknown) => line(errorLine(error, request))),
      );
    },
  );

  r.post(
    '/api/stove-id-imports/preview',
    {
      config,
      schema: {
        tags,
        summary: 'Check a list of codes for import: malformed, repeated and existing codes (writes nothing)',
        body: importStoveIdsSchema,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => previewImport(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-id-imports',
    {
      config,
      schema: {
        tags,
        summary: 'Import a list of codes as one batch (all or nothing; 400/409 list each problem)',
        body: importStoveIdsSchema,
        response: { 201: stoveBatchSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await importStoveIds(db, actorOf(request), request.body)),
  );
}
