CREATE TABLE `affiliate_codes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_codes_code_unique` ON `affiliate_codes` (`code`);
--> statement-breakpoint
CREATE TABLE `affiliate_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`visitor_key` text NOT NULL,
	`day` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_clicks_once_a_day_idx` ON `affiliate_clicks` (`code`,`visitor_key`,`day`);
--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referrer_id` integer NOT NULL,
	`referred_user_id` integer NOT NULL,
	`code` text NOT NULL,
	`referred_email_canonical` text NOT NULL,
	`first_seen_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_referred_user_id_unique` ON `referrals` (`referred_user_id`);
--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`);
--> statement-breakpoint
CREATE INDEX `referrals_email_idx` ON `referrals` (`referred_email_canonical`);
--> statement-breakpoint
CREATE TABLE `affiliate_commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` integer NOT NULL,
	`referral_id` integer NOT NULL,
	`kind` text NOT NULL,
	`parent_id` text,
	`source_id` text NOT NULL,
	`invoice_id` text,
	`payment_intent_id` text,
	`charge_id` text,
	`amount_paid_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`paid_at` text NOT NULL,
	`approvable_at` text NOT NULL,
	`approved_at` text,
	`payout_id` text,
	`reversed_at` text,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_commissions_source_id_unique` ON `affiliate_commissions` (`source_id`);
--> statement-breakpoint
CREATE INDEX `affiliate_commissions_referrer_idx` ON `affiliate_commissions` (`referrer_id`,`status`);
--> statement-breakpoint
CREATE INDEX `affiliate_commissions_status_idx` ON `affiliate_commissions` (`status`,`created_at`);
--> statement-breakpoint
CREATE TABLE `affiliate_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`commission_count` integer NOT NULL,
	`method` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_payouts_referrer_idx` ON `affiliate_payouts` (`referrer_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `partner_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`company` text NOT NULL,
	`website` text NOT NULL,
	`contact_email` text NOT NULL,
	`category` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`decided_at` text,
	`decided_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_applications_status_idx` ON `partner_applications` (`status`,`created_at`);
