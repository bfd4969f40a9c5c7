ALTER TABLE "programme_participants" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "programme_participants_unnotified_idx" ON "programme_participants" USING btree ("programme_id","id") WHERE "programme_participants"."notified_at" IS NULL;
--> statement-breakpoint
UPDATE "programme_participants" SET "notified_at" = "created_at" WHERE "notified_at" IS NULL;