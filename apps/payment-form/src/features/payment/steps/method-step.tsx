import { useT } from '../../../i18n/i18n.tsx';
import { amountLimitsOf } from '../payment-steps.ts';
import { DeadlineNote, moneyOf, StepHeading, type StepProps } from '../step-parts.tsx';

/** SPEC §2 Method: one button per method with its limits; choosing one moves on (SPEC §4). */
export const MethodStep = ({ state, form, dispatch, deadline }: StepProps) => {
  const t = useT();
  const money = moneyOf(form);
  return (
    <section className="pf-step">
      <StepHeading>{t('form.header.method')}</StepHeading>
      <p className="pf-amount">{money(state.amount)}</p>
      <ul className="pf-options">
        {form.methods.map((method) => {
          const limits = amountLimitsOf(form, method);
          return (
            <li key={method.id}>
              <button
                type="button"
                className="pf-option pg-focusable"
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
