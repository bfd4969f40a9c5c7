CREATE TABLE "event_reminders" (
	"kind" text NOT NULL,
	"event_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"offset_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_pkey" PRIMARY KEY("kind","event_id","user_id","offset_minutes","starts_at")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD COLUMN "certificate_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "check_in_code" text;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "workshops_published_ends_idx" ON "workshops" USING btree ("ends_at") WHERE "workshops"."status" = 'published';--> statement-breakpoint
CREATE INDEX "mentoring_sessions_scheduled_starts_idx" ON "mentoring_sessions" USING btree ("starts_at") WHERE "mentoring_sessions"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "rd_applications_interview_date_idx" ON "rd_applications" USING btree (("interview"->>'date')) WHERE "rd_applications"."status" = 'interview-scheduled';