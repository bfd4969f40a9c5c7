CREATE INDEX "workshops_listing_order_idx" ON "workshops" USING btree ((CASE WHEN "status" = 'published' THEN 0 ELSE 1 END),(CASE WHEN "status" = 'published' THEN "starts_at" END),"starts_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "ideas_title_trgm_idx" ON "ideas" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ideas_description_trgm_idx" ON "ideas" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ideas_category_trgm_idx" ON "ideas" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ideas_tags_trgm_idx" ON "ideas" USING gin (("tags"::text) gin_trgm_ops);