CREATE TABLE "invoice_expiry_failures" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"retry_at" timestamp with time zone NOT NULL
);
