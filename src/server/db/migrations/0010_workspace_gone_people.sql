ALTER TABLE "workspace_connection" ADD COLUMN "pending_removal" jsonb;--> statement-breakpoint
ALTER TABLE "workspace_people" ADD COLUMN "gone_at" timestamp with time zone;