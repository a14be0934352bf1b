/**
 * The baseline: a bare Fastify app (the server's own Fastify) with one route returning a
 * constant JSON, nothing else registered. Run as a child process like the real server.
 */
import { serverRequire } from './bench-paths.mjs';

const fastify = serverRequire('fastify');
const app = fastify({ logger: false });
const body = { data: { status: 'NEW', invoiceId: '00000000-0000-4000-8000-000000000000' } };
app.get('/', async () => body);
app.post('/', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
