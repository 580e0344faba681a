import { ChartColumn, MessagesSquare, Store, Trophy, type LucideIcon } from "lucide-react";

export interface WelcomeFeature {
  id: "winning-product" | "store-builder" | "visual-intelligence" | "chat-projects";
  title: string;
  badge?: "Most used" | "New" | "Recommended";
  to: string;
  blurb: string;
  icon: LucideIcon;
}

/** The four cards of the premium welcome dialog (spec section 2). */
export const WELCOME_FEATURES: readonly WelcomeFeature[] = [
  {
    id: "winning-product",
    title: "Winning Product Feature",
    badge: "Most used",
    to: "/ai-explore",
    blurb: "Spot products that are taking off and see why they sell.",
    icon: Trophy,
  },
  {
    id: "store-builder",
    title: "AI Store Builder",
    badge: "New",
    to: "/ai-page-builder",
    blurb: "Turn a product URL into a store-ready page in minutes.",
    icon: Store,
  },
  {
    id: "visual-intelligence",
    title: "Visual Intelligence Dashboard",
    to: "/visual-intelligence",
    blurb: "Ads, creatives and market signals on one screen.",
    icon: ChartColumn,
  },
  {
    id: "chat-projects",
    title: "Enhanced Chat & Projects",
    badge: "Recommended",
    to: "/projects",
    blurb: "Research, instructions and files together, per store.",
    icon: MessagesSquare,
  },
];
