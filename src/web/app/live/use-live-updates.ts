/**
 * Keeps the open page fresh without reloading (issue 8 "Live updates"). One EventSource on
 * GET /api/live per signed-in tab; each event invalidates the queries it may have changed (several
 * events within 300 ms are coalesced), a transfer arriving at my factory and a new announcement for
 * me also show a toast.
 *
 * When the stream cannot be opened or drops, it is retried after 1, 2, 5, then every 10 seconds
 * (spec §9's reconnect backoff), and meanwhile the live queries are polled every 30 seconds; on
 * reconnecting they are refetched once, since events of the gap were missed.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { LiveEvent } from '@common/contracts/live';
import type { MeResponse } from '@common/contracts/me';
import { transferNumberLabel } from '@common/contracts/stove-ids';
import { LIVE_KEYS, liveKeysOf } from './live-keys';

export const LIVE_RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;
export const LIVE_POLL_INTERVAL_MS = 30_000;
const COALESCE_MS = 300;

export type LiveStatus = 'connecting' | 'open' | 'polling';

function invalidator(queryClient: QueryClient) {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(keys: readonly string[]) {
      keys.forEach((k) => pending.add(k));
      timer ??= setTimeout(() => {
        timer = null;
        const keysNow = [...pending];
        pending.clear();
        for (const key of keysNow) void queryClient.invalidateQueries({ queryKey: [key] });
      }, COALESCE_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
    },
  };
}

export function useLiveUpdates(me: MeResponse): LiveStatus {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The toasts read the latest me and navigate without reopening the stream.
  const latest = useRef({ me, navigate });
  useEffect(() => {
    latest.current = { me, navigate };
  }, [me, navigate]);

  useEffect(() => {
    const refresh = invalidator(queryClient);
    let source: EventSource | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let pollTimer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    let missed = false;

    const startPolling = () => {
      setStatus('polling');
      pollTimer ??= setInterval(() => refresh.add(LIVE_KEYS), LIVE_POLL_INTERVAL_MS);
    };
    const stopPolling = () => {
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
    };

    const onLive = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as LiveEvent;
      refresh.add(liveKeysOf(event));
      notify(event, latest.current.me, latest.current.navigate);
    };

    const connect = () => {
      if (stopped) return;
      if (typeof EventSource === 'undefined') {
        startPolling();
        return;
      }
      source = new EventSource('/api/live');
      source.addEventListener('ready', () => {
        attempt = 0;
        stopPolling();
        setStatus('open');
        if (missed) refresh.add(LIVE_KEYS);
        missed = false;
      });
      source.addEventListener('live', onLive as EventListener);
      source.addEventListener('signed-out', () => {
        // The session ended elsewhere: /api/me now answers 401 and the app goes to /auth.
        source?.close();
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      });
      source.onerror = () => {
        source?.close();
        source = null;
        missed = true;
        startPolling();
        const delay = LIVE_RECONNECT_BACKOFF_MS[Math.min(attempt, LIVE_RECONNECT_BACKOFF_MS.length - 1)];
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      stopped = true;
      source?.close();
      if (retryTimer) clearTimeout(retryTimer);
      stopPolling();
      refresh.cancel();
    };
  }, [queryClient, me.user.id]);

  return status;
}

/** The events a person should notice even on another screen. */
function notify(event: LiveEvent, me: MeResponse, navigate: (to: string) => void | Promise<void>) {
  if (
    event.kind === 'transfer' &&
    event.status === 'pending' &&
    me.factory?.id === event.toFactoryId &&
    me.permissions.includes('stove-id-management')
  ) {
    toast(`Transfer ${transferNumberLabel(event.number)} from ${event.fromFactoryName} is waiting for you`, {
      description: 'Confirm what you received, or reject it, under Transfer Confirmations.',
      action: { label: 'Open', onClick: () => void navigate(`/stove-id/transfer-confirmations/${event.transferId}`) },
    });
  }
  if (event.kind === 'announcement' && event.fresh && event.actorId !== me.user.id) {
    toast(`New announcement: ${event.title}`, { description: 'Open Announcements in the header to read it.' });
  }
}
