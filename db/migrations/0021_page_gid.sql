-- Store exports keep the landing page gid, as product_gid keeps the product gid: exporting again
-- updates the page by it instead of reading the id back out of page_admin_url.
ALTER TABLE `page_exports` ADD `page_gid` text;
--> statement-breakpoint
-- Earlier rows get the gid from the admin link they recorded, by the rule exporting again used
-- before this column: a link ending in /pages/<digits> (admin.shopify.com/store/<x>/pages/<id>,
-- <shop>/admin/pages/<id>, the dev store screen <origin>/dev/store/pages/<id>). rtrim strips the
-- trailing digits; what is left must end in /pages/ (case-sensitive, as the rule was).
UPDATE `page_exports`
SET `page_gid` = 'gid://shopify/Page/' || substr(`page_admin_url`, length(rtrim(`page_admin_url`, '0123456789')) + 1)
WHERE `page_gid` IS NULL
	AND `page_admin_url` IS NOT NULL
	AND length(rtrim(`page_admin_url`, '0123456789')) < length(`page_admin_url`)
	AND substr(rtrim(`page_admin_url`, '0123456789'), -7) = '/pages/';
