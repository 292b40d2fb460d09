-- Immutable helpers for generated filter columns (array_to_string is only STABLE in general; for text[]
-- its result never changes).
CREATE FUNCTION join_text_array(items text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(items, ' ') $$;
--> statement-breakpoint
-- Every prefix a user may filter a classification by: section (G), class (G06), subclass (G06F),
-- main group with and without its subgroup part (G06F16, G06F16/30 → G06F16/30 and G06F16/00 stay exact).
CREATE FUNCTION classification_prefixes(codes text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT prefix), '{}')
    FROM unnest(codes) AS code,
      LATERAL unnest(ARRAY[
        left(code, 1), left(code, 3), left(code, 4), split_part(code, '/', 1), code
      ]) AS prefix
    WHERE prefix <> ''
  $$;
