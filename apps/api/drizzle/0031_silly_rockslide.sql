CREATE TABLE "programme_surveys" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"programme_id" char(24) NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"trigger" text NOT NULL,
	"day" integer,
	"date" date,
	"send_at" timestamp with time zone NOT NULL,
	"reminder_after_days" integer DEFAULT 5 NOT NULL,
	"questions" jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_surveys_reminder_check" CHECK ("programme_surveys"."reminder_after_days" BETWEEN 0 AND 30)
);
--> statement-breakpoint
CREATE TABLE "survey_recipients" (
	"survey_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"answered" boolean DEFAULT false NOT NULL,
	CONSTRAINT "survey_recipients_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"survey_id" char(24) NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_surveys" ADD CONSTRAINT "programme_surveys_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_surveys" ADD CONSTRAINT "programme_surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_survey_id_programme_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."programme_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recipients" ADD CONSTRAINT "survey_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_programme_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."programme_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_surveys_programme_idx" ON "programme_surveys" USING btree ("programme_id");--> statement-breakpoint
CREATE INDEX "programme_surveys_send_idx" ON "programme_surveys" USING btree ("send_at");--> statement-breakpoint
CREATE INDEX "survey_recipients_user_idx" ON "survey_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "survey_recipients_open_idx" ON "survey_recipients" USING btree ("invited_at") WHERE NOT "survey_recipients"."answered" AND "survey_recipients"."reminded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "survey_responses_survey_idx" ON "survey_responses" USING btree ("survey_id");