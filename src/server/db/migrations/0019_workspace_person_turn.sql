CREATE TABLE "workspace_person_turn" (
	"organization_id" text NOT NULL,
	"person_email" text NOT NULL,
	"asked" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"holder" text,
	"held_until" timestamp with time zone,
	CONSTRAINT "workspace_person_turn_organization_id_person_email_pk" PRIMARY KEY("organization_id","person_email")
);
--> statement-breakpoint
ALTER TABLE "workspace_person_turn" ADD CONSTRAINT "workspace_person_turn_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;