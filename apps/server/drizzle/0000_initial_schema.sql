CREATE TABLE "callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" uuid NOT NULL,
	"url" text NOT NULL,
	"invoice_status" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_response_code" integer,
	"last_error" text,
	"is_manual" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"execution_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" char(3) NOT NULL,
	"name" text NOT NULL,
	"dimension" smallint NOT NULL,
	"min_value" bigint NOT NULL,
	"max_value" bigint NOT NULL,
	CONSTRAINT "currencies_dimension_ck" CHECK ("currencies"."dimension" BETWEEN 0 AND 18),
	CONSTRAINT "currencies_limits_ck" CHECK ("currencies"."min_value" >= 0 AND "currencies"."min_value" <= "currencies"."max_value")
);
--> statement-breakpoint
CREATE TABLE "event_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_code" text NOT NULL,
	"description" text NOT NULL,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL,
	"person_id" integer,
	"merchant_id" integer,
	"invoice_id" uuid,
	"entity_type" text,
	"entity_id" text,
	"source_ip" text
);
--> statement-breakpoint
CREATE TABLE "invoice_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" uuid NOT NULL,
	"description" text NOT NULL,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"person_id" integer
);
--> statement-breakpoint
CREATE TABLE "invoice_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" uuid NOT NULL,
	"status" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"merchant_invoice_id" text NOT NULL,
	"provider_invoice_id" text,
	"flow_type" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"currency_id" integer NOT NULL,
	"payment_method_id" integer,
	"people_account_id" integer,
	"credential_value" text,
	"bank_code_integer" bigint,
	"customer_external_id" text NOT NULL,
	"customer_first_name" text DEFAULT '' NOT NULL,
	"customer_last_name" text DEFAULT '' NOT NULL,
	"is_test_processing" boolean DEFAULT false NOT NULL,
	"form_id" text NOT NULL,
	"can_change_amount" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"success_url" text,
	"cancel_url" text,
	"error_url" text,
	"callback_url" text,
	CONSTRAINT "invoices_amount_ck" CHECK ("invoices"."amount" > 0 AND "invoices"."fee" >= 0),
	CONSTRAINT "invoices_flow_type_ck" CHECK ("invoices"."flow_type" IN ('DEPOSIT','WITHDRAWAL')),
	CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" IN ('NEW','IN_PROGRESS','DONE','PAYED','DECLINED','CANCELED'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"source_ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"client_public_key" text NOT NULL,
	"signing_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency_id" integer NOT NULL,
	"requisite_kind" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_limits_ck" CHECK ("payment_methods"."min_amount" >= 0 AND "payment_methods"."min_amount" <= "payment_methods"."max_amount")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role_name" text NOT NULL,
	"extra_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"merchant_id" integer,
	"test_dashboard" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people_account_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_account_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"people_account_id" integer NOT NULL,
	"credential_type_id" integer NOT NULL,
	"param_type_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people_account_limits" (
	"people_account_id" integer PRIMARY KEY NOT NULL,
	"limit" bigint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"check_unique_amount" boolean DEFAULT false NOT NULL,
	CONSTRAINT "people_account_limits_priority_ck" CHECK ("people_account_limits"."priority" >= 0),
	CONSTRAINT "people_account_limits_limit_ck" CHECK ("people_account_limits"."limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "people_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"country_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_headers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"header_id" integer NOT NULL,
	"value" text NOT NULL,
	"code" text,
	"param_type" char(1),
	"code_integer" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reference_items_param_type_ck" CHECK ("reference_items"."param_type" IN ('I','S','C','B','N'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"name" text PRIMARY KEY NOT NULL,
	"permissions" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"source_ip" text
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"base_amount" bigint NOT NULL,
	"settlement_amount" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_amounts_ck" CHECK ("settlements"."base_amount" > 0 AND "settlements"."settlement_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" uuid NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"issue_type_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terminal_attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"attribute_type_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_pools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_pools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status_id" integer,
	"type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"flow_type" text NOT NULL,
	"currency_id" integer NOT NULL,
	"terminal_pool_id" integer,
	"is_test" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_flow_type_ck" CHECK ("terminals"."flow_type" IN ('DEPOSIT','WITHDRAWAL'))
);
--> statement-breakpoint
ALTER TABLE "callbacks" ADD CONSTRAINT "callbacks_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_log" ADD CONSTRAINT "event_log_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_errors" ADD CONSTRAINT "invoice_errors_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_history" ADD CONSTRAINT "invoice_status_history_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_history" ADD CONSTRAINT "invoice_status_history_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_transactions" ADD CONSTRAINT "invoice_transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_people_account_id_people_accounts_id_fk" FOREIGN KEY ("people_account_id") REFERENCES "public"."people_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_role_name_roles_name_fk" FOREIGN KEY ("role_name") REFERENCES "public"."roles"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_account_credentials" ADD CONSTRAINT "people_account_credentials_people_account_id_people_accounts_id_fk" FOREIGN KEY ("people_account_id") REFERENCES "public"."people_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_account_credentials" ADD CONSTRAINT "people_account_credentials_credential_type_id_reference_items_id_fk" FOREIGN KEY ("credential_type_id") REFERENCES "public"."reference_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_account_credentials" ADD CONSTRAINT "people_account_credentials_param_type_id_reference_items_id_fk" FOREIGN KEY ("param_type_id") REFERENCES "public"."reference_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_account_limits" ADD CONSTRAINT "people_account_limits_people_account_id_people_accounts_id_fk" FOREIGN KEY ("people_account_id") REFERENCES "public"."people_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_accounts" ADD CONSTRAINT "people_accounts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_accounts" ADD CONSTRAINT "people_accounts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_items" ADD CONSTRAINT "reference_items_header_id_reference_headers_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."reference_headers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_issue_type_id_reference_items_id_fk" FOREIGN KEY ("issue_type_id") REFERENCES "public"."reference_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_decided_by_people_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."people"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_attributes" ADD CONSTRAINT "terminal_attributes_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_attributes" ADD CONSTRAINT "terminal_attributes_attribute_type_id_reference_items_id_fk" FOREIGN KEY ("attribute_type_id") REFERENCES "public"."reference_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_pools" ADD CONSTRAINT "terminal_pools_status_id_reference_items_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."reference_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_pools" ADD CONSTRAINT "terminal_pools_type_id_reference_items_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."reference_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_terminal_pool_id_terminal_pools_id_fk" FOREIGN KEY ("terminal_pool_id") REFERENCES "public"."terminal_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callbacks_invoice_idx" ON "callbacks" USING btree ("invoice_id","create_date");--> statement-breakpoint
CREATE INDEX "callbacks_due_idx" ON "callbacks" USING btree ("next_attempt_at") WHERE "callbacks"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "event_log_invoice_idx" ON "event_log" USING btree ("invoice_id","event_time");--> statement-breakpoint
CREATE INDEX "event_log_time_idx" ON "event_log" USING btree ("event_time");--> statement-breakpoint
CREATE INDEX "invoice_errors_invoice_idx" ON "invoice_errors" USING btree ("invoice_id","event_time");--> statement-breakpoint
CREATE INDEX "invoice_status_history_invoice_idx" ON "invoice_status_history" USING btree ("invoice_id","status_date");--> statement-breakpoint
CREATE INDEX "invoice_transactions_invoice_idx" ON "invoice_transactions" USING btree ("invoice_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_form_id_uq" ON "invoices" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_merchant_invoice_uq" ON "invoices" USING btree ("merchant_id","merchant_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_merchant_created_idx" ON "invoices" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_merchant_status_created_idx" ON "invoices" USING btree ("merchant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_terminal_created_idx" ON "invoices" USING btree ("terminal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_merchant_status_date_idx" ON "invoices" USING btree ("merchant_id","status_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_merchant_amount_idx" ON "invoices" USING btree ("merchant_id","amount");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_external_id");--> statement-breakpoint
CREATE INDEX "invoices_provider_invoice_idx" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_open_expiry_idx" ON "invoices" USING btree ("expires_at") WHERE "invoices"."status" IN ('NEW','IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "invoices_account_open_idx" ON "invoices" USING btree ("people_account_id","amount") WHERE "invoices"."status" IN ('NEW','IN_PROGRESS');--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("username","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("source_ip","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_client_public_key_uq" ON "merchants" USING btree ("client_public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_code_uq" ON "payment_methods" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "people_username_uq" ON "people" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "people_account_credentials_account_idx" ON "people_account_credentials" USING btree ("people_account_id");--> statement-breakpoint
CREATE INDEX "people_accounts_method_idx" ON "people_accounts" USING btree ("payment_method_id","enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_code_uq" ON "providers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "reference_items_header_idx" ON "reference_items" USING btree ("header_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_items_header_code_uq" ON "reference_items" USING btree ("header_id","code");--> statement-breakpoint
CREATE INDEX "sessions_person_idx" ON "sessions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "settlements_terminal_idx" ON "settlements" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_invoice_idx" ON "support_tickets" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_attributes_terminal_type_uq" ON "terminal_attributes" USING btree ("terminal_id","attribute_type_id");--> statement-breakpoint
CREATE INDEX "terminals_merchant_idx" ON "terminals" USING btree ("merchant_id");