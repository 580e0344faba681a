/** The image screens' public face: the gallery (/images), free-form generation (/image-generation) and the enhanced tools (/enhanced-image-generation). */
export { GalleryScreen } from "./gallery-screen";
export { GenerationScreen } from "./generation-screen";
export { EnhancedScreen } from "./enhanced-screen";
