-- No double booking, guaranteed by the database (drizzle cannot express EXCLUDE constraints).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD CONSTRAINT "mentoring_sessions_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'scheduled');
--> statement-breakpoint
ALTER TABLE "connection_requests" ADD CONSTRAINT "connection_requests_slot_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("requested_start", "requested_end", '[)') WITH &&)
  WHERE ("status" = 'pending' AND "requested_start" IS NOT NULL);
