ALTER TABLE "invoice_transactions" ADD COLUMN "payout_provider_code" text;--> statement-breakpoint
-- Each payout's newest attempt (the one routing reads) keeps the provider its terminal names
-- now, whatever its state: a paid one declined by hand can still be reversed by its provider.
-- Later attempts record theirs when they are sent (decision 0009).
UPDATE "invoice_transactions" AS "t"
SET "payout_provider_code" = (
  SELECT "ta"."value"
  FROM "terminal_attributes" AS "ta"
  INNER JOIN "reference_items" AS "ri" ON "ri"."id" = "ta"."attribute_type_id"
  WHERE "ta"."terminal_id" = "i"."terminal_id" AND "ri"."header_id" = 105 AND "ri"."code" = 'PAYOUT_PROVIDER'
  LIMIT 1
)
FROM "invoices" AS "i"
WHERE "i"."id" = "t"."invoice_id"
  AND "i"."flow_type" = 'WITHDRAWAL'
  AND "t"."id" = (SELECT max("newest"."id") FROM "invoice_transactions" AS "newest" WHERE "newest"."invoice_id" = "t"."invoice_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_transactions_provider_invoice_idx" ON "invoice_transactions" USING btree ("provider_invoice_id") WHERE "invoice_transactions"."provider_invoice_id" IS NOT NULL;
