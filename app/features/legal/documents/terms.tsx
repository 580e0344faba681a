import { Link } from "@remix-run/react";
import {
  FREE_PLAN_LIMITS,
  GROWTH_MONTHLY_QUOTAS,
  GROWTH_PRICES,
  formatPrice,
  yearlyMonthlyEquivalent,
} from "~/domain/pricing";
import type { LegalDocument } from "~/features/legal/legal-layout";
import { Callout } from "~/features/legal/prose";
import { SupportEmailLink } from "~/features/legal/support-email";

export const TERMS: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  summary: (
    <p>
      These terms are the agreement between you and Dropcraft for the use of our website, web app and API. Please read
      them: they explain what you can expect from us, what we expect from you, how billing works and the limits of our
      responsibility.
    </p>
  ),
  sections: [
    {
      id: "agreement",
      title: "About these terms",
      body: (
        <>
          <Callout>
            By creating an account or using Dropcraft you accept these terms, our{" "}
            <Link to="/privacy">Privacy Policy</Link> and our <Link to="/refund-policy">Refund Policy</Link>. If you use
            Dropcraft for a business, you accept them on behalf of that business.
          </Callout>
          <p>
            &ldquo;Dropcraft&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean the company that
            operates the Dropcraft service. &ldquo;You&rdquo; means the person or business that holds a Dropcraft
            account. The &ldquo;Service&rdquo; means everything we offer under the Dropcraft name: the AI
            market-research chat, projects and their knowledge base, winning-product discovery, the AI Page Builder and
            store export, image and marketing-visual generation, competitor and ad intelligence, workflows, the ad
            launcher, the affiliate program and our help resources.
          </p>
          <p>If you do not agree with these terms, do not use the Service.</p>
        </>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <>
          <ul>
            <li>
              You must be at least 18 years old, or the age of majority where you live, and able to enter a binding
              contract.
            </li>
            <li>
              Give us accurate sign-up details and keep your email address current: we use it for sign-in, security
              notices and billing receipts. You must verify your email address before you can use the workspace.
            </li>
            <li>
              An account is for one person. Do not share your password or let others sign in as you; invite them to
              create their own account instead.
            </li>
            <li>
              You are responsible for everything done through your account. Use a strong, unique password and tell us at
              once at <SupportEmailLink subject="Unauthorised account access" /> if you think someone else has accessed
              it.
            </li>
            <li>
              Do not create several free accounts to get around the free plan&rsquo;s limits. We may merge or close
              accounts that do.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "plans-billing",
      title: "Plans, billing and renewals",
      body: (
        <>
          <p>
            Dropcraft has a <strong>Free</strong> plan and a paid <strong>Growth</strong> plan. Growth costs{" "}
            <strong>{formatPrice(GROWTH_PRICES.monthly)} per month</strong>, or{" "}
            <strong>{formatPrice(GROWTH_PRICES.yearly)} per year</strong> (about{" "}
            {formatPrice(yearlyMonthlyEquivalent())} per month). Current prices and what each plan includes are on our{" "}
            <Link to="/pricing">pricing page</Link>.
          </p>
          <ul>
            <li>
              <strong>Payments are processed by Stripe.</strong> When you subscribe you give your payment details to
              Stripe, not to us, and you also accept Stripe&rsquo;s terms. We never see or store your full card number.
            </li>
            <li>
              Prices are in US dollars. Sales tax, VAT or similar taxes are added where the law requires and shown
              before you pay.
            </li>
            <li>
              <strong>Subscriptions renew automatically</strong> at the end of each monthly or yearly period, at the
              price then in effect, until you cancel. You authorise Stripe to charge your payment method on each
              renewal.
            </li>
            <li>
              <strong>You can cancel at any time</strong> from the billing customer portal (open Usage &amp; billing
              from the account menu, then Manage billing). Cancelling stops the next renewal; you keep Growth until the
              end of the period you have paid for, and your account then returns to the Free plan. Your chats and
              projects stay.
            </li>
            <li>
              Monthly allowances on Growth ({GROWTH_MONTHLY_QUOTAS.pageGenerations} AI page generations and{" "}
              {GROWTH_MONTHLY_QUOTAS.pageExports} page exports to your store platform) reset at the start of each
              billing month. Unused allowances do not roll over and have no cash value.
            </li>
            <li>
              If a payment fails, Stripe retries it for a short period. If it still fails, your account moves to the
              Free plan until the payment is made.
            </li>
            <li>
              We may change prices. A change never affects a period you have already paid for, and we tell you by email
              at least 30 days before it applies to your renewal, so you can cancel first.
            </li>
            <li>
              Refunds follow our <Link to="/refund-policy">Refund Policy</Link>, which includes a 14-day money-back
              guarantee on your first yearly purchase.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "free-plan",
      title: "Free plan limits",
      body: (
        <>
          <p>The Free plan needs no credit card and has no time limit. It includes, per account:</p>
          <ul>
            <li>{FREE_PLAN_LIMITS.queriesPerDay} AI research queries a day;</li>
            <li>{FREE_PLAN_LIMITS.promptsPerDay} AI prompts a day;</li>
            <li>the AI market-research chat with summaries and citations, and projects.</li>
          </ul>
          <p>
            Daily allowances reset every day; unused ones do not carry over. Marketing visuals, image generation and
            image downloads, AI page generation and exports to a store platform are not part of the Free plan. When you
            reach a limit, the Service tells you and offers an upgrade; it never charges you without your consent.
          </p>
          <p>
            We may change the Free plan&rsquo;s contents and limits, or lower them for an account that strains the
            Service, and we will show current limits in the app.
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      body: (
        <>
          <p>You agree not to use the Service, or help anyone else use it, to:</p>
          <ul>
            <li>
              sell, advertise or research products that are illegal where they are sold, counterfeit, or that infringe
              someone else&rsquo;s trademark, copyright, design or patent;
            </li>
            <li>
              create ads, store pages or product copy that are deceptive: fake reviews or testimonials, invented
              scarcity, false shipping times, or unproven health, safety, earnings or &ldquo;before and after&rdquo;
              claims;
            </li>
            <li>
              <strong>scrape or harvest data abusively</strong>: point our product-URL tools at sites in a way that
              breaks their terms or overloads them, or run bots, scrapers or bulk scripts against Dropcraft itself to
              copy our product and ad library, market catalog, reports or other users&rsquo; content;
            </li>
            <li>
              get around usage limits, rate limits, plan restrictions or security controls, for example by rotating
              accounts, automating the web app, or sharing one paid account among several people;
            </li>
            <li>
              make the Service fetch internal or private network addresses, probe or attack our systems (other than
              under our <Link to="/security-policy">Security Policy</Link>), or upload malware;
            </li>
            <li>
              reverse engineer the Service, or resell, sublicense or rebrand access to it without our written consent;
            </li>
            <li>send spam, harass people, or upload content that is unlawful, hateful or sexually explicit;</li>
            <li>
              upload personal data of other people that you have no right to share, or sensitive data (health, payment
              card, government ID numbers) into chats or knowledge-base files.
            </li>
          </ul>
          <p>
            We may remove content, limit features or suspend an account that breaks these rules. Where we can, we will
            tell you why and give you a chance to fix it first.
          </p>
        </>
      ),
    },
    {
      id: "ai-output",
      title: "AI output: review before you publish",
      body: (
        <>
          <Callout title="Important">
            Dropcraft writes drafts, not final claims. You must review every piece of AI-generated copy, image and claim
            before you publish it or spend money on it.
          </Callout>
          <p>
            Answers, research, product scores, page copy, ad copy and images in Dropcraft are produced by AI models and
            by automated analysis. They can be wrong, out of date, incomplete or similar to content others receive. In
            particular:
          </p>
          <ul>
            <li>
              Market figures, sales and trend estimates, &ldquo;winning product&rdquo; signals and success predictions
              are estimates. They are not guarantees of sales, profit or ad performance, and they are not financial,
              legal or tax advice.
            </li>
            <li>
              Example numbers shown on our marketing pages and any data marked as sample data are illustrations, not
              measurements of your business.
            </li>
            <li>
              You are responsible for what appears in your store and your ads: product descriptions, prices, shipping
              and return promises, health and safety statements, comparisons with competitors, and compliance with
              consumer-protection law and the policies of ad platforms and marketplaces.
            </li>
            <li>
              Before using AI output that names a brand or resembles someone else&rsquo;s images or text, check that you
              have the right to use it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "content-exports",
      title: "Your content and store exports",
      body: (
        <>
          <p>
            <strong>You own your content:</strong> your chats, project instructions, knowledge-base files, product URLs,
            uploads, and the pages and images the Service generates for you, to the extent the law allows anyone to own
            them.
          </p>
          <p>
            You give us a limited, worldwide licence to store, copy, process and display your content only as needed to
            run the Service for you: for example to save your chats, to send a prompt and relevant project context to an
            AI provider, to render an image, or to export a page. The licence ends when you delete the content or your
            account, apart from copies in backups that expire on the schedule in our{" "}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
          <h3>Exports to your store</h3>
          <p>
            When you connect a store platform (such as Shopify) and export a page or product, you authorise us to create
            or update those items in your store with the access you granted. You can download the same page as a file
            instead. Check each export in your store before you make it public; the store platform&rsquo;s own terms
            apply to what you publish there, and we are not responsible for its availability. You can revoke our access
            from your store&rsquo;s admin at any time.
          </p>
        </>
      ),
    },
    {
      id: "our-ip",
      title: "Our intellectual property",
      body: (
        <>
          <p>
            The Service, including its software, design, page and image templates, the Dropcraft name and logo, and our
            market catalog and ad library as compilations, belongs to Dropcraft and its licensors. These terms give you
            a personal, non-exclusive, non-transferable right to use the Service while your account is in good standing;
            they do not transfer any of our rights to you.
          </p>
          <p>If you send us ideas or feedback, we may use them without any obligation to you.</p>
        </>
      ),
    },
    {
      id: "third-parties",
      title: "Third-party services",
      body: (
        <p>
          Parts of the Service rely on other companies: Stripe for payments, Resend for email, Cloudflare for hosting
          and storage, AI model providers for generated text and images, and the store platforms you connect. Their
          availability and terms are outside our control. Links to other websites are for convenience; we do not endorse
          them.
        </p>
      ),
    },
    {
      id: "termination",
      title: "Suspension and termination",
      body: (
        <>
          <ul>
            <li>
              <strong>You can leave at any time.</strong> Delete your account from Settings with &ldquo;Delete my
              account&rdquo;. This cancels any subscription, ends every session and deletes your data as described in
              our <Link to="/privacy">Privacy Policy</Link>. Download your data first if you want a copy.
            </li>
            <li>
              We may suspend or close an account that seriously or repeatedly breaks these terms, that does not pay, or
              where we must do so by law or to protect other users or the Service. Unless the law or a security risk
              prevents it, we tell you first and give you time to export your data.
            </li>
            <li>If we close your account without cause, we refund the unused part of any prepaid period.</li>
            <li>
              The sections on AI output, intellectual property, disclaimers, liability, indemnity and governing law
              continue after your account ends.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      body: (
        <p>
          We work hard to keep Dropcraft available, accurate and secure, but the Service is provided &ldquo;as is&rdquo;
          and &ldquo;as available&rdquo;. To the extent the law allows, we disclaim all implied warranties, including
          merchantability, fitness for a particular purpose and non-infringement, and we do not promise that the Service
          will be uninterrupted, error-free, or that it will make your store profitable. Features marked &ldquo;Coming
          soon&rdquo;, &ldquo;Beta&rdquo; or &ldquo;Demo&rdquo; may change or be withdrawn.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Limitation of liability",
      body: (
        <>
          <p>To the extent the law allows:</p>
          <ul>
            <li>
              we are not liable for indirect, incidental, special or consequential losses, or for lost profits, revenue,
              sales, data or goodwill, including losses from ads, inventory or store decisions you made using the
              Service;
            </li>
            <li>
              our total liability for all claims relating to the Service is limited to the greater of the amount you
              paid us in the 12 months before the claim arose and US$100.
            </li>
          </ul>
          <p>
            Nothing in these terms limits liability that cannot be limited by law, such as liability for fraud or for
            death or personal injury caused by negligence, or your statutory rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: "indemnity",
      title: "Indemnity",
      body: (
        <p>
          If you use the Service for a business, you will defend and compensate Dropcraft against claims by third
          parties arising from the products you sell, the content you publish or export, or your breach of these terms
          or of the law, including reasonable legal costs.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Governing law and disputes",
      body: (
        <p>
          These terms are governed by the laws of the State of Delaware, USA, without regard to its conflict-of-law
          rules. Courts located in Delaware have exclusive jurisdiction, except that consumers may also bring claims in
          the courts where they live, and keep the protection of the mandatory consumer law of their country. Before
          starting a claim, please write to us so we can try to resolve it informally within 30 days.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: (
        <p>
          We may update these terms as the Service changes. For a material change we tell you by email or in the app at
          least 14 days before it takes effect; the date at the top of this page shows the latest version. If you keep
          using the Service after a change takes effect, the new terms apply; if you do not agree, you can cancel and
          delete your account.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      body: (
        <p>
          Questions about these terms: <SupportEmailLink subject="Terms of Service" />.
        </p>
      ),
    },
  ],
};
