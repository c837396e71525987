CREATE TABLE "google_test_client" (
	"client_email" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"domain" text NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_test_person" (
	"email" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_test_signature" (
	"send_as_email" text PRIMARY KEY NOT NULL,
	"person_email" text NOT NULL,
	"signature" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_test_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_email" text NOT NULL,
	"sub" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "google_test_token_expires_idx" ON "google_test_token" USING btree ("expires_at");