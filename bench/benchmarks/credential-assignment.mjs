/**
 * Target 4: 500 deposits ask for requisites at once (POST .../credential), over the 20 accounts
 * of the bench payment method. Every form is opened first (init gives the verification key, as
 * in the browser); then all 500 credential calls start together and are timed. Whether any limit
 * was overcommitted or an amount shared is checked in SQL afterwards (checkCredentialResults).
 */
import { createHash } from 'node:crypto';

const supportCodeOf = (formId, verificationKey) =>
  createHash('sha256')
    .update(`${formId}.${verificationKey}`)
    .digest()
    .subarray(0, 16)
    .toString('hex');

export const measureCredentialAssignment = async ({ server, forms, methodId }) => {
  const post = (path, body) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Opening the forms is preparation, not measured: 20 at a time.
  const prepared = [];
  for (let start = 0; start < forms.length; start += 20) {
    const batch = await Promise.all(
      forms.slice(start, start + 20).map(async (form) => {
        const response = await post(`/api/payments/form/${form.formId}/init`, {});
        const body = await response.json();
        if (!response.ok) throw new Error(`init: ${response.status} ${JSON.stringify(body)}`);
        return { ...form, supportCode: supportCodeOf(form.formId, body.data.verficationKey) };
      }),
    );
    prepared.push(...batch);
  }
  const outcomes = { assigned: 0, declined: 0, other: 0 };
  const started = performance.now();
  await Promise.all(
    prepared.map(async (form) => {
      const response = await post(`/api/payments/form/${form.formId}/credential`, {
        amount: Number(form.amount),
        formId: form.formId,
        paymentMethodId: methodId,
        supportCode: form.supportCode,
      });
      const body = await response.json();
      if (response.ok && body.data.credentials) outcomes.assigned += 1;
      else if (response.status === 409) outcomes.declined += 1;
      else outcomes.other += 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...outcomes, seconds, perSecond: prepared.length / seconds };
};

/** After the run, in SQL: limits kept, no shared amount on unique-amount accounts, balances add up. */
export const checkCredentialResults = async (sql, methodId) => {
  const [limits] = await sql.query(
    `SELECT count(*) FILTER (WHERE l.balance > l."limit")::int AS overcommitted,
            count(*) FILTER (WHERE l.balance <> coalesce(taken.sum, 0))::int AS unbalanced
     FROM people_accounts a
     JOIN people_account_limits l ON l.people_account_id = a.id
     LEFT JOIN (SELECT people_account_id, sum(amount) AS sum FROM invoices
                WHERE people_account_id IS NOT NULL GROUP BY people_account_id) taken
       ON taken.people_account_id = a.id
     WHERE a.payment_method_id = $1`,
    [methodId],
  );
  const [duplicates] = await sql.query(
    `SELECT count(*)::int AS count FROM (
       SELECT i.people_account_id, i.amount FROM invoices i
       JOIN people_account_limits l ON l.people_account_id = i.people_account_id
       JOIN people_accounts a ON a.id = i.people_account_id
       WHERE a.payment_method_id = $1 AND l.check_unique_amount
         AND i.status IN ('NEW', 'IN_PROGRESS')
       GROUP BY i.people_account_id, i.amount HAVING count(*) > 1) clashes`,
    [methodId],
  );
  return {
    overcommitted: limits.overcommitted,
    unbalanced: limits.unbalanced,
    duplicateAmounts: duplicates.count,
  };
};
