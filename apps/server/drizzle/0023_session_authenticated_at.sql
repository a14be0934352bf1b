ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions open before the column existed last proved who they were at their sign-in.
UPDATE "sessions" SET "authenticated_at" = "created_at";
