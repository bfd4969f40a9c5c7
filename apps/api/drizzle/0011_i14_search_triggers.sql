-- Recommendations (issue 14, decision 460): stored full-text documents for workshops, R&D projects and
-- professionals, kept current by triggers, and filled for the rows that exist already.
CREATE OR REPLACE FUNCTION mb_workshop_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workshop_search_docs (workshop_id, doc)
  VALUES (NEW.id, to_tsvector('english', NEW.title || ' ' || NEW.category || ' ' || NEW.tags::text || ' ' || NEW.description))
  ON CONFLICT (workshop_id) DO UPDATE SET doc = EXCLUDED.doc;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workshops_search_doc AFTER INSERT OR UPDATE OF title, category, tags, description ON workshops
  FOR EACH ROW EXECUTE FUNCTION mb_workshop_search_doc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mb_rd_project_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rd_project_search_docs (project_id, doc)
  VALUES (NEW.id, to_tsvector('english', NEW.title || ' ' || NEW.field || ' ' || NEW.tags::text || ' ' || NEW.summary || ' ' || NEW.description))
  ON CONFLICT (project_id) DO UPDATE SET doc = EXCLUDED.doc;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rd_projects_search_doc AFTER INSERT OR UPDATE OF title, field, tags, summary, description ON rd_projects
  FOR EACH ROW EXECUTE FUNCTION mb_rd_project_search_doc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mb_professional_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE uid char(24);
BEGIN
  IF TG_TABLE_NAME = 'users' THEN uid := NEW.id; ELSE uid := NEW.user_id; END IF;
  INSERT INTO professional_search_docs (professional_id, doc)
  SELECT p.user_id, to_tsvector('english', p.expertise || ' ' || p.title || ' ' || p.specializations::text || ' ' || p.skills::text || ' ' || coalesce(u.bio, ''))
  FROM professional_profiles p JOIN users u ON u.id = p.user_id
  WHERE p.user_id = uid
  ON CONFLICT (professional_id) DO UPDATE SET doc = EXCLUDED.doc;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER professional_profiles_search_doc AFTER INSERT OR UPDATE OF expertise, title, specializations, skills ON professional_profiles
  FOR EACH ROW EXECUTE FUNCTION mb_professional_search_doc();
--> statement-breakpoint
CREATE TRIGGER users_bio_search_doc AFTER UPDATE OF bio ON users
  FOR EACH ROW WHEN (NEW.role = 'professional') EXECUTE FUNCTION mb_professional_search_doc();
--> statement-breakpoint
INSERT INTO workshop_search_docs (workshop_id, doc)
  SELECT id, to_tsvector('english', title || ' ' || category || ' ' || tags::text || ' ' || description) FROM workshops
  ON CONFLICT (workshop_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO rd_project_search_docs (project_id, doc)
  SELECT id, to_tsvector('english', title || ' ' || field || ' ' || tags::text || ' ' || summary || ' ' || description) FROM rd_projects
  ON CONFLICT (project_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO professional_search_docs (professional_id, doc)
  SELECT p.user_id, to_tsvector('english', p.expertise || ' ' || p.title || ' ' || p.specializations::text || ' ' || p.skills::text || ' ' || coalesce(u.bio, ''))
  FROM professional_profiles p JOIN users u ON u.id = p.user_id
  ON CONFLICT (professional_id) DO NOTHING;
