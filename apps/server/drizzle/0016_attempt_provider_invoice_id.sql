ALTER TABLE "invoice_transactions" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
-- Until now the provider's id was kept on the invoice only, from its first report: it names the
-- invoice's newest attempt once that attempt has ended (an attempt still open is a retry the
-- provider has not reported yet).
UPDATE "invoice_transactions" AS "attempt"
SET "provider_invoice_id" = "invoice"."provider_invoice_id"
FROM "invoices" AS "invoice"
WHERE "attempt"."invoice_id" = "invoice"."id"
  AND "invoice"."provider_invoice_id" IS NOT NULL
  AND "attempt"."status" <> 'NEW'
  AND "attempt"."id" = (
    SELECT max("newest"."id") FROM "invoice_transactions" AS "newest"
    WHERE "newest"."invoice_id" = "invoice"."id"
  );
