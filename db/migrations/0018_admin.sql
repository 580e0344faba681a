-- Issue 16, admin area: disabled accounts and support plan grants.
ALTER TABLE `users` ADD `disabled_at` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_reason` text;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `granted_by` integer;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `granted_at` text;
