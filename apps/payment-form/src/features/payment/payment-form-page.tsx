import type { PaymentFormData } from '@paygate/api/payment-form';
import { useCallback, useEffect } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { Notice, useNotice } from './notice.tsx';
import { autoExitUrlOf, isOpenStep, type PaymentState } from './payment-steps.ts';
import { redirectHref } from './redirect-url.ts';
import { AmountStep } from './steps/amount-step.tsx';
import { DepositStep } from './steps/deposit-step.tsx';
import { MethodStep } from './steps/method-step.tsx';
import {
  FailScreen,
  LoadingScreen,
  PendingScreen,
  ProcessingScreen,
  SuccessScreen,
} from './steps/outcome-screens.tsx';
import { WithdrawalStep } from './steps/withdrawal-step.tsx';
import { useDeadline } from './use-deadline.ts';
import { FAIL_REDIRECT_SECONDS, useFailRedirect } from './use-fail-redirect.ts';
import { usePaymentFlow } from './use-payment-flow.ts';

type AnnouncementKey =
  | 'form.announce.processing'
  | 'form.announce.success'
  | 'form.announce.fail'
  | 'form.announce.expired'
  | 'form.announce.unavailable';

/** What the live region says when the payment changes state. */
const announcementOf = (state: PaymentState): AnnouncementKey | null => {
  if (state.step === 'processing') return 'form.announce.processing';
  if (state.step === 'success') return 'form.announce.success';
  if (state.step !== 'fail' || state.failure === 'loading') return null;
  if (state.failure === 'no-method') return 'form.announce.unavailable';
  return state.failure === 'expired' ? 'form.announce.expired' : 'form.announce.fail';
};

export interface PaymentFormPageProps {
  formId: string;
  /** An init request already under way (see main.tsx). */
  formRequest?: Promise<PaymentFormData> | undefined;
}

/** The hosted payment form: one view per step of the step machine (SPEC §2, §4). */
export const PaymentFormPage = ({ formId, formRequest }: PaymentFormPageProps) => {
  const t = useT();
  const [state, dispatch] = usePaymentFlow(formId, { formRequest });
  const { notice, show, close } = useNotice();
  // The step machine's own notices (e.g. come back later); each new id is shown once.
  useEffect(() => {
    if (state.notice) show(t(state.notice.key));
  }, [state.notice, show, t]);
  // At the deadline the payment is read first: it may have moved on (decision 0026).
  const onExpire = useCallback(() => dispatch({ type: 'deadlineReached' }), [dispatch]);
  const deadline = useDeadline(
    state.form && isOpenStep(state.step) ? state.form.expiredIn : null,
    onExpire,
  );
  const announcement = announcementOf(state);
  // SPEC §4: Fail returns to the cancel URL (the error URL after an error) by itself; an
  // unavailable payment does not (decision 0026).
  const redirect = useFailRedirect(redirectHref(autoExitUrlOf(state)));

  const view = () => {
    const { form } = state;
    if (state.step === 'processing') return <ProcessingScreen state={state} />;
    if (state.step === 'success') return <SuccessScreen state={state} />;
    if (state.step === 'fail') {
      return state.failure === 'loading' ? (
        <LoadingScreen />
      ) : (
        <FailScreen state={state} redirect={redirect} />
      );
    }
    if (!form) return <LoadingScreen />;
    const props = { state, form, dispatch, deadline };
    if (state.task?.kind === 'credential') return <PendingScreen {...props} />;
    if (state.step === 'method') return <MethodStep {...props} />;
    if (state.step === 'init') return <AmountStep {...props} />;
    return form.type === 'withdrawal' ? (
      <WithdrawalStep {...props} formId={formId} notify={show} />
    ) : (
      <DepositStep {...props} />
    );
  };

  return (
    <div className="pf-page">
      <main className="pf-card">{view()}</main>
      <p className="pg-visually-hidden" role="status">
        {announcement ? t(announcement) : ''}
      </p>
      {/* Said once when the countdown starts, not every second; nothing when it is stopped. */}
      <p className="pg-visually-hidden" role="status">
        {redirect.secondsLeft !== null
          ? t('form.redirect.announce', { seconds: FAIL_REDIRECT_SECONDS })
          : ''}
      </p>
      <Notice notice={notice} onClose={close} />
    </div>
  );
};
