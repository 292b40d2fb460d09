-- The claims array joined as text, for the search vector. array_to_string is only STABLE in general
-- (it calls element output functions), but for text[] the result never changes: IMMUTABLE is true here,
-- and a generated column needs it.
CREATE FUNCTION patent_claims_text(claims text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(claims, ' ') $$;
