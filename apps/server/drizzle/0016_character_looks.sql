CREATE TABLE "character_looks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_looks_code_range" CHECK ("character_looks"."code" between 2147483648 and 4294967295)
);
--> statement-breakpoint
ALTER TABLE "character_looks" ADD CONSTRAINT "character_looks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;