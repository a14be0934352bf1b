import { Button, type ButtonVariant, TextField } from '@paygate/ui';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { CODE_MAX_LENGTH, TWO_FACTOR_TEXTS } from './two-factor-texts.ts';
import './two-factor.css';

/**
 * What is wrong with a typed code before it is sent, or undefined. Where only the app's code is
 * accepted (enrolment), that is 6 digits, spaces aside; a recovery code is any text the server
 * then checks.
 */
export const codeProblem = (code: string, acceptsRecoveryCode: boolean): string | undefined => {
  if (code.trim() === '') return TWO_FACTOR_TEXTS.codeRequired;
  if (!acceptsRecoveryCode && !/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
    return TWO_FACTOR_TEXTS.appCodeInvalid;
  }
  return undefined;
};

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /**
   * A recovery code may be typed too. The field asks for a numeric keyboard, which on some
   * phones has no letters: a button switches it to text for a recovery code.
   */
  acceptsRecoveryCode?: boolean;
  /** Takes the focus when it appears (the only field of its step). */
  autoFocus?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The "Code" field of two-factor sign-in: a numeric keyboard, the browser's one-time-code
 * autofill, focused when it appears.
 */
export const CodeField = ({
  value,
  onChange,
  error,
  hint,
  acceptsRecoveryCode = false,
  autoFocus = true,
  inputRef,
}: CodeFieldProps) => {
  const ownRef = useRef<HTMLInputElement | null>(null);
  const input = inputRef ?? ownRef;
  const [recoveryKeyboard, setRecoveryKeyboard] = useState(false);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus, input]);

  return (
    <div className="bo-two-factor__code">
      <TextField
        ref={input}
        label={TWO_FACTOR_TEXTS.codeLabel}
        name="code"
        inputMode={recoveryKeyboard ? 'text' : 'numeric'}
        autoComplete={recoveryKeyboard ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={CODE_MAX_LENGTH}
        inputClassName="bo-two-factor__code-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        hint={hint}
        error={error}
      />
      {acceptsRecoveryCode ? (
        <button
          type="button"
          className="bo-two-factor__link pg-focusable"
          onClick={() => {
            setRecoveryKeyboard((current) => !current);
            input.current?.focus();
          }}
        >
          {recoveryKeyboard ? TWO_FACTOR_TEXTS.typeAppCode : TWO_FACTOR_TEXTS.typeRecoveryCode}
        </button>
      ) : null}
    </div>
  );
};

export interface CodeFormProps {
  /** The submit button's text. */
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** A recovery code is accepted besides the app's code (see CodeField). */
  acceptsRecoveryCode?: boolean;
  hint?: string;
  /** The code is being checked: the submit button is busy. */
  busy: boolean;
  /** The server's answer to the last code (wrong, too many tries), shown under the field. */
  error?: string;
  /** A code that passed the local check: trimmed (digits only where only the app's is taken). */
  onSubmit: (code: string) => void;
  /** The code was edited: the server's answer to the previous one no longer applies. */
  onEdit?: () => void;
  /** More buttons next to the submit button (Cancel, Back). */
  actions?: ReactNode;
}

/**
 * A form that asks one code: checked for presence (and 6 digits, where only the app's code
 * counts) before it is sent; the server's answer shows under the field, which then takes the
 * focus again with the code selected, ready to be typed over.
 */
export const CodeForm = ({
  submitLabel,
  submitVariant = 'primary',
  acceptsRecoveryCode = false,
  hint,
  busy,
  error,
  onSubmit,
  onEdit,
  actions,
}: CodeFormProps) => {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (!error) return;
    input.current?.focus();
    input.current?.select();
  }, [error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = codeProblem(code, acceptsRecoveryCode);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    onSubmit(acceptsRecoveryCode ? code.trim() : code.replace(/\s+/g, ''));
  };

  return (
    <form className="bo-two-factor__form" onSubmit={submit} noValidate>
      <CodeField
        inputRef={input}
        value={code}
        onChange={(next) => {
          setCode(next);
          setProblem(undefined);
          onEdit?.();
        }}
        hint={hint}
        error={problem ?? error}
        acceptsRecoveryCode={acceptsRecoveryCode}
      />
      <div className="bo-two-factor__actions">
        <Button type="submit" variant={submitVariant} busy={busy}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
};
