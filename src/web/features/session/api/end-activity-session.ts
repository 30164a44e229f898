import { apiClient } from '@web/lib/api-client';

const endPath = (id: string) => `/api/activity-sessions/${encodeURIComponent(id)}/end`;

/** POST /api/activity-sessions/:id/end (end_user_session), on sign-out or unmount. */
export async function endActivitySession(id: string): Promise<void> {
  await apiClient.post(endPath(id), {}, { keepalive: true });
}

/** The same call while the page unloads: a beacon the browser sends after the tab is gone. */
export function endActivitySessionOnUnload(id: string): boolean {
  return apiClient.beacon(endPath(id), {});
}
