import type { Bank } from '@paygate/api/payment-form';
import {
  applyWithdrawalPhoneMask,
  BANK_SEARCH_DEBOUNCE_MS,
  canBecomeWithdrawalPhone,
  checkFastPaymentWithdrawalSubmit,
  extractWithdrawalPhoneDigits,
  normaliseWithdrawalPhone,
  tryFormatPhoneForDisplay,
  validateWithdrawalPhone,
  WITHDRAWAL_PHONE_DIGIT_RANGE,
  WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID,
  WITHDRAWAL_PHONE_MASK,
  WITHDRAWAL_PHONE_MESSAGE_IDS,
  WITHDRAWAL_PHONE_PREFIX,
  withdrawalPhoneProblemOf,
  withdrawalPhoneRuleOf,
} from '@paygate/domain';
import { Button, SearchableList, TextField } from '@paygate/ui';
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { fetchSbpBanks, isAbortError } from '../payment-api.ts';
import { chosenMethodOf } from '../payment-steps.ts';
import {
  BackButton,
  DeadlineButton,
  moneyOf,
  StepHeading,
  type StepProps,
} from '../step-parts.tsx';
import { type CheckedPayout, PayoutConfirmation } from './payout-confirmation.tsx';

/** International numbers: digits and a leading plus, at most 15 digits (E.164). */
const sanitiseInternationalPhone = (text: string) => {
  const typed = text.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  const plus = typed.startsWith('+') ? 1 : 0;
  return typed.slice(0, plus + WITHDRAWAL_PHONE_DIGIT_RANGE.max);
};

const bankLabel = (bank: Bank) => bank.value;
const bankKey = (bank: Bank) => bank.id;

interface BanksState {
  banks: Bank[];
  loading: boolean;
  failed: boolean;
}

const useSbpBanks = (formId: string) => {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<BanksState>({ banks: [], loading: true, failed: false });
  useEffect(() => {
    // attempt: a new value loads again ("Try again").
    void attempt;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    fetchSbpBanks(formId, controller.signal).then(
      (banks) => setState({ banks, loading: false, failed: false }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ banks: [], loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [formId, attempt]);
  return { ...state, retry: () => setAttempt((count) => count + 1) };
};

/**
 * SPEC §2, §5 withdrawal Credential step: the customer's phone and, for a fast-payment
 * withdrawal, the bank from a searchable list (spinner while loading, 350 ms debounce, localized
 * 'not found'). The phone follows its currency's rule (packages/domain, the server's too): RUB
 * the mask +7 (999) 999-99-99 with the first digit 9 and its hint; KGS, UZS and AZN an
 * international number, +996, +998 or +994 and 9 digits, said in the rule's words under the field
 * once it can no longer come out right or was refused; any other currency 9 to 15 digits.
 * Submit checks 'Choose the bank' and 'Fill in the phone number' (focusing the field); a wrong
 * number never reaches the server. A right one is not sent yet: the step shows it back with the
 * amount and the bank, and only Confirm requests the payout (decision 0011); Change returns to
 * the fields, kept as they were.
 */
export const WithdrawalStep = ({
  state,
  form,
  dispatch,
  deadline,
  formId,
  notify,
}: StepProps & { formId: string; notify: (text: string) => void }) => {
  const t = useT();
  const money = moneyOf(form);
  // The server says which methods' payouts need a bank (it refuses them without one).
  const fastPayment = chosenMethodOf(state)?.needsSbpBank === true;
  const rub = form.currencyInfo.code === 'RUB';
  const rule = withdrawalPhoneRuleOf(form.currencyInfo.code);
  const [phone, setPhone] = useState('');
  /** A submit was refused for this very phone: its rule is said under the field. */
  const [refused, setRefused] = useState(false);
  const [bank, setBank] = useState<Bank | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const banksRef = useRef<HTMLDivElement>(null);
  /** The checked payout being confirmed; null while the customer edits. */
  const [payout, setPayout] = useState<CheckedPayout | null>(null);
  /** Change was pressed: the phone field takes the focus once it is shown again. */
  const changing = useRef(false);
  useEffect(() => {
    if (payout !== null || !changing.current) return;
    changing.current = false;
    phoneRef.current?.focus();
  }, [payout]);

  const phoneError = rub ? validateWithdrawalPhone(phone) : null;
  /** The number as it is sent: RUB's masked digits after +7, or what was typed. */
  const fullPhoneOf = (typed: string) =>
    rub ? `${WITHDRAWAL_PHONE_PREFIX}${extractWithdrawalPhoneDigits(typed)}` : typed;
  /** The one gate before sending, for every currency: the server's rule. */
  const isRightPhone = (typed: string) =>
    withdrawalPhoneProblemOf(fullPhoneOf(typed), form.currencyInfo.code) === null;
  const ruleError =
    !rub && rule && (!canBecomeWithdrawalPhone(phone, rule) || (refused && !isRightPhone(phone)))
      ? t(WITHDRAWAL_PHONE_FORMAT_MESSAGE_ID, { prefix: rule.prefix, digits: rule.digits })
      : undefined;

  const fillPhone = () => {
    setRefused(true);
    notify(t('form.toast.fillPhone'));
    phoneRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkFastPaymentWithdrawalSubmit({
      bankChosen: !fastPayment || bank !== null,
      credential: phone,
    });
    if (problem?.problem === 'no-bank') {
      notify(t('form.toast.chooseBank'));
      banksRef.current?.querySelector('input')?.focus();
      return;
    }
    // A payout needs a whole number of its currency's rule (the server refuses anything else).
    if (problem || !isRightPhone(phone)) {
      fillPhone();
      return;
    }
    // SPEC §5: completing strips a leading plus sign from the credential.
    const credential = normaliseWithdrawalPhone(fullPhoneOf(phone));
    const shown = tryFormatPhoneForDisplay(`+${credential}`, form.currencyInfo.code);
    // Not sent yet: the customer reads it back first (decision 0011).
    setPayout({
      credential,
      shownPhone: shown.ok ? shown.text : phone.trim(),
      bank: fastPayment && bank ? { name: bank.value, codeInteger: bank.codeInteger } : null,
    });
  };

  const confirm = () => {
    if (!payout) return;
    dispatch({
      type: 'completeRequested',
      credential: payout.credential,
      ...(payout.bank ? { bankCodeInteger: payout.bank.codeInteger } : {}),
    });
  };

  const change = () => {
    changing.current = true;
    setPayout(null);
  };

  return (
    <div className="pf-step">
      <StepHeading>{t('form.header.withdrawal')}</StepHeading>
      {/* Hidden, not removed, while the payout is confirmed: Change finds it as it was. */}
      <form className="pf-fields" onSubmit={submit} noValidate hidden={payout !== null}>
        <p className="pf-text">{t('form.text.withdrawal', { amount: money(state.amount) })}</p>
        <TextField
          ref={phoneRef}
          label={t('form.field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={rub ? WITHDRAWAL_PHONE_MASK : rule?.prefix}
          value={phone}
          onChange={(event) => {
            setRefused(false);
            setPhone(
              rub
                ? applyWithdrawalPhoneMask(event.target.value)
                : sanitiseInternationalPhone(event.target.value),
            );
          }}
          hint={t(rub ? 'form.field.phoneNumberHint' : 'form.field.phoneInternationalHint')}
          error={
            phoneError === WITHDRAWAL_PHONE_MESSAGE_IDS.firstDigitError
              ? t('form.field.phoneNumberError')
              : ruleError
          }
        />
        {fastPayment && (
          <BankPicker formId={formId} bank={bank} onSelect={setBank} ref={banksRef} />
        )}
        <DeadlineButton type="submit" deadline={deadline} busy={state.task?.kind === 'complete'}>
          {t('form.button.withdraw')}
        </DeadlineButton>
        <BackButton state={state} dispatch={dispatch} />
      </form>
      {payout && (
        <>
          <PayoutConfirmation
            payout={payout}
            amount={money(state.amount)}
            deadline={deadline}
            busy={state.task?.kind === 'complete'}
            onConfirm={confirm}
            onChange={change}
          />
          {/* SPEC §2's back button stays on the step while the payout is read back. */}
          <BackButton state={state} dispatch={dispatch} />
        </>
      )}
    </div>
  );
};

const BankPicker = ({
  formId,
  bank,
  onSelect,
  ref,
}: {
  formId: string;
  bank: Bank | null;
  onSelect: (bank: Bank) => void;
  ref: Ref<HTMLDivElement>;
}) => {
  const t = useT();
  const { banks, loading, failed, retry } = useSbpBanks(formId);
  return (
    <div className="pf-banks" ref={ref}>
      <SearchableList
        label={t('form.field.bank')}
        placeholder={t('form.field.bankSearch')}
        items={banks}
        getLabel={bankLabel}
        getKey={bankKey}
        onSelect={onSelect}
        selectedKey={bank?.id ?? null}
        debounceMs={BANK_SEARCH_DEBOUNCE_MS}
        loading={loading}
        loadingLabel={t('form.loadingBanks')}
        emptyText={failed ? t('form.banksFailed') : t('form.nothingFound')}
        maxHeight={220}
      />
      {failed && (
        <Button variant="secondary" onClick={retry}>
          {t('form.button.tryAgain')}
        </Button>
      )}
      {bank && <p className="pf-selected">{t('form.field.selectedBank', { bank: bank.value })}</p>}
    </div>
  );
};
