CREATE TABLE "application_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"number" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"abstract" text NOT NULL,
	"description" text NOT NULL,
	"claims" text[] DEFAULT '{}'::text[] NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
ALTER TABLE "patent_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_versions" ADD CONSTRAINT "application_versions_application_id_patent_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."patent_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_versions" ADD CONSTRAINT "application_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_versions_number_idx" ON "application_versions" USING btree ("application_id","number");--> statement-breakpoint
-- Each application written before versions has its text as it stands as version 1, by its owner.
INSERT INTO "application_versions" ("application_id", "number", "author_id", "created_at", "title", "abstract", "description", "claims")
SELECT "id", 1, "user_id", "updated_at", "title", "abstract", "description", "claims" FROM "patent_applications";
