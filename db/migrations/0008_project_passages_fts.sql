-- Full-text index over knowledge-base passages (BM25 through bm25()); porter stemming lets
-- "shipping" find "ships". External content: the text lives once, in project_passages.
CREATE VIRTUAL TABLE `project_passages_fts` USING fts5(`text`, content='project_passages', content_rowid='id', tokenize='porter unicode61');
--> statement-breakpoint
CREATE TRIGGER `project_passages_fts_insert` AFTER INSERT ON `project_passages` BEGIN
  INSERT INTO `project_passages_fts`(rowid, `text`) VALUES (new.`id`, new.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `project_passages_fts_delete` AFTER DELETE ON `project_passages` BEGIN
  INSERT INTO `project_passages_fts`(`project_passages_fts`, rowid, `text`) VALUES ('delete', old.`id`, old.`text`);
END;
