/** The page words and limits the editor needs, from the zod-free domain module the contract builds on. */
export {
  FONT_LABELS,
  IMAGE_ALT_MAX,
  PAGE_FONTS,
  PAGE_IMAGES_MAX,
  PAGE_ITEMS_MAX,
  PAGE_SECTIONS_MAX,
  PAGE_VARIANTS_MAX,
  SECTION_LABELS,
  SLUG_PATTERN,
} from "~/domain/pages";
