CREATE TABLE "metric_count_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metric_count_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"metric" text NOT NULL,
	"label" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_counts" (
	"metric" text NOT NULL,
	"label" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "metric_counts_metric_label_pk" PRIMARY KEY("metric","label")
);
--> statement-breakpoint
-- Statement triggers keep the counts: one delta row per label a statement changed, net of what
-- it moved out (a COPY of a million invoices adds a handful of rows, an update that keeps the
-- status adds none). Insert and delete triggers have one transition table only, so each
-- operation has its own branch: PL/pgSQL plans a statement when it first runs, per trigger.
CREATE FUNCTION "count_invoice_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "metric_count_deltas" ("metric", "label", "delta")
      SELECT 'invoices', "status", count(*) FROM "new_rows" GROUP BY "status";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "metric_count_deltas" ("metric", "label", "delta")
      SELECT 'invoices', "status", -count(*) FROM "old_rows" GROUP BY "status";
  ELSE
    INSERT INTO "metric_count_deltas" ("metric", "label", "delta")
      SELECT 'invoices', "status", sum("delta") FROM (
        SELECT "status", 1::bigint AS "delta" FROM "new_rows"
        UNION ALL SELECT "status", -1::bigint FROM "old_rows"
      ) AS "changed"
      GROUP BY "status" HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_counted_insert" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_invoice_changes"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counted_update" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_invoice_changes"();
--> statement-breakpoint
CREATE TRIGGER "invoices_counted_delete" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_invoice_changes"();
--> statement-breakpoint
-- Callbacks by status, and their delivery attempts by status (the failed attempts are all of them
-- but the last one of each SENT callback).
CREATE FUNCTION "count_callback_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "metric_count_deltas" ("metric", "label", "delta")
      SELECT "metric", "status", sum("delta") FROM (
        SELECT 'callbacks' AS "metric", "status", 1::bigint AS "delta" FROM "new_rows"
        UNION ALL SELECT 'callback_attempts', "status", "attempts"::bigint FROM "new_rows"
      ) AS "changed"
      GROUP BY "metric", "status" HAVING sum("delta") <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "metric_count_deltas" ("metric", "label", "delta")
      SELECT "metric", "status", sum("delta") FROM (
        SELECT 'callbacks' AS "metric", "status", -1::bigint AS "delta" FROM "old_rows"
        UNION ALL SELECT 'callback_attempts', "status", -"attempts"::bigint FROM "old_rows"
      ) AS "changed"
      GROUP BY "metric", "status" HAVING sum("delta") <> 0;
  ELSE
    INSERT INTO "metric_count_deltas" ("metric", "label", "delta")
      SELECT "metric", "status", sum("delta") FROM (
        SELECT 'callbacks' AS "metric", "status", 1::bigint AS "delta" FROM "new_rows"
        UNION ALL SELECT 'callbacks', "status", -1::bigint FROM "old_rows"
        UNION ALL SELECT 'callback_attempts', "status", "attempts"::bigint FROM "new_rows"
        UNION ALL SELECT 'callback_attempts', "status", -"attempts"::bigint FROM "old_rows"
      ) AS "changed"
      GROUP BY "metric", "status" HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "callbacks_counted_insert" AFTER INSERT ON "callbacks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_callback_changes"();
--> statement-breakpoint
CREATE TRIGGER "callbacks_counted_update" AFTER UPDATE ON "callbacks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_callback_changes"();
--> statement-breakpoint
CREATE TRIGGER "callbacks_counted_delete" AFTER DELETE ON "callbacks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_callback_changes"();
--> statement-breakpoint
-- The rows already there, counted once. The triggers above lock both tables against writes until
-- this migration commits, so no change falls between the count and the triggers.
INSERT INTO "metric_counts" ("metric", "label", "value")
  SELECT 'invoices', "status", count(*) FROM "invoices" GROUP BY "status"
  UNION ALL SELECT 'callbacks', "status", count(*) FROM "callbacks" GROUP BY "status"
  UNION ALL SELECT 'callback_attempts', "status", sum("attempts") FROM "callbacks" GROUP BY "status";
