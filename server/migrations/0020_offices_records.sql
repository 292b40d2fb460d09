-- Records of every office (issue 40): the search report's citations with their categories, DOCDB's family,
-- texts in other languages; "cited by" answered by an index of the cited references' keys; and a patent's
-- search vectors (with the filing date beside them) written again only when what they hold changed: a
-- family link or a citation is not a new text.
ALTER TABLE "patents" ADD COLUMN "citation_details" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "family_id" text;--> statement-breakpoint
ALTER TABLE "patents" ADD COLUMN "other_texts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "patents_family_id_idx" ON "patents" USING btree ("family_id");--> statement-breakpoint
-- The contract's referenceKey (and patents.reference_key) of each reference of a list.
CREATE FUNCTION reference_keys(refs text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(regexp_replace(regexp_replace(upper(r), '[^A-Z0-9]+', '', 'g'), '^([A-Z]{2,4}[0-9]+)[A-Z][0-9]?$', '\1')), '{}') FROM unnest(refs) r $$;--> statement-breakpoint
CREATE INDEX "patents_citation_keys_idx" ON "patents" USING gin (reference_keys("citations"));--> statement-breakpoint
DROP TRIGGER "patents_vectors_stale" ON "patents";--> statement-breakpoint
CREATE TRIGGER "patents_vectors_stale" AFTER UPDATE OF title, abstract, claims, description, filing_date ON "patents" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.abstract IS DISTINCT FROM NEW.abstract OR OLD.claims IS DISTINCT FROM NEW.claims OR OLD.description IS DISTINCT FROM NEW.description OR OLD.filing_date IS DISTINCT FROM NEW.filing_date)
  EXECUTE FUNCTION patent_vectors_stale();
