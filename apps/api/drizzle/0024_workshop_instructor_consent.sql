ALTER TABLE "workshops" ADD COLUMN "instructor_accepted_at" timestamp with time zone;--> statement-breakpoint
-- Issue 28 (decision 733): instructors already named before consent existed count as accepted.
UPDATE "workshops" SET "instructor_accepted_at" = "created_at" WHERE "organisation_id" IS NOT NULL AND "professional_id" IS NOT NULL;
