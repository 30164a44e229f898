/**
 * Live updates (issue 8): what the server tells open pages through GET /api/live (server-sent
 * events). An event names what changed and the factories it touches; the page refetches what
 * it shows of that. Scoped users receive only the events of their factory (and company-wide ones).
 */
import type { Group } from '../permissions';

export type LiveEvent =
  /** Stove IDs changed status (coupled, validated, sold, voided…) at these factories. */
  | { kind: 'stove-ids'; factoryIds: string[] }
  /** Kit, steel or inventory stock changed at these factories. */
  | { kind: 'stock'; factoryIds: string[] }
  /** A sales order was saved or canceled. */
  | { kind: 'sales'; factoryIds: string[] }
  /** A stove transfer was sent, confirmed, partly confirmed, rejected or canceled. */
  | {
      kind: 'transfer';
      factoryIds: string[];
      transferId: string;
      /** Shown as TR-000123 (transferNumberLabel). */
      number: number;
      status: string;
      fromFactoryId: string;
      toFactoryId: string;
      fromFactoryName: string;
    }
  /** An announcement was published or changed; addressed as the announcement is. */
  | {
      kind: 'announcement';
      announcementId: string;
      title: string;
      audienceGroups: Group[];
      audienceFactoryIds: string[];
      /** ISO time; a scheduled announcement reaches the header at this time, not now. */
      publishAt: string;
      /** Newly in front of its readers (created, or made public by an edit): pages toast it. */
      fresh: boolean;
      /** Who made the change (they are not told of their own announcement). */
      actorId: string;
    }
  /** A calendar event was created, changed, moved or deleted (factoryIds empty: company-wide). */
  | { kind: 'calendar'; factoryIds: string[] }
  /** The server lost events (its database listener reconnected): refetch everything live. */
  | { kind: 'resync' };

export type LiveEventKind = LiveEvent['kind'];
