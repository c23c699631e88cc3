CREATE TABLE "classroom_media_placements" (
	"channel" text PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_media_placements" ADD CONSTRAINT "classroom_media_placements_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;