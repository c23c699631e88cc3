CREATE TABLE "classroom_hands" (
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_hands_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
ALTER TABLE "classroom_hands" ADD CONSTRAINT "classroom_hands_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;