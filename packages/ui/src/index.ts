export {
  AVATAR_PALETTE,
  Avatar,
  type AvatarProps,
  avatarColour,
  avatarLetter,
} from './avatar/avatar.tsx';
export { Badge, type BadgeProps } from './badge/badge.tsx';
export {
  InvoiceStatusBadge,
  type StatusBadgeProps,
  TestBadge,
  type TestBadgeProps,
  TicketStatusBadge,
} from './badge/status-badges.tsx';
export { Button, type ButtonProps, type ButtonVariant } from './button/button.tsx';
export { Checkbox, type CheckboxProps } from './checkbox/checkbox.tsx';
export { Collapsible, type CollapsibleProps } from './collapsible/collapsible.tsx';
export {
  COPIED_RESET_MS,
  CopyButton,
  type CopyButtonProps,
  copyToClipboard,
} from './copy-button/copy-button.tsx';
export {
  Countdown,
  type CountdownProps,
  type UseCountdownOptions,
  useCountdown,
} from './countdown/countdown.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/confirm-dialog.tsx';
export { Dialog, type DialogProps } from './dialog/dialog.tsx';
export { EmptyState, type EmptyStateProps } from './empty-state/empty-state.tsx';
export { PageSizeSelect, type PageSizeSelectProps } from './page-size-select/page-size-select.tsx';
export { type PageItem, Pager, type PagerProps, pageCountOf, pageItems } from './pager/pager.tsx';
export { SearchableList, type SearchableListProps } from './searchable-list/searchable-list.tsx';
export { Select, type SelectOption, type SelectProps } from './select/select.tsx';
export { Spinner, type SpinnerProps } from './spinner/spinner.tsx';
export { Switch, type SwitchProps } from './switch/switch.tsx';
export { type TabItem, type TabKey, Tabs, type TabsProps } from './tabs/tabs.tsx';
export { TextField, type TextFieldProps } from './text-field/text-field.tsx';
export {
  type Toast,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  useToast,
} from './toast/toast.tsx';
