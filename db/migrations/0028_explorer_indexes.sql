-- The Explorer's indexes (issue 29): every sort it offers, in each direction, has an index in the
-- query's exact order (missing values last, then id), so a page is read off the index instead of
-- sorting all 5,100 products. owner_user_id rides along so the "sample or mine" check is answered
-- from the index, and the page's rows are read only once chosen (db/catalog.ts). The two
-- single-column sort indexes of 0009 they replace are dropped.
DROP INDEX IF EXISTS `catalog_products_price_idx`;
--> statement-breakpoint
DROP INDEX IF EXISTS `catalog_products_orders_idx`;
--> statement-breakpoint
CREATE INDEX `catalog_products_score_desc_idx` ON `catalog_products` ((`score` IS NULL), `score` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_score_asc_idx` ON `catalog_products` ((`score` IS NULL), `score`, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_orders_desc_idx` ON `catalog_products` ((`monthly_orders` IS NULL), `monthly_orders` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_orders_asc_idx` ON `catalog_products` ((`monthly_orders` IS NULL), `monthly_orders`, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_trend_desc_idx` ON `catalog_products` ((`trend_pct` IS NULL), `trend_pct` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_trend_asc_idx` ON `catalog_products` ((`trend_pct` IS NULL), `trend_pct`, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_margin_desc_idx` ON `catalog_products` ((`margin_pct` IS NULL), `margin_pct` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_margin_asc_idx` ON `catalog_products` ((`margin_pct` IS NULL), `margin_pct`, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_price_desc_idx` ON `catalog_products` ((`price_cents` IS NULL), `price_cents` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_price_asc_idx` ON `catalog_products` ((`price_cents` IS NULL), `price_cents`, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_ads_desc_idx` ON `catalog_products` ((`ad_count` IS NULL), `ad_count` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_ads_asc_idx` ON `catalog_products` ((`ad_count` IS NULL), `ad_count`, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_newest_desc_idx` ON `catalog_products` ((`created_at` IS NULL), `created_at` DESC, `id`, `owner_user_id`);
--> statement-breakpoint
CREATE INDEX `catalog_products_newest_asc_idx` ON `catalog_products` ((`created_at` IS NULL), `created_at`, `id`, `owner_user_id`);
--> statement-breakpoint
-- Counting the matches reads this narrow index instead of the wide rows (each carries its score
-- reasons and weekly series). It leads with owner_user_id and score, so it also replaces the
-- owner and score index of 0009 (a user's imports, re-scoring).
CREATE INDEX `catalog_products_filter_idx` ON `catalog_products` (`owner_user_id`, `score`, `price_cents`, `trend_pct`, `shipping_days`, `margin_pct`, `competition`, `main_platform`, `niche_id`);
--> statement-breakpoint
DROP INDEX IF EXISTS `catalog_products_owner_score_idx`;
