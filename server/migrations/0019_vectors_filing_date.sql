-- Each patent's filing date beside its search vectors, so that the database search's "most recent matches"
-- walk the patents that have vectors rather than every patent (patent-search.repo.ts).
ALTER TABLE "patent_vectors" ADD COLUMN "filing_date" date;--> statement-breakpoint
UPDATE "patent_vectors" v SET "filing_date" = p."filing_date" FROM "patents" p WHERE p."reference" = v."reference";--> statement-breakpoint
CREATE INDEX "patent_vectors_filing_date_idx" ON "patent_vectors" USING btree ("filing_date");
