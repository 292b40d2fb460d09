CREATE TABLE "term_stats" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
