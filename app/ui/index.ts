/** The UI kit: accessible building blocks on Radix primitives and the app's design tokens. */
export { Button, buttonClasses, IconButton, type ButtonProps, type ButtonSize, type ButtonVariant, type IconButtonProps } from "./button";
export { cx } from "./cx";
export { DataTable, type Column } from "./data-table";
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from "./dialog";
export { Badge, EmptyState, PageHeader, ProgressBar, Skeleton, Stat, type BadgeTone } from "./display";
export { downloadJson } from "./download";
export { EmailText } from "./email-text";
export { Field, Input, Textarea, type FieldProps } from "./field";
export { FullScreenLoader } from "./full-screen-loader";
export { inertWhen } from "./inert";
export { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from "./menu";
export { Modal } from "./modal";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
export { ThemeToggle } from "./theme-toggle";
export { Tip as Tooltip } from "./tooltip";
export { UserAvatar, initialsOf } from "./user-avatar";
