CREATE TABLE "campaign_click" (
	"short_id" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_click_short_id_day_pk" PRIMARY KEY("short_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_link" (
	"short_id" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"rule_id" text DEFAULT '' NOT NULL,
	"pushed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_click" ADD CONSTRAINT "campaign_click_short_id_campaign_link_short_id_fk" FOREIGN KEY ("short_id") REFERENCES "public"."campaign_link"("short_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_link" ADD CONSTRAINT "campaign_link_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_link_campaign_rule_idx" ON "campaign_link" USING btree ("campaign_id","rule_id");