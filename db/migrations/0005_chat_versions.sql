ALTER TABLE `chats` ADD `leaf_id` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `parent_id` text;--> statement-breakpoint
-- Chats from before versions were one line: each message follows the one before it, and the chat shows its last.
UPDATE `messages` SET `parent_id` = (
  SELECT `prev`.`id` FROM `messages` AS `prev`
  WHERE `prev`.`chat_id` = `messages`.`chat_id`
    AND (`prev`.`created_at` < `messages`.`created_at` OR (`prev`.`created_at` = `messages`.`created_at` AND `prev`.`rowid` < `messages`.`rowid`))
  ORDER BY `prev`.`created_at` DESC, `prev`.`rowid` DESC LIMIT 1
);--> statement-breakpoint
UPDATE `chats` SET `leaf_id` = (
  SELECT `m`.`id` FROM `messages` AS `m` WHERE `m`.`chat_id` = `chats`.`id` ORDER BY `m`.`created_at` DESC, `m`.`rowid` DESC LIMIT 1
);
