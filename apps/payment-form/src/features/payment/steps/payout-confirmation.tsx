import type { Countdown } from '@paygate/domain';
import { Button } from '@paygate/ui';
import { useEffect, useId, useRef } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { DeadlineButton, Detail } from '../step-parts.tsx';

/** A payout the customer has filled in and the form has checked, not yet requested. */
export interface CheckedPayout {
  /** The credential as it is sent (SPEC §5: no leading plus). */
  credential: string;
  /** The number as the customer reads it (SPEC §5 display format where the currency has one). */
  shownPhone: string;
  /** The bank of a fast-payment payout. */
  bank: { name: string; codeInteger: number } | null;
}

/**
 * Decision 0011: before a payout is requested, the customer reads back what will happen (the
 * amount, the number, the bank of a fast payment), because a payout to a mistyped number cannot
 * be undone. A labelled region within the Credential step; its heading takes the focus and is
 * described by the warning, so a screen reader says both. Confirm sends the payout (disabled,
 * busy, while the request runs); Change goes back to the fields as they were.
 */
export const PayoutConfirmation = ({
  payout,
  amount,
  deadline,
  busy,
  onConfirm,
  onChange,
}: {
  payout: CheckedPayout;
  /** The amount with its currency, as the form shows amounts. */
  amount: string;
  deadline: Countdown | null;
  busy: boolean;
  onConfirm: () => void;
  onChange: () => void;
}) => {
  const t = useT();
  const headingId = useId();
  const warningId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  // A request that ended with the panel still here (its answer was lost, decision 0026): the
  // focus, lost with the disabled button, comes back to it.
  useEffect(() => {
    if (wasBusy.current && !busy) confirmRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  return (
    <section className="pf-confirm" aria-labelledby={headingId}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="pf-heading pf-confirm__heading"
        aria-describedby={warningId}
      >
        {t('form.header.confirmWithdrawal')}
      </h2>
      <dl className="pf-details">
        <Detail label={t('form.field.amount')} value={amount} />
        <Detail label={t('form.field.phoneNumber')} value={payout.shownPhone} />
        {payout.bank && <Detail label={t('form.field.bankName')} value={payout.bank.name} />}
      </dl>
      <p id={warningId} className="pf-note">
        {t('form.text.confirmWithdrawal')}
      </p>
      <DeadlineButton ref={confirmRef} deadline={deadline} busy={busy} onClick={onConfirm}>
        {t('form.button.confirm')}
      </DeadlineButton>
      <Button variant="secondary" className="pf-back" disabled={busy} onClick={onChange}>
        {t('form.button.change')}
      </Button>
    </section>
  );
};
