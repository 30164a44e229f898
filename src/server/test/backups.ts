/**
 * The backups list through the API, for the backups tests:
 *
 *   const backups = backupsApi(ctx, admin.cookie);
 *   await ctx.request({ method: 'POST', url: '/api/backups', cookie: admin.cookie });
 *   const { items } = await backups.settled(); // once no backup runs
 */
import type { BackupList } from '../../common/contracts/backups';
import type { TestContext } from './test-app';

export function backupsApi(ctx: TestContext, cookie: string) {
  const list = async () => (await ctx.request({ method: 'GET', url: '/api/backups', cookie })).json<BackupList>();
  return {
    list,
    /** Waits until no backup runs; returns the list. */
    settled: async (): Promise<BackupList> => {
      for (;;) {
        const now = await list();
        if (!now.items.some((b) => b.status === 'running')) return now;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
