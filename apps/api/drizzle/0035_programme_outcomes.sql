CREATE TABLE "programme_certificates" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"programme_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"verification_id" text NOT NULL,
	"meetings" integer NOT NULL,
	"hours" real NOT NULL,
	"goals_achieved" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_certificates_meetings_check" CHECK ("programme_certificates"."meetings" >= 0)
);
--> statement-breakpoint
CREATE TABLE "programme_closures" (
	"programme_id" char(24) PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" char(24),
	"criteria" jsonb NOT NULL,
	"pairs_ended" integer DEFAULT 0 NOT NULL,
	"certificates" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "meeting_check_ins_rel_idx";--> statement-breakpoint
ALTER TABLE "programme_certificates" ADD CONSTRAINT "programme_certificates_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_certificates" ADD CONSTRAINT "programme_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_closures" ADD CONSTRAINT "programme_closures_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_closures" ADD CONSTRAINT "programme_closures_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_certificates_person_key" ON "programme_certificates" USING btree ("programme_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_certificates_verification_key" ON "programme_certificates" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "programme_certificates_user_idx" ON "programme_certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meeting_check_ins_rel_idx" ON "meeting_check_ins" USING btree ("relationship_id","created_at");