CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_created_idx` ON `admin_audit_log` (`created_at`,`id`);
--> statement-breakpoint
CREATE INDEX `admin_audit_target_idx` ON `admin_audit_log` (`target_type`,`target_id`);
--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_update` BEFORE UPDATE ON `admin_audit_log`
BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `admin_audit_log_no_delete` BEFORE DELETE ON `admin_audit_log`
BEGIN
	SELECT RAISE(ABORT, 'admin_audit_log is append-only');
END;
