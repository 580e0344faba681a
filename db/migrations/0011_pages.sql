CREATE TABLE `page_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`shop_domain` text,
	`product_gid` text,
	`product_admin_url` text,
	`page_admin_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_exports_page_idx` ON `page_exports` (`page_id`,`id`);--> statement-breakpoint
CREATE TABLE `page_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_id` text NOT NULL,
	`revision` integer NOT NULL,
	`reason` text NOT NULL,
	`snapshot` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_versions_page_idx` ON `page_versions` (`page_id`,`id`);--> statement-breakpoint
CREATE TABLE `pages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`slug` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`source_url` text,
	`catalog_product_id` text,
	`project_id` text,
	`product` text NOT NULL,
	`sections` text NOT NULL,
	`theme` text NOT NULL,
	`seo` text NOT NULL,
	`buy_url` text,
	`missing` text DEFAULT '[]' NOT NULL,
	`generated_by` text,
	`generated_at` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`published_html` text,
	`published_at` text,
	`views` integer DEFAULT 0 NOT NULL,
	`buy_clicks` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_slug_idx` ON `pages` (`slug`);--> statement-breakpoint
CREATE INDEX `pages_user_idx` ON `pages` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `store_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`platform` text NOT NULL,
	`shop_domain` text NOT NULL,
	`shop_name` text,
	`token_sealed` text NOT NULL,
	`token_masked` text NOT NULL,
	`scopes` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_connections_user_shop_idx` ON `store_connections` (`user_id`,`shop_domain`);