-- Issue 7: the category index carries category itself (INCLUDE), so the capped count of a category list
-- is an index-only scan (PostgreSQL cannot answer lower(category) = … from the expression alone). The
-- expression statistics give the planner — and the pager's "about N" past the count cap — each
-- category's real share instead of the default 0.5 % (559 estimated for 22,183 at 200,000 ideas).
DROP INDEX IF EXISTS "ideas_public_category_created_idx";--> statement-breakpoint
CREATE INDEX "ideas_public_category_created_idx" ON "ideas" USING btree (lower("category"),"created_at") INCLUDE ("category") WHERE "ideas"."is_public" AND "ideas"."status" NOT IN ('draft', 'rejected');--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "ideas_lower_category_stats" ON (lower("category")) FROM "ideas";--> statement-breakpoint
ANALYZE "ideas";
