import { z } from 'zod';

/** Activity-session id: `${userId}-${timestamp}` (spec section 3). */
export const activitySessionIdSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+-\d+$/, 'Session id must be the user id and a timestamp');

/** POST /api/activity-sessions (upsert_user_session) */
export const upsertActivitySessionSchema = z.object({
  id: activitySessionIdSchema,
  userAgent: z.string().max(1000).nullable(),
  ipAddress: z.string().max(100).nullable(),
});
export type UpsertActivitySession = z.infer<typeof upsertActivitySessionSchema>;

/** POST /api/activity-sessions/:id/ping (update_user_activity) */
export const pingActivitySessionSchema = z.object({
  /** True when the user did something since the last ping; extends the idle timeout. */
  active: z.boolean(),
});
export type PingActivitySession = z.infer<typeof pingActivitySessionSchema>;
