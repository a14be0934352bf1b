import { configureSecretsAtRest } from '../db/secrets-at-rest.ts';

/** The server secret tests seal with (main.ts takes JWT_SECRET). */
export const TEST_SERVER_SECRET = 'test server secret for secrets at rest, 0123456789';

// Every test process seals secrets at rest as the server does.
configureSecretsAtRest(TEST_SERVER_SECRET);
