import path from 'node:path';
import type { DatabaseTarget } from '../db/database.ts';

/**
 * Server configuration, read from the environment once at start and validated so a
 * typo fails the start with a clear message instead of misbehaving later.
 */
export interface StaticSiteConfig {
  /** Which front-end this listener serves, for logs. */
  name: 'backoffice' | 'payment-form';
  port: number;
  /** Folder with the built app (index.html and assets/). */
  root: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when DATABASE_URL is set, else embedded PGlite persisted in DATA_DIR. */
  database: DatabaseTarget;
  /** Built front-ends served on their own ports with the API on the same origin. */
  staticSites: StaticSiteConfig[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Environment = Record<string, string | undefined>;

const parsePort = (env: Environment, key: string, fallback: number): number => {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`${key} must be a port number between 0 and 65535, got "${raw}"`);
  }
  return port;
};

const optionalSite = (
  env: Environment,
  name: StaticSiteConfig['name'],
  dirKey: string,
  portKey: string,
  defaultPort: number,
): StaticSiteConfig[] => {
  const root = env[dirKey]?.trim();
  if (!root) return [];
  return [{ name, root, port: parsePort(env, portKey, defaultPort) }];
};

const readDatabaseTarget = (env: Environment): DatabaseTarget => {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR?.trim() || '.data/pglite') };
};

export const readServerConfig = (env: Environment = process.env): ServerConfig => ({
  host: env.HOST?.trim() || '127.0.0.1',
  port: parsePort(env, 'PORT', 3000),
  database: readDatabaseTarget(env),
  staticSites: [
    ...optionalSite(env, 'backoffice', 'BACKOFFICE_DIST', 'BACKOFFICE_PORT', 8080),
    ...optionalSite(env, 'payment-form', 'PAYMENT_FORM_DIST', 'PAYMENT_FORM_PORT', 8081),
  ],
});
