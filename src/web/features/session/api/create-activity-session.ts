import type { UpsertActivitySession } from '@common/contracts/activity-sessions';
import { apiClient } from '@web/lib/api-client';

/** POST /api/activity-sessions (upsert_user_session): one record per signed-in tab. */
export async function createActivitySession(input: UpsertActivitySession): Promise<void> {
  await apiClient.post('/api/activity-sessions', input);
}
