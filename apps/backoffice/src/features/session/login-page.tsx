import { useLoginMutation } from '@paygate/api';
import { Button, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import * as yup from 'yup';
import { useAppDispatch } from '../../app/store.ts';
import { loginErrorText } from './login-error.ts';
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

/**
 * SPEC §2 Login: username and password, both required (SPEC §5); a 401 shows a toast (SPEC §8).
 * It works while a sign-out is pending; only its own success drops the pending sign-out.
 */
export const LoginPage = () => {
  const [login] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const form = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      try {
        // A pending sign-out's call answered after this login would clear the new cookie.
        await settleSignOutInFlight(dispatch);
        await login({ username: values.username.trim(), password: values.password }).unwrap();
        dispatch(signedIn());
        navigate(returnPathOf(location.state), { replace: true });
      } catch (error) {
        toast.error(loginErrorText(error));
      }
    },
  });
  const fieldError = (name: 'username' | 'password') =>
    form.touched[name] && form.errors[name] ? form.errors[name] : undefined;

  return (
    <main className="bo-login">
      <form className="bo-login-card" onSubmit={form.handleSubmit} noValidate>
        <h1>Sign in</h1>
        <TextField
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
