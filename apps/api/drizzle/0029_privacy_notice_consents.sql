CREATE TABLE "privacy_consent_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"user_id" char(24) NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "privacy_consents_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "privacy_notice_acceptances" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"version" integer NOT NULL,
	"context" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"material" boolean NOT NULL,
	"published_by" char(24),
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "privacy_notices_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "privacy_consent_events" ADD CONSTRAINT "privacy_consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notice_acceptances" ADD CONSTRAINT "privacy_notice_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_consent_events_user_idx" ON "privacy_consent_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_notice_acceptances_user_idx" ON "privacy_notice_acceptances" USING btree ("user_id","version");