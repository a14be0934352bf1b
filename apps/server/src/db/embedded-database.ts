import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describeError } from '../diagnostics/error-text.ts';
import type {
  EmbeddedDatabaseWorkerData,
  EmbeddedDatabaseWorkerReply,
  EmbeddedDatabaseWorkerRequest,
} from './embedded-database-worker.ts';

/** The socket file's port number: `pg` connects to `<host folder>/.s.PGSQL.<port>`. */
export const EMBEDDED_DATABASE_PORT = 5432;

export interface EmbeddedDatabaseOptions {
  /** The data folder; memory when absent. */
  dataDir?: string;
  /** A data folder tarball to start from (tests). */
  loadDataDir?: Uint8Array;
  /** Told when the database thread ended on its own and is being started again. */
  onRestart?: (problem: string, delayMs: number) => void;
}

export interface EmbeddedDatabase {
  /** The `pg` connection settings of the database thread's socket. */
  connection: { host: string; port: number; user: string; database: string };
  /** The data folder as a tarball (PGlite `dumpDataDir`): the tests' migrated template. */
  dump: () => Promise<Uint8Array>;
  /** Closes the database (its last pages written) and ends the thread. */
  close: () => Promise<void>;
  /** The thread serving now (for diagnostics: its id, its resource use). */
  thread: () => Worker;
}

/**
 * The worker's module: the bundle's sibling `embedded-database-worker.js` in dist (vite.config.ts
 * builds both entries); when the server runs from source (tests, `tsx`), its TypeScript source
 * next to this file, loaded through tsx's API (Node 20 ignores `--import` in a worker's argv).
 */
const workerEntry = (): { script: URL | string; eval: boolean } => {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return { script: new URL('./embedded-database-worker.js', here), eval: false };
  }
  // tsx's ESM entry (its CommonJS one cannot load the ESM hooks), read from its exports map.
  const tsxManifest = createRequire(here).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(tsxManifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const esmApi = exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxManifest), esmApi)).href;
  const source = new URL('./embedded-database-worker.ts', here).href;
  return {
    script: `import { tsImport } from ${JSON.stringify(tsxApi)};\nawait tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)});`,
    eval: true,
  };
};

/** Waits for the worker's first answer of one of `types`, or its end. */
const nextReply = <Type extends EmbeddedDatabaseWorkerReply['type']>(
  worker: Worker,
  types: Type[],
): Promise<Extract<EmbeddedDatabaseWorkerReply, { type: Type | 'failed' }>> =>
  new Promise((resolve, reject) => {
    const onMessage = (message: EmbeddedDatabaseWorkerReply) => {
      if (!(types as string[]).includes(message.type) && message.type !== 'failed') return;
      cleanUp();
      resolve(message as Extract<EmbeddedDatabaseWorkerReply, { type: Type | 'failed' }>);
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanUp();
      reject(new Error(`the embedded database thread ended (exit code ${code})`));
    };
    const cleanUp = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });

const RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
/** Closing waits this long for PGlite to write and close before ending the thread anyway. */
const CLOSE_TIMEOUT_MS = 30_000;

/**
 * Starts PGlite in a worker thread serving the PostgreSQL wire protocol on a Unix socket in a new
 * private folder (mode 0700, so no other local user can connect: the socket has no password).
 * If the thread ends on its own (a WebAssembly abort), it is started again with backoff on the
 * same data folder, the way PostgreSQL restarts after a backend crash; meanwhile queries fail
 * and answer 503. A crash of the whole process takes the thread with it, so the data folder
 * sees exactly what a crash of the old in-process PGlite did.
 */
export const startEmbeddedDatabase = async (
  options: EmbeddedDatabaseOptions,
): Promise<EmbeddedDatabase> => {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const socketFolder = mkdtempSync(path.join(tmpdir(), 'paygate-db-'));
  const socketPath = path.join(socketFolder, `.s.PGSQL.${EMBEDDED_DATABASE_PORT}`);
  const entry = workerEntry();
  let closing = false;
  let restarts = 0;

  const launch = async (loadDataDir?: Uint8Array): Promise<Worker> => {
    rmSync(socketPath, { force: true });
    const workerData: EmbeddedDatabaseWorkerData = {
      socketPath,
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    };
    const worker = new Worker(entry.script, { workerData, eval: entry.eval });
    const answer = await nextReply(worker, ['ready']);
    if (answer.type === 'failed') {
      await worker.terminate();
      throw new Error(`The embedded database did not start: ${answer.message}`);
    }
    worker.once('exit', (code) => {
      if (closing || !options.dataDir) return;
      const delayMs = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)] ?? 0;
      restarts += 1;
      const problem = `the embedded database thread ended (exit code ${code})`;
      if (options.onRestart) options.onRestart(problem, delayMs);
      else process.stderr.write(`${problem}; starting it again in ${delayMs} ms\n`);
      setTimeout(() => {
        if (closing) return;
        launch().then(
          (next) => {
            current = next;
            restarts = 0;
          },
          (error) =>
            process.stderr.write(`The embedded database did not start: ${describeError(error)}\n`),
        );
      }, delayMs).unref();
    });
    // An uncaught error in the thread is also its exit, handled above.
    worker.on('error', () => {});
    return worker;
  };

  let current: Worker;
  try {
    current = await launch(options.loadDataDir);
  } catch (error) {
    rmSync(socketFolder, { recursive: true, force: true });
    throw error;
  }

  const send = (request: EmbeddedDatabaseWorkerRequest) => current.postMessage(request);

  return {
    connection: {
      host: socketFolder,
      port: EMBEDDED_DATABASE_PORT,
      user: 'postgres',
      database: 'postgres',
    },
    dump: async () => {
      const answer = nextReply(current, ['dumped']);
      send({ type: 'dump' });
      const dumped = await answer;
      if (dumped.type === 'failed') throw new Error(dumped.message);
      return dumped.tarball;
    },
    close: async () => {
      if (closing) return;
      closing = true;
      const worker = current;
      const closed = nextReply(worker, ['closed']).catch(() => undefined);
      send({ type: 'close' });
      const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      await worker.terminate();
      rmSync(socketFolder, { recursive: true, force: true });
    },
    thread: () => current,
  };
};
