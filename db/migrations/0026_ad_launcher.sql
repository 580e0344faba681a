-- The AI Launcher (issue 28, ADR 022): the merchant's Meta ad account, their launches and the
-- ids of every object each launch made at Meta, and the offline dev ad account's state.
CREATE TABLE `ad_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`ad_account_id` text NOT NULL,
	`page_id` text NOT NULL,
	`page_name` text,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`time_zone` text NOT NULL,
	`status` text NOT NULL,
	`sealed_token` text NOT NULL,
	`is_dev` integer DEFAULT false NOT NULL,
	`blocked_until` integer,
	`connected_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ad_launches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`product_ref` text NOT NULL,
	`product_title` text NOT NULL,
	`destination_url` text NOT NULL,
	`daily_budget_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`ad_account_id` text NOT NULL,
	`page_id` text NOT NULL,
	`is_dev` integer DEFAULT false NOT NULL,
	`spec` text NOT NULL,
	`error` text,
	`insights` text,
	`charged_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ad_launches_user_idx` ON `ad_launches` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `ad_launch_objects` (
	`launch_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`meta_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`launch_id`, `kind`, `label`),
	FOREIGN KEY (`launch_id`) REFERENCES `ad_launches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dev_ad_account_state` (
	`account_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dev_ad_images` (
	`hash` text PRIMARY KEY NOT NULL,
	`mime_type` text NOT NULL,
	`data_base64` text NOT NULL
);
