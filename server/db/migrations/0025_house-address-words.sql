-- A house is found by the words of its address (contract/address-search.ts): each typed word of
-- three letters or more anywhere in the normalised address, a shorter one («1», «12», «ж») at the
-- start of one of its words. address_search holds the address normalised as the app does it, after
-- a space, so `% 1%` finds a word starting with «1» and the trigram index serves it (pg_trgm takes
-- the space as a word's start: `  1` is a trigram). Stored: the index's matches are checked against
-- the column, not by normalising every matched row again (the reason 0020 kept its function short).
DROP INDEX "houses_address_search_idx";--> statement-breakpoint
ALTER TABLE "houses" ADD COLUMN "address_search" text GENERATED ALWAYS AS (' ' || regexp_replace(translate(lower(address), 'ё', 'е'), '[^0-9a-zа-я]+', ' ', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "houses_address_words_idx" ON "houses" USING gin ("address_search" gin_trgm_ops);