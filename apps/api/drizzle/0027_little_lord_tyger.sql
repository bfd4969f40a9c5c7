ALTER TABLE "sso_identities" ADD COLUMN "saml_name_id" text;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD COLUMN "saml_name_id_format" text;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD COLUMN "saml_session_index" text;