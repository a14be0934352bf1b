import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Names the process using a data folder, so a second one does not open it too. */
export const DATA_FOLDER_LOCK_FILE = 'paygate-server.pid';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Two PGlite instances writing one folder corrupt it (PostgreSQL's own postmaster.pid check does
 * not run in PGlite): a second server, or `create-admin` while the server runs, is refused.
 * A lock left by a process that no longer runs (killed, crashed) is taken over.
 */
export const lockDataFolder = (dataDir: string): (() => void) => {
  const file = path.join(dataDir, DATA_FOLDER_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `the data folder ${dataDir} is in use by process ${holder}; stop it first (or delete ${file} if that process is not a PayGate server)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${dataDir}`);
};
