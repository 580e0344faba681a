/** The Image Maker's public face: the wizard at /image-maker and the ad creatives at /marketing-visuals. */
export { ImageMakerScreen } from "./image-maker-screen";
export { MarketingVisualsScreen } from "./marketing-visuals-screen";
