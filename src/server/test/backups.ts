/**
 * The backups list through the API, for the backups tests:
 *
 *   await ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie });
 *   const { items } = await settledBackups(ctx, admin.cookie); // once no backup runs
 */
import type { BackupList } from '../../common/contracts/backups';
import type { TestContext } from './test-app';

export async function listBackups(ctx: TestContext, cookie: string): Promise<BackupList> {
  return (await ctx.request({ method: 'GET', url: '/api/backups', cookie })).json<BackupList>();
}

/** Waits until no backup runs; returns the list. */
export async function settledBackups(ctx: TestContext, cookie: string): Promise<BackupList> {
  for (;;) {
    const now = await listBackups(ctx, cookie);
    if (!now.items.some((b) => b.status === 'running')) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
