import { Compass, CreditCard, FolderKanban, Image as ImageIcon, LayoutTemplate, MessagesSquare, TrendingUp, type LucideIcon } from "lucide-react";
import type { HelpCategoryId } from "~/domain/help";

export const CATEGORY_ICONS: Record<HelpCategoryId, LucideIcon> = {
  "getting-started": Compass,
  "chat-and-research": MessagesSquare,
  projects: FolderKanban,
  "winning-products": TrendingUp,
  "page-builder-and-export": LayoutTemplate,
  images: ImageIcon,
  "billing-and-account": CreditCard,
};

export const categoryIcon = (id: string): LucideIcon => CATEGORY_ICONS[id as HelpCategoryId] ?? Compass;
