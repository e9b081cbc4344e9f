-- PostgreSQL: the role and the database ludoteca uses (run once, as the postgres superuser:
-- sudo -u postgres psql -f docs/operators/postgres.sql). ludoteca creates and migrates its
-- tables itself at start-up. Choose another password than SECRET, and write it in
-- /etc/ludoteca/ludoteca.env.
CREATE ROLE ludoteca LOGIN PASSWORD 'SECRET';
CREATE DATABASE ludoteca OWNER ludoteca;
