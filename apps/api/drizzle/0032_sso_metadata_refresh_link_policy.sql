ALTER TABLE "sso_connections" ADD COLUMN "metadata_next_refresh_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "metadata_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "metadata_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "metadata_error" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "metadata_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "retiring_certificates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "link_policy" text DEFAULT 'password' NOT NULL;