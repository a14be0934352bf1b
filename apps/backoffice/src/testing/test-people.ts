/** A person as GET /api/v1/people/me answers, with the given permissions. */
export const personWith = (permissions: string[], overrides: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'tester',
  personal: { firstName: 'Dilnoza', lastName: 'Karimova' },
  permissions,
  role: 'support',
  merchantId: null,
  testDashboard: false,
  ...overrides,
});
