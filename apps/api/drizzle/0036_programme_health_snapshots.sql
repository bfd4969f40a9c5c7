CREATE TABLE "programme_health_snapshots" (
	"programme_id" char(24) NOT NULL,
	"day" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"healthy" integer NOT NULL,
	"attention" integer NOT NULL,
	"at_risk" integer NOT NULL,
	"ended" integer NOT NULL,
	"affiliated_healthy" integer,
	"affiliated_attention" integer,
	"affiliated_at_risk" integer,
	"affiliated_ended" integer,
	CONSTRAINT "programme_health_snapshots_counts_check" CHECK ("programme_health_snapshots"."healthy" >= 0 AND "programme_health_snapshots"."attention" >= 0 AND "programme_health_snapshots"."at_risk" >= 0 AND "programme_health_snapshots"."ended" >= 0)
);
--> statement-breakpoint
ALTER TABLE "programme_health_snapshots" ADD CONSTRAINT "programme_health_snapshots_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_health_snapshots_day_key" ON "programme_health_snapshots" USING btree ("programme_id","day");