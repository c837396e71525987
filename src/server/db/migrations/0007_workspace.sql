CREATE TABLE "workspace_connection" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"client_email" text NOT NULL,
	"client_id" text NOT NULL,
	"admin_email" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"connected_by" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_result" text,
	"last_sync_ok" boolean
);
--> statement-breakpoint
CREATE TABLE "workspace_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"title" text,
	"department" text,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"org_unit_path" text DEFAULT '/' NOT NULL,
	"has_gmail" boolean DEFAULT true NOT NULL,
	"linked_user_id" text,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"push_status" text DEFAULT 'never' NOT NULL,
	"pushed_at" timestamp with time zone,
	"push_error" text,
	"sent_hash" text,
	"stored_hash" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_push_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"person_email" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"result" text NOT NULL,
	"detail" text,
	"html_chars" integer,
	"html_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_template" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"template" jsonb NOT NULL,
	"editable_fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "workspace_connection" ADD CONSTRAINT "workspace_connection_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_connection" ADD CONSTRAINT "workspace_connection_connected_by_user_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_people" ADD CONSTRAINT "workspace_people_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_people" ADD CONSTRAINT "workspace_people_linked_user_id_user_id_fk" FOREIGN KEY ("linked_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_push_log" ADD CONSTRAINT "workspace_push_log_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_push_log" ADD CONSTRAINT "workspace_push_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_template" ADD CONSTRAINT "workspace_template_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_template" ADD CONSTRAINT "workspace_template_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_people_org_email_idx" ON "workspace_people" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "workspace_people_user_idx" ON "workspace_people" USING btree ("linked_user_id");--> statement-breakpoint
CREATE INDEX "workspace_push_log_org_idx" ON "workspace_push_log" USING btree ("organization_id","created_at");