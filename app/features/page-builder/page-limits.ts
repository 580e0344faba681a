/** The page words and limits the editor needs, from the zod-free domain module the contract builds on. */
export { FONT_LABELS, PAGE_FONTS, PAGE_IMAGES_MAX, PAGE_ITEMS_MAX, PAGE_SECTIONS_MAX, PAGE_VARIANTS_MAX, SECTION_LABELS, SLUG_PATTERN } from "~/domain/pages";

/** An image's alt text at most, as PageSeoSchema's `imageAlts` takes it (a unit test holds the two together). */
export const IMAGE_ALT_MAX = 512;
