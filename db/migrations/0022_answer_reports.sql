-- "Not what I asked": the merchant marks an answer that misread their question. The answer's
-- query is given back (at most three times a day) and the case is kept for review.
CREATE TABLE `answer_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` text NOT NULL,
	`message_id` text NOT NULL,
	`question` text NOT NULL,
	`answer_excerpt` text NOT NULL,
	`provider` text,
	`refunded` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answer_reports_message_idx` ON `answer_reports` (`message_id`);
--> statement-breakpoint
CREATE INDEX `answer_reports_user_created_idx` ON `answer_reports` (`user_id`,`created_at`);
