-- Issue 27: Stripe does not deliver events in order, and its basil API version moved the links
-- between invoices, payment intents and charges.
-- The `created` time (Unix seconds) of the Stripe event that last set the subscription row and the
-- provider's state: an older event arriving later does not overwrite a newer one.
ALTER TABLE `subscriptions` ADD `provider_event_created` integer;
--> statement-breakpoint
ALTER TABLE `billing_provider_states` ADD `event_created` integer;
--> statement-breakpoint
-- Events about a customer or subscription we cannot tie to a user yet (the Payment Link's
-- subscription carries no user id; only its checkout does): kept, and applied when the checkout
-- (or a claim) ties the customer to a user.
CREATE TABLE `stripe_pending_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`customer_id` text,
	`subscription_id` text,
	`created` integer NOT NULL,
	`payload` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stripe_pending_events_customer_idx` ON `stripe_pending_events` (`customer_id`);
--> statement-breakpoint
CREATE INDEX `stripe_pending_events_subscription_idx` ON `stripe_pending_events` (`subscription_id`);
--> statement-breakpoint
-- Which payment intent and charge paid which invoice, from invoice.paid (pre-basil fields or
-- basil's invoice.payments) and invoice_payment.paid, whoever the customer is: since basil a
-- charge, refund or dispute names only its payment intent, and this is how it finds the invoice.
CREATE TABLE `stripe_invoice_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`payment_intent_id` text,
	`charge_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stripe_invoice_payments_intent_idx` ON `stripe_invoice_payments` (`payment_intent_id`);
--> statement-breakpoint
CREATE INDEX `stripe_invoice_payments_charge_idx` ON `stripe_invoice_payments` (`charge_id`);
