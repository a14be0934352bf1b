import {
  errorMessageOf,
  problemCodeOf,
  serverMessageOf,
  setReauthenticationPrompt,
  useGetTwoFactorStatusQuery,
  useReauthenticateMutation,
} from '@paygate/api';
import { Button, Dialog, TextField } from '@paygate/ui';
import { useFormik } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import {
  EMPTY_REAUTHENTICATION,
  REAUTHENTICATION_CODE_MAX_LENGTH,
  REAUTHENTICATION_TEXTS,
  type ReauthenticationValues,
  reauthenticationPayload,
  reauthenticationSchema,
} from './reauthentication-form.ts';
import './reauthentication.css';

/**
 * The form of the confirmation: the password and, when two-factor sign-in is on (GET
 * /api/v1/two-factor, or the server asked for the code), a code of the authenticator app or a
 * recovery code. A refusal (400, 429) is shown in the dialog, which stays open with the code
 * cleared. Mounted while open, so every prompt starts empty.
 */
const ReauthenticationForm = ({ onDone }: { onDone: (confirmed: boolean) => void }) => {
  const explanationId = useId();
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const codeRef = useRef<HTMLInputElement | null>(null);
  // Asked afresh at every prompt: two-factor sign-in may have been turned on or off meanwhile.
  const twoFactor = useGetTwoFactorStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const [reauthenticate] = useReauthenticateMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server asked for a code the status did not announce (e.g. it could not be read).
  const [codeDemanded, setCodeDemanded] = useState(false);
  const asksCode = twoFactor.data?.enabled === true || codeDemanded;
  const [refocus, setRefocus] = useState<{ field: keyof ReauthenticationValues; count: number }>({
    field: 'password',
    count: 0,
  });

  useEffect(() => {
    if (refocus.count === 0) return;
    const input = (refocus.field === 'code' ? codeRef.current : null) ?? passwordRef.current;
    input?.focus();
    input?.select();
  }, [refocus]);

  const form = useFormik<ReauthenticationValues>({
    initialValues: EMPTY_REAUTHENTICATION,
    validationSchema: reauthenticationSchema(asksCode),
    onSubmit: async (values, helpers) => {
      setRefusal(null);
      try {
        await reauthenticate(reauthenticationPayload(values, asksCode)).unwrap();
        onDone(true);
      } catch (error) {
        const code = problemCodeOf(error);
        setRefusal(serverMessageOf(error) ?? errorMessageOf(error, REAUTHENTICATION_TEXTS.failed));
        // The code is typed afresh: the app's codes are short-lived, a recovery code works once.
        helpers.setFieldValue('code', '', false);
        helpers.setFieldTouched('code', false, false);
        if (code === 'two_factor_code_invalid') setCodeDemanded(true);
        // The field to correct takes the focus (the code's may only now appear).
        setRefocus(({ count }) => ({
          field: code === 'wrong_current_password' ? 'password' : 'code',
          count: count + 1,
        }));
      }
    },
  });
  const errorOf = (field: keyof ReauthenticationValues) =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
  const cancel = () => {
    if (!form.isSubmitting) onDone(false);
  };

  return (
    <Dialog
      open
      onClose={cancel}
      title={REAUTHENTICATION_TEXTS.title}
      describedBy={explanationId}
      initialFocusRef={passwordRef}
      // A stray click beside the dialog must not throw away what was typed.
      closeOnBackdropClick={!form.dirty}
    >
      <form className="bo-form" onSubmit={form.handleSubmit} noValidate>
        <p id={explanationId} className="bo-reauthentication__note">
          {REAUTHENTICATION_TEXTS.explanation}
        </p>
        <TextField
          ref={passwordRef}
          label={REAUTHENTICATION_TEXTS.passwordLabel}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          value={form.values.password}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errorOf('password')}
        />
        {asksCode ? (
          <TextField
            ref={codeRef}
            label={REAUTHENTICATION_TEXTS.codeLabel}
            name="code"
            required
            // A numeric keyboard for the app's code; a recovery code is taken too, so any text is.
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={REAUTHENTICATION_CODE_MAX_LENGTH}
            hint={REAUTHENTICATION_TEXTS.codeHint}
            value={form.values.code}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={errorOf('code')}
          />
        ) : null}
        {refusal ? (
          <p className="bo-reauthentication__error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="bo-form-actions">
          <Button type="button" variant="secondary" onClick={cancel}>
            {REAUTHENTICATION_TEXTS.cancel}
          </Button>
          <Button type="submit" busy={form.isSubmitting}>
            {REAUTHENTICATION_TEXTS.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/**
 * Answers a security action the server refused with `reauthentication_required` (decision 0019,
 * "Recent authentication"): registers the prompt of @paygate/api's base query while mounted (once,
 * in the signed-in frame), and opens "Confirm it is you" when asked. The refused call is sent
 * again once the server took the confirmation; Cancel (or Escape) answers it with the refusal.
 * Calls refused while it is open wait for the same confirmation.
 */
export const ReauthenticationDialog = () => {
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    const unregister = setReauthenticationPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          // One prompt at a time (the base query shares it); a stale one is answered no.
          answer.current?.(false);
          answer.current = resolve;
          setOpen(true);
        }),
    );
    return () => {
      unregister();
      // Signed out or gone meanwhile: the waiting calls answer their refusal.
      answer.current?.(false);
      answer.current = null;
    };
  }, []);

  const done = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpen(false);
  };

  return open ? <ReauthenticationForm onDone={done} /> : null;
};
