CREATE TABLE "classroom_lobby" (
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"socket_id" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_lobby_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"choice" integer NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"shown" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_channels" ADD COLUMN "entry_policy" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_lobby" ADD CONSTRAINT "classroom_lobby_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_poll_votes" ADD CONSTRAINT "classroom_poll_votes_poll_id_classroom_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."classroom_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_polls" ADD CONSTRAINT "classroom_polls_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_polls_channel_idx" ON "classroom_polls" USING btree ("channel","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_polls_one_open_idx" ON "classroom_polls" USING btree ("channel") WHERE "classroom_polls"."closed_at" is null;