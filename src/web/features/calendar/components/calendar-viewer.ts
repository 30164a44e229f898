import type { CalendarEvent } from '@common/contracts/calendar';
import type { MeResponse } from '@common/contracts/me';

/**
 * What the calendar needs of the signed-in user (given by src/web/app): global users see and change
 * every event; a factory-scoped user sees the company-wide events and their factory's, and changes
 * only their factory's (the server enforces it; the screen offers only what will work).
 */
export type CalendarViewer = Pick<MeResponse, 'isGlobal' | 'factory'>;

export function canChangeEvent(viewer: CalendarViewer, event: Pick<CalendarEvent, 'factory'>): boolean {
  if (viewer.isGlobal) return true;
  return event.factory !== null && event.factory.id === viewer.factory?.id;
}

/** A factory-scoped user without a factory plans nothing. */
export function canCreateEvents(viewer: CalendarViewer): boolean {
  return viewer.isGlobal || viewer.factory !== null;
}
