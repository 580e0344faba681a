CREATE TABLE `dev_store_state` (
	`shop` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
