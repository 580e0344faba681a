/** The Help Center's public face: routes import only what is listed here. */
export { HelpArticleScreen } from "./help-article-screen";
export { HelpCategoryScreen } from "./help-category-screen";
export { HelpHomeScreen } from "./help-home-screen";
