CREATE TABLE "render_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"version" text NOT NULL,
	"capacity" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "render_slots" (
	"unique_id" uuid PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"slot" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "render_slots" ADD CONSTRAINT "render_slots_unique_id_player_slots_unique_id_fk" FOREIGN KEY ("unique_id") REFERENCES "public"."player_slots"("unique_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_slots" ADD CONSTRAINT "render_slots_node_id_render_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."render_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "render_slots_node_slot_idx" ON "render_slots" USING btree ("node_id","slot");