/**
 * signet/react: the React adapter. A provider and hooks that read the app's signals as plain
 * values (no Babel transform, safe on a server), the handler pages, the sign-in / sign-up page
 * whose parts plugins contribute through the screen contract, message cards and UI primitives
 * for plugin screens. Import `signet/react/theme.css` for the default look.
 */

export { AccountSettingsPage } from './account-settings/account-settings-page.js';
export { ConfirmButton, type ConfirmButtonProps } from './account-settings/confirm-button.js';
export {
  PROFILE_IMAGE_MAX_LENGTH,
  PROFILE_IMAGE_SIZE,
  ProfileImageError,
  resizeProfileImage,
} from './account-settings/resize-image.js';
export { AuthPage, type AuthPageOptions, type AuthPageProps } from './auth-page.js';
export { type AuthPagePlan, planAuthPage } from './auth-page-plan.js';
export { type AuthTab, AuthTabs, type AuthTabsProps } from './auth-tabs.js';
export { callShowingFailure, isExpectedFailure, UNHANDLED_MESSAGE } from './call-showing-failure.js';
export { SignetContext, type SignetContextValue } from './context.js';
export { ErrorPage } from './error-page.js';
export { type HandlerRoute, resolveHandlerRoute } from './handler-route.js';
export {
  type UseUserOptions,
  useApp,
  usePluginApi,
  useProject,
  useSessionStatus,
  useSignetContext,
  useUser,
} from './hooks.js';
export { MessageCard, type MessageCardAction, type MessageCardProps } from './message-card.js';
export {
  EmailSentCard,
  NotFoundCard,
  PasswordResetCard,
  SignedInCard,
  SignedOutCard,
  SignInToContinueCard,
  SignUpDisabledCard,
  UnknownErrorCard,
} from './message-cards.js';
export { SignetProvider, type SignetProviderProps } from './provider.js';
export {
  type AccountSectionSlot,
  type AuthButtonsSlot,
  type AuthFormProps,
  type AuthFormSlot,
  type AuthKind,
  activeScreens,
  defineScreens,
  type HandlerRouteProps,
  type ScreenContribution,
  type SecondFactorProps,
  type SecondFactorSlot as SecondFactorSlotEntry,
  type SlotContext,
  type SlotEntry,
  slotEntries,
  type TeamSectionSlot,
  type TeamSlotContext,
} from './screens.js';
export { SecondFactorSlot, usePendingSignIn } from './second-factor-slot.js';
export { SignOutPage } from './sign-out-page.js';
export { SignetHandler, type SignetHandlerProps } from './signet-handler.js';
export { TeamSections, type TeamSectionsProps } from './team-sections.js';
export { Actions } from './ui/actions.js';
export { Avatar, type AvatarProps } from './ui/avatar.js';
export { Badge, type BadgeProps } from './ui/badge.js';
export {
  Button,
  type ButtonBrand,
  ButtonLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonVariant,
} from './ui/button.js';
export { Card, type CardProps } from './ui/card.js';
export { Code } from './ui/code.js';
export { CodeInput, type CodeInputProps, normalizeCode } from './ui/code-input.js';
export { CodeList, type CodeListProps } from './ui/code-list.js';
export { Column } from './ui/column.js';
export { DisclosureItem, type DisclosureItemProps } from './ui/disclosure-item.js';
export { EmailField, type EmailFieldProps } from './ui/email-field.js';
export { FieldError } from './ui/field-error.js';
export { Form, type FormProps } from './ui/form.js';
export { FormError } from './ui/form-error.js';
export { FormIntro } from './ui/form-intro.js';
export { FullPage } from './ui/full-page.js';
export { Item, ItemList, type ItemListProps, type ItemProps } from './ui/item-list.js';
export {
  ListboxLink,
  type ListboxLinkProps,
  type ListboxOption,
  ListboxPopover,
  type ListboxPopoverProps,
} from './ui/listbox-popover.js';
export { LoadFailed, type LoadFailedProps } from './ui/load-failed.js';
export { Note, type NoteProps } from './ui/note.js';
export { PasswordField, type PasswordFieldProps } from './ui/password-field.js';
export { QrCode, type QrCodeProps } from './ui/qr-code.js';
export { Separator } from './ui/separator.js';
export { Skeleton, type SkeletonProps } from './ui/skeleton.js';
export { Spinner } from './ui/spinner.js';
export { Stack } from './ui/stack.js';
export { Subsection, type SubsectionProps } from './ui/subsection.js';
export { TextButton } from './ui/text-button.js';
export { TextField, type TextFieldProps } from './ui/text-field.js';
export { TextLink, type TextLinkProps } from './ui/text-link.js';
export { useTopBar } from './ui/top-bar.js';
export { TypeToConfirm, type TypeToConfirmProps } from './ui/type-to-confirm.js';
export { useAuthSubmit } from './use-auth-submit.js';
export {
  type FieldErrors,
  type FieldProps,
  type FormFields,
  type FormFieldsOptions,
  useFormFields,
} from './use-form-fields.js';
export { type LinkCodeState, useCallbackRoute, useLinkCode } from './use-link-code.js';
export { useRedirectHref } from './use-redirect-href.js';
export { useSignalValue } from './use-signal.js';
export { verificationErrorMessage } from './verification-error-message.js';
