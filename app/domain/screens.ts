/**
 * Screens that later work builds. Until a screen is built its route shows a clear
 * "being built" page naming it; nothing pretends to work.
 */
export interface ScreenInfo {
  title: string;
  summary: string;
}

export const SCREENS = {
  chat: { title: "AI Chat", summary: "Research markets in conversation, with executive summaries, full analyses and citations." },
  project: { title: "Project", summary: "Business instructions, a knowledge base of files, research data and a shared canonical context." },
  settings: { title: "Settings", summary: "Your profile, email, password, active sessions, data export and account deletion." },
  usage: { title: "Usage & billing", summary: "Today's usage per counter, your plan and billing history." },
  history: { title: "Chat Management", summary: "Search, rename and clean up your conversations." },
  partners: { title: "Partners", summary: "Suppliers, agencies and tools that work with Dropcraft." },
  support: { title: "Support", summary: "Contact the team and follow your tickets." },
  help: { title: "Help Center", summary: "Guides and answers, organised by category." },
  tutorials: { title: "Tutorials", summary: "Guided tutorials whose steps tick themselves as you do them." },
  feedback: { title: "Feedback", summary: "Tell us what to build next." },
  marketingVisuals: { title: "Marketing Visuals", summary: "Ad creatives and social visuals from your product photos." },
  dropPage: { title: "Drop-page Builder", summary: "Single-product landing pages built for conversion." },
  pageBuilder: { title: "AI Page Builder", summary: "Turn a product URL into a store page and export it to your store." },
  imageGeneration: { title: "Image Maker", summary: "A guided wizard for product images and scenes." },
  images: { title: "Images", summary: "Your generated images, ready to download." },
  explorer: { title: "AI Explorer", summary: "Winning-product discovery and ready-made flows." },
  adLauncher: { title: "Ad Launcher", summary: "Launch ad campaigns from your products." },
  workflows: { title: "Workflows", summary: "Enhanced chat with projects whose context feeds every answer." },
  marketingDemo: { title: "Marketing Intelligence Demo", summary: "A guided tour of marketing intelligence." },
  intelligence: { title: "Intelligence Dashboard", summary: "Market, product and ad signals in one dashboard." },
  visualIntelligence: { title: "Visual Intelligence", summary: "Creative trends across winning ads." },
  competitorResearch: { title: "Competitor Research", summary: "Study competitor stores, products and ads." },
  affiliate: { title: "Invite & Earn", summary: "Share Dropcraft and earn commission on every paid referral." },
  scrapingTest: { title: "Scraping Test", summary: "Check how Dropcraft reads a product page." },
  mobile: { title: "Dropcraft Mobile", summary: "The workspace laid out for your phone." },
  admin: { title: "Admin", summary: "Users, plans, usage and content for staff." },
  seo: { title: "SEO Dashboard", summary: "Search visibility of your store pages." },
  canonicalDemo: { title: "Canonical Context Demo", summary: "How project canon flows into every answer." },
  subscriptionSync: { title: "Subscription Sync", summary: "Re-check your plan with the payment provider." },
  login: { title: "Log in", summary: "Sign in with your username or email." },
  signup: { title: "Sign up", summary: "Create your free Dropcraft account." },
  forgotPassword: { title: "Forgot password", summary: "Get a link to choose a new password." },
  resetPassword: { title: "Reset password", summary: "Choose a new password." },
  verifyEmail: { title: "Verify email", summary: "Confirm your email address." },
  paymentSuccess: { title: "You're all set", summary: "Your plan is active." },
  paymentCancel: { title: "Payment cancelled", summary: "No charge was made." },
  paymentReceipt: { title: "Receipt", summary: "The details of your payment." },
  claimSubscription: { title: "Claim subscription", summary: "Attach a purchase made under another email to this account." },
} satisfies Record<string, ScreenInfo>;

export type ScreenId = keyof typeof SCREENS;
