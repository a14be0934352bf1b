/**
 * Test mode (issue 23 item 5, decision 0021): what the sandbox provider of test terminals does
 * with a payment in progress, chosen by the customer's external id or the payout phone number,
 * so an integrator drives every callback without a bank. docs/merchant-api.md lists these.
 */
export const SANDBOX_OUTCOMES = ['succeed', 'decline', 'pending', 'timeout'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Customer external ids starting with these (any case) choose the outcome; others succeed. */
export const SANDBOX_CUSTOMER_PREFIXES: Record<Exclude<SandboxOutcome, 'succeed'>, string> = {
  decline: 'decline',
  pending: 'pending',
  timeout: 'timeout',
};

/** Payout phone numbers ending in these four digits choose the outcome; others succeed. */
export const SANDBOX_PHONE_SUFFIXES: Record<Exclude<SandboxOutcome, 'succeed'>, string> = {
  decline: '0002',
  pending: '0003',
  timeout: '0004',
};

/** What each outcome does, in the words of the merchant guide. */
export const SANDBOX_OUTCOME_EFFECTS: Record<SandboxOutcome, string> = {
  succeed: 'DONE a few seconds after the payment starts',
  decline: 'DECLINED a few seconds after the payment starts',
  pending:
    'stays IN_PROGRESS until you simulate an outcome (a deposit is CANCELED when its form expires)',
  timeout: 'never answered: CANCELED when the form expires',
};

/** The sandbox's outcome for a test payment: the customer id first, then a payout's phone. */
export const sandboxOutcomeOf = ({
  flowType,
  customerExternalId,
  credentialValue,
}: {
  flowType: string;
  customerExternalId: string;
  credentialValue: string | null;
}): SandboxOutcome => {
  const chosen = ['decline', 'pending', 'timeout'] as const;
  const id = customerExternalId.toLowerCase();
  const byId = chosen.find((outcome) => id.startsWith(SANDBOX_CUSTOMER_PREFIXES[outcome]));
  if (byId) return byId;
  // A deposit's credential is the requisite paid to, not the customer's phone.
  if (flowType !== 'WITHDRAWAL' || credentialValue === null) return 'succeed';
  return (
    chosen.find((outcome) => credentialValue.endsWith(SANDBOX_PHONE_SUFFIXES[outcome])) ?? 'succeed'
  );
};

/** The outcomes Simulate offers on a test invoice in the back office. */
export const SIMULATED_STATUSES = ['DONE', 'DECLINED'] as const;
export type SimulatedStatus = (typeof SIMULATED_STATUSES)[number];
