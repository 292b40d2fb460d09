ALTER TABLE "patents" ADD COLUMN "applicant_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', join_text_array(applicants || assignees))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "classification_prefixes" text[] GENERATED ALWAYS AS (classification_prefixes(cpc || ipc)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "patents_applicant_idx" ON "patents" USING gin ("applicant_vector");--> statement-breakpoint
CREATE INDEX "patents_classification_idx" ON "patents" USING gin ("classification_prefixes");