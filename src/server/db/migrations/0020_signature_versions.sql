CREATE TABLE "signature_version" (
	"id" text PRIMARY KEY NOT NULL,
	"signature_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_version" ADD CONSTRAINT "signature_version_signature_id_signature_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signature"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_version" ADD CONSTRAINT "signature_version_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_version_signature_idx" ON "signature_version" USING btree ("signature_id","created_at");--> statement-breakpoint
-- The autosave is one UPDATE (docs/decisions/0092), so versions are kept inside it, by the database
-- (docs/decisions/0188): the content before a save that changes it, when the newest kept version is
-- ten minutes old or there is none; the newest twenty per signature stay.
CREATE FUNCTION "signature_version_content"(s "signature") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT jsonb_build_object(
		'name', s.name, 'title', s.title, 'company', s.company, 'phone', s.phone, 'mobile', s.mobile,
		'email', s.email, 'website', s.website, 'address', s.address, 'photoUrl', s.photo_url,
		'imageLinkUrl', s.image_link_url, 'customImageUrl', s.custom_image_url,
		'socialLinks', s.social_links, 'customFields', s.custom_fields, 'design', s.design)
$$;
--> statement-breakpoint
-- Keeps a signature's content as a version unless the newest kept one is the same; the newest
-- twenty per signature stay. The trigger below calls it, and so does a restore, first, so that
-- restoring can itself be undone.
CREATE FUNCTION "signature_keep_content"(s "signature") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	content jsonb := "signature_version_content"(s);
BEGIN
	IF content IS NOT DISTINCT FROM (
		SELECT v.content FROM "signature_version" v
		WHERE v.signature_id = s.id
		ORDER BY v.created_at DESC, v.id DESC
		LIMIT 1
	) THEN
		RETURN;
	END IF;
	INSERT INTO "signature_version" (id, signature_id, user_id, content, saved_at, created_at)
	VALUES (gen_random_uuid()::text, s.id, s.user_id, content, s.updated_at, now());
	DELETE FROM "signature_version" v
	WHERE v.signature_id = s.id AND v.id NOT IN (
		SELECT k.id FROM "signature_version" k
		WHERE k.signature_id = s.id
		ORDER BY k.created_at DESC, k.id DESC
		LIMIT 20
	);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signature_keep_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF "signature_version_content"(OLD) = "signature_version_content"(NEW) THEN
		RETURN NULL;
	END IF;
	IF EXISTS (
		SELECT 1 FROM "signature_version" v
		WHERE v.signature_id = OLD.id AND v.created_at > now() - interval '10 minutes'
	) THEN
		RETURN NULL;
	END IF;
	PERFORM "signature_keep_content"(OLD);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signature_keep_version" AFTER UPDATE ON "signature"
	FOR EACH ROW EXECUTE FUNCTION "signature_keep_version"();
