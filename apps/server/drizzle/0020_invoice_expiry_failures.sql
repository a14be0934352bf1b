CREATE TABLE "invoice_expiry_failures" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"retry_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_expiry_failures" ADD CONSTRAINT "invoice_expiry_failures_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;