DROP INDEX "invoices_account_open_idx";--> statement-breakpoint
DROP INDEX "invoices_account_failed_idx";--> statement-breakpoint
CREATE INDEX "invoices_account_open_idx" ON "invoices" USING btree ("people_account_id","amount") WHERE "invoices"."status" IN ('NEW','IN_PROGRESS','PAYED') AND "invoices"."people_account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_account_failed_idx" ON "invoices" USING btree ("people_account_id","amount","status_date") WHERE "invoices"."status" IN ('DECLINED','CANCELED') AND "invoices"."people_account_id" IS NOT NULL;