import {
  errorMessageOf,
  httpStatusOf,
  type OwnSession,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  useConfirmTwoFactorEnrolmentMutation,
  useDisableTwoFactorMutation,
  useEndOwnSessionMutation,
  useGetOwnSessionsQuery,
  useGetTwoFactorStatusQuery,
  useRegenerateRecoveryCodesMutation,
  useStartTwoFactorEnrolmentMutation,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Badge, Button, EmptyState, Spinner, TextField, useToast } from '@paygate/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { BackButton } from '../layout/back-button.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { CodeForm } from '../session/two-factor/code-form.tsx';
import { EnrolmentPanel } from '../session/two-factor/enrolment-panel.tsx';
import { RecoveryCodesPanel } from '../session/two-factor/recovery-codes-panel.tsx';
import { TWO_FACTOR_TEXTS } from '../session/two-factor/two-factor-texts.ts';
import './settings.css';

export const SECURITY_MESSAGES = {
  sessionEnded: 'Session ended',
  endFailed: 'Failed to end the session',
  noSessions: 'No active sessions',
  unknownIp: 'Unknown',
  twoFactorLoadFailed: 'Could not load two-factor sign-in',
  startFailed: 'Could not start the set-up',
  codeFailed: 'The code could not be checked',
  passwordFirst: 'Enter your password to set up two-factor sign-in.',
  passwordRequired: 'Enter your password',
  requiredByRole: 'Required by your role',
  cannotTurnOff: 'Your role requires two-factor sign-in, so it cannot be turned off.',
  offExplained:
    'Sign-in asks for your password only. Turn two-factor sign-in on to be asked for a code from an authenticator app on your phone as well.',
  regenerateExplained:
    'Enter a code to issue 10 new recovery codes. The ones you have now stop working.',
  turnOffExplained:
    'Enter a code to turn two-factor sign-in off. Sign-in will then ask for your password only.',
} as const;

/** A moment of a session, in UTC as every date of the back office (SPEC §5). */
const momentText = (value: string) => `${formatDateTimeShort(value)} UTC`;

const SessionRow = ({
  session,
  ending,
  onEnd,
}: {
  session: OwnSession;
  ending: boolean;
  onEnd: (session: OwnSession) => void;
}) => (
  <tr>
    <td>
      <span className="bo-security__browser">
        {session.browser}
        {session.current ? <Badge kind="primary">This device</Badge> : null}
      </span>
    </td>
    <td className="bo-security__ip">{session.sourceIp ?? SECURITY_MESSAGES.unknownIp}</td>
    <td>{momentText(session.createdAt)}</td>
    <td>{momentText(session.lastSeenAt)}</td>
    <td className="bo-security__actions">
      {session.current ? null : (
        <Button
          variant="secondary"
          aria-label={`End the session of ${session.browser} from ${session.sourceIp ?? 'an unknown address'}`}
          busy={ending}
          onClick={() => onEnd(session)}
        >
          End
        </Button>
      )}
    </td>
  </tr>
);

/**
 * Issue 22 item 4: the signed-in person's live sessions (browser, IP, sign-in time, last
 * activity), this browser's marked; any other one can be ended, which signs that browser out at
 * its next request.
 */
const SessionsSection = () => {
  const sessions = useGetOwnSessionsQuery();
  const [endSession, ending] = useEndOwnSessionMutation();
  const toast = useToast();

  const end = async (session: OwnSession) => {
    try {
      await endSession({ sessionId: session.id }).unwrap();
      toast.success(SECURITY_MESSAGES.sessionEnded);
    } catch (error) {
      toast.error(errorMessageOf(error, SECURITY_MESSAGES.endFailed));
    }
  };

  let content: ReactNode;
  if (sessions.isError) {
    content = (
      <div className="bo-security__state" role="alert">
        <p>Could not load the sessions: {errorMessageOf(sessions.error)}</p>
        <Button
          variant="secondary"
          busy={sessions.isFetching}
          onClick={() => void sessions.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else if (!sessions.data) {
    content = (
      <div className="bo-security__state">
        <Spinner label="Loading sessions" />
      </div>
    );
  } else if (sessions.data.length === 0) {
    content = <EmptyState text={SECURITY_MESSAGES.noSessions} />;
  } else {
    content = (
      <div className="bo-security__scroll">
        <table className="bo-security__table" aria-busy={sessions.isFetching || undefined}>
          <caption className="bo-visually-hidden">Active sessions</caption>
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">IP address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">
                <span className="bo-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={ending.isLoading && ending.originalArgs?.sessionId === session.id}
                onEnd={(chosen) => void end(chosen)}
              />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby="security-sessions" className="bo-settings__group">
      <h2 id="security-sessions">Sessions</h2>
      <p className="bo-settings__hint">
        Where you are signed in now. Ending a session signs that browser out at its next request.
      </p>
      {content}
    </section>
  );
};

/**
 * The current password before a set-up starts: a stolen session alone must not put another
 * authenticator on the account (the server asks for it too). The server's refusal shows under
 * the field, which then takes the focus.
 */
const PasswordStep = ({
  busy,
  error,
  onSubmit,
  onEdit,
  actions,
}: {
  busy: boolean;
  error: string | undefined;
  onSubmit: (password: string) => void;
  onEdit: () => void;
  actions: ReactNode;
}) => {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    input.current?.focus();
    if (error) input.current?.select();
  }, [error]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setProblem(SECURITY_MESSAGES.passwordRequired);
      input.current?.focus();
      return;
    }
    onSubmit(password);
  };
  return (
    <form className="bo-security__two-factor-step" onSubmit={submit} noValidate>
      <p>{SECURITY_MESSAGES.passwordFirst}</p>
      <TextField
        ref={input}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={problem ?? error}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblem(undefined);
          onEdit();
        }}
      />
      <div className="bo-two-factor__actions">
        <Button type="submit" busy={busy}>
          Continue
        </Button>
        {actions}
      </div>
    </form>
  );
};

/** What the two-factor section shows below the status. */
type TwoFactorFlow =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'regenerating' }
  | { kind: 'turning-off' }
  | { kind: 'codes'; codes: string[] };

/** "On since <moment> UTC", or "Off". */
const twoFactorStateText = ({ enabled, enabledAt }: TwoFactorStatus): string => {
  if (!enabled) return 'Off';
  return enabledAt ? `On since ${momentText(enabledAt)}` : 'On';
};

const TwoFactorSummary = ({ status }: { status: TwoFactorStatus }) => (
  <div className="bo-security__two-factor-status">
    <p>
      <span className="bo-security__two-factor-state">{twoFactorStateText(status)}</span>
      {status.required ? (
        <>
          {' '}
          <Badge kind="primary">{SECURITY_MESSAGES.requiredByRole}</Badge>
        </>
      ) : null}
    </p>
    {status.enabled ? (
      <p>Recovery codes left: {status.recoveryCodesLeft}</p>
    ) : (
      <p className="bo-settings__hint">{SECURITY_MESSAGES.offExplained}</p>
    )}
  </div>
);

/**
 * Issue 22 item 3: the person's own two-factor sign-in. Off: set it up (scan, confirm with a
 * code, save the recovery codes shown once). On: new recovery codes, or turning it off, each
 * after a code; turning off is not offered when a role requires it (the server refuses it too).
 */
const TwoFactorSection = () => {
  const person = useCurrentPerson();
  const status = useGetTwoFactorStatusQuery();
  const [startEnrolment, starting] = useStartTwoFactorEnrolmentMutation();
  const [confirmEnrolment, confirming] = useConfirmTwoFactorEnrolmentMutation();
  const [regenerateCodes, regenerating] = useRegenerateRecoveryCodesMutation();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const toast = useToast();
  const [flow, setFlow] = useState<TwoFactorFlow>({ kind: 'status' });
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement | null>(null);

  const show = (next: TwoFactorFlow) => {
    setCodeError(undefined);
    setFlow(next);
  };
  /** Back to the status; the focus, on the button that is gone, goes to the section. */
  const backToStatus = () => {
    show({ kind: 'status' });
    heading.current?.focus();
  };

  /** A failed code check: the server's words under the field; a 409 means the status moved. */
  const codeFailed = (error: unknown) => {
    if (httpStatusOf(error) === 409) void status.refetch();
    setCodeError(errorMessageOf(error, SECURITY_MESSAGES.codeFailed));
  };

  const setUp = async (currentPassword: string) => {
    setCodeError(undefined);
    try {
      show({ kind: 'enrolling', enrolment: await startEnrolment({ currentPassword }).unwrap() });
    } catch (error) {
      const httpStatus = httpStatusOf(error);
      // A wrong password (400) or too many (429): said under the field, to try again.
      if (httpStatus === 400 || httpStatus === 429) {
        setCodeError(errorMessageOf(error, SECURITY_MESSAGES.startFailed));
        return;
      }
      if (httpStatus === 409) void status.refetch();
      toast.error(errorMessageOf(error, SECURITY_MESSAGES.startFailed));
    }
  };

  const confirm = async (code: string) => {
    setCodeError(undefined);
    try {
      const { recoveryCodes } = await confirmEnrolment({ code }).unwrap();
      toast.success(TWO_FACTOR_TEXTS.turnedOn);
      show({ kind: 'codes', codes: recoveryCodes });
    } catch (error) {
      codeFailed(error);
    }
  };

  const regenerate = async (code: string) => {
    setCodeError(undefined);
    try {
      const { recoveryCodes } = await regenerateCodes({ code }).unwrap();
      toast.success(TWO_FACTOR_TEXTS.codesIssued);
      show({ kind: 'codes', codes: recoveryCodes });
    } catch (error) {
      codeFailed(error);
    }
  };

  const turnOff = async (code: string) => {
    setCodeError(undefined);
    try {
      await disable({ code }).unwrap();
      toast.success(TWO_FACTOR_TEXTS.turnedOff);
      backToStatus();
    } catch (error) {
      codeFailed(error);
    }
  };

  const cancel = (
    <Button variant="secondary" onClick={backToStatus}>
      Cancel
    </Button>
  );
  const codeFormProps = {
    acceptsRecoveryCode: true,
    hint: TWO_FACTOR_TEXTS.codeHint,
    error: codeError,
    onEdit: () => setCodeError(undefined),
    actions: cancel,
  };

  let content: ReactNode;
  if (status.isError) {
    content = (
      <div className="bo-security__state" role="alert">
        <p>
          {SECURITY_MESSAGES.twoFactorLoadFailed}: {errorMessageOf(status.error)}
        </p>
        <Button variant="secondary" busy={status.isFetching} onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!status.data) {
    content = (
      <div className="bo-security__state">
        <Spinner label="Loading two-factor sign-in" />
      </div>
    );
  } else if (flow.kind === 'password') {
    content = (
      <PasswordStep
        busy={starting.isLoading}
        error={codeError}
        onSubmit={(password) => void setUp(password)}
        onEdit={() => setCodeError(undefined)}
        actions={cancel}
      />
    );
  } else if (flow.kind === 'enrolling') {
    content = (
      <EnrolmentPanel enrolment={flow.enrolment}>
        <CodeForm
          {...codeFormProps}
          acceptsRecoveryCode={false}
          hint={TWO_FACTOR_TEXTS.appCodeHint}
          submitLabel="Turn on"
          busy={confirming.isLoading}
          onSubmit={(code) => void confirm(code)}
        />
      </EnrolmentPanel>
    );
  } else if (flow.kind === 'codes') {
    content = (
      <RecoveryCodesPanel
        codes={flow.codes}
        headingLevel={3}
        doneLabel="Done"
        onDone={backToStatus}
        username={person.username}
      />
    );
  } else if (flow.kind === 'regenerating') {
    content = (
      <div className="bo-security__two-factor-step">
        <p>{SECURITY_MESSAGES.regenerateExplained}</p>
        <CodeForm
          {...codeFormProps}
          submitLabel="Issue new codes"
          busy={regenerating.isLoading}
          onSubmit={(code) => void regenerate(code)}
        />
      </div>
    );
  } else if (flow.kind === 'turning-off') {
    content = (
      <div className="bo-security__two-factor-step">
        <p>{SECURITY_MESSAGES.turnOffExplained}</p>
        <CodeForm
          {...codeFormProps}
          submitLabel="Turn off"
          submitVariant="danger"
          busy={disabling.isLoading}
          onSubmit={(code) => void turnOff(code)}
        />
      </div>
    );
  } else if (status.data.enabled) {
    content = (
      <>
        <div className="bo-security__two-factor-actions">
          <Button variant="secondary" onClick={() => show({ kind: 'regenerating' })}>
            New recovery codes
          </Button>
          {status.data.required ? null : (
            <Button variant="danger" onClick={() => show({ kind: 'turning-off' })}>
              Turn off
            </Button>
          )}
        </div>
        {status.data.required ? (
          <p className="bo-settings__hint">{SECURITY_MESSAGES.cannotTurnOff}</p>
        ) : null}
      </>
    );
  } else {
    content = (
      <div className="bo-security__two-factor-actions">
        <Button onClick={() => show({ kind: 'password' })}>Set up</Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="security-two-factor" className="bo-settings__group">
      <h2 id="security-two-factor" ref={heading} tabIndex={-1} className="bo-security__heading">
        Two-factor sign-in
      </h2>
      {status.data && !status.isError ? <TwoFactorSummary status={status.data} /> : null}
      {content}
    </section>
  );
};

/** Issue 22 items 3 and 4, /settings/security: two-factor sign-in and the own sessions. */
export const SecurityPage = () => (
  <section aria-labelledby="security-title" className="bo-settings bo-security">
    <BackButton fallback="/settings" />
    <h1 id="security-title">Security</h1>
    <TwoFactorSection />
    <SessionsSection />
  </section>
);
