CREATE TYPE "public"."conference_topology" AS ENUM('mesh', 'sfu');--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "topology" "conference_topology" DEFAULT 'mesh' NOT NULL;