CREATE TABLE "darts_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" text NOT NULL,
	"inviter_id" uuid NOT NULL,
	"inviter_name" text NOT NULL,
	"invitee_id" uuid NOT NULL,
	"invitee_name" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"game" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "darts_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_sub" text NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"mode" text NOT NULL,
	"opponent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"winner_name" text,
	"is_winner" boolean,
	"darts" integer
);
--> statement-breakpoint
ALTER TABLE "darts_matches" ADD CONSTRAINT "darts_matches_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "darts_matches" ADD CONSTRAINT "darts_matches_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "darts_sessions" ADD CONSTRAINT "darts_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "darts_sessions_board_idx" ON "darts_sessions" USING btree ("mode","user_id") WHERE "darts_sessions"."is_winner" and "darts_sessions"."user_id" is not null;