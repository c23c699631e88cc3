CREATE TABLE "share_links" (
	"token" text PRIMARY KEY NOT NULL,
	"screenshot_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_screenshot_id_screenshots_id_fk" FOREIGN KEY ("screenshot_id") REFERENCES "public"."screenshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_links_screenshot_idx" ON "share_links" USING btree ("screenshot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_live_idx" ON "share_links" USING btree ("screenshot_id") WHERE revoked_at is null;