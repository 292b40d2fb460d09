CREATE TABLE "deadline_completions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deadline_completions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"deadline_id" text NOT NULL,
	"completed_by" integer,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filing_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"changed_by" integer,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "priority_date" date;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "priority_application_number" text;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "priority_country" text;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "filing_date" date;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "application_number" text;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "publication_date" date;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "publication_number" text;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "first_examination_report_date" date;--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "grant_date" date;--> statement-breakpoint
ALTER TABLE "deadline_completions" ADD CONSTRAINT "deadline_completions_application_id_patent_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."patent_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_completions" ADD CONSTRAINT "deadline_completions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_changes" ADD CONSTRAINT "filing_changes_application_id_patent_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."patent_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_changes" ADD CONSTRAINT "filing_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_completions_unique_idx" ON "deadline_completions" USING btree ("application_id","deadline_id");--> statement-breakpoint
CREATE INDEX "filing_changes_application_idx" ON "filing_changes" USING btree ("application_id","changed_at");