import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../../config/server-config.ts';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { unauthorized } from '../../http/http-errors.ts';
import { dataEnvelope, okEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import {
  PASSWORD_CHECK_THROTTLED_MESSAGE,
  signInClientOf,
  unlessThrottled,
} from './auth-routes.ts';
import {
  completeSignInWithCode,
  confirmSignInEnrolment,
  startOwnEnrolment,
  startSignInEnrolment,
} from './auth-service.ts';
import { requirePerson } from './authenticated-person.ts';
import type { Throttled } from './login-throttle.ts';
import { SECOND_FACTOR_COOKIE, setSessionCookies } from './session-cookies.ts';
import {
  confirmEnrolment,
  regenerateRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from './two-factor-service.ts';

export const SECOND_STEP_EXPIRED_MESSAGE = 'The sign-in has expired. Sign in again.';
export const CODE_THROTTLED_MESSAGE = 'Too many wrong codes.';

const codeBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: {
    /** 6 digits from the authenticator app, or a recovery code such as k7m2p-9xq4t. */
    code: { type: 'string', minLength: 1, maxLength: 32 },
  },
} as const;

/** Setting up a second factor from Settings asks for the current password (a stolen session alone must not). */
const currentPasswordBody = {
  type: 'object',
  required: ['currentPassword'],
  additionalProperties: false,
  properties: { currentPassword: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;

const enrolmentSchema = {
  type: 'object',
  required: ['secret', 'otpauthUri', 'qrSvg'],
  additionalProperties: false,
  properties: {
    /** Base32, for typing into an app that cannot scan. */
    secret: { type: 'string' },
    otpauthUri: { type: 'string' },
    /** The otpauth URI as a QR code, an SVG document. */
    qrSvg: { type: 'string' },
  },
} as const;

/** A new two-factor secret to scan, named #/components/schemas/TwoFactorEnrolment. */
const twoFactorEnrolmentComponent = sharedSchema('TwoFactorEnrolment', enrolmentSchema);

const recoveryCodesSchema = {
  type: 'object',
  required: ['recoveryCodes'],
  additionalProperties: false,
  properties: {
    /** Shown once: each signs in once when the phone is lost. */
    recoveryCodes: { type: 'array', items: { type: 'string' } },
  },
} as const;

const statusSchema = {
  type: 'object',
  required: ['enabled', 'enabledAt', 'required', 'recoveryCodesLeft'],
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    enabledAt: { type: ['string', 'null'], format: 'date-time' },
    /** One of the person's roles requires two-factor sign-in: it cannot be turned off. */
    required: { type: 'boolean' },
    recoveryCodesLeft: { type: 'integer' },
  },
} as const;

/** A wrong code (400), no sign-in or session (401), a state that forbids it (409), throttled (429). */
const codeErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** A throttled code check is 429 with Retry-After; any other outcome goes on. */
const unlessCodesThrottled = <Result extends { outcome: string }>(result: Result | Throttled) =>
  unlessThrottled(result, CODE_THROTTLED_MESSAGE);

/** The signed-in person's own code check of a request. */
const ownCodeCheck = (request: FastifyRequest<{ Body: { code: string } }>) => {
  const person = requirePerson(request.person);
  return {
    personId: person.id,
    code: request.body.code,
    sourceIp: request.ip,
    sessionId: person.sessionId,
  };
};

/**
 * Two-factor sign-in (issue 22 item 3, decision 0019). The sign-in's second step, public and
 * authorised by the second_factor cookie the right password set: POST /api/v1/login/two-factor,
 * POST /api/v1/login/two-factor/enrolment(/confirm). The signed-in person's own settings:
 * GET /api/v1/two-factor, POST /api/v1/two-factor/enrolment(/confirm),
 * POST /api/v1/two-factor/recovery-codes, POST /api/v1/two-factor/disable.
 */
export const twoFactorRoutes = async (
  app: FastifyInstance,
  { db, auth }: { db: Database; auth: AuthConfig },
) => {
  addSharedSchemas(app, [twoFactorEnrolmentComponent]);
  const client = (request: FastifyRequest) => ({
    ...signInClientOf(request),
    token: request.cookies[SECOND_FACTOR_COOKIE],
  });
  const signedIn = (
    reply: FastifyReply,
    session: { token: string; expiresAt: Date },
  ): { expiresAt: string } => {
    setSessionCookies(reply, auth, session);
    return { expiresAt: session.expiresAt.toISOString() };
  };

  app.post<{ Body: { code: string } }>(
    '/api/v1/login/two-factor',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        operationId: 'signInWithTwoFactorCode',
        summary: 'Sign-in, second step: a code of the authenticator app or a recovery code',
        body: codeBody,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['expiresAt'],
            properties: { expiresAt: { type: 'string', format: 'date-time' } },
          }),
          ...codeErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await completeSignInWithCode(db, auth, {
        ...client(request),
        code: request.body.code,
      });
      if (result.outcome === 'expired')
        throw unauthorized(SECOND_STEP_EXPIRED_MESSAGE, 'second_step_expired');
      return { data: signedIn(reply, unlessCodesThrottled(result)) };
    },
  );

  app.post(
    '/api/v1/login/two-factor/enrolment',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        operationId: 'startSignInTwoFactorEnrolment',
        summary: 'Sign-in, when the role requires a second factor: a new secret to scan',
        response: { 200: dataEnvelope(twoFactorEnrolmentComponent.ref), ...codeErrors },
      },
    },
    async (request) => {
      const enrolment = await startSignInEnrolment(db, auth, client(request));
      if (!enrolment) throw unauthorized(SECOND_STEP_EXPIRED_MESSAGE, 'second_step_expired');
      return { data: enrolment };
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/v1/login/two-factor/enrolment/confirm',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        operationId: 'confirmSignInTwoFactorEnrolment',
        summary: 'Sign-in enrolment: a first code turns the second factor on and signs in',
        body: codeBody,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['expiresAt', 'recoveryCodes'],
            additionalProperties: false,
            properties: {
              expiresAt: { type: 'string', format: 'date-time' },
              recoveryCodes: recoveryCodesSchema.properties.recoveryCodes,
            },
          }),
          ...codeErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await confirmSignInEnrolment(db, auth, {
        ...client(request),
        code: request.body.code,
      });
      if (result.outcome === 'expired')
        throw unauthorized(SECOND_STEP_EXPIRED_MESSAGE, 'second_step_expired');
      const enrolled = unlessCodesThrottled(result);
      return { data: { ...signedIn(reply, enrolled), recoveryCodes: enrolled.recoveryCodes } };
    },
  );

  const OWN = { access: { permissions: [] } } as const;

  app.get(
    '/api/v1/two-factor',
    {
      config: OWN,
      schema: {
        tags: ['session'],
        operationId: 'getTwoFactor',
        summary: 'The signed-in person’s two-factor sign-in',
        response: { 200: dataEnvelope(statusSchema), 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await twoFactorStatus(db, requirePerson(request.person).id) }),
  );

  app.post<{ Body: { currentPassword: string } }>(
    '/api/v1/two-factor/enrolment',
    {
      config: OWN,
      schema: {
        tags: ['session'],
        operationId: 'startTwoFactorEnrolment',
        summary:
          'Start setting up two-factor sign-in, after the current password: a new secret to scan (shown once)',
        body: currentPasswordBody,
        response: { 200: dataEnvelope(twoFactorEnrolmentComponent.ref), ...codeErrors },
      },
    },
    async (request) => {
      const result = await startOwnEnrolment(db, requirePerson(request.person), {
        currentPassword: request.body.currentPassword,
        sourceIp: request.ip,
      });
      return { data: unlessThrottled(result, PASSWORD_CHECK_THROTTLED_MESSAGE).enrolment };
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/v1/two-factor/enrolment/confirm',
    {
      config: OWN,
      schema: {
        tags: ['session'],
        operationId: 'confirmTwoFactorEnrolment',
        summary: 'A first code turns two-factor sign-in on; the recovery codes are shown once',
        body: codeBody,
        response: { 200: dataEnvelope(recoveryCodesSchema), ...codeErrors },
      },
    },
    async (request) => {
      const result = unlessCodesThrottled(await confirmEnrolment(db, ownCodeCheck(request)));
      return { data: { recoveryCodes: result.recoveryCodes } };
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/v1/two-factor/recovery-codes',
    {
      config: OWN,
      schema: {
        tags: ['session'],
        operationId: 'renewRecoveryCodes',
        summary: 'New recovery codes (the old ones stop working), after a code',
        body: codeBody,
        response: { 200: dataEnvelope(recoveryCodesSchema), ...codeErrors },
      },
    },
    async (request) => {
      const result = unlessCodesThrottled(await regenerateRecoveryCodes(db, ownCodeCheck(request)));
      return { data: { recoveryCodes: result.recoveryCodes } };
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/v1/two-factor/disable',
    {
      config: OWN,
      schema: {
        tags: ['session'],
        operationId: 'disableTwoFactor',
        summary: 'Turn two-factor sign-in off, after a code (not when a role requires it)',
        body: codeBody,
        response: {
          200: okEnvelope,
          ...codeErrors,
        },
      },
    },
    async (request) => {
      unlessCodesThrottled(await turnOffTwoFactor(db, ownCodeCheck(request)));
      return { data: { ok: true } };
    },
  );
};
