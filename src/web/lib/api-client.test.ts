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
