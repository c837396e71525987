CREATE TABLE "workspace_push_item" (
	"run_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"person_email" text NOT NULL,
	"result" text,
	"previous" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"restored_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_push_item_run_id_person_email_pk" PRIMARY KEY("run_id","person_email")
);
--> statement-breakpoint
CREATE TABLE "workspace_push_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"restore_of" uuid,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_push_item" ADD CONSTRAINT "workspace_push_item_run_id_workspace_push_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workspace_push_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_push_item" ADD CONSTRAINT "workspace_push_item_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_push_run" ADD CONSTRAINT "workspace_push_run_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_push_run" ADD CONSTRAINT "workspace_push_run_restore_of_workspace_push_run_id_fk" FOREIGN KEY ("restore_of") REFERENCES "public"."workspace_push_run"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_push_run" ADD CONSTRAINT "workspace_push_run_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_push_item_person_idx" ON "workspace_push_item" USING btree ("organization_id","person_email");--> statement-breakpoint
CREATE INDEX "workspace_push_run_org_idx" ON "workspace_push_run" USING btree ("organization_id","created_at");