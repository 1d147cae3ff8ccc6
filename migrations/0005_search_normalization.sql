-- Search support that drizzle's schema DSL cannot express. Custom migration created with
-- `drizzle-kit generate --custom`; the generated columns and trigram indexes that use these functions
-- follow in the next migration. See docs/decisions/005-search.md.

-- Trigram indexes make substring search (LIKE '%term%') an index scan instead of a full scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint

-- One normal form for stored text and for search terms alike: lower case, ё = е. The Cyrillic capitals
-- are translated explicitly so the result does not depend on the database's locale.
CREATE FUNCTION "forma_search_norm"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN translate(lower(value), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе');--> statement-breakpoint

-- The words of the editor's sanitized HTML: tags become spaces, the common entities their characters.
CREATE FUNCTION "forma_html_text"(html text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN replace(replace(replace(replace(replace(replace(
    regexp_replace(html, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&');--> statement-breakpoint

-- What the event list searches: the title and the description's text.
CREATE FUNCTION "forma_event_search_text"(title text, description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN forma_search_norm(coalesce(title, '') || ' ' || coalesce(forma_html_text(description), ''));--> statement-breakpoint

-- What the mentor list searches. concat_ws and array_to_string are only STABLE (they could format any
-- type); for text arguments they cannot change, so this wrapper is declared IMMUTABLE for the generated column.
CREATE FUNCTION "forma_mentor_search_text"(first_name text, last_name text, tg_title text, specialization text, skills text[], description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN forma_search_norm(concat_ws(' ', first_name, last_name, tg_title, specialization, array_to_string(skills, ' '), description));
