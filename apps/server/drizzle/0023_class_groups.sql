CREATE TABLE "classroom_breakouts" (
	"channel" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"count" integer NOT NULL,
	"mode" text NOT NULL,
	"minutes" integer,
	"assignments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ends_at" timestamp with time zone,
	"closing_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_group_members" (
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"group_no" integer NOT NULL,
	"calling" boolean DEFAULT false NOT NULL,
	CONSTRAINT "classroom_group_members_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
ALTER TABLE "classroom_session_events" ADD COLUMN "group_no" integer;--> statement-breakpoint
ALTER TABLE "classroom_breakouts" ADD CONSTRAINT "classroom_breakouts_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_group_members" ADD CONSTRAINT "classroom_group_members_channel_classroom_breakouts_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_breakouts"("channel") ON DELETE cascade ON UPDATE no action;