/**
 * The embedded database's own thread: it owns the PGlite instance (the data folder, or memory)
 * and serves it over the PostgreSQL wire protocol on a private Unix socket, so the server reaches
 * it with the same `pg` driver as a PostgreSQL server while PGlite's work (a WebAssembly
 * PostgreSQL that runs a statement to completion without yielding) never blocks the server's
 * event loop. Started and stopped by embedded-database.ts; decision 0022.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataFolder } from './data-folder-lock.ts';

export interface EmbeddedDatabaseWorkerData {
  /** The data folder; memory when absent (tests). */
  dataDir?: string;
  /** A data folder tarball (PGlite `dumpDataDir`) to start from: the tests' migrated template. */
  loadDataDir?: Uint8Array;
  /** Where to listen: a socket file inside a folder only this user can enter. */
  socketPath: string;
}

export type EmbeddedDatabaseWorkerRequest = { type: 'close' } | { type: 'dump' };

export type EmbeddedDatabaseWorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; tarball: Uint8Array }
  | { type: 'closed' };

const port = parentPort;
if (!port) throw new Error('embedded-database-worker runs as a worker thread');
const options = workerData as EmbeddedDatabaseWorkerData;

const reply = (message: EmbeddedDatabaseWorkerReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

let unlockDataFolder = () => {};
let database: PGlite | undefined;
let socketServer: PGLiteSocketServer | undefined;

const close = async () => {
  // Stopping the listener first: the server's connection ends and an open transaction of it is
  // rolled back before PGlite writes its last pages and closes the folder.
  await socketServer?.stop();
  await database?.close();
  unlockDataFolder();
  reply({ type: 'closed' });
  port.close();
};

port.on('message', (request: EmbeddedDatabaseWorkerRequest) => {
  if (request.type === 'close') {
    void close();
    return;
  }
  if (request.type === 'dump' && database) {
    void database.dumpDataDir('none').then(async (file) => {
      const tarball = new Uint8Array(await file.arrayBuffer());
      reply({ type: 'dumped', tarball }, [tarball.buffer as ArrayBuffer]);
    });
  }
});

try {
  if (options.dataDir) unlockDataFolder = lockDataFolder(options.dataDir);
  database = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  });
  // One connection: PGlite is one PostgreSQL session, and the socket server's multiplexing of
  // several clients interleaves extended-protocol messages outside transactions. The server's
  // pool holds this one connection and queues its requests (embedded-database.ts).
  socketServer = new PGLiteSocketServer({
    db: database,
    path: options.socketPath,
    maxConnections: 1,
  });
  await socketServer.start();
  reply({ type: 'ready' });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  await database?.close().catch(() => {});
  unlockDataFolder();
  port.close();
}
