CREATE TABLE "rd_application_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"application_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"actor_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rd_application_events" ADD CONSTRAINT "rd_application_events_application_id_rd_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."rd_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rd_application_events" ADD CONSTRAINT "rd_application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rd_application_events_app_idx" ON "rd_application_events" USING btree ("application_id","created_at");