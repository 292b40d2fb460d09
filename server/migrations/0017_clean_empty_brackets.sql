-- The empty brackets a source left where it removed reference numerals ("a vial () and"), as the loader
-- now removes them (withoutEmptyBrackets in server/src/features/patents/patent-record.ts).
UPDATE "patents" SET "title" = regexp_replace("title", ' ?\([[:space:],;]*\)', '', 'g') WHERE "title" ~ '\([[:space:],;]*\)';--> statement-breakpoint
UPDATE "patents" SET "abstract" = regexp_replace("abstract", ' ?\([[:space:],;]*\)', '', 'g') WHERE "abstract" ~ '\([[:space:],;]*\)';--> statement-breakpoint
UPDATE "patents" SET "description" = regexp_replace("description", ' ?\([[:space:],;]*\)', '', 'g') WHERE "description" ~ '\([[:space:],;]*\)';--> statement-breakpoint
UPDATE "patents" SET "claims" = (
  SELECT coalesce(array_agg(regexp_replace(c, ' ?\([[:space:],;]*\)', '', 'g') ORDER BY i), '{}')
  FROM unnest("claims") WITH ORDINALITY AS u(c, i)
) WHERE array_to_string("claims", ' ') ~ '\([[:space:],;]*\)';
