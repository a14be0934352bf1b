/** Ports of the server the e2e run starts; apart from the start command's so both can run. */
export const E2E_PORTS = { api: 3100, backoffice: 3101, paymentForm: 3102 } as const;

export const E2E_URLS = {
  api: `http://127.0.0.1:${E2E_PORTS.api}`,
  backoffice: `http://127.0.0.1:${E2E_PORTS.backoffice}`,
  paymentForm: `http://127.0.0.1:${E2E_PORTS.paymentForm}`,
} as const;
