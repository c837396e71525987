-- Hand-written data step (issue 14, point 5; docs/decisions/0120): every person who already has
-- signatures gets their oldest one as the default, the one GET /api/signatures answers first.
UPDATE "signature" SET "is_default" = true
WHERE "id" IN (
  SELECT DISTINCT ON ("user_id") "id" FROM "signature"
  ORDER BY "user_id", "created_at", "id"
)
AND NOT EXISTS (SELECT 1 FROM "signature" s2 WHERE s2."user_id" = "signature"."user_id" AND s2."is_default");
