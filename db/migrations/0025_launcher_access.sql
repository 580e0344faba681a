-- The AI Launcher's access flag (issue 28): staff grant it per account in the admin user detail,
-- audited; it replaces the spec's one hard-coded launch account.
ALTER TABLE `users` ADD `launcher_access` integer DEFAULT false NOT NULL;
