import {
  AMOUNT_STEP_MINOR,
  canDecreaseAmount,
  canIncreaseAmount,
  isWithinPaymentAmountLimits,
  quickAmountOptions,
} from '@paygate/domain';
import { Button } from '@paygate/ui';
import { useId } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import {
  amountLimitsOf,
  canSendAmount,
  chosenMethodOf,
  isAmountReserved,
} from '../payment-steps.ts';
import {
  BackButton,
  DeadlineButton,
  moneyOf,
  StepHeading,
  type StepProps,
} from '../step-parts.tsx';

/**
 * SPEC §2 amount step (Init): the chosen method and its limits, minus and plus by 100000 minor
 * units within the limits, quick amounts, and the Deposit or Withdrawal button with the
 * countdown. A fixed amount is only shown. After Back from a deposit's requisites the amount is
 * the one they are reserved for: plus, minus and the quick amounts are disabled, and a note says
 * why (decision 0011).
 */
export const AmountStep = ({ state, form, dispatch, deadline }: StepProps) => {
  const t = useT();
  const money = moneyOf(form);
  const method = chosenMethodOf(state);
  const limits = amountLimitsOf(form, method);
  const sendable = canSendAmount(form, method, state.amount);
  const range = { min: money(limits.minValue), max: money(limits.maxValue) };
  const step = money(AMOUNT_STEP_MINOR);
  const deposit = form.type === 'deposit';
  const reserved = isAmountReserved(form);
  const reservedNoteId = useId();
  const describedBy = reserved ? reservedNoteId : undefined;

  return (
    <section className="pf-step">
      <StepHeading describedBy={describedBy}>
        {t(deposit ? 'form.header.amount' : 'form.header.amountWithdrawal')}
      </StepHeading>
      {method && (
        <p className="pf-method">
          <span className="pf-muted">{t('form.method.label')}: </span>
          <strong>{method.name}</strong>
          <br />
          <span className="pf-muted">{t('form.method.limits', range)}</span>
        </p>
      )}
      <div className="pf-stepper">
        {form.canChangeAmount && (
          <Button
            variant="secondary"
            aria-label={t('form.amount.decrease', { step })}
            disabled={reserved || !canDecreaseAmount(state.amount, limits)}
            onClick={() => dispatch({ type: 'amountDecreased' })}
          >
            −
          </Button>
        )}
        <output
          className="pf-amount"
          aria-live="polite"
          aria-label={t('form.amount.label')}
          aria-describedby={describedBy}
        >
          {money(state.amount)}
        </output>
        {form.canChangeAmount && (
          <Button
            variant="secondary"
            aria-label={t('form.amount.increase', { step })}
            disabled={reserved || !canIncreaseAmount(state.amount, limits)}
            onClick={() => dispatch({ type: 'amountIncreased' })}
          >
            +
          </Button>
        )}
      </div>
      {reserved && (
        <p id={reservedNoteId} className="pf-note">
          {t('form.amount.reserved')}
        </p>
      )}
      {form.canChangeAmount && (
        <fieldset className="pf-quick" disabled={reserved}>
          <legend className="pf-muted">{t('form.amount.quick')}</legend>
          {quickAmountOptions(limits).map(({ amount, selectable }) => (
            <Button
              key={amount}
              variant="secondary"
              aria-pressed={amount === state.amount}
              disabled={!selectable}
              onClick={() => dispatch({ type: 'quickAmountChosen', amount })}
            >
              {money(amount)}
            </Button>
          ))}
        </fieldset>
      )}
      {!isWithinPaymentAmountLimits(state.amount, limits) && !reserved && (
        <p className="pf-error" role="alert">
          {t('form.amount.outOfLimits', range)}
        </p>
      )}
      <DeadlineButton
        deadline={deadline}
        disabled={!sendable}
        onClick={() => dispatch({ type: 'amountSubmitted' })}
      >
        {t(deposit ? 'form.button.deposit' : 'form.button.withdrawal')}
      </DeadlineButton>
      <BackButton state={state} dispatch={dispatch} />
    </section>
  );
};
