CREATE TABLE "live_event_prune_mark" (
	"id" smallint PRIMARY KEY NOT NULL,
	"tx_id" bigint NOT NULL,
	"row_id" bigint NOT NULL,
	CONSTRAINT "live_event_prune_mark_one_row_ck" CHECK ("live_event_prune_mark"."id" = 1)
);
