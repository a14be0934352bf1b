import { describe, expect, it } from 'vitest';
import { formatStartBanner } from './start-banner.ts';

describe('formatStartBanner', () => {
  it('lists the API and each served app with its entry path', () => {
    const banner = formatStartBanner({
      apiAddress: 'http://127.0.0.1:3000',
      sites: [
        { name: 'backoffice', address: 'http://127.0.0.1:8080' },
        { name: 'payment-form', address: 'http://127.0.0.1:8081' },
      ],
    });
    expect(banner).toContain('API           http://127.0.0.1:3000/api/health');
    expect(banner).toContain('Back office   http://127.0.0.1:8080/login');
    expect(banner).toContain('Payment form  http://127.0.0.1:8081/payment/<formId>');
    expect(banner).toContain('API docs      http://127.0.0.1:3000/api/docs');
    expect(banner).not.toContain('Demo sign-ins');
  });

  it('lists the demo sign-ins when there are some', () => {
    const banner = formatStartBanner({
      apiAddress: 'http://127.0.0.1:3000',
      sites: [],
      logins: [{ username: 'admin', password: 'admin-demo', role: 'admin' }],
    });
    expect(banner).toContain('Demo sign-ins (username / password):');
    expect(banner).toMatch(/admin\s+admin-demo\s+admin/);
  });
});
