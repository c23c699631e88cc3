CREATE TABLE "event_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"vote_team" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_submissions_kind_check" CHECK ("event_submissions"."kind" in ('voting', 'record')),
	CONSTRAINT "event_submissions_team_check" CHECK (("event_submissions"."kind" = 'voting' and "event_submissions"."vote_team" in (1, 2)) or ("event_submissions"."kind" = 'record' and "event_submissions"."vote_team" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_submissions_one_vote_idx" ON "event_submissions" USING btree ("email_key") WHERE kind = 'voting';--> statement-breakpoint
CREATE INDEX "event_submissions_kind_idx" ON "event_submissions" USING btree ("kind","id");