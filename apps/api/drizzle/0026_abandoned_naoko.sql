CREATE TABLE "goal_comments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"goal_id" char(24) NOT NULL,
	"author_id" char(24),
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_milestones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"goal_id" char(24) NOT NULL,
	"title" text NOT NULL,
	"due_on" date,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_action_items" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"session_id" char(24) NOT NULL,
	"relationship_id" char(24) NOT NULL,
	"text" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"milestone_id" char(24),
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_check_ins" (
	"session_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"relationship_id" char(24) NOT NULL,
	"minutes" integer NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_check_ins_session_id_user_id_pk" PRIMARY KEY("session_id","user_id"),
	CONSTRAINT "meeting_check_ins_rating_check" CHECK ("meeting_check_ins"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "meeting_check_ins_minutes_check" CHECK ("meeting_check_ins"."minutes" BETWEEN 5 AND 600)
);
--> statement-breakpoint
CREATE TABLE "meeting_private_notes" (
	"session_id" char(24) NOT NULL,
	"author_id" char(24) NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_private_notes_session_id_author_id_pk" PRIMARY KEY("session_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_records" (
	"session_id" char(24) PRIMARY KEY NOT NULL,
	"relationship_id" char(24) NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" char(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_outcome_settings" (
	"programme_id" char(24) PRIMARY KEY NOT NULL,
	"agreement_visible_to_coordinator" boolean DEFAULT false NOT NULL,
	"auto_nudge" boolean DEFAULT true NOT NULL,
	"default_cadence_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationship_agreements" (
	"relationship_id" char(24) PRIMARY KEY NOT NULL,
	"cadence_days" integer NOT NULL,
	"format" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"aims" text NOT NULL,
	"confidentiality" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"mentor_confirmed_version" integer,
	"mentee_confirmed_version" integer,
	"updated_by" char(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relationship_agreements_cadence_check" CHECK ("relationship_agreements"."cadence_days" BETWEEN 1 AND 90)
);
--> statement-breakpoint
CREATE TABLE "relationship_goals" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"relationship_id" char(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_on" date,
	"progress_mode" text DEFAULT 'milestones' NOT NULL,
	"manual_progress" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"achieved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relationship_goals_progress_check" CHECK ("relationship_goals"."manual_progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "relationship_nudges" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"relationship_id" char(24) NOT NULL,
	"sent_by" char(24),
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"programme_id" char(24),
	"pair_id" char(24),
	"mentor_id" char(24) NOT NULL,
	"mentee_id" char(24) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"ended_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_comments" ADD CONSTRAINT "goal_comments_goal_id_relationship_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."relationship_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_comments" ADD CONSTRAINT "goal_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_milestones" ADD CONSTRAINT "goal_milestones_goal_id_relationship_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."relationship_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_action_items" ADD CONSTRAINT "meeting_action_items_session_id_mentoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."mentoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_action_items" ADD CONSTRAINT "meeting_action_items_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_action_items" ADD CONSTRAINT "meeting_action_items_milestone_id_goal_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."goal_milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_check_ins" ADD CONSTRAINT "meeting_check_ins_session_id_mentoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."mentoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_check_ins" ADD CONSTRAINT "meeting_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_check_ins" ADD CONSTRAINT "meeting_check_ins_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_private_notes" ADD CONSTRAINT "meeting_private_notes_session_id_mentoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."mentoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_private_notes" ADD CONSTRAINT "meeting_private_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_records" ADD CONSTRAINT "meeting_records_session_id_mentoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."mentoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_records" ADD CONSTRAINT "meeting_records_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_records" ADD CONSTRAINT "meeting_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_outcome_settings" ADD CONSTRAINT "programme_outcome_settings_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_agreements" ADD CONSTRAINT "relationship_agreements_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_agreements" ADD CONSTRAINT "relationship_agreements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_goals" ADD CONSTRAINT "relationship_goals_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_nudges" ADD CONSTRAINT "relationship_nudges_relationship_id_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_nudges" ADD CONSTRAINT "relationship_nudges_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_pair_id_programme_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."programme_pairs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_comments_goal_idx" ON "goal_comments" USING btree ("goal_id");--> statement-breakpoint
CREATE INDEX "goal_milestones_goal_idx" ON "goal_milestones" USING btree ("goal_id");--> statement-breakpoint
CREATE INDEX "meeting_action_items_session_idx" ON "meeting_action_items" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "meeting_check_ins_rel_idx" ON "meeting_check_ins" USING btree ("relationship_id");--> statement-breakpoint
CREATE INDEX "relationship_goals_rel_idx" ON "relationship_goals" USING btree ("relationship_id");--> statement-breakpoint
CREATE INDEX "relationship_nudges_rel_idx" ON "relationship_nudges" USING btree ("relationship_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "relationships_active_pair_key" ON "relationships" USING btree ("pair_id") WHERE "relationships"."status" = 'active' AND "relationships"."pair_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "relationships_active_booked_key" ON "relationships" USING btree ("mentor_id","mentee_id") WHERE "relationships"."status" = 'active' AND "relationships"."kind" = 'booked';--> statement-breakpoint
CREATE INDEX "relationships_mentor_idx" ON "relationships" USING btree ("mentor_id");--> statement-breakpoint
CREATE INDEX "relationships_mentee_idx" ON "relationships" USING btree ("mentee_id");--> statement-breakpoint
CREATE INDEX "relationships_programme_idx" ON "relationships" USING btree ("programme_id");