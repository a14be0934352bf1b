import { Button, CopyButton, Spinner } from '@paygate/ui';
import { useRef } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { exitUrlOf, type PaymentState } from '../payment-steps.ts';
import {
  BackButton,
  ContinueLink,
  DeadlineNote,
  moneyOf,
  ReloadButton,
  StepHeading,
  type StepProps,
} from '../step-parts.tsx';
import type { FailRedirect } from '../use-fail-redirect.ts';

/** SPEC §4: Fail until the data loads; shown as loading, never as a failure. */
export const LoadingScreen = () => {
  const t = useT();
  return (
    <section className="pf-step pf-center">
      <Spinner label={t('form.loading')} size={40} />
      <p className="pf-muted">{t('form.loading')}</p>
    </section>
  );
};

/** While the credential request runs (or waits 1 s to be retried). */
export const PendingScreen = ({ state, dispatch, deadline }: Omit<StepProps, 'form'>) => {
  const t = useT();
  return (
    <section className="pf-step pf-center">
      <StepHeading>{t('form.pending')}</StepHeading>
      <Spinner label={t('form.pending')} size={40} />
      <DeadlineNote deadline={deadline} />
      <BackButton state={state} dispatch={dispatch} />
    </section>
  );
};

/** SPEC §2 Processing: plus sign, amount with currency, 'Wait. Payment in progress...', spinner. */
export const ProcessingScreen = ({ state }: { state: PaymentState }) => {
  const t = useT();
  const { form } = state;
  return (
    <section className="pf-step pf-center">
      <StepHeading className="pf-big">
        {form ? `+${moneyOf(form)(state.amount)}` : t('form.header.processing')}
      </StepHeading>
      <p className="pf-text">{t('form.text.processing')}</p>
      <Spinner label={t('form.header.processing')} size={40} />
    </section>
  );
};

/** SPEC §2 Success: amount, 'Your balance will be updated soon', continue to the success URL. */
export const SuccessScreen = ({ state }: { state: PaymentState }) => {
  const t = useT();
  const { form } = state;
  return (
    <section className="pf-step pf-center">
      <StepHeading>{t('form.header.success')}</StepHeading>
      {form && <p className="pf-big">{moneyOf(form)(state.amount)}</p>}
      <p className="pf-text">{t('form.text.success')}</p>
      <ContinueLink url={exitUrlOf(state)} />
    </section>
  );
};

const InvoiceId = ({ invoiceId }: { invoiceId: string | null }) => {
  const t = useT();
  if (!invoiceId) return null;
  const label = t('form.field.invoiceId');
  return (
    <div className="pf-invoice">
      <span className="pf-muted">{label}</span>
      <code className="pf-invoice__id">{invoiceId}</code>
      <CopyButton
        value={invoiceId}
        what={label}
        label={t('form.copy')}
        copiedLabel={t('form.copied')}
      />
    </div>
  );
};

/**
 * SPEC §2 Failure: 'Fail', 'Something went wrong', the invoice ID with a copy button and a
 * continue button to the cancel URL (the error URL after an error). Expired, not-found and
 * unavailable forms say so instead, each with a way out. SPEC §4: with a URL to go to, Fail
 * returns there by itself after a visible countdown (`redirect`), which the customer may stop;
 * a payment no method can take has none (decision 0026).
 */
export const FailScreen = ({
  state,
  redirect,
}: {
  state: PaymentState;
  redirect: FailRedirect;
}) => {
  const t = useT();
  const continueRef = useRef<HTMLAnchorElement>(null);
  if (state.failure === 'not-found') {
    return <NotFoundScreen />;
  }
  const stay = () => {
    redirect.stop();
    // The button goes away: the focus goes on to the way out that stays.
    continueRef.current?.focus();
  };
  const expired = state.failure === 'expired';
  const noMethod = state.failure === 'no-method';
  return (
    <section className="pf-step pf-center">
      <StepHeading>
        {t(
          noMethod
            ? 'form.header.unavailable'
            : expired
              ? 'form.header.expired'
              : 'form.header.fail',
        )}
      </StepHeading>
      <p className="pf-text">
        {t(noMethod ? 'form.text.noMethod' : expired ? 'form.text.expired' : 'form.text.fail')}
      </p>
      {state.failure === 'unavailable' && !state.form && (
        <>
          <p className="pf-muted">{t('form.text.unavailable')}</p>
          <ReloadButton>{t('form.button.tryAgain')}</ReloadButton>
        </>
      )}
      <InvoiceId invoiceId={state.invoiceId} />
      {redirect.secondsLeft !== null && (
        <p className="pf-muted">
          {t('form.redirect.countdown', { seconds: redirect.secondsLeft })}
        </p>
      )}
      <ContinueLink url={exitUrlOf(state)} ref={continueRef} />
      {redirect.secondsLeft !== null && (
        <Button variant="secondary" onClick={stay}>
          {t('form.button.stay')}
        </Button>
      )}
    </section>
  );
};

/** No such payment (or not a payment address at all). */
export const NotFoundScreen = () => {
  const t = useT();
  return (
    <section className="pf-step pf-center">
      <StepHeading>{t('form.header.notFound')}</StepHeading>
      <p className="pf-text">{t('form.text.notFound')}</p>
    </section>
  );
};
