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
  if (!response.ok) {
    const error = toApiRequestError(response.status, data);
    if (error.status === 401 && error.code === ERROR_CODES.sessionExpired) {
      sessionExpiredListeners.forEach((listener) => listener());
    }
    throw error;
  }
  return data;
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
