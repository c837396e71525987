ALTER TABLE "workspace_people" ADD COLUMN "send_as_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_push_log" ADD COLUMN "send_as_email" text;