-- The sections as the last generation wrote them (as the draft made them before any): a section
-- that differs from its copy here was edited by the merchant, and generation keeps it unless the
-- request names it (issue 26). Earlier pages keep NULL: the draft of their product stands in.
ALTER TABLE `pages` ADD `generated_sections` text;
