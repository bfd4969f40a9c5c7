CREATE TABLE "password_reset_tokens" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_profiles" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"expertise" text DEFAULT '' NOT NULL,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"specializations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"achievements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"hourly_rate" numeric(10, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accepting_requests" boolean DEFAULT true NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"university" text NOT NULL,
	"course" text NOT NULL,
	"department" text,
	"year" integer NOT NULL,
	"roll_number" text NOT NULL,
	"cgpa" numeric(4, 2),
	"interests" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"bio" text,
	"profile_image_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_temporary_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"actor_id" char(24),
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"owner_id" char(24),
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"sub_type" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"action_url" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshop_registrations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"workshop_id" char(24) NOT NULL,
	"student_id" char(24) NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"certificate_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"difficulty" text DEFAULT 'Beginner' NOT NULL,
	"delivery_mode" text DEFAULT 'online' NOT NULL,
	"professional_id" char(24),
	"manual_instructor" jsonb,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"timezone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"max_participants" integer NOT NULL,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"banner_color" text,
	"banner_icon" text,
	"banner_image_key" text,
	"meeting_platform" text,
	"meeting_id" text,
	"meeting_link" text,
	"venue" text,
	"address" text,
	"city" text,
	"state" text,
	"prerequisites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"learning_outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurring_frequency" text,
	"recurring_end_date" date,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshops_capacity_check" CHECK ("workshops"."registered_count" >= 0 AND "workshops"."registered_count" <= "workshops"."max_participants"),
	CONSTRAINT "workshops_time_check" CHECK ("workshops"."ends_at" > "workshops"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "idea_comments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"idea_id" char(24) NOT NULL,
	"author_id" char(24) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idea_likes" (
	"idea_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idea_likes_idea_id_user_id_pk" PRIMARY KEY("idea_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ideas" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"author_id" char(24) NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'under_review' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"feedback" text,
	"review_notes" text,
	"reviewed_by" char(24),
	"reviewed_at" timestamp with time zone,
	"implementation_details" jsonb,
	"total_score" numeric(4, 2),
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ideas_likes_check" CHECK ("ideas"."likes_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"professional_id" char(24) NOT NULL,
	"is_recurring" boolean NOT NULL,
	"day_of_week" integer,
	"date" date,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"timezone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"notes" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"student_id" char(24) NOT NULL,
	"professional_id" char(24) NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_start" timestamp with time zone,
	"requested_end" timestamp with time zone,
	"requested_timezone" text,
	"response_message" text,
	"responded_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"professional_id" char(24) NOT NULL,
	"student_id" char(24) NOT NULL,
	"sender_id" char(24) NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentoring_sessions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"professional_id" char(24) NOT NULL,
	"student_id" char(24) NOT NULL,
	"request_id" char(24),
	"topic" text NOT NULL,
	"type" text DEFAULT 'individual' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"timezone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"meet_link" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentoring_sessions_time_check" CHECK ("mentoring_sessions"."ends_at" > "mentoring_sessions"."starts_at"),
	CONSTRAINT "mentoring_sessions_rating_check" CHECK ("mentoring_sessions"."rating" IS NULL OR ("mentoring_sessions"."rating" BETWEEN 1 AND 5))
);
--> statement-breakpoint
CREATE TABLE "rd_alerts" (
	"project_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deadline_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rd_alerts_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rd_application_documents" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"application_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"file_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rd_applications" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"project_id" char(24) NOT NULL,
	"role_id" char(24) NOT NULL,
	"student_id" char(24) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"motivation" text NOT NULL,
	"available_start_date" date,
	"expected_duration" text,
	"relevant_experience" text,
	"review_notes" text,
	"reviewed_by" char(24),
	"reviewed_at" timestamp with time zone,
	"interview" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rd_bookmarks" (
	"project_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rd_bookmarks_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rd_project_roles" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"project_id" char(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"max_positions" integer DEFAULT 1 NOT NULL,
	"current_positions" integer DEFAULT 0 NOT NULL,
	"skills_required" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"degree_level" text DEFAULT 'any' NOT NULL,
	"min_cgpa" numeric(3, 1),
	"languages" jsonb DEFAULT '["English"]'::jsonb NOT NULL,
	"experience" text DEFAULT 'none' NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_mode" text DEFAULT 'remote' NOT NULL,
	"compensation_type" text DEFAULT 'certificate' NOT NULL,
	"compensation_amount" numeric(12, 2),
	"compensation_currency" text DEFAULT 'INR' NOT NULL,
	"location" text,
	CONSTRAINT "rd_project_roles_positions_check" CHECK ("rd_project_roles"."current_positions" >= 0 AND "rd_project_roles"."current_positions" <= "rd_project_roles"."max_positions" AND "rd_project_roles"."max_positions" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "rd_project_views" (
	"project_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "rd_project_views_project_id_user_id_day_pk" PRIMARY KEY("project_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "rd_projects" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"field" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"supervisor" jsonb NOT NULL,
	"duration" text,
	"start_date" date,
	"expected_end_date" date NOT NULL,
	"application_deadline" timestamp with time zone NOT NULL,
	"objectives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"milestones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selection_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interview_required" boolean DEFAULT false NOT NULL,
	"documents_required" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '{"technicalSkills":[],"softSkills":[],"tools":[],"equipment":[]}'::jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_profiles" ADD CONSTRAINT "professional_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_comments" ADD CONSTRAINT "idea_comments_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_comments" ADD CONSTRAINT "idea_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_likes" ADD CONSTRAINT "idea_likes_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_likes" ADD CONSTRAINT "idea_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD CONSTRAINT "connection_requests_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD CONSTRAINT "connection_requests_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD CONSTRAINT "mentoring_sessions_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD CONSTRAINT "mentoring_sessions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentoring_sessions" ADD CONSTRAINT "mentoring_sessions_request_id_connection_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."connection_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_alerts" ADD CONSTRAINT "rd_alerts_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_alerts" ADD CONSTRAINT "rd_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_application_documents" ADD CONSTRAINT "rd_application_documents_application_id_rd_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."rd_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_applications" ADD CONSTRAINT "rd_applications_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_applications" ADD CONSTRAINT "rd_applications_role_id_rd_project_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."rd_project_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_applications" ADD CONSTRAINT "rd_applications_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_applications" ADD CONSTRAINT "rd_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_bookmarks" ADD CONSTRAINT "rd_bookmarks_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_bookmarks" ADD CONSTRAINT "rd_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_project_roles" ADD CONSTRAINT "rd_project_roles_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_project_views" ADD CONSTRAINT "rd_project_views_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_project_views" ADD CONSTRAINT "rd_project_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_projects" ADD CONSTRAINT "rd_projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "professional_profiles_expertise_idx" ON "professional_profiles" USING btree ("expertise");--> statement-breakpoint
CREATE INDEX "student_profiles_university_idx" ON "student_profiles" USING btree ("university");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "emails_created_idx" ON "emails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","is_read");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_registrations_pair_key" ON "workshop_registrations" USING btree ("workshop_id","student_id");--> statement-breakpoint
CREATE INDEX "workshop_registrations_student_idx" ON "workshop_registrations" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_registrations_certificate_key" ON "workshop_registrations" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "workshops_status_starts_idx" ON "workshops" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "workshops_professional_idx" ON "workshops" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "workshops_category_idx" ON "workshops" USING btree ("category");--> statement-breakpoint
CREATE INDEX "idea_comments_idea_created_idx" ON "idea_comments" USING btree ("idea_id","created_at");--> statement-breakpoint
CREATE INDEX "idea_likes_user_idx" ON "idea_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ideas_author_created_idx" ON "ideas" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "ideas_public_created_idx" ON "ideas" USING btree ("created_at") WHERE "ideas"."is_public" AND "ideas"."status" NOT IN ('draft', 'rejected');--> statement-breakpoint
CREATE INDEX "ideas_status_created_idx" ON "ideas" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "availability_rules_professional_idx" ON "availability_rules" USING btree ("professional_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_requests_pending_pair_key" ON "connection_requests" USING btree ("student_id","professional_id") WHERE "connection_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "connection_requests_professional_idx" ON "connection_requests" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE INDEX "connection_requests_student_idx" ON "connection_requests" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_pair_idx" ON "conversation_messages" USING btree ("professional_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "mentoring_sessions_professional_idx" ON "mentoring_sessions" USING btree ("professional_id","starts_at");--> statement-breakpoint
CREATE INDEX "mentoring_sessions_student_idx" ON "mentoring_sessions" USING btree ("student_id","starts_at");--> statement-breakpoint
CREATE INDEX "rd_alerts_user_idx" ON "rd_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rd_application_documents_app_idx" ON "rd_application_documents" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rd_applications_project_student_key" ON "rd_applications" USING btree ("project_id","student_id");--> statement-breakpoint
CREATE INDEX "rd_applications_student_idx" ON "rd_applications" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "rd_applications_project_status_idx" ON "rd_applications" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "rd_bookmarks_user_idx" ON "rd_bookmarks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rd_project_roles_project_idx" ON "rd_project_roles" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "rd_projects_status_created_idx" ON "rd_projects" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "rd_projects_field_idx" ON "rd_projects" USING btree ("field");--> statement-breakpoint
CREATE INDEX "rd_projects_deadline_idx" ON "rd_projects" USING btree ("application_deadline");