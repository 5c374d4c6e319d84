-- Every user gets a profile in the same transaction that creates the user.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (id) VALUES (NEW.id) ON CONFLICT (id) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
