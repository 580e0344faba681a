CREATE TABLE `tutorial_step_ticks` (
	`user_id` integer NOT NULL,
	`tutorial_id` text NOT NULL,
	`step_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `tutorial_id`, `step_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
