import type { Permission } from '@paygate/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin } from '../../api-plugin.ts';
import type { Database } from '../../db/database.ts';
import { TEST_AUTH } from '../../testing/test-app.ts';

/** The access rule a back-office route declares (config.access, see access-control.ts). */
export type AccessRule =
  | { public: true }
  | { permissions: readonly Permission[] }
  | { anyOf: readonly Permission[] };

export type JsonSchema = Record<string, unknown>;

export interface ApiRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
  /** A security action: the session must have authenticated recently (decision 0019). */
  recentAuthentication: boolean;
  schema: { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema };
}

/**
 * Every route of the API as registered: method, url, JSON schemas and access rule. The routes
 * are collected from the same plugin the server registers (an onRoute hook cannot be added to
 * buildApp's instance before its routes exist); `routesServedBy` checks that the real app
 * serves no route this table lacks. HEAD routes are Fastify's copies of GET ones (same config).
 */
export const collectApiRoutes = async (db: Database): Promise<ApiRoute[]> => {
  const app = Fastify();
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        access: route.config?.access as AccessRule | undefined,
        recentAuthentication: route.config?.recentAuthentication === true,
        schema: {
          params: route.schema?.params as JsonSchema | undefined,
          querystring: route.schema?.querystring as JsonSchema | undefined,
          body: route.schema?.body as JsonSchema | undefined,
        },
      });
    }
  });
  await app.register(apiPlugin, { db, auth: TEST_AUTH });
  await app.ready();
  await app.close();
  return routes;
};

/** `METHOD url` of every route the app serves (HEAD left out), read from its route tree. */
export const routesServedBy = (app: FastifyInstance): string[] => {
  const served: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    // Each level of the tree is indented by four more characters; the first level by four.
    const depth = Math.max(0, Math.floor([...indent].length / 4) - 1);
    parents.length = depth;
    const url = `${parents.join('')}${segment}`;
    parents.push(segment);
    for (const method of methods.split(',').map((name) => name.trim())) {
      if (method && method !== 'HEAD') served.push(`${method} ${url}`);
    }
  }
  return served;
};

export const routeKey = ({ method, url }: { method: string; url: string }) => `${method} ${url}`;
