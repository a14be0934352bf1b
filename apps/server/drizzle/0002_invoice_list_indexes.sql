DROP INDEX "invoices_merchant_created_idx";--> statement-breakpoint
DROP INDEX "invoices_merchant_status_created_idx";--> statement-breakpoint
DROP INDEX "invoices_terminal_created_idx";--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status_date");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_flow_type_created_idx" ON "invoices" USING btree ("flow_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_status_date_idx" ON "invoices" USING btree ("status_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_currency_amount_idx" ON "invoices" USING btree ("currency_id","amount");--> statement-breakpoint
CREATE INDEX "invoices_merchant_invoice_idx" ON "invoices" USING btree ("merchant_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_merchant_created_idx" ON "invoices" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_merchant_status_created_idx" ON "invoices" USING btree ("merchant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_terminal_created_idx" ON "invoices" USING btree ("terminal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);