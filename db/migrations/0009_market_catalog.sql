CREATE TABLE `catalog_ads` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`platform` text NOT NULL,
	`angle` text NOT NULL,
	`hook` text NOT NULL,
	`format` text NOT NULL,
	`length_seconds` integer,
	`visual_style` text NOT NULL,
	`start_week` integer NOT NULL,
	`end_week` integer NOT NULL,
	`days_running` integer NOT NULL,
	`views` integer NOT NULL,
	`engagements` integer NOT NULL,
	`engagement_rate_tenths` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `catalog_ads_product_idx` ON `catalog_ads` (`product_id`);--> statement-breakpoint
CREATE INDEX `catalog_ads_platform_idx` ON `catalog_ads` (`platform`,`start_week`);--> statement-breakpoint
CREATE TABLE `catalog_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`format` text NOT NULL,
	`accepted` integer NOT NULL,
	`refused` integer NOT NULL,
	`report` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `catalog_imports_user_idx` ON `catalog_imports` (`user_id`);--> statement-breakpoint
CREATE TABLE `catalog_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalog_niches` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` integer,
	`name` text NOT NULL,
	`audience` text DEFAULT '' NOT NULL,
	`pain` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`product_types` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `catalog_niches_owner_idx` ON `catalog_niches` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `catalog_products` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` integer,
	`source` text NOT NULL,
	`source_url` text,
	`name` text NOT NULL,
	`product_type` text DEFAULT '' NOT NULL,
	`niche_id` text NOT NULL,
	`vendor` text,
	`image_url` text,
	`cost_cents` integer,
	`shipping_cost_cents` integer,
	`price_cents` integer NOT NULL,
	`compare_at_price_cents` integer,
	`margin_cents` integer,
	`margin_pct` integer,
	`monthly_orders` integer,
	`trend_pct` integer,
	`ad_count` integer DEFAULT 0 NOT NULL,
	`competition` text,
	`rating_tenths` integer,
	`shipping_days` integer,
	`launch_month` text,
	`main_platform` text,
	`weekly_orders` text DEFAULT '[]' NOT NULL,
	`weekly_price_cents` text DEFAULT '[]' NOT NULL,
	`weekly_active_ads` text DEFAULT '[]' NOT NULL,
	`score` integer,
	`score_reasons` text,
	`scored_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `catalog_products_owner_score_idx` ON `catalog_products` (`owner_user_id`,`score`);--> statement-breakpoint
CREATE INDEX `catalog_products_niche_idx` ON `catalog_products` (`niche_id`,`score`);--> statement-breakpoint
CREATE INDEX `catalog_products_price_idx` ON `catalog_products` (`price_cents`);--> statement-breakpoint
CREATE INDEX `catalog_products_orders_idx` ON `catalog_products` (`monthly_orders`);--> statement-breakpoint
CREATE TABLE `catalog_refreshes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ran_at` text NOT NULL,
	`trigger` text NOT NULL,
	`products_rescored` integer NOT NULL,
	`stores_snapshotted` integer NOT NULL,
	`changes_recorded` integer NOT NULL,
	`duration_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalog_stores` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` integer,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`url` text,
	`niche_id` text,
	`platform` text NOT NULL,
	`product_count` integer DEFAULT 0 NOT NULL,
	`est_monthly_revenue_usd` integer,
	`launch_month` text,
	`top_product_ids` text DEFAULT '[]' NOT NULL,
	`has_best_selling_order` integer DEFAULT false NOT NULL,
	`last_snapshot_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `catalog_stores_owner_idx` ON `catalog_stores` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `catalog_stores_niche_idx` ON `catalog_stores` (`niche_id`);--> statement-breakpoint
CREATE TABLE `market_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`subject_kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`step` text DEFAULT '' NOT NULL,
	`markdown` text,
	`cited` text DEFAULT '[]' NOT NULL,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `market_reports_user_idx` ON `market_reports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `saved_products` (
	`user_id` integer NOT NULL,
	`list_name` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `list_name`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `store_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`at` text NOT NULL,
	`kind` text NOT NULL,
	`product_key` text NOT NULL,
	`title` text NOT NULL,
	`old_price_cents` integer,
	`new_price_cents` integer,
	FOREIGN KEY (`store_id`) REFERENCES `catalog_stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_changes_store_idx` ON `store_changes` (`store_id`,`at`);--> statement-breakpoint
CREATE TABLE `store_listings` (
	`store_id` text NOT NULL,
	`product_key` text NOT NULL,
	`product_id` text,
	`title` text NOT NULL,
	`price_cents` integer NOT NULL,
	`compare_at_price_cents` integer,
	`image_url` text,
	`best_seller_rank` integer,
	`order_share_pct` integer,
	`first_seen_at` text NOT NULL,
	`removed_at` text,
	PRIMARY KEY(`store_id`, `product_key`),
	FOREIGN KEY (`store_id`) REFERENCES `catalog_stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_listings_product_idx` ON `store_listings` (`product_id`);--> statement-breakpoint
CREATE TABLE `store_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`taken_at` text NOT NULL,
	`product_count` integer NOT NULL,
	`status` text NOT NULL,
	`message` text,
	FOREIGN KEY (`store_id`) REFERENCES `catalog_stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_snapshots_store_idx` ON `store_snapshots` (`store_id`,`taken_at`);--> statement-breakpoint
CREATE TABLE `tracked_competitors` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`store_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`store_id`) REFERENCES `catalog_stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracked_competitors_user_store_idx` ON `tracked_competitors` (`user_id`,`store_id`);