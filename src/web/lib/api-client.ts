/**
 * The one HTTP client of the web app. Same-origin JSON requests with the
 * session cookie; every non-2xx answer becomes an ApiRequestError.
 */
import { ERROR_CODES } from '@common/contracts/errors';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** The message the server sent, when it sent one (undefined for network errors or bare statuses). */
  readonly serverMessage: string | undefined;

  constructor(init: { status: number; code: string; message?: string | undefined; details?: unknown }) {
    super(init.message ?? (init.status === 0 ? 'Network error' : `Request failed with status ${init.status}`));
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.serverMessage = init.message;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** True for a 4xx answer: retrying will not change it. */
export function isClientError(error: unknown): boolean {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500;
}

export function isUnauthenticatedError(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 401;
}

/** The message to show a person for any error: the server's own words when it sent some. */
export function errorMessage(error: unknown): string {
  if (isApiRequestError(error)) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

type JsonBody = Record<string, unknown> | readonly unknown[];

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: JsonBody;
  signal?: AbortSignal;
  /** Let the request outlive the page (used when a tab closes or signs out). */
  keepalive?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Reads the error out of any of the shapes the server answers with:
 * `{ error: { code, message, details? } }` (our API), `{ code, message }` or
 * `{ message }` (better-auth).
 */
function toApiRequestError(status: number, body: unknown): ApiRequestError {
  const fallbackCode = `HTTP_${status}`;
  if (isRecord(body)) {
    const nested = body.error;
    if (isRecord(nested)) {
      return new ApiRequestError({
        status,
        code: nonEmptyString(nested.code) ?? fallbackCode,
        message: nonEmptyString(nested.message),
        details: nested.details,
      });
    }
    return new ApiRequestError({
      status,
      code: nonEmptyString(body.code) ?? fallbackCode,
      message: nonEmptyString(body.message) ?? nonEmptyString(nested),
    });
  }
  return new ApiRequestError({ status, code: fallbackCode });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, keepalive } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR' });
  }

  const data = await readBody(response);
  if (!response.ok) throw notifyExpired(toApiRequestError(response.status, data));
  return data;
}

const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  [ERROR_CODES.validation]: 400,
  [ERROR_CODES.unauthenticated]: 401,
  [ERROR_CODES.sessionExpired]: 401,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.badOrigin]: 403,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.rateLimited]: 429,
};

/**
 * POSTs JSON and reads an NDJSON answer (`Accept: application/x-ndjson`) line by line, for long
 * operations that report progress. A line `{ error: { code, message, details? } }` (the server
 * failed after the answer began) throws an ApiRequestError like a non-2xx answer does; a plain
 * JSON answer is yielded as one line.
 */
async function* apiStream(
  path: string,
  body: JsonBody,
  options: Pick<RequestOptions, 'signal'> = {},
): AsyncGenerator<unknown, void, undefined> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/x-ndjson', 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR' });
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('ndjson')) {
    const data = await readBody(response);
    if (!response.ok) throw notifyExpired(toApiRequestError(response.status, data));
    yield data;
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const parse = (line: string): unknown => {
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      throw new ApiRequestError({
        status: response.status,
        code: 'BAD_RESPONSE',
        message: 'The server sent an unreadable answer',
      });
    }
    if (isRecord(value) && isRecord(value.error)) {
      const code = nonEmptyString(value.error.code) ?? '';
      throw notifyExpired(toApiRequestError(STATUS_OF_CODE[code] ?? 500, value));
    }
    return value;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield parse(line);
        newline = buffer.indexOf('\n');
      }
    }
  } catch (cause) {
    if (cause instanceof ApiRequestError || (cause instanceof DOMException && cause.name === 'AbortError')) throw cause;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR' });
  } finally {
    reader.releaseLock();
  }
  if (buffer.trim()) yield parse(buffer.trim());
}

/** How much of an upload has been sent: bytes of the body so far and in all. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs `multipart/form-data` through XMLHttpRequest (fetch cannot report an upload's progress),
 * calling `onProgress` as the body goes out, and reads the JSON answer as apiRequest does: a
 * non-2xx answer throws an ApiRequestError with the server's message.
 */
function apiUpload(
  path: string,
  form: FormData,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<unknown> {
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let data: unknown = undefined;
      if (xhr.responseText !== '') {
        try {
          data = JSON.parse(xhr.responseText) as unknown;
        } catch {
          data = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(notifyExpired(toApiRequestError(xhr.status, data)));
    };
    xhr.onerror = () => reject(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR' }));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function notifyExpired(error: ApiRequestError): ApiRequestError {
  if (error.status === 401 && error.code === ERROR_CODES.sessionExpired) {
    sessionExpiredListeners.forEach((listener) => listener());
  }
  return error;
}

const sessionExpiredListeners = new Set<() => void>();

/**
 * Runs `listener` whenever the server answers that the session ended through
 * inactivity (it may notice before this tab does, e.g. after the computer slept).
 * Returns the unsubscribe function.
 */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

export const apiClient = {
  get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'GET' }),
  post: (path: string, body: JsonBody = {}, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  patch: (path: string, body: JsonBody, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PATCH', body }),
  put: (path: string, body: JsonBody, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'DELETE' }),
  /** POST with an NDJSON answer read line by line (progress of a long operation); see apiStream. */
  stream: apiStream,
  /** POST multipart/form-data (files) with upload progress; see apiUpload. */
  upload: apiUpload,
  /**
   * Fire-and-forget POST that survives page unload (navigator.sendBeacon).
   * Returns false when the browser refused to queue it.
   */
  beacon: (path: string, body: JsonBody = {}): boolean => {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    return navigator.sendBeacon(path, blob);
  },
};
