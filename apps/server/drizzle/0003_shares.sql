CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"world" text DEFAULT 'campus' NOT NULL,
	"title" text NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_quality" integer DEFAULT 1080 NOT NULL,
	"default_location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
