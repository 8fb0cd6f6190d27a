CREATE TABLE "dictionary_option_labels" (
	"dictionary_id" text NOT NULL,
	"key" integer NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "dictionary_option_labels_dictionary_id_key_language_pk" PRIMARY KEY("dictionary_id","key","language")
);
--> statement-breakpoint
ALTER TABLE "dictionary_option_labels" ADD CONSTRAINT "dictionary_option_labels_option_fk" FOREIGN KEY ("dictionary_id","key") REFERENCES "public"."dictionary_options"("dictionary_id","key") ON DELETE cascade ON UPDATE no action;