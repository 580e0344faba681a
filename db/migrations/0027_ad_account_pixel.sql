-- The AI Launcher (ADR 022): an optional Meta pixel on the connected ad account; with one, a
-- launch's ad set optimises for purchases (OFFSITE_CONVERSIONS on the pixel's PURCHASE event).
ALTER TABLE `ad_accounts` ADD `pixel_id` text;
