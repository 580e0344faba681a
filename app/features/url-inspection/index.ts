/** The URL inspection feature's public face (/scraping-test). */
export { ScrapingTestScreen } from "./scraping-test-screen";
