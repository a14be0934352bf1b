import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { readServerConfig } from './config/server-config.ts';
import { formatStartBanner } from './start-banner.ts';

const config = readServerConfig();
const logger = { level: process.env.LOG_LEVEL ?? 'info' };

const listeners: FastifyInstance[] = [];

const apiServer = await buildApp({ logger });
listeners.push(apiServer);
const apiAddress = await apiServer.listen({ host: config.host, port: config.port });

const siteAddresses: Array<{ name: string; address: string }> = [];
for (const site of config.staticSites) {
  const siteServer = await buildApp({ logger, staticRoot: site.root });
  listeners.push(siteServer);
  const address = await siteServer.listen({ host: config.host, port: site.port });
  siteAddresses.push({ name: site.name, address });
  siteServer.log.info({ site: site.name, address }, `${site.name} served at ${address}`);
}

if (process.env.PRINT_BANNER === '1') {
  process.stdout.write(formatStartBanner({ apiAddress, sites: siteAddresses }));
}

let shuttingDown = false;
const shutdown = async (signal: string) => {
  if (shuttingDown) return;
  shuttingDown = true;
  apiServer.log.info({ signal }, 'shutting down');
  // close() stops accepting connections and waits for in-flight requests.
  await Promise.allSettled(listeners.map((listener) => listener.close()));
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
