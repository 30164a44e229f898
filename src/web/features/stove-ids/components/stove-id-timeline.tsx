import { Link } from 'react-router';
import { ArrowRightIcon } from 'lucide-react';
import type { StoveIdEvent } from '@common/contracts/stove-ids';
import { formatDateTime } from '@web/lib/format';
import { documentHref } from './stove-id-documents';
import { STOVE_DOCUMENT_LABELS, STOVE_EVENT_LABELS } from './stove-id-format';
import { StoveIdStatusBadge } from './stove-id-status-badge';

/** An ID's whole history, oldest first: what happened, status from → to, factory, document, who, when, note. */
export function StoveIdTimeline({ events }: { events: readonly StoveIdEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No history recorded.</p>;
  return (
    <ol aria-label="History, oldest first" className="relative flex flex-col gap-0 border-l pl-6">
      {events.map((event) => {
        const href = event.document ? documentHref(event.document) : null;
        return (
          <li key={event.id} className="relative pb-6 last:pb-0" data-testid="stove-id-event">
            <span
              className="absolute top-1.5 -left-[1.82rem] size-3 rounded-full border-2 border-background bg-primary"
              aria-hidden="true"
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="text-sm font-semibold">{STOVE_EVENT_LABELS[event.kind]}</h3>
              <span className="flex items-center gap-1.5">
                {event.fromStatus ? (
                  <>
                    <StoveIdStatusBadge status={event.fromStatus} />
                    <ArrowRightIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    <span className="sr-only">to</span>
                  </>
                ) : null}
                <StoveIdStatusBadge status={event.toStatus} />
              </span>
            </div>
            <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-muted-foreground">When</dt>
              <dd>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </dd>
              <dt className="text-muted-foreground">Who</dt>
              <dd>{event.actor ? (event.actor.name ?? event.actor.email) : 'System'}</dd>
              <dt className="text-muted-foreground">Factory</dt>
              <dd>
                {event.factory.code} {event.factory.name}
              </dd>
              {event.document ? (
                <>
                  <dt className="text-muted-foreground">{STOVE_DOCUMENT_LABELS[event.document.type]}</dt>
                  <dd>
                    {href ? (
                      <Link to={href} className="underline underline-offset-4">
                        {event.document.label}
                      </Link>
                    ) : (
                      event.document.label
                    )}
                  </dd>
                </>
              ) : null}
              {event.note ? (
                <>
                  <dt className="text-muted-foreground">Note</dt>
                  <dd className="whitespace-pre-line">{event.note}</dd>
                </>
              ) : null}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
