import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiClient } from './api-client';

function ndjsonResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } });
}

async function collect(iterable: AsyncIterable<unknown>): Promise<unknown[]> {
  const lines: unknown[] = [];
  for await (const line of iterable) lines.push(line);
  return lines;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiClient.stream', () => {
  it('posts JSON asking for NDJSON and yields each line, even when split across chunks', async () => {
    const fetchMock = vi.fn(async () =>
      ndjsonResponse(['{"progress":0.5}\n{"pro', 'gress":1}\n', '{"batch":{"id":"b"}}']),
    );
    vi.stubGlobal('fetch', fetchMock);
    const lines = await collect(apiClient.stream('/api/x', { a: 1 }));
    expect(lines).toEqual([{ progress: 0.5 }, { progress: 1 }, { batch: { id: 'b' } }]);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ accept: 'application/x-ndjson', 'content-type': 'application/json' });
  });

  it('throws an error line as an ApiRequestError with the status of its code', async () => {
    vi.stubGlobal('fetch', async () =>
      ndjsonResponse([
        '{"progress":0.1}\n',
        '{"error":{"code":"CONFLICT","message":"2 codes already exist","details":{"problems":[{"code":"A1","reason":"Already exists"}]}}}\n',
      ]),
    );
    const seen: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const line of apiClient.stream('/api/x', {})) seen.push(line);
      } catch (cause) {
        return cause;
      }
      return null;
    })();
    expect(seen).toEqual([{ progress: 0.1 }]);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: '2 codes already exist',
      details: { problems: [{ code: 'A1', reason: 'Already exists' }] },
    });
  });

  it('throws a non-2xx answer before any line', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Bad input' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(collect(apiClient.stream('/api/x', {}))).rejects.toMatchObject({ status: 400, message: 'Bad input' });
  });

  it('yields a plain JSON answer as one line', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"id":"b"}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    expect(await collect(apiClient.stream('/api/x', {}))).toEqual([{ id: 'b' }]);
  });
});

/** A stand-in for the browser's XMLHttpRequest: records the request and answers as the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

describe('apiClient.upload', () => {
  const sent = () => {
    const xhr = FakeXhr.last;
    if (!xhr) throw new Error('nothing sent');
    return xhr;
  };

  it('posts the form, reports the progress of the body and reads the JSON answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
    const progress: unknown[] = [];
    const answer = apiClient.upload('/api/x/files', form, { onProgress: (p) => progress.push(p) });
    const xhr = sent();
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/x/files', form]);
    expect(xhr.headers).toEqual({ accept: 'application/json' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 6, total: 0 });
    xhr.answer(201, '{"items":[]}');
    expect(await answer).toEqual({ items: [] });
    expect(progress).toEqual([{ loaded: 4, total: 8 }]);
  });

  it('throws a refusal as an ApiRequestError with the server’s message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answer = apiClient.upload('/api/x/files', new FormData());
    sent().answer(415, '{"error":{"code":"VALIDATION_FAILED","message":"a.pdf is not a PDF"}}');
    await expect(answer).rejects.toMatchObject({
      status: 415,
      code: 'VALIDATION_FAILED',
      message: 'a.pdf is not a PDF',
    });
  });

  it('throws a network error when the connection fails, and stops when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = apiClient.upload('/api/x/files', new FormData());
    sent().onerror?.();
    await expect(failed).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    const controller = new AbortController();
    const stopped = apiClient.upload('/api/x/files', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(sent().aborted).toBe(true);
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
  });
});
