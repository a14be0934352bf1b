/** Target 1: POST /api/payments/form/{formId}/status over the 10,000 open forms, 100 connections. */
import { LOAD_CONNECTIONS, runLoad } from '../lib/http-load.mjs';

export const measureStatusPoll = async ({ server, formIds }) => {
  const paths = formIds.map((formId) => `/api/payments/form/${formId}/status`);
  // Shuffled once (deterministically) so consecutive requests hit unrelated rows.
  for (let index = paths.length - 1; index > 0; index -= 1) {
    const other = (index * 7919) % (index + 1);
    [paths[index], paths[other]] = [paths[other], paths[index]];
  }
  await runLoad({ url: server.url, method: 'POST', paths, seconds: 1 });
  const result = await runLoad({ url: server.url, method: 'POST', paths });
  // The same server's liveness route (no database): the ceiling that the product's own hooks
  // (security headers, compression, metrics, sessions) leave for any route, shown for diagnosis.
  const health = await runLoad({ url: `${server.url}/api/health` });
  return { ...result, connections: LOAD_CONNECTIONS, forms: formIds.length, health };
};
