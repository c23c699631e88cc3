CREATE TABLE "posters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"world" text DEFAULT 'campus' NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"print_url" text,
	"nft_token_id" text,
	"nft_price" text,
	"slot" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
