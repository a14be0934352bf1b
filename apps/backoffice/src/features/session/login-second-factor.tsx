import {
  errorMessageOf,
  httpStatusOf,
  useConfirmSignInEnrolmentMutation,
  useSignInWithCodeMutation,
  useStartSignInEnrolmentMutation,
} from '@paygate/api';
import { Button, Spinner } from '@paygate/ui';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { settleSignOutInFlight } from './pending-sign-out.tsx';
import { forgetPendingSignOut } from './session-memory.ts';
import { pendingSignOutDropped } from './session-slice.ts';
import { CodeForm } from './two-factor/code-form.tsx';
import { EnrolmentPanel } from './two-factor/enrolment-panel.tsx';
import { RecoveryCodesPanel } from './two-factor/recovery-codes-panel.tsx';
import { TWO_FACTOR_TEXTS } from './two-factor/two-factor-texts.ts';

export const SECOND_STEP_TEXTS = {
  twoFactorTitle: 'Two-factor sign-in',
  enrolmentTitle: 'Set up two-factor sign-in',
  signIn: 'Sign in',
  confirm: 'Confirm',
  continue: 'Continue',
  otherAccount: 'Use another account',
  preparing: 'Preparing your QR code',
  startFailed: 'Could not start the set-up',
} as const;

export interface SecondStepProps {
  /** Signed in: the login page completes the sign-in as after a password alone. */
  onSignedIn: () => void;
  /** The step's 10 minutes are over (401): back to the password, with the server's words. */
  onExpired: (message: string) => void;
  /** Back to the password form, empty. */
  onOtherAccount: () => void;
  /** Whose sign-in it is, for the downloaded recovery codes. */
  username: string;
}

/** A step's 401 is the step's end, not a session's: the sign-in starts again. */
const isExpired = (error: unknown) => httpStatusOf(error) === 401;

const expiryText = (error: unknown) => errorMessageOf(error, TWO_FACTOR_TEXTS.expired);

/** The sign-in card of a second step. */
const StepCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <main className="bo-login">
    <div className="bo-login-card bo-two-factor-card">
      <h1>{title}</h1>
      {children}
    </div>
  </main>
);

const OtherAccountButton = ({ onClick }: { onClick: () => void }) => (
  <button type="button" className="bo-two-factor__link pg-focusable" onClick={onClick}>
    {SECOND_STEP_TEXTS.otherAccount}
  </button>
);

/**
 * After the password, for a person with two-factor sign-in on (login answered
 * `next: 'two-factor'`): a code of the authenticator app, or a recovery code.
 */
export const TwoFactorStep = ({ onSignedIn, onExpired, onOtherAccount }: SecondStepProps) => {
  const [signInWithCode] = useSignInWithCodeMutation();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      // As for the password: a sign-out answered after this would clear the new session.
      await settleSignOutInFlight(dispatch);
      await signInWithCode({ code }).unwrap();
    } catch (failure) {
      if (isExpired(failure)) {
        onExpired(expiryText(failure));
        return;
      }
      setBusy(false);
      setError(errorMessageOf(failure, TWO_FACTOR_TEXTS.signInFailed));
      return;
    }
    onSignedIn();
  };

  return (
    <StepCard title={SECOND_STEP_TEXTS.twoFactorTitle}>
      <CodeForm
        submitLabel={SECOND_STEP_TEXTS.signIn}
        hint={TWO_FACTOR_TEXTS.codeHint}
        acceptsRecoveryCode
        busy={busy}
        error={error}
        onSubmit={(code) => void submit(code)}
        onEdit={() => setError(undefined)}
      />
      <OtherAccountButton onClick={onOtherAccount} />
    </StepCard>
  );
};

/**
 * After the password, for a person whose role requires two-factor sign-in and who has none yet
 * (login answered `next: 'two-factor-enrolment'`): a new secret to scan, a first code that turns
 * it on and signs in, then the recovery codes, shown once; Continue completes the sign-in.
 */
export const EnrolmentStep = ({
  onSignedIn,
  onExpired,
  onOtherAccount,
  username,
}: SecondStepProps) => {
  const [startEnrolment, enrolment] = useStartSignInEnrolmentMutation();
  const [confirmEnrolment] = useConfirmSignInEnrolmentMutation();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useCallback(async () => {
    try {
      await startEnrolment().unwrap();
    } catch (failure) {
      if (isExpired(failure)) onExpired(expiryText(failure));
    }
  }, [startEnrolment, onExpired]);

  // Once per visit of the step: each start makes a new secret, and only the last one counts.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const confirm = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await settleSignOutInFlight(dispatch);
      const result = await confirmEnrolment({ code }).unwrap();
      // Signed in now, though the app learns it only on Continue (the codes come first): an
      // earlier sign-out still pending must not be completed meanwhile, it would end this session.
      forgetPendingSignOut();
      dispatch(pendingSignOutDropped());
      setRecoveryCodes(result.recoveryCodes);
    } catch (failure) {
      if (isExpired(failure)) {
        onExpired(expiryText(failure));
        return;
      }
      setError(errorMessageOf(failure, TWO_FACTOR_TEXTS.signInFailed));
    }
    setBusy(false);
  };

  if (recoveryCodes) {
    return (
      <StepCard title={SECOND_STEP_TEXTS.enrolmentTitle}>
        <RecoveryCodesPanel
          codes={recoveryCodes}
          doneLabel={SECOND_STEP_TEXTS.continue}
          onDone={onSignedIn}
          username={username}
        />
      </StepCard>
    );
  }

  let content: ReactNode;
  if (enrolment.data) {
    content = (
      <EnrolmentPanel enrolment={enrolment.data}>
        <CodeForm
          submitLabel={SECOND_STEP_TEXTS.confirm}
          hint={TWO_FACTOR_TEXTS.appCodeHint}
          busy={busy}
          error={error}
          onSubmit={(code) => void confirm(code)}
          onEdit={() => setError(undefined)}
        />
      </EnrolmentPanel>
    );
  } else if (enrolment.isError && !isExpired(enrolment.error)) {
    content = (
      <div className="bo-two-factor__form" role="alert">
        <p>
          {SECOND_STEP_TEXTS.startFailed}: {errorMessageOf(enrolment.error)}
        </p>
        <div className="bo-two-factor__actions">
          <Button variant="secondary" onClick={() => void start()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    content = <Spinner label={SECOND_STEP_TEXTS.preparing} />;
  }

  return (
    <StepCard title={SECOND_STEP_TEXTS.enrolmentTitle}>
      <p>{TWO_FACTOR_TEXTS.roleRequires}</p>
      {content}
      <OtherAccountButton onClick={onOtherAccount} />
    </StepCard>
  );
};
