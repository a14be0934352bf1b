import { configureSecretsAtRest } from '../db/secrets-at-rest.ts';

// Every test process seals signing secrets as the server does (main.ts sets it from JWT_SECRET).
configureSecretsAtRest('test server secret for secrets at rest, 0123456789');
