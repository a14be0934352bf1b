import { formatCardNumber, formatMinorUnits, tryFormatPhoneForDisplay } from '@paygate/domain';
import { useId } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { amountNotTakenOf } from '../payment-steps.ts';
import {
  BackButton,
  DeadlineButton,
  Detail,
  moneyOf,
  StepHeading,
  type StepProps,
} from '../step-parts.tsx';

/**
 * SPEC §2 deposit Credential step: the requisites to pay to, read-only, each with a copy
 * button: the card number in groups of four (or the phone number for by_mobile), the owner and
 * the amount. "I have paid" completes the payment (Processing). Requisites reserved earlier for
 * another amount than the customer asked (a page opened before them) come with a note saying so;
 * a test payment's (the sandbox's, no account) with one saying no money is to be sent.
 */
export const DepositStep = ({ state, form, dispatch, deadline }: StepProps) => {
  const t = useT();
  const money = moneyOf(form);
  const { credentials } = state;
  const byMobile = credentials?.type === 'by_mobile';
  const value = credentials?.value ?? '';
  const phone = tryFormatPhoneForDisplay(value, form.currencyInfo.code);
  const shownValue = byMobile ? (phone.ok ? phone.text : value) : formatCardNumber(value);
  const amountNotTaken = amountNotTakenOf(state);
  const amountNoteId = useId();

  return (
    <section className="pf-step">
      <StepHeading describedBy={amountNotTaken === null ? undefined : amountNoteId}>
        {t('form.header.deposit')}
      </StepHeading>
      {amountNotTaken !== null && (
        <p id={amountNoteId} className="pf-note">
          {t('form.text.amountNotTaken', {
            chosen: money(amountNotTaken),
            amount: money(state.amount),
          })}
        </p>
      )}
      {form.isTest && (
        // The sandbox's requisites are no account: a tester must not send real money to them.
        <p className="pf-note" role="note">
          {t('form.text.testPayment')}
        </p>
      )}
      <p className="pf-text">{t('form.text.deposit', { amount: money(state.amount) })}</p>
      <dl className="pf-details">
        {credentials && (
          <Detail
            label={t(byMobile ? 'form.field.phoneNumber' : 'form.field.cardNumber')}
            value={shownValue}
            copyValue={value.replace(/\s/g, '')}
          />
        )}
        {credentials?.bank_name && (
          <Detail label={t('form.field.bankName')} value={credentials.bank_name} />
        )}
        {credentials?.owner && (
          <Detail
            label={t('form.field.owner')}
            value={credentials.owner}
            copyValue={credentials.owner}
          />
        )}
        <Detail
          label={t('form.field.amount')}
          value={money(state.amount)}
          copyValue={formatMinorUnits(state.amount, form.currencyInfo.dimension)}
        />
      </dl>
      <DeadlineButton
        deadline={deadline}
        busy={state.task?.kind === 'complete'}
        onClick={() => dispatch({ type: 'completeRequested' })}
      >
        {t('form.button.paid')}
      </DeadlineButton>
      <BackButton state={state} dispatch={dispatch} />
    </section>
  );
};
