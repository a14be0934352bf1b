CREATE TABLE "merchant_balances" (
	"merchant_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_balances_merchant_id_currency_id_pk" PRIMARY KEY("merchant_id","currency_id"),
	CONSTRAINT "merchant_balances_reserved_ck" CHECK ("merchant_balances"."reserved" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "max_amount" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_marked_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_balances" ADD CONSTRAINT "merchant_balances_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_balances" ADD CONSTRAINT "merchant_balances_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Data (decision 0017). A withdrawal created before this migration may not exceed its amount.
UPDATE "invoices" SET "max_amount" = "amount" WHERE "flow_type" = 'WITHDRAWAL';--> statement-breakpoint
-- Deposits the customer already marked paid resume at Processing on the form.
UPDATE "invoices" SET "customer_marked_paid_at" = marked."at"
FROM (
  SELECT "invoice_id", min("event_time") AS "at" FROM "event_log"
  WHERE "event_code" = 'CUSTOMER_MARKED_PAID' AND "invoice_id" IS NOT NULL
  GROUP BY "invoice_id"
) AS marked
WHERE "invoices"."id" = marked."invoice_id";--> statement-breakpoint
-- Every merchant's balance from its production invoices and settlements, by the rule of
-- packages/domain/src/money/merchant-balance.ts (the same statement as rebuildMerchantBalances).
INSERT INTO "merchant_balances" ("merchant_id", "currency_id", "available", "reserved")
SELECT "merchant_id", "currency_id", sum("available")::bigint, sum("reserved")::bigint
FROM (
  SELECT "merchant_id", "currency_id",
    CASE
      WHEN "flow_type" = 'DEPOSIT' AND "status" = 'DONE' THEN "amount" - "fee"
      WHEN "flow_type" = 'WITHDRAWAL' AND "status" IN ('IN_PROGRESS', 'PAYED', 'DONE')
        THEN -("amount" + "fee")
      ELSE 0
    END AS "available",
    CASE WHEN "flow_type" = 'WITHDRAWAL' AND "status" = 'IN_PROGRESS' THEN "amount" + "fee" ELSE 0 END
      AS "reserved"
  FROM "invoices"
  WHERE NOT "is_test_processing"
  UNION ALL
  SELECT s."merchant_id", t."currency_id", -s."base_amount", 0
  FROM "settlements" s JOIN "terminals" t ON t."id" = s."terminal_id"
) AS "moves"
GROUP BY "merchant_id", "currency_id";
