ALTER TABLE "workspace_connection" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "workspace_connection" ADD COLUMN "operator_key" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each domain goes to the organization that connected it first; a later one that shares it keeps working with no domain until it connects again (docs/decisions/0141).
UPDATE "workspace_connection" AS c SET "domain" = lower(split_part(c."admin_email", '@', 2))
WHERE c."organization_id" = (
  SELECT c2."organization_id" FROM "workspace_connection" AS c2
  WHERE lower(split_part(c2."admin_email", '@', 2)) = lower(split_part(c."admin_email", '@', 2))
  ORDER BY c2."connected_at", c2."organization_id" LIMIT 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_connection_domain_unique" ON "workspace_connection" USING btree ("domain");
