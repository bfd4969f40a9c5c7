ALTER TABLE "programme_participants" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programmes" ADD COLUMN "organisation_id" char(24);--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_participants_unnotified_idx" ON "programme_participants" USING btree ("programme_id","id") WHERE "programme_participants"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "programmes_organisation_idx" ON "programmes" USING btree ("organisation_id","created_at");
--> statement-breakpoint
UPDATE "programme_participants" SET "notified_at" = "created_at" WHERE "notified_at" IS NULL;