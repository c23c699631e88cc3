ALTER TABLE "classroom_participants" ADD COLUMN "screen_mid" text;--> statement-breakpoint
ALTER TABLE "classroom_participants" ADD COLUMN "audio_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "classroom_participants" ADD COLUMN "video_on" boolean DEFAULT false NOT NULL;