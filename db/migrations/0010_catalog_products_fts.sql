-- Full-text search over catalog product names and types (porter stemming: "brushes" finds
-- "brush"). External content: the text lives once, in catalog_products (implicit rowid).
CREATE VIRTUAL TABLE `catalog_products_fts` USING fts5(`name`, `product_type`, content='catalog_products', content_rowid='rowid', tokenize='porter unicode61');
--> statement-breakpoint
CREATE TRIGGER `catalog_products_fts_insert` AFTER INSERT ON `catalog_products` BEGIN
  INSERT INTO `catalog_products_fts`(rowid, `name`, `product_type`) VALUES (new.rowid, new.`name`, new.`product_type`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_products_fts_delete` AFTER DELETE ON `catalog_products` BEGIN
  INSERT INTO `catalog_products_fts`(`catalog_products_fts`, rowid, `name`, `product_type`) VALUES ('delete', old.rowid, old.`name`, old.`product_type`);
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_products_fts_update` AFTER UPDATE OF `name`, `product_type` ON `catalog_products` BEGIN
  INSERT INTO `catalog_products_fts`(`catalog_products_fts`, rowid, `name`, `product_type`) VALUES ('delete', old.rowid, old.`name`, old.`product_type`);
  INSERT INTO `catalog_products_fts`(rowid, `name`, `product_type`) VALUES (new.rowid, new.`name`, new.`product_type`);
END;
