ALTER TABLE "darts_matches" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "darts_matches" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "darts_sessions" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "darts_sessions" ADD COLUMN "game" jsonb;--> statement-breakpoint
ALTER TABLE "darts_sessions" ADD COLUMN "ready_at" timestamp with time zone;