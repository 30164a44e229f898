/**
 * The server's end of live updates: one database listener per server instance (LISTEN on the live
 * channel), fanning each committed event out to the open streams of this instance. Every instance
 * listens, so an event written through any instance reaches every browser (ARCHITECTURE.md: live
 * updates use Postgres LISTEN/NOTIFY).
 *
 * PostgreSQL: a dedicated connection outside the pool. When it drops, it reconnects after 1, 2, 5,
 * then 10 seconds (spec §9's reconnect backoff) and then sends `resync`, since events of the gap
 * are lost. PGlite: a LISTEN on its thread in this process (one process owns the database).
 */
import pg from 'pg';
import { embeddedClient, type Database } from '../db/client';
import { LIVE_CHANNEL, type HubEvent } from './publish-live';

export const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

export type LiveSubscriber = (event: HubEvent) => void;

export interface LiveHub {
  /** 'notify' when the database listener is connected, 'down' while it reconnects. */
  readonly state: 'notify' | 'down';
  subscribe(subscriber: LiveSubscriber): () => void;
  /** How many subscribe: the live streams open on this instance (one each, see live.routes.ts). */
  subscriberCount(): number;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

export function parseLiveEvent(payload: string | undefined): HubEvent | null {
  if (!payload) return null;
  try {
    const event = JSON.parse(payload) as HubEvent;
    return typeof event === 'object' && event !== null && typeof event.kind === 'string' ? event : null;
  } catch {
    return null;
  }
}

export async function startLiveHub(db: Database, log: Logger): Promise<LiveHub> {
  const subscribers = new Set<LiveSubscriber>();
  const deliver = (event: HubEvent) => {
    for (const subscriber of subscribers) subscriber(event);
  };
  const onPayload = (payload: string | undefined) => {
    const event = parseLiveEvent(payload);
    if (event) deliver(event);
  };
  const base = {
    subscribe: (subscriber: LiveSubscriber) => subscribe(subscribers, subscriber),
    subscriberCount: () => subscribers.size,
  };

  const embedded = embeddedClient(db);
  if (embedded) {
    const unlisten = await embedded.listen(LIVE_CHANNEL, onPayload);
    return {
      ...base,
      state: 'notify',
      close: async () => {
        subscribers.clear();
        await unlisten();
      },
    };
  }

  const pool = (db as unknown as { $client: pg.Pool & { options: pg.ClientConfig } }).$client;
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let state: 'notify' | 'down' = 'down';

  const scheduleReconnect = () => {
    if (closed || timer) return;
    state = 'down';
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = null;
    const delay = RECONNECT_BACKOFF_MS[Math.min(attempt, RECONNECT_BACKOFF_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, delay);
  };

  const connect = async (reconnecting: boolean) => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) onPayload(message.payload);
    });
    next.on('error', (err) => {
      log.warn({ err }, 'live updates: database listener lost');
      scheduleReconnect();
    });
    next.on('end', scheduleReconnect);
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
      if (closed) return;
      state = 'notify';
      attempt = 0;
      if (reconnecting) deliver({ kind: 'resync' });
    } catch (err) {
      log.warn({ err }, 'live updates: cannot listen, retrying');
      scheduleReconnect();
    }
  };

  await connect(false);
  return {
    ...base,
    get state() {
      return state;
    },
    close: async () => {
      closed = true;
      subscribers.clear();
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}

function subscribe(subscribers: Set<LiveSubscriber>, subscriber: LiveSubscriber): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}
