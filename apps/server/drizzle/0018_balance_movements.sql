CREATE TABLE "balance_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"terminal_id" integer,
	"invoice_id" uuid,
	"settlement_id" integer,
	"flow_type" text,
	"from_status" text,
	"to_status" text,
	"amount_before" bigint,
	"amount_after" bigint,
	"fee_before" bigint,
	"fee_after" bigint,
	"available_change" bigint NOT NULL,
	"reserved_change" bigint NOT NULL,
	"available_after" bigint NOT NULL,
	"reserved_after" bigint NOT NULL,
	"person_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_movements_cause_ck" CHECK (("balance_movements"."kind" = 'invoice' AND "balance_movements"."invoice_id" IS NOT NULL AND "balance_movements"."flow_type" IS NOT NULL AND "balance_movements"."to_status" IS NOT NULL AND "balance_movements"."amount_after" IS NOT NULL AND "balance_movements"."fee_after" IS NOT NULL)
        OR ("balance_movements"."kind" = 'settlement' AND "balance_movements"."settlement_id" IS NOT NULL)
        OR "balance_movements"."kind" = 'recount')
);
--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_movements_balance_idx" ON "balance_movements" USING btree ("merchant_id","currency_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_movements_chain_idx" ON "balance_movements" USING btree ("merchant_id","currency_id","id");--> statement-breakpoint
CREATE INDEX "balance_movements_currency_idx" ON "balance_movements" USING btree ("currency_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_movements_terminal_idx" ON "balance_movements" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_movements_invoice_idx" ON "balance_movements" USING btree ("invoice_id");--> statement-breakpoint
-- Balances stand still until this migration commits (the migrations run in one transaction):
-- an instance of the previous release changing one meanwhile waits, so nothing it does falls
-- between the opening below and the commit check that follows it.
LOCK TABLE "merchant_balances" IN EXCLUSIVE MODE;--> statement-breakpoint
-- Data (decision 0028). The ledger opens with what every production invoice and settlement holds
-- now, at its status date or creation, in time order with running balances: the statement of
-- openBalanceLedger (src/modules/balances/merchant-balance-repository.ts).
INSERT INTO "balance_movements" (
  "merchant_id", "currency_id", "kind", "terminal_id", "invoice_id", "settlement_id", "flow_type",
  "to_status", "amount_after", "fee_after", "available_change", "reserved_change",
  "available_after", "reserved_after", "person_id", "created_at")
SELECT "merchant_id", "currency_id", "kind", "terminal_id", "invoice_id", "settlement_id",
  "flow_type", "to_status", "amount_after", "fee_after", "available_change", "reserved_change",
  sum("available_change") OVER "running", sum("reserved_change") OVER "running", "person_id", "at"
FROM (
  SELECT "merchant_id", "currency_id", 'invoice' AS "kind", "terminal_id", "id" AS "invoice_id",
    NULL::integer AS "settlement_id", "flow_type", "status" AS "to_status",
    "amount" AS "amount_after", "fee" AS "fee_after",
    CASE
      WHEN "flow_type" = 'DEPOSIT' AND "status" = 'DONE' THEN "amount" - "fee"
      WHEN "flow_type" = 'WITHDRAWAL' AND "status" IN ('IN_PROGRESS', 'PAYED', 'DONE')
        THEN -("amount" + "fee")
      ELSE 0
    END AS "available_change",
    CASE WHEN "flow_type" = 'WITHDRAWAL' AND "status" = 'IN_PROGRESS' THEN "amount" + "fee" ELSE 0 END
      AS "reserved_change",
    NULL::integer AS "person_id", "status_date" AS "at"
  FROM "invoices"
  WHERE NOT "is_test_processing"
  UNION ALL
  SELECT s."merchant_id", t."currency_id", 'settlement', s."terminal_id", NULL, s."id", NULL, NULL,
    NULL, NULL, -s."base_amount", 0, s."created_by", s."created_at"
  FROM "settlements" s JOIN "terminals" t ON t."id" = s."terminal_id"
) AS "opening"
WHERE "available_change" <> 0 OR "reserved_change" <> 0
  OR ("flow_type" = 'DEPOSIT' AND "to_status" = 'DONE')
  OR ("flow_type" = 'WITHDRAWAL' AND "to_status" IN ('PAYED', 'DONE'))
WINDOW "running" AS (PARTITION BY "merchant_id", "currency_id" ORDER BY "at", "invoice_id", "settlement_id"
  ROWS UNBOUNDED PRECEDING)
ORDER BY "at", "invoice_id", "settlement_id";--> statement-breakpoint
-- A kept balance that is not what its invoices and settlements add up to (none should be: the
-- kill test checks it) keeps its figure, and a recount row says by how much the ledger differed.
INSERT INTO "balance_movements" (
  "merchant_id", "currency_id", "kind", "available_change", "reserved_change",
  "available_after", "reserved_after")
SELECT coalesce(b."merchant_id", l."merchant_id"), coalesce(b."currency_id", l."currency_id"),
  'recount', coalesce(b."available", 0) - coalesce(l."available", 0),
  coalesce(b."reserved", 0) - coalesce(l."reserved", 0),
  coalesce(b."available", 0), coalesce(b."reserved", 0)
FROM "merchant_balances" b
FULL JOIN (
  SELECT "merchant_id", "currency_id", sum("available_change") AS "available",
    sum("reserved_change") AS "reserved"
  FROM "balance_movements" GROUP BY "merchant_id", "currency_id"
) l ON l."merchant_id" = b."merchant_id" AND l."currency_id" = b."currency_id"
WHERE coalesce(b."available", 0) <> coalesce(l."available", 0)
   OR coalesce(b."reserved", 0) <> coalesce(l."reserved", 0);
--> statement-breakpoint
-- Every change of a kept balance comes with its ledger row (decision 0028), checked by the
-- database at commit: a transaction that leaves a balance other than its last row says (the
-- previous release, which writes no rows, or a bug) is refused as a whole, instead of leaving a
-- gap in the ledger and in the reports read from it.
CREATE FUNCTION "merchant_balance_matches_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept_available bigint;
  kept_reserved bigint;
  last_available bigint;
  last_reserved bigint;
BEGIN
  SELECT "available", "reserved" INTO kept_available, kept_reserved
  FROM "merchant_balances"
  WHERE "merchant_id" = NEW."merchant_id" AND "currency_id" = NEW."currency_id";
  SELECT "available_after", "reserved_after" INTO last_available, last_reserved
  FROM "balance_movements"
  WHERE "merchant_id" = NEW."merchant_id" AND "currency_id" = NEW."currency_id"
  ORDER BY "id" DESC
  LIMIT 1;
  IF coalesce(kept_available, 0) <> coalesce(last_available, 0)
     OR coalesce(kept_reserved, 0) <> coalesce(last_reserved, 0) THEN
    RAISE EXCEPTION 'the balance of merchant % in currency % changed without its ledger row',
      NEW."merchant_id", NEW."currency_id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "merchant_balances_ledger_check"
AFTER INSERT OR UPDATE ON "merchant_balances"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION "merchant_balance_matches_ledger"();
--> statement-breakpoint
-- The ledger is only ever added to: a row once written is what happened.
CREATE FUNCTION "balance_movements_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'balance ledger rows are never changed or removed'
    USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "balance_movements_append_only"
BEFORE UPDATE OR DELETE OR TRUNCATE ON "balance_movements"
FOR EACH STATEMENT EXECUTE FUNCTION "balance_movements_are_kept"();
