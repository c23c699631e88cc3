CREATE TABLE "room_board_elements" (
	"board" text NOT NULL,
	"element_id" text NOT NULL,
	"version" bigint NOT NULL,
	"version_nonce" bigint NOT NULL,
	"bytes" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_board_elements_board_element_id_pk" PRIMARY KEY("board","element_id")
);
--> statement-breakpoint
CREATE TABLE "room_states" (
	"room" text PRIMARY KEY NOT NULL,
	"whiteboard" jsonb,
	"popup" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
