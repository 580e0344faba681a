/** The images feature's public face (API client and cache keys); screens live in image-maker and image-gallery. */
export * from "./images-client";
export { imageKeys } from "./image-keys";
