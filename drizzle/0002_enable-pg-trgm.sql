-- Trigram indexes make the lists' contains-search fast (partners and later lists).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
