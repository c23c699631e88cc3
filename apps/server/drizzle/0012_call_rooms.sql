CREATE TABLE "call_room_members" (
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "call_room_members_channel_user_id_pk" PRIMARY KEY("channel","user_id")
);
--> statement-breakpoint
ALTER TABLE "call_room_members" ADD CONSTRAINT "call_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_room_members_expiry_idx" ON "call_room_members" USING btree ("expires_at");