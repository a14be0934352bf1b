import type { PaymentFormData } from '@paygate/api/payment-form';
import { type Countdown, formatAmount } from '@paygate/domain';
import { Button, type ButtonProps, CopyButton } from '@paygate/ui';
import { type Dispatch, type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { canGoBack, type PaymentAction, type PaymentState } from './payment-steps.ts';
import { redirectHref } from './redirect-url.ts';

/** What every step view gets from the page. */
export interface StepProps {
  state: PaymentState;
  form: PaymentFormData;
  dispatch: Dispatch<PaymentAction>;
  deadline: Countdown | null;
}

/** The amount as SPEC §5 shows it, with the currency code ("1000.00 RUB"). */
export const moneyOf = (form: Pick<PaymentFormData, 'currencyInfo'>) => (minor: number) =>
  formatAmount(minor, form.currencyInfo);

/**
 * The step's heading. It takes the focus when the step appears, so keyboard and screen-reader
 * users continue from the new step instead of a control that no longer exists; `describedBy`
 * names a note of the step they should hear with it.
 */
export const StepHeading = ({
  children,
  className,
  describedBy,
}: {
  children: ReactNode;
  className?: string;
  describedBy?: string | undefined;
}) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className={className ? `pf-heading ${className}` : 'pf-heading'}
      aria-describedby={describedBy}
    >
      {children}
    </h1>
  );
};

const useCountdownText = (deadline: Countdown | null): string | null => {
  const t = useT();
  if (!deadline) return null;
  return deadline.days !== null
    ? t('form.countdown.days', { days: deadline.days })
    : (deadline.clock ?? deadline.text);
};

/**
 * SPEC §2 countdown button: the action with the time left (days when more than a day, else
 * HH:MM:SS; red at the end). Its name is the action alone and the time is its description: the
 * visible timer is hidden from the accessibility tree, so the name holds all of the text it
 * reads (WCAG 2.5.3 label in name) and does not change every second.
 */
export const DeadlineButton = ({
  deadline,
  children,
  ...props
}: ButtonProps & { deadline: Countdown | null; children: string }) => {
  const t = useT();
  const id = useId();
  const text = useCountdownText(deadline);
  return (
    <>
      <Button {...props} className="pf-submit" aria-describedby={text ? id : undefined}>
        <span>{children}</span>
        {text && (
          <span
            className="pf-timer"
            aria-hidden="true"
            data-critical={deadline?.isCritical || undefined}
          >
            {text}
          </span>
        )}
      </Button>
      {text && (
        <span id={id} className="pg-visually-hidden">
          {`${t('form.countdown.label')} ${text}`}
        </span>
      )}
    </>
  );
};

/** The time left on steps without a countdown button (method choice, waiting for details). */
export const DeadlineNote = ({ deadline }: { deadline: Countdown | null }) => {
  const t = useT();
  const text = useCountdownText(deadline);
  if (!text) return null;
  return (
    <p className="pf-muted">
      {t('form.countdown.label')}:{' '}
      <span className="pf-timer" data-critical={deadline?.isCritical || undefined}>
        {text}
      </span>
    </p>
  );
};

/** SPEC §2 back button: only where canGoBack allows it (never for RUB). */
export const BackButton = ({ state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>) => {
  const t = useT();
  if (!canGoBack(state)) return null;
  return (
    <Button variant="secondary" className="pf-back" onClick={() => dispatch({ type: 'back' })}>
      {t('form.button.back')}
    </Button>
  );
};

/** A read-only value with its label and, when `copyValue` is given, a copy button. */
export const Detail = ({
  label,
  value,
  copyValue,
}: {
  label: string;
  value: string;
  copyValue?: string;
}) => {
  const t = useT();
  return (
    <div className="pf-detail">
      <dt>{label}</dt>
      <dd>
        <span className="pf-detail__value">{value}</span>
        {copyValue !== undefined && (
          <CopyButton
            value={copyValue}
            what={label}
            label={t('form.copy')}
            copiedLabel={t('form.copied')}
          />
        )}
      </dd>
    </div>
  );
};

/** The continue button of the final screens: a link to the merchant, when there is a safe URL. */
export const ContinueLink = ({
  url,
  ref,
}: {
  url: string | null | undefined;
  ref?: Ref<HTMLAnchorElement>;
}) => {
  const t = useT();
  const href = redirectHref(url);
  if (!href) return null;
  return (
    <a ref={ref} className="pf-link pg-focusable" href={href}>
      {t('form.button.continue')}
    </a>
  );
};

/** Loads the page again: what a customer can do when the page itself could not go on. */
export const ReloadButton = ({ children }: { children: ReactNode }) => (
  <button type="button" className="pf-link pg-focusable" onClick={() => window.location.reload()}>
    {children}
  </button>
);
