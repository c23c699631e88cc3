CREATE TABLE "classroom_session_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid
);
--> statement-breakpoint
ALTER TABLE "classroom_session_events" ADD CONSTRAINT "classroom_session_events_session_id_classroom_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_session_events_session_idx" ON "classroom_session_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_channel_idx" ON "classroom_sessions" USING btree ("channel","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_sessions_one_open_idx" ON "classroom_sessions" USING btree ("channel") WHERE "classroom_sessions"."ended_at" is null;