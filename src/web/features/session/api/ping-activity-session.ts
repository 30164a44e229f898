import type { PingActivitySession } from '@common/contracts/activity-sessions';
import { apiClient } from '@web/lib/api-client';

/**
 * POST /api/activity-sessions/:id/ping (update_user_activity). `active` says
 * the user did something since the last ping; the server then extends its
 * idle timeout.
 */
export async function pingActivitySession(id: string, input: PingActivitySession): Promise<void> {
  await apiClient.post(`/api/activity-sessions/${encodeURIComponent(id)}/ping`, input);
}
