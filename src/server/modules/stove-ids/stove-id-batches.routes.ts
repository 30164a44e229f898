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
  nextBatchNumberQuerySchema,
  nextBatchNumberSchema,
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
  nextBatchNumber,
  planBatch,
  previewImport,
  writeBatch,
} from './stove-id-batches.service';

const tags = ['stove-ids'];
const config = { permission: 'stove-id-management' } as const;
const params = z.object({ id: z.string().uuid('Not a batch id') });
const FACTORY = {
  400: 'An unknown or deactivated factory (`details.fieldErrors.factoryId`).',
  403: 'A factory-scoped user naming another factory than their own (or having none).',
};
const NO_CODES = 'No code left once blanks are dropped (`details.fieldErrors.codes`).';

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
        description:
          'The generated and imported batches, newest first (or by number). `q` is a batch number or the ' +
          'start of its first code; filters `factoryId` and `kind`. Factory-scoped users see their own ' +
          "factory's batches.",
        querystring: listStoveBatchesQuerySchema,
        response: { 200: stoveBatchListSchema },
      },
    },
    async (request) => listBatches(db, actorOf(request), request.query),
  );

  r.get(
    '/api/stove-id-batches/next-number',
    {
      config,
      schema: {
        tags,
        summary: 'The next free number for a new batch of a prefix and width',
        description:
          'Where a new generated batch of this `prefix` and `width` can start without a collision: the ' +
          'number after the highest existing code of that prefix and width (`highestCode`, any factory: ' +
          'codes are unique everywhere), 1 when there is none, null when the width has no number left.',
        querystring: nextBatchNumberQuerySchema,
        response: { 200: nextBatchNumberSchema },
      },
    },
    async (request) => nextBatchNumber(db, request.query),
  );

  r.get(
    '/api/stove-id-batches/:id',
    {
      config: { ...config, errors: { 404: "No stove ID batch with this id, or it is another factory's." } },
      schema: {
        tags,
        summary: 'One stove ID batch',
        description: 'One batch: kind, factory, count, first and last code, note, who and when.',
        params,
        response: { 200: stoveBatchSchema },
      },
    },
    async (request) => getBatch(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/stove-id-batches',
    {
      config: {
        ...config,
        errors: {
          ...FACTORY,
          409: 'Some codes exist already: `details.problems` lists the first 100 (the message gives the count).',
        },
      },
      schema: {
        tags,
        summary: 'Generate a batch of stove IDs with check digits (all or nothing), optionally streaming progress',
        description:
          'Generates `count` codes (at most 100,000) at a factory: the prefix, the number from ' +
          '`firstNumber` zero-padded to `width` digits, and a Damm check digit. All or nothing: when any of ' +
          'the codes exists already, nothing is created. Answers 201 with the batch, or, with `Accept: ' +
          'application/x-ndjson`, streams JSON lines `{"progress":0}`, `{"progress":0.25}`, … ending with ' +
          '`{"batch":{…}}` or `{"error":{…}}`. Bad input, scope and existing codes are answered as ordinary ' +
          'errors before anything streams; a started batch commits or rolls back even if the client leaves.',
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
      config: { ...config, errors: { 400: [FACTORY[400], NO_CODES], 403: FACTORY[403] } },
      schema: {
        tags,
        summary: 'Check a list of codes for import: malformed, repeated and existing codes (writes nothing)',
        description:
          'What an import of these codes would do, writing nothing: how many codes (trimmed, upper-cased, ' +
          'blanks dropped), how many can be created, and each problem in list order: not a stove ID (4-32 ' +
          'characters of A-Z, 0-9 and -), repeated in the list (with the line of its first occurrence), or ' +
          'existing already.',
        body: importStoveIdsSchema,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => previewImport(db, actorOf(request), request.body),
  );

  r.post(
    '/api/stove-id-imports',
    {
      config: {
        ...config,
        errors: {
          400: [FACTORY[400], NO_CODES, 'Some codes are malformed or repeated: `details.problems` names each.'],
          403: FACTORY[403],
          409: 'Some codes exist already: `details.problems` names each.',
        },
      },
      schema: {
        tags,
        summary: 'Import a list of codes as one batch (all or nothing; 400/409 list each problem)',
        description:
          'Imports the codes (at most 100,000) as one `imported` batch at the factory. All or nothing: when ' +
          'any code is refused nothing is created and the answer lists each problem in `details.problems`: ' +
          'malformed or repeated codes are a 400, codes that exist already a 409.',
        body: importStoveIdsSchema,
        response: { 201: stoveBatchSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await importStoveIds(db, actorOf(request), request.body)),
  );
}
