/**
 * Ports of the server the e2e run starts; apart from the start command's so both can run.
 * E2E_PORT_BASE moves all three, so two runs (e.g. two engineers' checkouts) can share a machine.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
if (!Number.isInteger(base) || base < 1024 || base > 65_000) {
  throw new Error(`E2E_PORT_BASE must be a port number from 1024 to 65000, got ${base}`);
}

export const E2E_PORTS = { api: base, backoffice: base + 1, paymentForm: base + 2 } as const;

export const E2E_URLS = {
  api: `http://127.0.0.1:${E2E_PORTS.api}`,
  backoffice: `http://127.0.0.1:${E2E_PORTS.backoffice}`,
  paymentForm: `http://127.0.0.1:${E2E_PORTS.paymentForm}`,
} as const;
