CREATE TABLE `unclaimed_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`plan` text NOT NULL,
	`interval` text,
	`amount_total` integer NOT NULL,
	`currency` text NOT NULL,
	`customer_id` text,
	`subscription_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`claimed_by` integer,
	`claimed_at` text,
	FOREIGN KEY (`claimed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `unclaimed_purchases_email_idx` ON `unclaimed_purchases` (lower("email"));