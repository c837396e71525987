ALTER TABLE "signature" ADD COLUMN "label" text DEFAULT 'My signature' NOT NULL;--> statement-breakpoint
ALTER TABLE "signature" ADD COLUMN "send_as_email" text;--> statement-breakpoint
ALTER TABLE "signature" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_one_default_per_user" ON "signature" USING btree ("user_id") WHERE "signature"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "signature_send_as_per_user" ON "signature" USING btree ("user_id","send_as_email");