CREATE TABLE "classroom_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"global_mute_audio" boolean DEFAULT false NOT NULL,
	"global_mute_video" boolean DEFAULT false NOT NULL,
	"screen_sharer" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_participants" (
	"socket_id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"feed" bigint NOT NULL,
	"audio_mid" text,
	"video_mid" text,
	"audio_prohibited" boolean DEFAULT false NOT NULL,
	"video_prohibited" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classroom_participants" ADD CONSTRAINT "classroom_participants_channel_classroom_channels_channel_fk" FOREIGN KEY ("channel") REFERENCES "public"."classroom_channels"("channel") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_participants_channel_idx" ON "classroom_participants" USING btree ("channel");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_participants_feed_idx" ON "classroom_participants" USING btree ("channel","feed");--> statement-breakpoint
INSERT INTO "classroom_channels" ("channel") VALUES ('room-1'), ('room-2'), ('room-3') ON CONFLICT DO NOTHING;