/**
 * One process at a time in an embedded database's folder: PGlite has no server to share it, and
 * two processes writing one folder would corrupt it. The owner writes DATA_DIR/server.lock (its
 * process id); another process refuses to open the folder while that process lives. A lock left
 * by a process that died (a crash, kill -9) is taken over.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

const LOCK_FILE = 'server.lock';

export class DataDirInUseError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; the returned function gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(path, JSON.stringify(me), { flag: 'wx' });
      return async () => {
        const owner = await readOwner(path);
        if (owner?.pid === me.pid && owner.host === me.host) await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(path);
    if (owner && owner.pid !== process.pid && owner.host === me.host && alive(owner.pid)) {
      throw new DataDirInUseError(
        `The data folder ${resolve(dataDir)} is in use by another process (pid ${owner.pid}, since ${owner.since}). ` +
          'Stop it first (the server stops cleanly on SIGTERM); while the server runs, back up from its Backups ' +
          'page (User Management) instead.',
      );
    }
    // Left by a process that stopped without giving it back (or by this one): take it over.
    await rm(path, { force: true });
  }
  throw new DataDirInUseError(`Could not lock the data folder ${resolve(dataDir)}.`);
}

async function readOwner(path: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}
