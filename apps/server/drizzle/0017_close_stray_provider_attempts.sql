-- An invoice is with its provider (an open attempt, the payout queue) only while IN_PROGRESS,
-- with one attempt open (decision 0017). Before, a retry opened a further attempt that no report
-- closed, and a change by staff closed none: such attempts would put a paid payout corrected
-- back to IN_PROGRESS in the queue again. They end as the code now ends them.
UPDATE "invoice_transactions" AS "attempt"
SET "status" = CASE WHEN "invoice"."status" IN ('PAYED', 'DONE') THEN 'SUCCESS' ELSE 'FAILED' END,
    "status_date" = now()
FROM "invoices" AS "invoice"
WHERE "attempt"."invoice_id" = "invoice"."id"
  AND "attempt"."status" = 'NEW'
  AND "invoice"."status" <> 'IN_PROGRESS';--> statement-breakpoint
-- In progress with several open: the newest stays, the others were replaced by it.
UPDATE "invoice_transactions" AS "attempt"
SET "status" = 'FAILED', "status_date" = now()
WHERE "attempt"."status" = 'NEW'
  AND "attempt"."id" < (
    SELECT max("newest"."id") FROM "invoice_transactions" AS "newest"
    WHERE "newest"."invoice_id" = "attempt"."invoice_id" AND "newest"."status" = 'NEW'
  );
