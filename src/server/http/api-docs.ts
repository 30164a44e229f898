/**
 * The OpenAPI document is the API reference (served at /api/docs, rendered into docs/api.md by
 * `npm run docs:api`). Each route writes its `summary` and `description` and declares its own error
 * answers in `config.errors`; this transform adds what every route shares, from the route's config:
 * its permission (in the description and as `x-permission`) and its error responses (400, 401, 403
 * and the route's own), all described by the one error schema of src/common/contracts/errors.ts.
 *
 * The error responses exist only in the document: the routes' own `schema.response` stays as it is,
 * so fastify-type-provider-zod never serializes (or strips) an error answer through them.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODES, errorResponseSchema } from '../../common/contracts/errors';
import { describePermission, type RoutePermission } from './guard';

/** The error statuses a route may answer with, in the order the reference lists them. */
const ERROR_STATUSES = [400, 401, 403, 404, 406, 409, 413, 415, 429] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * What one error status means on a route: a sentence, whose code is the status's usual one
 * (400 VALIDATION_FAILED, 403 FORBIDDEN, 404 NOT_FOUND, 409 CONFLICT…), or a code of its own.
 */
type ErrorMeaning = string | { code: string; meaning: string };

/** A route's own error answers (`config.errors`), each with its meaning on that route. */
export type RouteErrors = Partial<Record<ErrorStatus, ErrorMeaning | readonly ErrorMeaning[]>>;

const USUAL_CODE: Record<ErrorStatus, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  406: ERROR_CODES.validation,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.validation,
  415: ERROR_CODES.validation,
  429: ERROR_CODES.rateLimited,
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The permission in words, as the reference shows it. */
function permissionInWords(permission: RoutePermission): string {
  if (permission === 'public') return 'public (no session needed)';
  if (permission === 'authenticated') return 'any signed-in user';
  return describePermission(permission);
}

/** The sentence the transform adds to every route's description. */
export function permissionSentence(permission: RoutePermission): string {
  return `Permission: ${permissionInWords(permission)}.`;
}

function declaredAnswers(errors: RouteErrors, status: ErrorStatus): { code: string; meaning: string }[] {
  const declared = errors[status];
  if (declared === undefined) return [];
  const list: readonly ErrorMeaning[] =
    typeof declared === 'string' || !Array.isArray(declared) ? [declared] : declared;
  return list.map((m) => (typeof m === 'string' ? { code: USUAL_CODE[status], meaning: m } : m));
}

/** Every error answer of a route: the shared ones its schema, permission and method imply, then its own. */
function errorAnswers(
  schema: FastifySchema,
  methods: readonly string[],
  permission: RoutePermission,
  errors: RouteErrors,
): Map<ErrorStatus, { code: string; meaning: string }[]> {
  const shared: Partial<Record<ErrorStatus, { code: string; meaning: string }[]>> = {};
  if (schema.body || schema.querystring || schema.params) {
    shared[400] = [
      {
        code: ERROR_CODES.validation,
        meaning: 'The request does not match the schema: `details.fieldErrors` gives the messages of each field.',
      },
    ];
  }
  if (permission !== 'public') {
    shared[401] = [
      { code: ERROR_CODES.unauthenticated, meaning: 'No session.' },
      { code: ERROR_CODES.sessionExpired, meaning: 'The session was idle for 15 minutes.' },
    ];
  }
  const forbidden: { code: string; meaning: string }[] = [];
  if (permission !== 'public' && permission !== 'authenticated') {
    forbidden.push({
      code: ERROR_CODES.forbidden,
      meaning: `The caller lacks ${permissionInWords(permission)} (checked before the body is read).`,
    });
  }
  const changing = methods.filter((m) => !SAFE_METHODS.has(m));
  if (changing.length > 0) {
    const request = changing.length === methods.length ? 'the request' : `a ${changing.join(' or ')} request`;
    forbidden.push({ code: ERROR_CODES.badOrigin, meaning: `A browser sent ${request} from another site.` });
  }
  if (forbidden.length > 0) shared[403] = forbidden;

  const answers = new Map<ErrorStatus, { code: string; meaning: string }[]>();
  for (const status of ERROR_STATUSES) {
    const all = [...(shared[status] ?? []), ...declaredAnswers(errors, status)];
    if (all.length > 0) answers.set(status, all);
  }
  return answers;
}

/**
 * The success answer of a route whose schema declares none because it has no JSON body
 * (`config.success`): 204 without a body, or 200 in a media type of its own. A CSV export
 * (GET …/export.csv, the list convention) needs none: it answers the CSV file.
 */
export interface RouteSuccess {
  status: 200 | 204;
  mediaType?: string;
  description: string;
}

/** The success of a route that answers 204 without a body. */
export const NO_CONTENT: RouteSuccess = { status: 204, description: 'Done, without a body.' };

const CSV_EXPORT: RouteSuccess = {
  status: 200,
  mediaType: 'text/csv',
  description: 'The whole filtered, sorted list as a CSV download (UTF-8 with a byte order mark).',
};

/** The documented success answer of a route without a 2xx response schema, as OpenAPI wants it. */
function successAnswer(success: RouteSuccess | undefined, url: string): Record<string, unknown> {
  const answer = success ?? (url.endsWith('/export.csv') ? CSV_EXPORT : undefined);
  if (!answer) return {};
  const { status, mediaType, description } = answer;
  return {
    [status]: mediaType
      ? { description, content: { [mediaType]: { schema: mediaType.includes('json') ? {} : { type: 'string' } } } }
      : { description, type: 'null' },
  };
}

/** jsonSchemaTransform, after adding each API route's permission and error responses to its schema. */
export const apiDocsTransform: SwaggerTransform = (document) => {
  const { route, url } = document;
  const permission = route.config?.permission;
  const schema: FastifySchema & { hide?: boolean } = document.schema ?? {};
  if (!permission || schema.hide) return jsonSchemaTransform(document);

  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response: Record<string, unknown> = { ...declared };
  for (const [status, answers] of errorAnswers(schema, methods, permission, route.config?.errors ?? {})) {
    // One meaning is a sentence; several are a list, one line each.
    const lines = answers.map(({ code, meaning }) => `\`${code}\`: ${meaning}`);
    response[status] = {
      description: lines.length > 1 ? lines.map((line) => `- ${line}`).join('\n') : lines.join(''),
      content: { 'application/json': { schema: errorResponseSchema } },
    };
  }
  const described = {
    ...schema,
    description: [schema.description, permissionSentence(permission)].filter(Boolean).join('\n\n'),
    'x-permission': permission,
    response,
  };
  const transformed = jsonSchemaTransform({ ...document, schema: described });
  if (Object.keys(declared).some((status) => status.startsWith('2'))) return transformed;
  const withSuccess = {
    ...(transformed.schema.response as Record<string, unknown>),
    ...successAnswer(route.config?.success, url),
  };
  return { ...transformed, schema: { ...transformed.schema, response: withSuccess } };
};

/** The general rules of the API: the document's introduction (info.description). */
export const API_INTRODUCTION = `The JSON API of the stove back office, under \`/api\`. This reference is generated from the routes' own
schemas: Swagger UI serves it at \`/api/docs\` (the OpenAPI document at \`/api/docs/json\`), and \`npm run
docs:api\` writes it to \`docs/api.md\`.

## Errors

Every error is answered as \`{ "error": { "code", "message", "details"? } }\`, with a message a person can act
on. Each endpoint lists the error statuses it may answer and what they mean there:

- **400** \`VALIDATION_FAILED\`: bad input. \`details.fieldErrors\` maps each field, by its path (e.g.
  \`lines.2.quantity\`), to its messages; \`message\` repeats the first. A body that is not JSON, larger than 10
  MB or of another media type gets its own 4xx status with the same code. Text that cannot be stored (a NUL
  character, half of a surrogate pair) anywhere in a body, query or path is refused this way on every endpoint,
  as is a value the database cannot hold (a number past its column's range).
- **401** \`UNAUTHENTICATED\` without a session, \`SESSION_EXPIRED\` after 15 minutes of inactivity.
- **403** \`FORBIDDEN\` without the permission the endpoint declares (checked before the body is read), or for
  another factory than the caller's own (factory scope); \`BAD_ORIGIN\` for a state-changing call from another
  site.
- **404** \`NOT_FOUND\`: no such record, or one the caller may not see; an unknown path under \`/api\` is
  answered \`No such endpoint: METHOD /path\`.
- **409** \`CONFLICT\`: the request is valid but the data refuses it (a taken name: \`details.fieldErrors\` on
  the field; some items of a many-item request: \`details.problems\`).
- **429** \`RATE_LIMITED\`: too many attempts; the message says how long to wait. On every endpoint that takes
  stove codes, a request of more than 1,000 of them while the same user already has two such requests running.
- **500** \`INTERNAL\`: a bug.

## Sessions and permissions

A session starts with \`POST /api/auth/sign-in/email\` and lives in an httpOnly cookie; it ends after 15
minutes of inactivity, and after 12 hours in any case. Every endpoint declares its permission: public, any
signed-in user, a permission, or a list of permissions of which the caller needs any one (shown as
"Permission:" and in the \`x-permission\` field of the OpenAPI document). A user's permissions are the
components their groups are granted in the group × component table (\`GET /api/group-permissions\`), plus a
few that follow from the groups themselves (e.g. edit-documentation for the Admin group);
\`src/server/http/authorization-matrix.test.ts\` checks every endpoint's permission for every group. A
state-changing call (POST, PUT, PATCH, DELETE) from a browser must come from the app's own origin or one of
\`TRUSTED_ORIGINS\`: \`403 BAD_ORIGIN\` otherwise, whatever the spelling of its path. Request bodies are JSON
(\`Content-Type: application/json\`); a \`text/plain\` body is refused with 415. Factory-scoped users see and act on their own factory only,
whatever the request asks for.

## Lists

Lists follow one convention (\`src/common/contracts/list.ts\`): query parameters \`q\` (search), \`sort\`, \`dir\`
(\`asc\`/\`desc\`), \`limit\` (at most 200, default 50), \`cursor\` (keyset paging: the previous page's
\`nextCursor\`) and the list's filters (booleans as \`true\`/\`false\`). The answer is \`{ items, nextCursor,
total, totalCapped }\`: \`nextCursor\` is null on the last page, and counting stops at 10,000 (then
\`totalCapped\` is true). \`…/export.csv\` with the same filters streams the whole filtered, sorted list as CSV.

## CSV imports

A CSV import takes \`{ csv, dryRun }\`: a dry run reports the row-level errors and writes nothing; the import
writes every valid row in one transaction.

## Requests with many stove ID codes

Stove ID requests that carry many codes (import, void, label sheet of chosen IDs, transfer, approval; at
most 100,000 codes) are all or nothing: when any code is refused nothing changes and the answer is \`409
CONFLICT\` with \`details.problems\`, a \`{ code, reason }[]\` naming each refused code and why. An import's
malformed or repeated codes are a \`400 VALIDATION_FAILED\` with the same \`details.problems\`; a generated
batch whose codes already exist lists the first 100 of them. Factory-scoped users see and act on their own
factory's IDs, and on transfers from or to it, only.

## Batch generation progress

\`POST /api/stove-id-batches\` answers 201 with the batch, or, with \`Accept: application/x-ndjson\`, streams
JSON lines \`{"progress":0}\`, \`{"progress":0.25}\`, … ending with \`{"batch":{…}}\` or \`{"error":{…}}\`. Bad
input, scope and existing codes are still answered as ordinary errors before anything streams; a started
batch commits or rolls back even if the client leaves.
`;
