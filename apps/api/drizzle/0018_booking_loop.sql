ALTER TABLE "professional_profiles" ADD COLUMN "notice_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "cancelled_by" char(24);--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "rescheduled_by" char(24);--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "reschedule_reason" text;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD CONSTRAINT "mentoring_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD CONSTRAINT "mentoring_sessions_rescheduled_by_users_id_fk" FOREIGN KEY ("rescheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;