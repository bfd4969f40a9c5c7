CREATE TABLE "domain_delegations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"parent_organisation_id" char(24) NOT NULL,
	"domain" text NOT NULL,
	"email" text NOT NULL,
	"delegate_organisation_id" char(24),
	"created_by" char(24),
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_delegations" ADD CONSTRAINT "domain_delegations_parent_organisation_id_organisations_id_fk" FOREIGN KEY ("parent_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_delegations" ADD CONSTRAINT "domain_delegations_delegate_organisation_id_organisations_id_fk" FOREIGN KEY ("delegate_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_delegations" ADD CONSTRAINT "domain_delegations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_delegations_domain_key" ON "domain_delegations" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "domain_delegations_parent_idx" ON "domain_delegations" USING btree ("parent_organisation_id");--> statement-breakpoint
CREATE INDEX "domain_delegations_delegate_idx" ON "domain_delegations" USING btree ("delegate_organisation_id");