/** The UI kit: accessible building blocks on Radix primitives and the app's design tokens. */
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button";
export { IconButton, type IconButtonProps } from "./icon-button";
export {
  Chip,
  Pressable,
  RadioGroup,
  Segment,
  segmentGroupClasses,
  Tile,
  type ChipProps,
  type ChoiceProps,
  type SegmentProps,
  type TileProps,
  type TileSurface,
} from "./choice";
export { CharacterCount, lengthState, type LengthState } from "./character-count";
export { cx } from "./cx";
export { DataTable, type Column, type DataTableProps, type TableSort } from "./data-table";
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from "./dialog";
export { useDialogFocus } from "./dialog-focus";
export {
  Badge,
  EmptyState,
  LoadError,
  PageHeader,
  ProgressBar,
  Skeleton,
  Stat,
  type BadgeTone,
  type StatTrend,
} from "./display";
export { downloadBlob, downloadJson } from "./download";
export { EmailText } from "./email-text";
export { Field, Input, Select, Textarea, type FieldProps, type InputProps } from "./field";
export { FullScreenLoader, type FullScreenLoaderProps } from "./full-screen-loader";
export { inertWhen } from "./inert";
export { Logo, LogoMark, Wordmark, type LogoProps, type LogoSize } from "./logo";
export { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from "./menu";
export { Modal, type ModalProps } from "./modal";
export { ReasonDialog, REASON_MAX_LENGTH, type ReasonDialogProps } from "./reason-dialog";
export { Spinner, type SpinnerProps } from "./spinner";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
export { ThemeToggle } from "./theme-toggle";
export { Toaster, TOAST_LIMIT } from "./toaster";
// Tip is the name screens already import from ./tooltip; Tooltip reads better next to the rest of the kit.
export { Tip, Tip as Tooltip, type TipProps, type TipProps as TooltipProps } from "./tooltip";
export { UserAvatar, initialsOf } from "./user-avatar";
export { useCopyText, writeClipboard, type CopyText, type CopyTextOptions } from "./use-copy-text";
export { useDebounced } from "./use-debounced";
export { useNow } from "./use-now";
export { useWidth } from "./use-width";
