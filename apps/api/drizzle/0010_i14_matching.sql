CREATE TABLE "mentor_settings" (
	"professional_id" char(24) PRIMARY KEY NOT NULL,
	"max_mentees" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_settings_max_check" CHECK ("mentor_settings"."max_mentees" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "professional_search_docs" (
	"professional_id" char(24) PRIMARY KEY NOT NULL,
	"doc" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_pairs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"programme_id" char(24) NOT NULL,
	"mentor_id" char(24) NOT NULL,
	"mentee_id" char(24) NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"connection_request_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_participants" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"programme_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "programme_participants_capacity_check" CHECK ("programme_participants"."capacity" IS NULL OR "programme_participants"."capacity" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"eligible_universities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"eligible_courses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mentor_capacity_default" integer DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmes_dates_check" CHECK ("programmes"."ends_on" >= "programmes"."starts_on"),
	CONSTRAINT "programmes_capacity_check" CHECK ("programmes"."mentor_capacity_default" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "rd_project_search_docs" (
	"project_id" char(24) PRIMARY KEY NOT NULL,
	"doc" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_dismissals" (
	"student_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"item_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_dismissals_student_id_kind_item_id_pk" PRIMARY KEY("student_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "workshop_search_docs" (
	"workshop_id" char(24) PRIMARY KEY NOT NULL,
	"doc" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mentor_settings" ADD CONSTRAINT "mentor_settings_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_search_docs" ADD CONSTRAINT "professional_search_docs_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_pairs" ADD CONSTRAINT "programme_pairs_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_pairs" ADD CONSTRAINT "programme_pairs_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_pairs" ADD CONSTRAINT "programme_pairs_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_pairs" ADD CONSTRAINT "programme_pairs_connection_request_id_connection_requests_id_fk" FOREIGN KEY ("connection_request_id") REFERENCES "public"."connection_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_participants" ADD CONSTRAINT "programme_participants_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_participants" ADD CONSTRAINT "programme_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_project_search_docs" ADD CONSTRAINT "rd_project_search_docs_project_id_rd_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."rd_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_dismissals" ADD CONSTRAINT "recommendation_dismissals_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_search_docs" ADD CONSTRAINT "workshop_search_docs_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_pairs_mentee_key" ON "programme_pairs" USING btree ("programme_id","mentee_id");--> statement-breakpoint
CREATE INDEX "programme_pairs_mentor_idx" ON "programme_pairs" USING btree ("programme_id","mentor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_participants_pair_key" ON "programme_participants" USING btree ("programme_id","user_id");--> statement-breakpoint
CREATE INDEX "programme_participants_user_idx" ON "programme_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "programmes_created_idx" ON "programmes" USING btree ("created_at");