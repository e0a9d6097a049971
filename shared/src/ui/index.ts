/**
 * `shared/ui`, the UI kit (with the formatters): a part a remote may take at its own pace,
 * shared by version range (shared/parts.json). What holds a single instance (session, toasts,
 * overlay, router, i18n) it takes from the platform, always through 'shared', never by a
 * relative path: a remote's own copy of the kit then still uses the host's.
 */
import './styles.css';

export * from './Button';
export * from './Field';
export * from './DigitsField';
export * from './MobileField';
export * from './OneTimeCodeField';
export * from './MoneyVerification';
export * from './useCountdown';
export * from './useCodeSender';
export * from './Page';
export * from './States';
export * from './Dialog';
export * from './Feedback';
export * from './Text';
export * from './Badge';
export * from './icons';
export * from './format';
export * from './errorText';
export * from './ContentLanguage';
export * from './goLogin';
export * from './compressImage';
export * from './useNow';
export * from './useOrderNo';
export * from './RejectionNotice';
export * from './LicensedLender';
