CREATE INDEX "audit_records_route_idx" ON "audit_records" USING btree ("route","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The snapshot diff of plugins/audit-targets.ts (diffStates), in the database, so the recording reads
-- the target's state after the change and writes its record in one INSERT: objects are walked into
-- dotted paths down to four levels (arrays and scalars are leaves); a path with a secret part
-- (audit_secret_path) reads '••••••' on both sides; other values keep at most 300 characters of a
-- string and 20 items of an array, nested secrets masked, objects four levels deep. At most 200
-- changes, ordered by path. tests/server/audit.test.ts checks both against the same states.
CREATE FUNCTION "audit_secret_path"(path text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT path ~* '(pass|secret|token|hash|csrf|private)' OR path ~* 'pin(\.|$)'
$$;--> statement-breakpoint
CREATE FUNCTION "audit_masked"(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL OR value = 'null'::jsonb OR value = '""'::jsonb THEN coalesce(value, 'null'::jsonb) ELSE to_jsonb('••••••'::text) END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_kept"(value jsonb, depth integer) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  size integer;
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'string' THEN
      IF char_length(value #>> '{}') > 300 THEN
        RETURN to_jsonb(left(value #>> '{}', 300) || '…');
      END IF;
      RETURN value;
    WHEN 'array' THEN
      size := jsonb_array_length(value);
      RETURN coalesce((SELECT jsonb_agg(audit_kept(item, depth + 1) ORDER BY n) FROM jsonb_array_elements(value) WITH ORDINALITY AS t(item, n) WHERE n <= 20), '[]'::jsonb)
        || CASE WHEN size > 20 THEN jsonb_build_array('… ' || (size - 20) || ' more') ELSE '[]'::jsonb END;
    WHEN 'object' THEN
      IF depth >= 4 THEN
        RETURN to_jsonb('{…}'::text);
      END IF;
      RETURN coalesce((SELECT jsonb_object_agg(key, CASE WHEN key ~* '(pass|secret|token|hash|csrf|private)|pin$' THEN audit_masked(item) ELSE audit_kept(item, depth + 1) END) FROM jsonb_each(value) AS t(key, item)), '{}'::jsonb);
    ELSE
      RETURN value;
  END CASE;
END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_changes"(l jsonb, r jsonb, prefix text, depth integer) RETURNS TABLE(field text, was jsonb, became jsonb) LANGUAGE plpgsql IMMUTABLE AS $$
-- The leaves that differ under prefix (l and r are never SQL NULL: a missing side is 'null'). Only
-- keys whose values differ are walked, so an unchanged part of a state costs one comparison.
DECLARE
  lo boolean := jsonb_typeof(l) = 'object' AND depth < 4;
  ro boolean := jsonb_typeof(r) = 'object' AND depth < 4;
  lk jsonb := CASE WHEN lo THEN l ELSE '{}'::jsonb END;
  rk jsonb := CASE WHEN ro THEN r ELSE '{}'::jsonb END;
  k text;
BEGIN
  IF l = r THEN
    RETURN;
  END IF;
  IF NOT lo AND NOT ro THEN
    RETURN QUERY SELECT prefix, l, r;
    RETURN;
  END IF;
  -- An object against a value: the value is a leaf at prefix, the object's leaves have nothing against them.
  IF NOT lo AND l <> 'null'::jsonb THEN
    RETURN QUERY SELECT prefix, l, 'null'::jsonb;
  END IF;
  IF NOT ro AND r <> 'null'::jsonb THEN
    RETURN QUERY SELECT prefix, 'null'::jsonb, r;
  END IF;
  FOR k IN SELECT key FROM (SELECT jsonb_object_keys(lk) AS key UNION SELECT jsonb_object_keys(rk)) keys WHERE (lk -> key) IS DISTINCT FROM (rk -> key) LOOP
    RETURN QUERY SELECT * FROM audit_changes(coalesce(lk -> k, 'null'::jsonb), coalesce(rk -> k, 'null'::jsonb), CASE WHEN prefix = '' THEN k ELSE prefix || '.' || k END, depth + 1);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_diff"(before jsonb, after jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
        'field', field,
        'before', CASE WHEN audit_secret_path(field) THEN audit_masked(was) ELSE audit_kept(was, 0) END,
        'after', CASE WHEN audit_secret_path(field) THEN audit_masked(became) ELSE audit_kept(became, 0) END
      ) ORDER BY field COLLATE "C"), '[]'::jsonb)
    FROM (
      SELECT field, was, became FROM audit_changes(coalesce(before, '{}'::jsonb), coalesce(after, '{}'::jsonb), '', 0)
      ORDER BY field COLLATE "C"
      LIMIT 200
    ) changes
  );
END
$$;
