-- The database's own search vectors move from generated columns of `patents` to a table written after
-- the patents (patent-vectors.ts), so that a bulk import writes at the speed of COPY (decision 28).
CREATE TABLE "patent_vectors" (
	"reference" text PRIMARY KEY NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"title_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
INSERT INTO "patent_vectors" ("reference", "search_vector", "title_vector")
  SELECT "reference", "search_vector", "title_vector" FROM "patents";--> statement-breakpoint
DROP INDEX "patents_search_idx";--> statement-breakpoint
DROP INDEX "patents_title_search_idx";--> statement-breakpoint
ALTER TABLE "patent_vectors" ADD CONSTRAINT "patent_vectors_reference_patents_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."patents"("reference") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patent_vectors_search_idx" ON "patent_vectors" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "patent_vectors_title_idx" ON "patent_vectors" USING gin ("title_vector");--> statement-breakpoint
ALTER TABLE "patents" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "patents" DROP COLUMN "title_vector";--> statement-breakpoint
-- The search vector of a patent's texts, weighted for ranking: title A, abstract B, claims C, description D.
CREATE FUNCTION patent_search_vector(title text, abstract text, claims text[], description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(abstract, '')), 'B') || setweight(to_tsvector('english', patent_claims_text(claims)), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D') $$;--> statement-breakpoint
-- A changed patent's vectors are stale: deleted, for patent-vectors.ts to write again.
CREATE FUNCTION patent_vectors_stale() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN DELETE FROM "patent_vectors" WHERE "reference" = OLD."reference"; RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER "patents_vectors_stale" AFTER UPDATE ON "patents" FOR EACH ROW EXECUTE FUNCTION patent_vectors_stale();
