import {
  errorMessageOf,
  httpStatusOf,
  type PasswordLinkOwner,
  useGetPasswordLinkQuery,
  useSetPasswordWithLinkMutation,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Button, Spinner, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import * as yup from 'yup';
import {
  newPasswordSchema,
  PASSWORD_RULES_HINT,
  passwordConfirmationSchema,
  passwordFieldProps,
} from '../settings/change-password-form.ts';

export const SET_PASSWORD_MESSAGES = {
  title: 'Set your password',
  done: 'Your password is set',
  failed: 'Failed to set the password',
  loadFailed: 'Could not open the link',
} as const;

interface SetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

const EMPTY_VALUES: SetPasswordValues = { newPassword: '', confirmPassword: '' };

/** The public page's frame: the sign-in card, outside the signed-in layout. */
const Card = ({ children }: { children: ReactNode }) => (
  <main className="bo-login">
    <div className="bo-login-card">{children}</div>
  </main>
);

const SignInLink = () => <Link to="/login">Sign in</Link>;

/** The link cannot be used (410: expired or used): the server's words, and no form. */
const LinkGone = ({ message }: { message: string }) => (
  <Card>
    <h1>{SET_PASSWORD_MESSAGES.title}</h1>
    <p role="alert">{message}</p>
    <SignInLink />
  </Card>
);

const PasswordForm = ({
  token,
  link,
  onGone,
  onDone,
}: {
  token: string;
  link: PasswordLinkOwner;
  onGone: (message: string) => void;
  onDone: () => void;
}) => {
  const [setPassword] = useSetPasswordWithLinkMutation();
  const toast = useToast();
  const validationSchema = useMemo(
    () =>
      yup.object({
        newPassword: newPasswordSchema(link.username),
        confirmPassword: passwordConfirmationSchema(),
      }),
    [link.username],
  );
  const form = useFormik<SetPasswordValues>({
    initialValues: EMPTY_VALUES,
    validationSchema,
    onSubmit: async ({ newPassword }, helpers) => {
      try {
        await setPassword({ token, newPassword }).unwrap();
        onDone();
      } catch (error) {
        const status = httpStatusOf(error);
        if (status === 410) onGone(errorMessageOf(error));
        // The server's reason (e.g. a common or leaked password) belongs to the field.
        else if (status === 400) helpers.setFieldError('newPassword', errorMessageOf(error));
        else toast.error(errorMessageOf(error, SET_PASSWORD_MESSAGES.failed));
      }
    },
  });
  const fieldProps = (name: keyof SetPasswordValues) => ({
    ...passwordFieldProps(form, name),
    autoComplete: 'new-password',
  });

  return (
    <main className="bo-login">
      <form className="bo-login-card" onSubmit={form.handleSubmit} noValidate>
        <h1>{SET_PASSWORD_MESSAGES.title}</h1>
        <p>
          Choose a password for <strong>{link.username}</strong>. This link works once, until{' '}
          {formatDateTimeShort(link.expiresAt)} UTC.
        </p>
        {/* For password managers: the account the new password belongs to. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={link.username}
          readOnly
          hidden
        />
        <TextField label="New password" hint={PASSWORD_RULES_HINT} {...fieldProps('newPassword')} />
        <TextField label="Confirm password" {...fieldProps('confirmPassword')} />
        <Button type="submit" busy={form.isSubmitting}>
          Set password
        </Button>
      </form>
    </main>
  );
};

/**
 * /password-reset/:token (issue 22 item 1): a one-time set-password link, for a new user or after
 * an administrator's reset. Public: it works signed in or out and asks nothing about a session
 * (no people/me); the link itself says whose it is. An expired or used link (410) shows the
 * server's words and no form; a password the server refuses (400) shows its reason under the
 * field. Setting the password ends every session of the user, so the end is a link to sign in.
 */
export const SetPasswordPage = () => {
  const token = useParams().token ?? '';
  const link = useGetPasswordLinkQuery({ token }, { skip: token === '' });
  const [goneMessage, setGoneMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Card>
        <h1>{SET_PASSWORD_MESSAGES.done}</h1>
        <p role="status">Sign in with your username and the new password.</p>
        <SignInLink />
      </Card>
    );
  }
  if (goneMessage !== null) return <LinkGone message={goneMessage} />;
  if (link.isError) {
    if (httpStatusOf(link.error) === 410) return <LinkGone message={errorMessageOf(link.error)} />;
    return (
      <Card>
        <h1>{SET_PASSWORD_MESSAGES.title}</h1>
        <p role="alert">
          {SET_PASSWORD_MESSAGES.loadFailed}: {errorMessageOf(link.error)}
        </p>
        <Button variant="secondary" busy={link.isFetching} onClick={() => void link.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (!link.data) {
    return (
      <div className="bo-full-page">
        <Spinner label="Loading" />
      </div>
    );
  }
  return (
    <PasswordForm
      token={token}
      link={link.data}
      onGone={setGoneMessage}
      onDone={() => setDone(true)}
    />
  );
};
