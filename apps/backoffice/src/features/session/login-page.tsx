import { useLoginMutation } from '@paygate/api';
import { Button, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as yup from 'yup';
import { useAppDispatch } from '../../app/store.ts';
import { loginErrorText } from './login-error.ts';
import { EnrolmentStep, TwoFactorStep } from './login-second-factor.tsx';
import { settleSignOutInFlight } from './pending-sign-out.tsx';
import { returnPathOf } from './return-path.ts';
import { signedIn } from './session-slice.ts';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

const loginSchema = yup.object({
  username: yup.string().trim().required(LOGIN_MESSAGES.usernameRequired),
  password: yup.string().required(LOGIN_MESSAGES.passwordRequired),
});

/** What the login page shows: the password form, or the step the password led to. */
type LoginStep = 'password' | 'two-factor' | 'two-factor-enrolment';

/**
 * SPEC §2 Login: username and password, both required (SPEC §5); a 401 shows a toast (SPEC §8).
 * It works while a sign-out is pending; only its own success drops the pending sign-out.
 *
 * Issue 22 item 3 (decision 0019): when the password is right but a second factor is due, the
 * login answers `next` instead of a session, and the page shows that step in place of the form
 * (login-second-factor.tsx): a code, or, where the role requires a second factor the person
 * lacks, its set-up. Its success completes the sign-in as a password alone does; its expiry
 * brings the password form back, saying so.
 */
export const LoginPage = () => {
  const [login] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [step, setStep] = useState<LoginStep>('password');
  /** Why the password form is back (the second step expired), until the next attempt. */
  const [notice, setNotice] = useState<string | undefined>(undefined);
  /** The field to focus when the password form comes back from a second step. */
  const [refocus, setRefocus] = useState<'username' | 'password' | null>(null);
  const usernameInput = useRef<HTMLInputElement | null>(null);
  const passwordInput = useRef<HTMLInputElement | null>(null);

  const completeSignIn = () => {
    dispatch(signedIn());
    navigate(returnPathOf(location.state), { replace: true });
  };

  const form = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setNotice(undefined);
      try {
        // A pending sign-out's call answered after this login would clear the new cookie.
        await settleSignOutInFlight(dispatch);
        const result = await login({
          username: values.username.trim(),
          password: values.password,
        }).unwrap();
        if (result.next) {
          setStep(result.next);
          return;
        }
        completeSignIn();
      } catch (error) {
        toast.error(loginErrorText(error));
      }
    },
  });
  const fieldError = (name: 'username' | 'password') =>
    form.touched[name] && form.errors[name] ? form.errors[name] : undefined;

  useEffect(() => {
    if (step !== 'password' || !refocus) return;
    (refocus === 'username' ? usernameInput : passwordInput).current?.focus();
    setRefocus(null);
  }, [step, refocus]);

  /** Back to the password form: the username kept after an expiry, nothing after "another account". */
  const backToPassword = (keepUsername: boolean, message?: string) => {
    form.resetForm({
      values: { username: keepUsername ? form.values.username.trim() : '', password: '' },
    });
    setNotice(message);
    setRefocus(keepUsername ? 'password' : 'username');
    setStep('password');
  };

  if (step !== 'password') {
    const Step = step === 'two-factor' ? TwoFactorStep : EnrolmentStep;
    return (
      <Step
        username={form.values.username.trim()}
        onSignedIn={completeSignIn}
        onExpired={(message) => backToPassword(true, message)}
        onOtherAccount={() => backToPassword(false)}
      />
    );
  }

  return (
    <main className="bo-login">
      <form className="bo-login-card" onSubmit={form.handleSubmit} noValidate>
        <h1>Sign in</h1>
        {notice ? (
          <p className="bo-two-factor__notice" role="alert">
            {notice}
          </p>
        ) : null}
        <TextField
          ref={usernameInput}
          label="Username"
          name="username"
          autoComplete="username"
          value={form.values.username}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={fieldError('username')}
        />
        <TextField
          label="Password"
          name="password"
          ref={passwordInput}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={fieldError('password')}
        />
        <Button type="submit" busy={form.isSubmitting}>
          Sign in
        </Button>
      </form>
    </main>
  );
};
