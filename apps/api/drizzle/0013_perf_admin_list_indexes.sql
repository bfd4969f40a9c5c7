-- Issue 13, admin lists (docs/performance.md). INCLUDE (category) is added by hand (drizzle cannot express it):
-- PostgreSQL cannot answer lower(category) = … from the expression alone, so without it the capped counts
-- are not index-only (same as migration 0006).
CREATE INDEX "student_profiles_university_trgm_idx" ON "student_profiles" USING gin ("university" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_profiles_course_trgm_idx" ON "student_profiles" USING gin ("course" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_profiles_roll_number_trgm_idx" ON "student_profiles" USING gin ("roll_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workshops_admin_status_category_idx" ON "workshops" USING btree ("status",lower("category"),"starts_at" DESC NULLS FIRST,"id") INCLUDE ("category");--> statement-breakpoint
CREATE INDEX "ideas_admin_order_idx" ON "ideas" USING btree ((coalesce("submitted_at", "created_at")) DESC,"id" DESC NULLS FIRST) WHERE "ideas"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "ideas_admin_status_category_idx" ON "ideas" USING btree ("status",lower("category"),(coalesce("submitted_at", "created_at")) DESC,"id" DESC NULLS FIRST) INCLUDE ("category") WHERE "ideas"."status" <> 'draft';