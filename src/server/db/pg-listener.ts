/**
 * LISTEN on a PostgreSQL channel through a dedicated connection outside the pool (a pooled one
 * goes back to the pool and stops hearing). When it drops it reconnects after 1, 2, 5, then every
 * 10 s; `onState` hears 'up' once it listens again and 'down' the moment it is lost, so a caller
 * that relies on hearing every notification can stop relying on it meanwhile.
 */
import pg from 'pg';
import type { Database } from './client';

const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

export interface PgListener {
  close(): Promise<void>;
}

export async function listenOnPostgres(
  db: Database,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  onState: (state: 'up' | 'down') => void,
): Promise<PgListener> {
  const pool = (db as unknown as { $client: pg.Pool & { options: pg.ClientConfig } }).$client;
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    onState('down');
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = null;
    const delay = RECONNECT_BACKOFF_MS[Math.min(attempt, RECONNECT_BACKOFF_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const connect = async () => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on('error', scheduleReconnect);
    next.on('end', scheduleReconnect);
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${channel}`);
      if (closed) return;
      attempt = 0;
      onState('up');
    } catch {
      scheduleReconnect();
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}
