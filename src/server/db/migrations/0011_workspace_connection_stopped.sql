ALTER TABLE "workspace_connection" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspace_connection" ADD COLUMN "stopped_reason" text;