CREATE TABLE "corpus_state" (
	"name" text PRIMARY KEY NOT NULL,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone
);
