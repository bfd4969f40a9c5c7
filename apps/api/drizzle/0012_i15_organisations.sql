CREATE TABLE "email_confirmations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"secret_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_applications" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"profile_url" text NOT NULL,
	"work_email" text,
	"work_email_confirmed_at" timestamp with time zone,
	"motivation" text DEFAULT '' NOT NULL,
	"endorsed_by" char(24),
	"reviewed_by" char(24),
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_domains" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organisation_id" char(24) NOT NULL,
	"domain" text NOT NULL,
	"added_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_invitations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"organisation_id" char(24) NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" char(24),
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"organisation_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_projects" (
	"project_id" char(24) NOT NULL,
	"organisation_id" char(24) NOT NULL,
	"moderation" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"moderated_by" char(24),
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_projects_project_id_pk" PRIMARY KEY("project_id"),
	CONSTRAINT "organisation_projects_reason_check" CHECK ("organisation_projects"."moderation" <> 'rejected' OR "organisation_projects"."reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"country" text,
	"website" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contact_email" text NOT NULL,
	"decision_reason" text,
	"decided_by" char(24),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_affiliations" (
	"student_id" char(24) PRIMARY KEY NOT NULL,
	"organisation_id" char(24) NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_endorsed_by_organisations_id_fk" FOREIGN KEY ("endorsed_by") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_domains" ADD CONSTRAINT "organisation_domains_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_domains" ADD CONSTRAINT "organisation_domains_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_projects" ADD CONSTRAINT "organisation_projects_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_projects" ADD CONSTRAINT "organisation_projects_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_projects" ADD CONSTRAINT "organisation_projects_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_affiliations" ADD CONSTRAINT "student_affiliations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_affiliations" ADD CONSTRAINT "student_affiliations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "email_confirmations_secret_idx" ON "email_confirmations" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "expert_applications_status_idx" ON "expert_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_domains_domain_key" ON "organisation_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "organisation_domains_org_idx" ON "organisation_domains" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_token_key" ON "organisation_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "organisation_invitations_org_idx" ON "organisation_invitations" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_members_org_idx" ON "organisation_members" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_projects_org_idx" ON "organisation_projects" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisations_status_idx" ON "organisations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "student_affiliations_org_idx" ON "student_affiliations" USING btree ("organisation_id");