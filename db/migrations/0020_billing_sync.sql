CREATE TABLE `billing_provider_states` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`plan` text,
	`status` text,
	`customer_id` text,
	`subscription_id` text,
	`cancel_at_period_end` integer,
	`current_period_end` text,
	`last_event_id` text NOT NULL,
	`last_event_type` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
