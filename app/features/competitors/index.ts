/** The competitor-research feature's public face: routes import only what is listed here. */
export { CompetitorResearchScreen } from "./competitors-screen";
export { TrackStoreButton } from "./track-store-button";
