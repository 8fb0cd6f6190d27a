-- Custom SQL migration file, put your code below! --
-- Every statement that changes the RBAC tables bumps auth_version, so processes that cache a
-- user's grants per version (server/security/auth-cache.ts) notice any change at once.
INSERT INTO "auth_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_items_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "auth_item_children_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_item_children"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
--> statement-breakpoint
CREATE TRIGGER "auth_assignments_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
