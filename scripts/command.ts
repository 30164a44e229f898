/**
 * What the operator commands (`npm run backup`, `npm run restore`) share: the configured database
 * opened, worked on and closed (a data folder the server holds is refused with its message), and
 * the process ended with the command's exit code, or with 1 and "<Name> failed: <why>".
 *
 *   runCommand('Backup', async () => withConfiguredDatabase(loadConfig(), 2, async (handle) => { …; return 0; }));
 */
import type { Config } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { DataDirInUseError } from '../src/server/db/data-dir-lock';

/** Runs `work` on the database the configuration names; 1 when another process holds its data folder. */
export async function withConfiguredDatabase(
  config: Config,
  poolSize: number,
  work: (handle: DatabaseHandle) => Promise<number>,
): Promise<number> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Runs main and exits with its code; an error ends it with 1 and "<name> failed: <message>". */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? `${name} failed: ${error.message}` : error);
      process.exit(1);
    },
  );
}
