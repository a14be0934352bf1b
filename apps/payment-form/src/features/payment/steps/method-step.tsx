import { useId } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { amountLimitsOf, isMethodSelectable, reservedMethodOf } from '../payment-steps.ts';
import { DeadlineNote, moneyOf, StepHeading, type StepProps } from '../step-parts.tsx';

/**
 * SPEC §2 Method: one button per method with its limits; choosing one moves on (SPEC §4). After
 * Back from a deposit's requisites only the method they were issued with can be chosen, and a
 * note tied to the heading says so (decision 0011).
 */
export const MethodStep = ({ state, form, dispatch, deadline }: StepProps) => {
  const t = useT();
  const money = moneyOf(form);
  const reserved = reservedMethodOf(form);
  const reservedNoteId = useId();
  return (
    <section className="pf-step">
      <StepHeading describedBy={reserved ? reservedNoteId : undefined}>
        {t('form.header.method')}
      </StepHeading>
      <p className="pf-amount">{money(state.amount)}</p>
      {reserved && form.reservedAmount !== null && (
        <p id={reservedNoteId} className="pf-note">
          {t('form.method.reserved', {
            amount: money(form.reservedAmount),
            method: reserved.name,
          })}
        </p>
      )}
      <ul className="pf-options">
        {form.methods.map((method) => {
          const limits = amountLimitsOf(form, method);
          return (
            <li key={method.id}>
              <button
                type="button"
                className="pf-option pg-focusable"
                disabled={!isMethodSelectable(form, method.id)}
                onClick={() => dispatch({ type: 'methodChosen', methodId: method.id })}
              >
                <strong>{method.name}</strong>
                <span className="pf-muted">
                  {t('form.method.limits', {
                    min: money(limits.minValue),
                    max: money(limits.maxValue),
                  })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <DeadlineNote deadline={deadline} />
    </section>
  );
};
