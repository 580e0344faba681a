import * as RadixTabs from "@radix-ui/react-tabs";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cx } from "./cx";

/** Tabs on Radix: arrow keys move between tabs, the panel is labelled by its tab. */
export const Tabs = RadixTabs.Root;

export const TabsList = forwardRef<ElementRef<typeof RadixTabs.List>, ComponentPropsWithoutRef<typeof RadixTabs.List>>(
  function TabsList({ className, ...rest }, ref) {
    return (
      <RadixTabs.List
        ref={ref}
        className={cx("inline-flex items-center gap-1 rounded-xl border border-line bg-surface p-1", className)}
        {...rest}
      />
    );
  },
);

export const TabsTrigger = forwardRef<
  ElementRef<typeof RadixTabs.Trigger>,
  ComponentPropsWithoutRef<typeof RadixTabs.Trigger>
>(function TabsTrigger({ className, ...rest }, ref) {
  return (
    <RadixTabs.Trigger
      ref={ref}
      className={cx(
        "inline-flex h-8 items-center justify-center rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:text-fg data-[state=active]:bg-surface-2 data-[state=active]:text-fg data-[state=active]:shadow-sm",
        className,
      )}
      {...rest}
    />
  );
});

export const TabsContent = forwardRef<
  ElementRef<typeof RadixTabs.Content>,
  ComponentPropsWithoutRef<typeof RadixTabs.Content>
>(function TabsContent({ className, ...rest }, ref) {
  // The panel takes focus (Tab from the list), so it keeps the base focus ring.
  return <RadixTabs.Content ref={ref} className={cx("mt-4 rounded-lg", className)} {...rest} />;
});
